package web

import (
	"html"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/presets"
)

// pickerHTML is the preset picker's options as the page renders them.
func pickerHTML(p *Playground) string {
	_, picker, _ := strings.Cut(app.HTMLString(p), `id="preset"`)
	picker, _, _ = strings.Cut(picker, "</select>")
	return picker
}

// libraryEntryHTML is the library's entry of the preset called name.
func libraryEntryHTML(t *testing.T, lib, name string) string {
	t.Helper()
	_, entry, ok := strings.Cut(lib, `data-preset="`+name+`"`)
	require.True(t, ok, "no library entry for %s", name)
	entry, _, _ = strings.Cut(entry, "</li>")
	return entry
}

// claimOf is the start of a lesson description's first sentence: the
// misconception it states, which the library must not show before the
// answer.
func claimOf(desc string) string {
	s, _, _ := strings.Cut(desc, ".")
	return html.EscapeString(s)
}

// TestListTitlesBeforeAndAfterTheAnswer: the picker and the library name
// every lesson by its neutral title and show no description of it until
// the learner has seen its answer (Show the answer, or the run's last
// frame); then its own title and description. Presets that are not
// lessons keep their titles.
func TestListTitlesBeforeAndAfterTheAnswer(t *testing.T) {
	p := New(Config{Presets: catalogPresets(), Library: catalogLibrary(), Simulate: realSimulate})
	p.m.Lang = "en"
	require.True(t, loadPreset(p.m, lessonName), p.m.Err)
	p.togglePanel("library")

	lessons := presets.Lessons()
	require.Len(t, lessons, 23)
	picker, lib := pickerHTML(p), app.HTMLString(p.libraryPanel())
	assert.NotContains(t, picker, "Misconception")
	assert.NotContains(t, lib, "Misconception:", "the group is called Misconceptions; no title says one")
	for _, l := range lessons {
		require.NotEmpty(t, l.Ask, l.Name)
		assert.Equal(t, l.Ask, p.m.ListTitle(presetOf(t, p.m, l.Name)), l.Name)
		assert.Contains(t, picker, `value="`+l.Name+`"`)
		assert.Contains(t, picker, ">"+html.EscapeString(l.Ask)+"</option>", l.Name)
		entry := libraryEntryHTML(t, lib, l.Name)
		assert.Contains(t, entry, html.EscapeString(l.Ask), l.Name)
		assert.Contains(t, entry, html.EscapeString(l.Question), "%s: the question is asked", l.Name)
		assert.NotContains(t, entry, claimOf(l.Description), "%s: the description states the rule", l.Name)
		assert.NotContains(t, entry, "lib-desc", l.Name)
	}
	gpu := presetOf(t, p.m, "gpu-node")
	assert.Equal(t, gpu.Title, p.m.ListTitle(gpu), "a preset keeps its title")
	assert.Contains(t, libraryEntryHTML(t, lib, "gpu-node"), "lib-desc")

	// Show the answer: that lesson only.
	p.m.Reveal()
	picker, lib = pickerHTML(p), app.HTMLString(p.libraryPanel())
	first := lessonByName(t, lessonName)
	assert.Contains(t, picker, ">"+html.EscapeString(first.Title)+"</option>")
	entry := libraryEntryHTML(t, lib, lessonName)
	assert.Contains(t, entry, html.EscapeString(first.Title))
	assert.Contains(t, entry, claimOf(first.Description))
	other := lessonByName(t, "mc-noexecute-pdb")
	assert.Contains(t, picker, ">"+html.EscapeString(other.Ask)+"</option>")
	assert.NotContains(t, picker, html.EscapeString(other.Title))
	assert.NotContains(t, libraryEntryHTML(t, lib, other.Name), claimOf(other.Description))

	// Another lesson run to its last frame, without asking: revealed too,
	// and the first stays revealed.
	require.True(t, loadPreset(p.m, other.Name), p.m.Err)
	assert.Equal(t, other.Ask, p.m.ListTitle(presetOf(t, p.m, other.Name)))
	p.m.Seek(p.m.FrameCount() - 1)
	require.True(t, p.m.Reached(other.Name))
	picker, lib = pickerHTML(p), app.HTMLString(p.libraryPanel())
	assert.Contains(t, picker, ">"+html.EscapeString(other.Title)+"</option>")
	assert.Contains(t, picker, ">"+html.EscapeString(first.Title)+"</option>")
	assert.Contains(t, libraryEntryHTML(t, lib, other.Name), claimOf(other.Description))
	assert.Contains(t, libraryEntryHTML(t, lib, lessonName), html.EscapeString(first.Title))
	third := lessonByName(t, "mc-exists-with-key")
	assert.Contains(t, picker, ">"+html.EscapeString(third.Ask)+"</option>", "an unseen lesson stays neutral")
	assert.Equal(t, map[string]bool{lessonName: true, other.Name: true}, p.m.SeenAnswers())
}

