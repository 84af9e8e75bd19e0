package presets

import (
	"embed"

	"go.yaml.in/yaml/v2"

	"github.com/taints-playground/playground/core/scenario"
)

// Texts are a preset's words for people, in one language: what the
// scenario document and the lesson table say in English.
type Texts struct {
	Title       string `yaml:"title"`
	Description string `yaml:"description"`
	Question    string `yaml:"question,omitempty"`
	Answer      string `yaml:"answer,omitempty"`
	// Ask is a lesson's neutral title (Preset.Ask).
	Ask string `yaml:"ask,omitempty"`
	// Captions are the captions of the scenario's steps, in the file's
	// step order; a step without a caption has "".
	Captions []string `yaml:"captions"`
}

// Languages lists the languages Localized knows besides English.
var Languages = []string{"hi"}

//go:embed hi/*.yaml
var hindi embed.FS

// Localized returns the texts of the preset or lesson called name in lang
// ("en", or one of Languages). ok is false when there is no such preset,
// or lang has no translation of it; the caller then shows the English.
// The translations live in hi/NAME.yaml, one file per preset, with the
// fields of Texts.
func Localized(name, lang string) (t Texts, ok bool) {
	p, found := Get(name)
	if !found {
		return Texts{}, false
	}
	if lang == "" || lang == "en" {
		return englishTexts(p)
	}
	if lang != "hi" {
		return Texts{}, false
	}
	b, err := hindi.ReadFile("hi/" + name + ".yaml")
	if err != nil {
		return Texts{}, false
	}
	// A file that does not parse is a build defect the tests catch
	// (TestHindiFilesAreKnownPresetsAndStrict); at run time the page
	// falls back to the English rather than failing.
	if err := yaml.UnmarshalStrict(b, &t); err != nil {
		return Texts{}, false
	}
	return t, true
}

// englishTexts reads p's texts from its scenario and lesson entry.
func englishTexts(p Preset) (Texts, bool) {
	s, err := scenario.Parse([]byte(p.YAML), p.Name+".yaml")
	if err != nil {
		return Texts{}, false
	}
	t := Texts{Title: p.Title, Description: p.Description, Question: p.Question, Answer: p.Answer, Ask: p.Ask}
	for _, st := range s.Steps {
		t.Captions = append(t.Captions, st.Caption)
	}
	return t, true
}
