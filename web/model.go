package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/sim"
)

// Preset is a ready-made scenario the picker offers.
type Preset struct {
	Name        string
	Title       string
	Description string
	YAML        string
	// Question and Answer make the preset a lesson: the page asks the
	// question first and hides what reveals the answer until the run
	// reaches it (predict, then run; see Model.Shown).
	Question, Answer string
	// Ask is a lesson's neutral title (presets.Preset.Ask): the picker and
	// the library show it until the learner has seen the answer.
	Ask string
	// Link is the YAML's share link (core/scenario/link.Encode) when it
	// was computed ahead of time, so the page need not encode it; empty
	// means encode on demand.
	Link string
}

// ExecFunc answers a console command (kubectl describe, get, …) against the
// scenario's cluster as it is at virtual time at (seconds).
type ExecFunc func(filename string, text []byte, at float64, command string) (string, error)

// ConsoleEntry is one command typed into the console and its answer.
type ConsoleEntry struct {
	At      float64
	Command string
	Output  string
	Failed  bool
}

// MaxConsoleEntries is how many answers the console keeps.
const MaxConsoleEntries = 12

// SimulateFunc parses a scenario file and runs it. filename is only used in
// error messages; progress (may be nil) is called along the run
// (sim.RunWithProgress). The playground never schedules anything itself:
// every board it shows comes from this function.
type SimulateFunc func(filename string, text []byte, progress func(sim.Progress)) (*sim.Result, error)

// Model is the playground's state, free of any UI toolkit so it can be
// tested directly. The component renders it and forwards events to it.
// It never holds a simulation: an Engine runs the scenario (RunInfo) and
// answers for the frame on the board (FrameView); with an in-process
// engine the answers arrive before the call returns, in the browser later.
type Model struct {
	presets []Preset
	eng     Engine

	// Preset is the name of the preset the editor text came from, or ""
	// once the text no longer equals any preset.
	Preset string
	// Origin is the preset the text came from, edited or not ("" for a
	// text of no known preset): share links name it (p=), and an edited
	// text says "edited from" it.
	Origin string
	// Lang is the language of the preset texts the page shows ("" means
	// the page's language, Lang); Localize (presets.Localized) gives them.
	Lang     string
	Localize LocalizeFunc
	// Text is what the editor holds.
	Text string
	// Err is why Text does not run; "" when it ran.
	Err string
	// Notice is a message about the link the page was opened with.
	Notice string
	// Run is the last run the engine accepted; RanText its input.
	Run     *RunInfo
	RanText string
	// View is the board of the frame on it, as the engine last answered.
	View FrameView
	// Busy is set while a run is in flight; Progress says how far it is.
	Busy     bool
	Progress Progress
	// linkText is the RanText whose share-link fragment (or the reason
	// there is none) linkFrag and linkErr hold when linkMade: the engine
	// makes a link once per text that ran, from the scenario it parsed.
	linkText, linkFrag string
	linkErr            error
	linkMade           bool
	// opened is the link the page was opened with and openedText its
	// scenario: its run needs no link made. openedPreset is its p=.
	opened, openedText, openedPreset string
	// Frame is the index of the frame on the board.
	Frame int
	// Time is the virtual clock (seconds): the board shows the last frame
	// at or before it. Stepping sets it to the frame's time; scrubbing and
	// playing move it between frames.
	Time float64
	// Speed is how many virtual seconds pass per real second while playing.
	Speed float64
	// NodeFilter narrows the node cards to names, labels and taints that
	// contain it; NodeLimit is how many cards the board shows before it
	// summarises the rest (0 means NodeLimitFor the board's node count).
	NodeFilter string
	NodeLimit  int
	// EventFilter narrows the event log; EventLimit is how many of the
	// latest matching events it shows (0 means EventPage).
	EventFilter string
	EventLimit  int
	// Selected is the namespace/name of the pod the why panel explains.
	Selected string
	// successor is the controller whose first pod replaces Selected when
	// it is not in the frame (ViewQuery.Successor): set by ApplyFix, whose
	// re-run replaces a controller's pod, until a view adopts one.
	successor string
	// Playing is true while Run advances the frames.
	Playing bool
	// Command is the console's input; Console its answers, newest first.
	Command string
	Console []ConsoleEntry
	// History is the console's command history of the scenario on the
	// board; consoleKey names that scenario and consoles keeps the
	// others' (switchConsole).
	History    *CommandHistory
	consoleKey string
	consoles   map[string]consoleState
	// Edited is set once the console appended a step to the scenario
	// loaded, EditedAt the earliest such step's time (CaptionStale).
	Edited   bool
	EditedAt float64
	// ErrLine is the line of the file Err points at (0: none).
	ErrLine int
	// failuresOf caches StepFailures.
	failuresOf   *RunInfo
	failures     int
	firstFailure string

	// gen numbers runs, seq view queries; shown is the Seq of View.
	gen, seq, shown int
	// OnView, when set, is called with the change that puts a new board
	// answer on the board (the page animates the chips around it).
	OnView func(apply func())
	// OnBusy, when set, is called with true when the page starts waiting
	// for the engine (a run, or the board of a frame) and with false when
	// it has every answer it asked for.
	OnBusy func(bool)
	// waiting is the last value given to OnBusy.
	waiting bool

	// timeline caches TimelineItems of timelineOf.
	timelineOf *RunInfo
	timeline   []TimelineItem
	// reached lists the presets whose last frame the board has shown.
	reached map[string]bool
	// laneLimit is how many chips each lane shows (see LaneLimit).
	laneLimit map[string]int
	// FixNode and FixEffect are the why panel's "Fix it" choices for the
	// selected pod (FixRequest); Select clears them.
	FixNode, FixEffect string

	// lessonState is what predict-then-run and the localized texts keep.
	lessonState
}

