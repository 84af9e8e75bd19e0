package web

// The page's language. Every string the components show is read from the
// package variable English, the active catalog (its name predates the
// translations); SetLanguage swaps its contents for another catalog before
// the first render, and the language switch reloads the page with lang= so
// that every component renders in the new language from the start.

// englishCatalog keeps the English strings while another catalog is active.
var englishCatalog = English

// Lang is the active language code.
var Lang = "en"

// Catalogs are the translations by language code.
var Catalogs = map[string]*Messages{
	"en": &englishCatalog,
	"hi": &Hindi,
}

// LanguageOrder is the order of the language switch.
var LanguageOrder = []string{"en", "hi"}

// LanguageNames name each language in itself.
var LanguageNames = map[string]string{
	"en": "English",
	"hi": "हिन्दी",
}

// SetLanguage makes lang the active catalog; unknown codes select English.
// It reports whether lang was known.
func SetLanguage(lang string) bool {
	c, ok := Catalogs[lang]
	if !ok {
		lang, c = "en", &englishCatalog
	}
	English = *c
	Lang = lang
	return ok
}
