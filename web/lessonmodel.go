package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core/presets"
)

// Fragment parameters besides the scenario (FragmentKey): the preset the
// scenario came from and the frame to open at.
const (
	// PresetKey names the preset or lesson the link's scenario came from
	// (Model.Origin): "#s=…&p=mc-noschedule-evicts". When the scenario is
	// that preset's unchanged, the page opens it as the preset (its own
	// text, title, library entry, question); otherwise as "edited from" it.
	PresetKey = "p"
	// FrameKey is the frame to open at, 1-based as the page counts frames
	// ("Frame 3 of 9" is f=3): "#s=…&f=3". Past the last frame means the
	// last; 0 or malformed means the first.
	FrameKey = "f"
)

// LocalizeFunc gives the texts of the preset called name in lang; ok is
// false when there is no translation (presets.Localized).
type LocalizeFunc func(name, lang string) (presets.Texts, bool)

// localized is presets.Localized without a panic (a malformed translation
// shows the English).
func localized(name, lang string) (t presets.Texts, ok bool) {
	defer func() {
		if recover() != nil {
			t, ok = presets.Texts{}, false
		}
	}()
	return presets.Localized(name, lang)
}

// lessonState is what the model keeps for lessons and localized texts.
type lessonState struct {
	// revealed lists the lessons whose answer the learner asked for.
	revealed map[string]bool
	// fileShown lists the lessons whose file the learner opened before
	// the answer (FileHidden).
	fileShown map[string]bool
	// furthest is the furthest frame the board showed of furthestOf.
	furthest   int
	furthestOf *RunInfo
	// loc caches Localize for locKey (name + "\x00" + lang).
	locKey string
	loc    presets.Texts
	locOK  bool
	// timelineKey is what the cached timeline's captions depend on.
	timelineKey string
	// listLoc caches Localize for the lists' titles in listLang
	// (ListTitle).
	listLang string
	listLoc  map[string]listText
}

// fragmentParts are a fragment's parameters.
type fragmentParts struct {
	// Scenario is the "s=…" parameter, the scenario's own link.
	Scenario string
	Preset   string
	// Frame is FrameKey's value, 1-based; 0 when absent.
	Frame int
}

// splitFragment reads a fragment (without '#').
func splitFragment(f string) fragmentParts {
	var p fragmentParts
	for _, part := range strings.Split(f, "&") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case FragmentKey:
			if p.Scenario == "" {
				p.Scenario = part
			}
		case PresetKey:
			if name, err := url.QueryUnescape(v); err == nil {
				p.Preset = name
			}
		case FrameKey:
			if n, err := strconv.Atoi(v); err == nil && n > 0 && n < 1<<24 {
				p.Frame = n
			}
		}
	}
	return p
}

// shareFragment is fragment with the preset the text came from (p=).
func (m *Model) shareFragment() (string, error) {
	if m.RanText == "" {
		return "", nil // nothing ran yet (an embed before its start click)
	}
	frag, err := m.fragment()
	if err != nil || frag == "" || m.Origin == "" {
		return frag, err
	}
	return frag + "&" + PresetKey + "=" + url.QueryEscape(m.Origin), nil
}

// FrameParam is the fragment parameter that opens the current frame
// ("&f=N", FrameKey), "" on the first frame.
func (m *Model) FrameParam() string {
	if m.Run == nil || m.Frame <= 0 {
		return ""
	}
	return "&" + FrameKey + "=" + strconv.Itoa(m.Frame+1)
}

// seekLinkFrame shows frame n (1-based, FrameKey) when n > 0.
func (m *Model) seekLinkFrame(n int) {
	if n > 0 {
		m.Seek(n - 1)
	}
}

// SeekStep shows the frame of the scenario's step n (1-based, in file
// order; FrameInfo.StepNo): the embed's step=N. A step without a frame
// of its own shows the first frame after it; past the last step, the
// last frame.
func (m *Model) SeekStep(n int) {
	if m.Run == nil || n <= 0 {
		return
	}
	for i, f := range m.Run.Frames {
		if f.StepNo >= n {
			m.Seek(i)
			return
		}
	}
	m.Seek(len(m.Run.Frames) - 1)
}

// noteFrame records the furthest frame the board showed of this run.
func (m *Model) noteFrame() {
	if m.furthestOf != m.Run {
		m.furthestOf, m.furthest = m.Run, m.Frame
		return
	}
	m.furthest = max(m.furthest, m.Frame)
}

// boardPreset is the preset on the board, unchanged (Preset) or edited
// (Origin); "" for a scenario from no preset.
func (m *Model) boardPreset() string {
	if m.Preset != "" {
		return m.Preset
	}
	return m.Origin
}

// lesson is the lesson on the board, unchanged or edited: a preset with a
// question. An edit does not give the answer away: an edited lesson keeps
// predict, then run until its run reaches the end or the learner asks.
func (m *Model) lesson() (Preset, bool) {
	name := m.boardPreset()
	if name == "" {
		return Preset{}, false
	}
	p, ok := m.preset(name)
	return p, ok && p.Question != ""
}