// Speeds are the playback speeds the timeline offers, in virtual seconds
// per real second.
var Speeds = []float64{1, 2, 5, 10, 30, 60}

// DefaultSpeed is the playback speed before the reader picks one.
const DefaultSpeed = 10

// DefaultNodeLimit is how many node cards the board renders before it
// summarises the remaining nodes; boards of more than LargeBoardNodes
// nodes render LargeBoardNodeLimit (NodeLimitFor), since every card is
// compared, laid out and painted on every step.
const (
	DefaultNodeLimit    = 48
	LargeBoardNodes     = 300
	LargeBoardNodeLimit = 24
)

// NodeLimitFor is how many node cards a board of total nodes renders
// before its summary card (and adds per Show more).
func NodeLimitFor(total int) int {
	if total > LargeBoardNodes {
		return LargeBoardNodeLimit
	}
	return DefaultNodeLimit
}

// nodeLimit is NodeLimit, or NodeLimitFor(total) while it is unset.
func (m *Model) nodeLimit(total int) int {
	if m.NodeLimit > 0 {
		return m.NodeLimit
	}
	return NodeLimitFor(total)
}

// NewModel returns a model whose runs and views come from eng.
func NewModel(presets []Preset, eng Engine) *Model {
	return &Model{presets: presets, eng: eng, Speed: DefaultSpeed, Localize: localized, History: &CommandHistory{}}
}

// Presets lists the presets in picker order.
func (m *Model) Presets() []Preset { return m.presets }

// DefaultPreset is the first preset, or a zero Preset when there are none.
func (m *Model) DefaultPreset() Preset {
	if len(m.presets) == 0 {
		return Preset{}
	}
	return m.presets[0]
}

