package web

import (
	"fmt"
	"html"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/link"
)

// lessonName is a lesson whose three steps (10 s, 20 s, 40 s) end with
// the caption that reveals the answer.
const lessonName = "mc-noschedule-evicts"

// catalogPresets are the page's presets as wasm/engine.go builds them.
func catalogPresets() []Preset {
	var out []Preset
	for _, p := range presets.Catalog() {
		l, _ := presets.Link(p.Name)
		out = append(out, Preset{Name: p.Name, Title: p.Title, Description: p.Description, YAML: p.YAML, Link: l,
			Question: p.Question, Answer: p.Answer, Ask: p.Ask})
	}
	return out
}

func lessonModel(t *testing.T) *Model {
	t.Helper()
	m := NewModel(catalogPresets(), NewLocalEngine(Config{Simulate: realSimulate}))
	m.Lang = "en"
	return m
}

func lessonPreset(t *testing.T) (Preset, *scenario.Scenario) {
	t.Helper()
	p, ok := presets.Get(lessonName)
	require.True(t, ok)
	s, err := scenario.Parse([]byte(p.YAML), lessonName+".yaml")
	require.NoError(t, err)
	return Preset{Name: p.Name, Title: p.Title, Description: p.Description, YAML: p.YAML, Question: p.Question, Answer: p.Answer, Ask: p.Ask}, s
}

// TestLessonLinkKeepsIdentity: the link of an unchanged lesson names it
// (p=) and opens as the lesson, with its own text, even when the link
// carries the canonical form rather than the file; a reload of the same
// link keeps it.
func TestLessonLinkKeepsIdentity(t *testing.T) {
	pr, s := lessonPreset(t)
	m := lessonModel(t)
	require.True(t, loadPreset(m, lessonName), m.Err)
	frag := m.Fragment()
	require.True(t, strings.HasSuffix(frag, "&p="+lessonName), frag)

	opened := lessonModel(t)
	require.True(t, loadFragment(opened, frag), opened.Err)
	assert.Equal(t, lessonName, opened.Preset)
	assert.Equal(t, lessonName, opened.Origin)
	assert.Equal(t, pr.YAML, opened.Text, "the lesson's own file, comments and all")
	assert.Equal(t, pr.Question, opened.Shown().Question)
	assert.Equal(t, frag, opened.Fragment(), "a reload keeps the identity")

	// A link of another text of the same scenario (the canonical form
	// with a comment, as another encoder could write): the scenario is
	// the lesson's, so it opens as the lesson.
	canon, err := link.Canonical(s)
	require.NoError(t, err)
	require.NotEqual(t, pr.YAML, string(canon))
	l, err := link.EncodeVerbatim(append(canon, "# shared by hand\n"...))
	require.NoError(t, err)
	other := lessonModel(t)
	require.True(t, loadFragment(other, link.Fragment(l)+"&p="+lessonName), other.Err)
	assert.Equal(t, lessonName, other.Preset)
	assert.Equal(t, pr.YAML, other.Text)

	// Reloading the same address neither runs nor changes anything.
	require.True(t, loadFragment(opened, frag))
	assert.Equal(t, lessonName, opened.Preset)
}

// TestEditedLessonLinkSaysWhereFrom: an edited lesson's link names the
// lesson it came from; it opens as an edited scenario "edited from" that
// lesson, with the edited text.
func TestEditedLessonLinkSaysWhereFrom(t *testing.T) {
	pr, _ := lessonPreset(t)
	m := lessonModel(t)
	require.True(t, loadPreset(m, lessonName))
	edited := strings.Replace(pr.YAML, "at: 20s", "at: 25s", 1)
	require.NotEqual(t, pr.YAML, edited)
	require.True(t, setText(m, edited), m.Err)
	assert.Equal(t, "", m.Preset)
	assert.Equal(t, lessonName, m.Origin)
	assert.Equal(t, pr.Ask, m.Shown().EditedFrom, "the answer not seen: the neutral title")
	frag := m.Fragment()
	require.Contains(t, frag, "&p="+lessonName)

	opened := lessonModel(t)
	require.True(t, loadFragment(opened, frag), opened.Err)
	assert.Equal(t, "", opened.Preset)
	assert.Equal(t, lessonName, opened.Origin)
	assert.Equal(t, pr.Ask, opened.Shown().EditedFrom)
	assert.Contains(t, opened.Text, "25s")
	// An edit gives nothing away: the edited lesson still asks first.
	assert.Equal(t, pr.Question, opened.Shown().Question)
	assert.True(t, opened.Shown().Hidden, "an edited lesson keeps its answer hidden")
	assert.Equal(t, Msg.PredictTitle, opened.Shown().Title)
	opened.Reveal()
	assert.False(t, opened.Shown().Hidden)
	assert.Equal(t, pr.Answer, opened.Shown().Answer)

	// Going back to the lesson's text is the lesson again.
	require.True(t, setText(opened, pr.YAML))
	assert.Equal(t, lessonName, opened.Preset)
	assert.Empty(t, opened.Shown().EditedFrom)

	// A scenario kept in this browser (#local) comes from no preset.
	require.True(t, loadLocal(opened, edited))
	assert.Empty(t, opened.Origin)
	assert.NotContains(t, opened.Fragment(), "p=")
}

