package web

// The page's language. Every string the components show is read from the
// package variable Msg, the active catalog; SetLanguage makes another
// catalog active before the first render, and the language switch reloads
// the page with lang= so that every component renders in the new language
// from the start.

// Msg is the active catalog: English until SetLanguage picks another.
var Msg = English

// Lang is the active language code.
var Lang = "en"

// Catalogs are the translations by language code.
var Catalogs = map[string]*Messages{
	"en": &English,
	"hi": &Hindi,
}

// LanguageOrder is the order of the language switch.
var LanguageOrder = []string{"en", "hi"}

// LanguageNames name each language in itself.
var LanguageNames = map[string]string{
	"en": "English",
	"hi": "हिन्दी",
}

// SetLanguage makes lang the active catalog; unknown codes select Msg.
// It reports whether lang was known.
func SetLanguage(lang string) bool {
	c, ok := Catalogs[lang]
	if !ok {
		lang, c = "en", &English
	}
	Msg = *c
	Lang = lang
	return ok
}
