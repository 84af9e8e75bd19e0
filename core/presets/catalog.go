package presets

import "fmt"

//go:generate go run ./internal/genmeta

// presetMeta is what the picker and the library show of a scenario file,
// and its share link (link.Encode of the file).
type presetMeta struct{ name, title, description, link string }

// Link returns the share link (core/scenario/link.Encode) of the preset or
// lesson file called name, computed by go generate: encoding parses the
// scenario and writes its canonical form, which the page would otherwise
// do at startup for the preset it shows.
func Link(name string) (string, bool) {
	m, ok := meta[name]
	return m.link, ok && m.link != ""
}

// Catalog returns what List followed by Lessons returns, without parsing
// any scenario: names, titles and descriptions come from meta_gen.go
// (written by go generate from the same files; TestCatalogMatchesParse
// checks it), YAML is the embedded file. The playground calls it at
// startup, where parsing every preset cost seconds of WebAssembly time;
// the preset it shows is parsed when it runs.
func Catalog() []Preset {
	out := make([]Preset, 0, len(order)+len(lessons))
	for _, name := range order {
		out = append(out, quick(name))
	}
	for _, l := range lessons {
		p := quick(l.name)
		p.Category = CategoryMisconception
		p.Misconception = l.misconception
		p.Ask = l.ask
		p.Question = l.question
		p.Answer = l.answer
		out = append(out, p)
	}
	return out
}

// quick is load without the parse. A file missing from meta_gen.go is a
// build defect (go generate was not run), which TestCatalogMatchesParse
// reports; here it falls back to parsing so the page still works.
func quick(name string) Preset {
	m, ok := meta[name]
	b, err := files.ReadFile("scenarios/" + name + ".yaml")
	if !ok || err != nil {
		p, err := load(name)
		if err != nil {
			return Preset{Name: name, Title: name, Description: fmt.Sprint(err)}
		}
		return p
	}
	return Preset{Name: m.name, Title: m.title, Description: m.description, YAML: string(b)}
}