// TestOldLinksAndUnknownPresets: a link without p= still opens; p= naming
// no preset is ignored.
func TestOldLinksAndUnknownPresets(t *testing.T) {
	pr, _ := lessonPreset(t)
	frag := EncodeFragment(pr.YAML)
	m := lessonModel(t)
	require.True(t, loadFragment(m, frag), m.Err)
	assert.Empty(t, m.Notice)

	m = lessonModel(t)
	require.True(t, loadFragment(m, frag+"&p=no-such-preset"), m.Err)
	assert.Empty(t, m.Origin)
	assert.NotContains(t, m.Fragment(), "p=")
}

// TestFrameLinks: f=N opens at frame N (1-based, as "Frame N of M"), past
// the end at the last; FrameParam writes the frame on the board.
func TestFrameLinks(t *testing.T) {
	m := lessonModel(t)
	require.True(t, loadPreset(m, lessonName))
	frag := m.Fragment()
	n := m.FrameCount()
	require.Greater(t, n, 3)
	assert.Equal(t, "", m.FrameParam(), "the first frame needs no f=")

	opened := lessonModel(t)
	require.True(t, loadFragment(opened, frag+"&f=3"))
	assert.Equal(t, 2, opened.Frame)
	assert.Equal(t, "&f=3", opened.FrameParam())

	// The same scenario at another frame: no new run, the board moves.
	require.True(t, loadFragment(opened, frag+"&f=2"))
	assert.Equal(t, 1, opened.Frame)

	late := lessonModel(t)
	require.True(t, loadFragment(late, frag+"&f=9999"))
	assert.Equal(t, n-1, late.Frame)

	for _, bad := range []string{"&f=0", "&f=-2", "&f=x"} {
		b := lessonModel(t)
		require.True(t, loadFragment(b, frag+bad))
		assert.Equal(t, 0, b.Frame, bad)
	}
}

// TestSeekStepIsTheScenarioStep: step=N is the frame the Nth step of the
// file made (its command, at its time), not frame N.
func TestSeekStepIsTheScenarioStep(t *testing.T) {
	_, s := lessonPreset(t)
	require.Len(t, s.Steps, 3)
	m := lessonModel(t)
	require.True(t, loadPreset(m, lessonName))
	for i, st := range s.Steps {
		m.SeekStep(i + 1)
		f := m.Current()
		require.NotNil(t, f)
		assert.Equal(t, st.Run, f.Step, "step %d", i+1)
		assert.Equal(t, st.At.Seconds(), f.At, "step %d", i+1)
		assert.Equal(t, i+1, f.StepNo)
	}
	// The frame of step 2 is not frame 2: the initial frame and step 1's
	// come first.
	m.SeekStep(2)
	assert.NotEqual(t, 1, m.Frame)
	m.SeekStep(99)
	assert.Equal(t, m.FrameCount()-1, m.Frame)
}