// TestListTitlesInHindi: with lang=hi the picker lists every preset by
// its Hindi title (presets.Localized), and every lesson whose answer the
// learner has not seen by its Hindi neutral title; the library too.
func TestListTitlesInHindi(t *testing.T) {
	saved := Lang
	defer SetLanguage(saved)
	SetLanguage("hi")
	p := New(Config{Presets: catalogPresets(), Library: catalogLibrary(), Simulate: realSimulate})
	p.m.Lang = "hi"
	require.True(t, loadPreset(p.m, lessonName), p.m.Err)
	p.togglePanel("library")
	picker, lib := pickerHTML(p), app.HTMLString(p.libraryPanel())
	isLesson := map[string]bool{}
	for _, n := range presets.LessonNames() {
		isLesson[n] = true
	}
	for _, pr := range p.m.Presets() {
		hi, ok := presets.Localized(pr.Name, "hi")
		require.True(t, ok, pr.Name)
		want := hi.Title
		if isLesson[pr.Name] {
			want = hi.Ask
			assert.NotContains(t, picker, html.EscapeString(hi.Title), pr.Name)
		}
		require.NotEmpty(t, want, pr.Name)
		assert.Equal(t, want, p.m.ListTitle(pr), pr.Name)
		assert.Contains(t, picker, ">"+html.EscapeString(want)+"</option>", pr.Name)
		assert.NotContains(t, picker, ">"+html.EscapeString(pr.Title)+"</option>", "%s: the English title", pr.Name)
		assert.Contains(t, libraryEntryHTML(t, lib, pr.Name), html.EscapeString(want), pr.Name)
	}
	assert.NotContains(t, picker, "भ्रांति")
	assert.NotContains(t, lib, "भ्रांति:", "the group is called भ्रांतियाँ; no title says one")

	// A preset that asks in its description asks in Hindi too, once.
	rn, ok := presets.Localized("regional-network", "hi")
	require.True(t, ok)
	_, q, ok := strings.Cut(rn.Description, Hindi.LibraryPredict)
	require.True(t, ok, "the Hindi description asks")
	entry := libraryEntryHTML(t, lib, "regional-network")
	assert.Contains(t, entry, html.EscapeString(strings.TrimSpace(q)))
	assert.Equal(t, 1, strings.Count(entry, Hindi.LibraryPredict), "the question once, not in the description too")
	assert.NotContains(t, entry, "where does each pod land")

	p.m.Reveal()
	hi, _ := presets.Localized(lessonName, "hi")
	assert.Contains(t, pickerHTML(p), ">"+html.EscapeString(hi.Title)+"</option>")
	assert.Contains(t, libraryEntryHTML(t, app.HTMLString(p.libraryPanel()), lessonName), html.EscapeString(hi.Title))
}

// TestListTitleFallsBack: without a translation the English; a lesson
// without a neutral title is listed as "Predict, then run" until seen.
func TestListTitleFallsBack(t *testing.T) {
	m := lessonModel(t)
	m.Lang = "hi"
	asked := 0
	m.Localize = func(name, lang string) (presets.Texts, bool) {
		asked++
		return presets.Texts{Title: "शीर्षक", Ask: "प्रश्न?"}, name == "translated"
	}
	lesson := Preset{Name: "plain", Title: "Misconception: x", Question: "Q?", Ask: "A?"}
	assert.Equal(t, "A?", m.ListTitle(lesson), "no translation")
	lesson.Name = "translated"
	assert.Equal(t, "प्रश्न?", m.ListTitle(lesson))
	noAsk := Preset{Name: "bare", Title: "Misconception: y", Question: "Q?"}
	assert.Equal(t, Msg.PredictTitle, m.ListTitle(noAsk))
	m.reached = map[string]bool{"bare": true, "translated": true}
	assert.Equal(t, "Misconception: y", m.ListTitle(noAsk))
	assert.Equal(t, "शीर्षक", m.ListTitle(lesson))
	assert.Equal(t, 3, asked, "each preset asked once")
	assert.Equal(t, "gpu", m.ListTitle(Preset{Name: "gpu"}), "no title: the name")
}

// catalogLibrary is the library's entries as wasm/teach.go builds them:
// each lesson's question and answer.
func catalogLibrary() []LibraryEntry {
	var out []LibraryEntry
	for _, p := range presets.Catalog() {
		out = append(out, LibraryEntry{Name: p.Name, Question: p.Question, Answer: p.Answer})
	}
	return out
}

func presetOf(t *testing.T, m *Model, name string) Preset {
	t.Helper()
	pr, ok := m.preset(name)
	require.True(t, ok, name)
	return pr
}

func lessonByName(t *testing.T, name string) presets.Preset {
	t.Helper()
	for _, l := range presets.Lessons() {
		if l.Name == name {
			return l
		}
	}
	t.Fatalf("no lesson %s", name)
	return presets.Preset{}
}