func (m *Model) preset(name string) (Preset, bool) {
	for _, p := range m.presets {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

func (m *Model) presetForText(text string) string {
	for _, p := range m.presets {
		if p.YAML == text {
			return p.Name
		}
	}
	return ""
}

// filename is the name errors give the scenario file.
func (m *Model) filename() string {
	if m.Preset != "" {
		return presetFilename(m.Preset)
	}
	return "scenario.yaml"
}

// presetFilename is the file name the page runs preset name's text under
// (its errors name it): "NAME.yaml".
func presetFilename(name string) string { return name + ".yaml" }

// RunCommand answers a console command against the scenario on the board
// at the current frame's time, and records it.
func (m *Model) RunCommand(command string) {
	command = strings.TrimSpace(command)
	f := m.Current()
	if command == "" || f == nil {
		return
	}
	at := f.At
	m.Command = ""
	m.eng.Exec(ExecRequest{At: at, Command: command}, func(r ExecReply) {
		entry := ConsoleEntry{At: at, Command: command, Output: r.Output}
		if r.Err != "" {
			entry.Output, entry.Failed = r.Err, true
		}
		m.record(entry)
	})
}

// record adds a console entry, newest first.
func (m *Model) record(entry ConsoleEntry) {
	m.Console = append([]ConsoleEntry{entry}, m.Console...)
	if len(m.Console) > MaxConsoleEntries {
		m.Console = m.Console[:MaxConsoleEntries]
	}
}

// SetText puts text in the editor and runs it; then (may be nil) gets the
// reply. On success the board shows the new run (at the same frame index
// when it still exists); on failure Err explains and the board keeps the
// last good run.
func (m *Model) SetText(text string, then func(ok bool)) {
	m.Text = text
	m.Preset = m.presetForText(text)
	if m.Preset != "" {
		m.Origin = m.Preset
	}
	m.start(RunRequest{Text: text}, func(r RunReply) {
		ok := m.accept(r)
		if then != nil {
			then(ok)
		}
	})
}

// start sends a run to the engine; a run in flight is cancelled. done
// gets the reply of this run only.
func (m *Model) start(req RunRequest, done func(RunReply)) {
	m.gen++
	gen := m.gen
	req.Gen, req.Filename = gen, m.filename()
	if req.Fragment == "" {
		req.Link = req.Insert || (!m.presetLink(req.Text) && !(m.opened != "" && req.Text == m.openedText))
	}
	m.Progress = Progress{Gen: gen}
	m.setBusy(true)
	m.eng.Run(req, func(p Progress) {
		if p.Gen == m.gen {
			m.Progress = p
		}
	}, func(r RunReply) {
		if gen != m.gen {
			return // a later run replaced this one
		}
		done(r)
		if gen == m.gen { // done started no other run
			m.setBusy(false)
		}
	})
}

func (m *Model) setBusy(b bool) {
	m.Busy = b
	m.waited()
}

// waited calls OnBusy when the page starts or stops waiting for the
// engine.
func (m *Model) waited() {
	w := m.Busy || m.Loading()
	if w == m.waiting {
		return
	}
	m.waiting = w
	if m.OnBusy != nil {
		m.OnBusy(w)
	}
}

// Cancel stops the run in flight: the board keeps the last good run, the
// editor keeps the text that did not run, and Notice says so.
func (m *Model) Cancel() {
	if !m.Busy {
		return
	}
	m.eng.Cancel()
	m.gen++
	m.setBusy(false)
	m.Err = ""
	m.Notice = Msg.RunCancelled
}

// accept applies a run's reply: an accepted run goes on the board.
func (m *Model) accept(r RunReply) bool {
	if !r.Accepted || r.Run == nil {
		switch {
		case r.Stopped:
			// The engine failed, not the scenario: say so beside the
			// board, which keeps the last scenario that ran.
			m.Notice = r.Err + " " + Msg.EngineKept
		case r.Err != "":
			m.Err, m.ErrLine = r.Err, r.ErrLine
		}
		return false
	}
	m.Err, m.ErrLine = "", 0
	m.Run = r.Run
	if m.Preset == "" && m.Origin != "" && r.Run.Name != m.Origin {
		// A scenario of another name (a pasted cluster) was not edited
		// from the preset: it keeps no "edited from" and no p= in links.
		m.Origin = ""
	}
	m.RanText = m.Text
	m.linkText, m.linkFrag, m.linkMade = m.Text, r.Fragment, true
	m.linkErr = nil
	if r.FragmentErr != "" {
		m.linkErr = errors.New(r.FragmentErr)
	}
	if r.Fragment == "" && r.FragmentErr == "" {
		m.linkMade = false // the run made no link: fragment makes one
		if m.opened != "" && m.Text == m.openedText {
			m.linkFrag, m.linkMade = m.opened, true
		}
	}
	m.clampFrame()
	return true
}

// LoadPreset replaces the editor text with a preset and shows its first
// frame; then (may be nil) gets whether it ran.
func (m *Model) LoadPreset(name string, then func(ok bool)) {
	p, ok := m.preset(name)
	if !ok {
		m.Err = fmt.Sprintf("there is no preset named %q", name)
		if then != nil {
			then(false)
		}
		return
	}
	m.Playing = false
	m.Frame = 0
	m.Selected = ""
	m.Notice = ""
	m.switchConsole("preset:" + p.Name)
	m.clearEdited()
	m.SetText(p.YAML, func(ok bool) {
		m.Preset, m.Origin = p.Name, p.Name
		if then != nil {
			then(ok)
		}
	})
	m.Preset, m.Origin = p.Name, p.Name
}

// loadText puts text on the board from the start. When it does not run,
// the editor keeps it with its error, the default preset's board is shown
// beside it and Notice says so. then gets whether text is on the board.
func (m *Model) loadText(text string, def Preset, then func(ok bool)) {
	m.Origin = ""
	m.Playing = false
	m.Frame = 0
	m.Selected = ""
	m.Notice = ""
	m.clearEdited()
	m.SetText(text, func(ok bool) {
		if ok {
			then(true)
			return
		}
		m.fallBack(def, then)
	})
}

// fallBack shows the default preset's board beside the editor's text that
// did not run (which keeps its error), with a Notice saying so.
func (m *Model) fallBack(def Preset, then func(ok bool)) {
	badText, badErr, badLine := m.Text, m.Err, m.ErrLine
	notice := Msg.LinkBadYAML + " " + fmt.Sprintf(Msg.FallbackNotice, def.Title)
	m.LoadPreset(def.Name, func(bool) {
		m.Text, m.Err, m.ErrLine, m.Preset, m.Origin = badText, badErr, badLine, "", ""
		m.Notice = notice
		then(false)
	})
}

// LocalFragment is the fragment the page writes when the scenario on the
// board is too large for a share link: the scenario is kept in this
// browser's storage (LastGoodKey), and the address no longer carries a
// stale one.
const LocalFragment = "local"

// EvictionStart is when the pod's current eviction deadline was set: the
// time of the first frame, in the run of frames ending at the current one,
// where the pod carries the same EvictAt. The ring on its chip counts down
// from there.
func (m *Model) EvictionStart(p *sim.PodState) (float64, bool) {
	if p.EvictAt == nil {
		return 0, false
	}
	s, ok := m.View.EvictStart[EvictKey(p)]
	return s, ok
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// PodKey identifies a pod across frames.
func PodKey(p *sim.PodState) string {
	ns := p.Namespace
	if ns == "" {
		ns = "default"
	}
	return ns + "/" + p.Name
}

// SelectedPod is the selected pod in the frame on the board, with its why
// and describe, or nil.
func (m *Model) SelectedPod() *sim.PodState {
	if m.Selected == "" || m.View.Selected == nil || PodKey(m.View.Selected) != m.Selected {
		return nil
	}
	return m.View.Selected
}

// Select toggles the why panel for a pod.
func (m *Model) Select(key string) {
	m.FixNode, m.FixEffect, m.successor = "", "", ""
	if m.Selected == key {
		m.Selected = ""
	} else {
		m.Selected = key
	}
	m.Refresh()
}