// TestPredictThenRun: a lesson asks its question first and hides its
// title's claim, its description and the captions of frames the board has
// not reached; reaching the last frame or Reveal shows them.
func TestPredictThenRun(t *testing.T) {
	pr, s := lessonPreset(t)
	m := lessonModel(t)
	require.True(t, loadPreset(m, lessonName))
	sh := m.Shown()
	assert.True(t, sh.Hidden)
	assert.Equal(t, Msg.PredictTitle, sh.Title)
	assert.Equal(t, pr.Question, sh.Description)
	assert.Empty(t, sh.Answer)
	assert.NotContains(t, sh.Title, "Misconception")

	last := m.FrameCount() - 1
	answer := s.Steps[len(s.Steps)-1].Caption
	require.True(t, strings.HasPrefix(answer, "Answer:"))
	for i, it := range m.TimelineItems() {
		if i > 0 {
			assert.Empty(t, it.Caption, "frame %d is not reached yet", i)
		}
	}
	assert.Empty(t, m.FrameCaption(last))

	// Stepping reaches frames one by one.
	require.True(t, m.Step())
	assert.Equal(t, m.Run.Frames[1].Caption, m.TimelineItems()[1].Caption)
	assert.Empty(t, m.TimelineItems()[last].Caption)
	// Going back keeps what was reached.
	m.Reset()
	assert.NotEmpty(t, m.TimelineItems()[1].Caption)

	m.Reveal()
	sh = m.Shown()
	assert.False(t, sh.Hidden)
	assert.Equal(t, pr.Title, sh.Title)
	assert.Equal(t, pr.Description, sh.Description)
	assert.Equal(t, pr.Answer, sh.Answer)
	assert.Equal(t, answer, m.FrameCaption(last))
	assert.Equal(t, answer, m.TimelineItems()[last].Caption)

	// Another learner reaches the end instead of clicking.
	m2 := lessonModel(t)
	require.True(t, loadPreset(m2, lessonName))
	require.True(t, m2.Shown().Hidden)
	m2.Seek(last)
	assert.False(t, m2.Shown().Hidden)
	assert.Equal(t, pr.Answer, m2.Shown().Answer)

	// A preset that is not a lesson hides nothing.
	m3 := lessonModel(t)
	require.True(t, loadPreset(m3, "gpu-node"))
	assert.False(t, m3.Shown().Hidden)
	assert.NotEmpty(t, m3.FrameCaption(m3.FrameCount()-1))
}

// TestLocalizedLessonTexts: in another language an unchanged lesson shows
// its translation (title, description, question, answer, and each step's
// caption by step number), field by field falling back to English; an
// edited text or a language without translation shows the English.
func TestLocalizedLessonTexts(t *testing.T) {
	pr, s := lessonPreset(t)
	hi := presets.Texts{Title: "शीर्षक", Description: "विवरण", Question: "प्रश्न", Answer: "",
		Captions: []string{"पहला", "", "तीसरा"}}
	m := lessonModel(t)
	m.Lang = "hi"
	var asked []string
	m.Localize = func(name, lang string) (presets.Texts, bool) {
		asked = append(asked, name+"/"+lang)
		return hi, name == lessonName && lang == "hi"
	}
	require.True(t, loadPreset(m, lessonName))
	sh := m.Shown()
	assert.Equal(t, Msg.PredictTitle, sh.Title)
	assert.Equal(t, "प्रश्न", sh.Question)
	assert.Equal(t, "प्रश्न", sh.Description)

	m.Reveal()
	sh = m.Shown()
	assert.Equal(t, "शीर्षक", sh.Title)
	assert.Equal(t, "विवरण", sh.Description)
	assert.Equal(t, pr.Answer, sh.Answer, "no Hindi answer: the English one")
	seen := map[int]bool{}
	for i, f := range m.Run.Frames {
		if f.StepNo == 0 {
			assert.Equal(t, f.Caption, m.FrameCaption(i))
			continue
		}
		seen[f.StepNo] = true
		want := hi.Captions[f.StepNo-1]
		if want == "" {
			want = s.Steps[f.StepNo-1].Caption
		}
		assert.Equal(t, want, m.FrameCaption(i), "frame %d (step %d)", i, f.StepNo)
	}
	assert.Len(t, seen, 3, "every step made a frame")
	assert.Equal(t, []string{lessonName + "/hi"}, asked, "asked once")

	require.True(t, loadPreset(m, "gpu-node"))
	assert.NotEqual(t, "शीर्षक", m.Shown().Title, "no translation: English")
	assert.Equal(t, m.Run.Title, m.Shown().Title)

	en := lessonModel(t)
	en.Localize = m.Localize
	require.True(t, loadPreset(en, lessonName))
	en.Reveal()
	assert.Equal(t, pr.Title, en.Shown().Title, "English asks for no translation")
}

