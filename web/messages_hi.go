package web

// Hindi is the Hindi catalog.
var Hindi = englishCatalog