// Revealed reports whether the board's lesson shows its answer: its run
// reached the last frame (Reached) or the learner asked (Reveal). Any
// other scenario has nothing to hide.
func (m *Model) Revealed() bool {
	p, ok := m.lesson()
	return !ok || m.Reached(p.Name) || m.revealed[p.Name]
}

// AnswerShown reports whether the preset on the board shows its answer:
// its run reached the last frame or the learner asked (the library's
// answer, for lessons and presets with an "Answer:" caption alike).
func (m *Model) AnswerShown() bool {
	return m.Preset != "" && (m.Reached(m.Preset) || m.revealed[m.Preset])
}

// FileHidden reports whether the editor covers the board's lesson's file:
// its captions, title and description state the answer, so while predict,
// then run hides the answer the file is behind a "Show the file" button
// too (the question and the board hold what a prediction needs).
func (m *Model) FileHidden() bool {
	p, ok := m.lesson()
	return ok && !m.Revealed() && !m.fileShown[p.Name]
}

// ShowFile uncovers the board's lesson's file before its answer.
func (m *Model) ShowFile() {
	p, ok := m.lesson()
	if !ok {
		return
	}
	if m.fileShown == nil {
		m.fileShown = map[string]bool{}
	}
	m.fileShown[p.Name] = true
}

// Reveal shows the board's lesson's answer ("Show the answer").
func (m *Model) Reveal() {
	p, ok := m.lesson()
	if !ok {
		return
	}
	if m.revealed == nil {
		m.revealed = map[string]bool{}
	}
	m.revealed[p.Name] = true
}

// texts are the localized texts of the preset on the board, when the
// page's language is not English and there is a translation.
func (m *Model) texts() (presets.Texts, bool) {
	lang := m.Lang
	if lang == "" {
		lang = Lang
	}
	if m.Preset == "" || lang == "" || lang == "en" || m.Localize == nil {
		return presets.Texts{}, false
	}
	key := m.Preset + "\x00" + lang
	if key != m.locKey {
		m.locKey = key
		m.loc, m.locOK = m.Localize(m.Preset, lang)
	}
	return m.loc, m.locOK
}

// Shown are the texts the page shows of the scenario on the board.
type Shown struct {
	// Title and Description are the intro's. Before a lesson's answer is
	// revealed they are a neutral title and the question: the title
	// states the misconception and the description the rule.
	Title, Description string
	// Question and Answer are the lesson's ("" for other scenarios);
	// Answer is "" until revealed.
	Question, Answer string
	// Hidden reports that a lesson's answer is still hidden.
	Hidden bool
	// EditedFrom is the title of the preset an edited text came from.
	EditedFrom string
}

// Shown returns the texts the page shows: the run's title and
// description; for an unchanged preset in another language its
// translation (presets.Localized, each field falling back to English);
// for a lesson, predict then run (Revealed).
func (m *Model) Shown() Shown {
	var s Shown
	if m.Run != nil {
		s.Title, s.Description = m.Run.Title, m.Run.Description
		if s.Title == "" {
			s.Title = m.Run.Name
		}
	}
	if m.Preset == "" && m.Origin != "" {
		if p, ok := m.preset(m.Origin); ok {
			s.EditedFrom = m.ListTitle(p)
		}
	}
	p, isLesson := m.lesson()
	if isLesson {
		s.Question, s.Answer = p.Question, p.Answer
	}
	if t, ok := m.texts(); ok {
		s.Title = or(t.Title, s.Title)
		s.Description = or(t.Description, s.Description)
		s.Question = or(t.Question, s.Question)
		s.Answer = or(t.Answer, s.Answer)
	}
	if isLesson && !m.Revealed() {
		s.Hidden = true
		s.Title, s.Description, s.Answer = Msg.PredictTitle, s.Question, ""
	}
	return s
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// FrameCaption is the caption of frame i as the page shows it: the
// translation of its step's caption for an unchanged preset in another
// language (by FrameInfo.StepNo), else the frame's own; "" for a frame
// the board has not reached yet while a lesson's answer is hidden.
func (m *Model) FrameCaption(i int) string {
	if m.Run == nil || i < 0 || i >= len(m.Run.Frames) {
		return ""
	}
	f := m.Run.Frames[i]
	if i > m.reachedFrame() && !m.Revealed() {
		return ""
	}
	if t, ok := m.texts(); ok && f.StepNo > 0 && f.StepNo <= len(t.Captions) &&
		t.Captions[f.StepNo-1] != "" && f.Caption != f.Summary {
		return t.Captions[f.StepNo-1]
	}
	return f.Caption
}

// reachedFrame is the furthest frame the board showed of this run.
func (m *Model) reachedFrame() int {
	if m.furthestOf != m.Run {
		return m.Frame
	}
	return max(m.furthest, m.Frame)
}

// captionsKey is what FrameCaption's answers depend on besides the run.
func (m *Model) captionsKey() string {
	_, ok := m.texts()
	if m.Revealed() {
		return fmt.Sprint("shown ", ok, m.locKey)
	}
	return fmt.Sprint(m.reachedFrame(), ok, m.locKey)
}