// TestSamePreset: the engine's comparison of a link's scenario with the
// preset it names.
func TestSamePreset(t *testing.T) {
	pr, s := lessonPreset(t)
	canon, err := link.Canonical(s)
	require.NoError(t, err)
	req := RunRequest{Fragment: "s=abc&p=x", PresetText: pr.YAML, PresetLink: "abc"}
	assert.True(t, samePreset(req, "anything"), "the preset's own link")
	req.PresetLink = "other"
	assert.True(t, samePreset(req, pr.YAML))
	assert.True(t, samePreset(req, string(canon)))
	assert.False(t, samePreset(req, strings.Replace(string(canon), "40s", "41s", 1)))
	assert.False(t, samePreset(req, "kind: [broken"))
	assert.False(t, samePreset(RunRequest{Fragment: "s=abc"}, pr.YAML), "no preset named")
}

// TestPrerunSamePreset: the worker's early run of a lesson's link answers
// whether it is the lesson, as a run on request does.
func TestPrerunSamePreset(t *testing.T) {
	pr, _ := lessonPreset(t)
	l, ok := presets.Link(lessonName)
	require.True(t, ok)
	frag := link.Fragment(l) + "&p=" + lessonName
	e := NewLocalEngine(Config{Simulate: realSimulate})
	e.Prerun("#"+frag, nil)
	var got RunReply
	e.Run(RunRequest{Filename: EarlyFilename, Fragment: frag, PresetText: pr.YAML, PresetLink: "not-the-link"}, nil, func(r RunReply) { got = r })
	require.True(t, got.Accepted, got.Err)
	assert.True(t, got.SamePreset)
	assert.Nil(t, e.early, "answered from the early run")

	e.Prerun("#"+frag, nil)
	e.Run(RunRequest{Filename: EarlyFilename, Fragment: frag, PresetText: "kind: Scenario\nname: other\n"}, nil, func(r RunReply) { got = r })
	assert.False(t, got.SamePreset)
}

// TestLessonPageRender: the page of a lesson asks first (neutral title,
// the question, Show the answer; the library's active entry without its
// claim, description or captions), and shows everything after Reveal.
func TestLessonPageRender(t *testing.T) {
	pr, _ := lessonPreset(t)
	p := New(Config{Presets: catalogPresets(), Simulate: realSimulate})
	p.m.Lang = "en"
	require.True(t, loadPreset(p.m, lessonName), p.m.Err)
	p.togglePanel("library")
	intro := app.HTMLString(p.intro())
	assert.Contains(t, intro, Msg.PredictTitle)
	assert.Contains(t, intro, `id="`+IDShowAnswer+`"`)
	assert.NotContains(t, intro, "Misconception")
	lib := app.HTMLString(p.libraryPanel())
	assert.Contains(t, lib, html.EscapeString(pr.Question))
	assert.NotContains(t, lib, html.EscapeString(pr.Title), "the active lesson's claim")
	assert.NotContains(t, lib, "lib-caps")
	_, picker, _ := strings.Cut(app.HTMLString(p), `id="preset"`)
	picker, _, _ = strings.Cut(picker, "</select>")
	assert.False(t, strings.Contains(picker, html.EscapeString(pr.Title)), "the picker shows no claim either")
	assert.Contains(t, picker, html.EscapeString(pr.Ask), "the lesson's neutral title")

	p.m.Reveal()
	intro = app.HTMLString(p.intro())
	assert.Contains(t, intro, html.EscapeString(pr.Title))
	assert.Contains(t, intro, html.EscapeString(pr.Answer))
	assert.NotContains(t, intro, `id="`+IDShowAnswer+`"`)
	lib = app.HTMLString(p.libraryPanel())
	assert.Contains(t, lib, html.EscapeString(pr.Title))
	assert.Contains(t, lib, "lib-caps")

	// Edited: the library marks the lesson the text came from.
	require.True(t, setText(p.m, strings.Replace(pr.YAML, "at: 20s", "at: 25s", 1)))
	lib = app.HTMLString(p.libraryPanel())
	assert.Contains(t, lib, "lib-origin")
	assert.Contains(t, app.HTMLString(p), html.EscapeString(fmt.Sprintf(Msg.EditedFrom, pr.Title)))
}

// TestLibraryLocalized: in another language the library lists each
// preset's translation where there is one, the English elsewhere.
func TestLibraryLocalized(t *testing.T) {
	pr, s := lessonPreset(t)
	saved := libraryLocalize
	defer func() { libraryLocalize = saved }()
	libraryLocalize = func(name, lang string) (presets.Texts, bool) {
		if name != lessonName || lang != "hi" {
			return presets.Texts{}, false
		}
		return presets.Texts{Title: "शीर्षक", Description: "विवरण", Question: "प्रश्न", Captions: []string{"पहला"}}, true
	}
	var hi, other libraryItem
	hi = libraryItem{preset: Preset{Name: lessonName, Title: pr.Title, Description: pr.Description},
		entry: LibraryEntry{Question: pr.Question, Answer: pr.Answer}, steps: append([]scenario.Step(nil), s.Steps...)}
	other = hi
	other.preset.Name = "gpu-node"
	hi.localize("hi")
	assert.Equal(t, "शीर्षक", hi.preset.Title)
	assert.Equal(t, "विवरण", hi.preset.Description)
	assert.Equal(t, "प्रश्न", hi.entry.Question)
	assert.Equal(t, pr.Answer, hi.entry.Answer, "no Hindi answer: the English one")
	assert.Equal(t, "पहला", hi.steps[0].Caption)
	assert.Equal(t, s.Steps[1].Caption, hi.steps[1].Caption)
	other.localize("hi")
	assert.Equal(t, pr.Title, other.preset.Title)
	en := libraryItem{preset: Preset{Name: lessonName, Title: pr.Title}}
	en.localize("en")
	assert.Equal(t, pr.Title, en.preset.Title)
}

// The lesson's file states the answer (its last caption begins "Answer:"),
// so the editor covers it until the answer is shown or the learner asks
// for the file; any other scenario is never covered.
func TestLessonFileHiddenUntilAnswer(t *testing.T) {
	m := lessonModel(t)
	require.True(t, loadPreset(m, lessonName))
	assert.True(t, m.FileHidden())
	m.ShowFile()
	assert.False(t, m.FileHidden(), "Show the file uncovers it")
	assert.True(t, m.Shown().Hidden, "showing the file does not reveal the answer")

	m2 := lessonModel(t)
	require.True(t, loadPreset(m2, lessonName))
	m2.Reveal()
	assert.False(t, m2.FileHidden(), "the answer shown uncovers the file")

	m3 := lessonModel(t)
	require.True(t, loadPreset(m3, lessonName))
	for m3.Step() {
	}
	assert.False(t, m3.FileHidden(), "reaching the last frame uncovers the file")

	m4 := lessonModel(t)
	require.True(t, loadPreset(m4, m4.DefaultPreset().Name))
	assert.False(t, m4.FileHidden(), "a preset without a question is never covered")
}

// Before anything ran (an embed waiting for its start click) there is no
// share link: the empty text's link would open an empty scenario, which is
// what the embed's "Open in the playground" carried before its start.
func TestNoShareLinkBeforeARun(t *testing.T) {
	m := lessonModel(t)
	frag, err := m.shareFragment()
	require.NoError(t, err)
	assert.Empty(t, frag)
	require.True(t, loadPreset(m, lessonName))
	frag, err = m.shareFragment()
	require.NoError(t, err)
	assert.Contains(t, frag, PresetKey+"="+lessonName)
}

// A scenario of another name pasted over a lesson (a real cluster) was not
// edited from it: no "edited from", no p= in its link, nothing hidden.
func TestPastedScenarioIsNotEditedFrom(t *testing.T) {
	m := lessonModel(t)
	require.True(t, loadPreset(m, lessonName))
	other := m.DefaultPreset()
	pasted := strings.Replace(other.YAML, "name: "+other.Name, "name: my-cluster", 1)
	require.NotEqual(t, other.YAML, pasted)
	require.True(t, setText(m, pasted), m.Err)
	assert.Empty(t, m.Origin)
	assert.Empty(t, m.Shown().EditedFrom)
	assert.False(t, m.Shown().Hidden)
	assert.NotContains(t, m.Fragment(), PresetKey+"=")
}
