package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/link"
	"github.com/taints-playground/playground/core/sim"
)

// Preset is a ready-made scenario the picker offers.
type Preset struct {
	Name        string
	Title       string
	Description string
	YAML        string
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
type Model struct {
	presets  []Preset
	simulate SimulateFunc
	exec     ExecFunc

	// Preset is the name of the preset the editor text came from, or ""
	// once the text no longer equals any preset.
	Preset string
	// Text is what the editor holds.
	Text string
	// Err is why Text does not run; "" when it ran.
	Err string
	// Notice is a message about the link the page was opened with.
	Notice string
	// Result is the last successful simulation; RanText its input.
	Result  *sim.Result
	RanText string
	// linkText is the RanText whose share-link fragment (or the reason
	// there is none) linkFrag and linkErr hold when linkMade: a link is
	// made once per text that ran, from the scenario the run parsed.
	linkText, linkFrag string
	linkErr            error
	linkMade           bool
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
	// Selected is the namespace/name of the pod the why panel explains.
	Selected string
	// Playing is true while Run advances the frames.
	Playing bool
	// Command is the console's input; Console its answers, newest first.
	Command string
	Console []ConsoleEntry

	// evictStart caches, per result, when each pending eviction deadline
	// was first seen (see EvictionStart).
	evictStartOf *sim.Result
	evictStart   map[evictKey]float64

	// cacheOf is the result the caches below belong to: the trimmed pod
	// views, the frame times and the timeline items.
	cacheOf  *sim.Result
	podViews PodViews
	times    []float64
	timeline []TimelineItem
	groups   PodGroups
	groupsAt int
	// viewsAt caches ViewsFor per place on the board.
	viewsAt map[string]viewsEntry

	// laneLimit is how many chips each lane shows (see LaneLimit).
	laneLimit map[string]int

	// detailKey/detailPod cache the selected pod's recomputed Why.
	detailKey detailKey
	detailPod *sim.PodState
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

// NewModel returns a model over the given presets and simulator.
func NewModel(presets []Preset, simulate SimulateFunc) *Model {
	return &Model{presets: presets, simulate: simulate, Speed: DefaultSpeed}
}

// SetExec wires the console to a command runner.
func (m *Model) SetExec(exec ExecFunc) { m.exec = exec }

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

// run simulates text without touching the model. Panics in the simulator
// come back as errors: in the browser a panic would kill the page.
func (m *Model) filename() string {
	if m.Preset != "" {
		return m.Preset + ".yaml"
	}
	return "scenario.yaml"
}

// RunCommand answers a console command against the scenario on the board
// at the current frame's time, and records it. It reports success.
func (m *Model) RunCommand(command string) (ok bool) {
	command = strings.TrimSpace(command)
	f := m.Current()
	if command == "" || f == nil {
		return false
	}
	entry := ConsoleEntry{At: f.At, Command: command}
	func() {
		defer func() {
			if r := recover(); r != nil {
				entry.Output, entry.Failed = fmt.Sprintf(English.PanicError, fmt.Sprint(r)), true
			}
		}()
		if m.exec == nil {
			entry.Output, entry.Failed = "the console is not available", true
			return
		}
		out, err := m.exec(m.filename(), []byte(m.RanText), f.At, command)
		if err != nil {
			entry.Output, entry.Failed = strings.TrimSpace(err.Error()), true
			return
		}
		entry.Output = strings.TrimRight(out, "\n")
	}()
	m.Console = append([]ConsoleEntry{entry}, m.Console...)
	if len(m.Console) > MaxConsoleEntries {
		m.Console = m.Console[:MaxConsoleEntries]
	}
	m.Command = ""
	return !entry.Failed
}

func (m *Model) run(text string) (res *sim.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = nil
			err = fmt.Errorf(English.PanicError, fmt.Sprint(r))
		}
	}()
	if m.simulate == nil {
		return nil, errors.New("no simulator is configured")
	}
	res, err = m.simulate(m.filename(), []byte(text), nil)
	if err == nil && res == nil {
		err = errors.New("the simulation returned no result")
	}
	if err == nil && len(res.Frames) == 0 {
		err = errors.New("the simulation returned no frames")
	}
	return res, err
}

// SetText puts text in the editor and runs it. On success the board shows
// the new result (at the same frame index when it still exists); on failure
// Err explains and the board keeps the last good result.
func (m *Model) SetText(text string) bool {
	m.Text = text
	m.Preset = m.presetForText(text)
	res, err := m.run(text)
	if err != nil {
		m.Err = strings.TrimSpace(err.Error())
		return false
	}
	m.Err = ""
	m.Result = res
	m.RanText = text
	m.clampFrame()
	return true
}

// LoadPreset replaces the editor text with a preset and shows its first
// frame.
func (m *Model) LoadPreset(name string) bool {
	p, ok := m.preset(name)
	if !ok {
		m.Err = fmt.Sprintf("there is no preset named %q", name)
		return false
	}
	m.Playing = false
	m.Frame = 0
	m.Selected = ""
	m.Notice = ""
	ok = m.SetText(p.YAML)
	m.Preset = p.Name
	return ok
}

// LoadFragment loads the scenario a URL fragment carries. Without one it
// loads the default preset. A corrupt link, or one whose scenario does not
// run, sets Notice and shows the default preset's board: never silently.
// It reports whether the fragment's own scenario is on the board.
func (m *Model) LoadFragment(fragment string) bool {
	text, err := DecodeFragment(fragment)
	def := m.DefaultPreset()
	if errors.Is(err, ErrNoScenario) {
		m.LoadPreset(def.Name)
		return false
	}
	if err != nil {
		m.LoadPreset(def.Name)
		m.Notice = fmt.Sprintf(English.LinkBroken, err) + " " + fmt.Sprintf(English.FallbackNotice, def.Title)
		return false
	}
	if text == m.Text && m.Result != nil {
		return m.Err == ""
	}
	return m.loadText(text, def)
}

// loadText puts text on the board from the start. When it does not run,
// the editor keeps it with its error, the default preset's board is shown
// beside it and Notice says so. It reports whether text is on the board.
func (m *Model) loadText(text string, def Preset) bool {
	m.Playing = false
	m.Frame = 0
	m.Selected = ""
	m.Notice = ""
	if m.SetText(text) {
		return true
	}
	badText, badErr := m.Text, m.Err
	m.LoadPreset(def.Name)
	m.Text, m.Err, m.Preset = badText, badErr, ""
	m.Notice = English.LinkBadYAML + " " + fmt.Sprintf(English.FallbackNotice, def.Title)
	return false
}

// LocalFragment is the fragment the page writes when the scenario on the
// board is too large for a share link: the scenario is kept in this
// browser's storage (LastGoodKey), and the address no longer carries a
// stale one.
const LocalFragment = "local"

// IsLocalFragment reports whether a fragment (with or without '#') is
// LocalFragment.
func IsLocalFragment(fragment string) bool {
	return strings.TrimSpace(strings.TrimPrefix(fragment, "#")) == LocalFragment
}

// LoadLocal loads the scenario a #local address stands for: kept is the
// text this browser stored ("" when it has none). Without it the board
// shows the default preset and Notice says the scenario lives only in the
// browser it was made in. It reports whether the kept scenario is on the
// board.
func (m *Model) LoadLocal(kept string) bool {
	def := m.DefaultPreset()
	if kept == "" {
		m.LoadPreset(def.Name)
		m.Notice = English.LocalMissing + " " + fmt.Sprintf(English.FallbackNotice, def.Title)
		return false
	}
	if kept == m.Text && m.Result != nil && m.Err == "" {
		return true
	}
	return m.loadText(kept, def)
}

// AddressFragment is the fragment the page address should carry for the
// scenario on the board: its share link, or LocalFragment (with the reason
// no link can be made) when it is too large for one; "" before anything
// ran.
func (m *Model) AddressFragment() (string, error) {
	if m.RanText == "" {
		return "", nil
	}
	frag, err := m.fragment()
	if err != nil || frag == "" {
		if err == nil {
			err = errors.New("share link: no link could be made")
		}
		return LocalFragment, err
	}
	return frag, nil
}

// Fragment is the URL fragment that carries the scenario on the board.
func (m *Model) Fragment() string {
	if m.RanText == "" {
		return ""
	}
	frag, _ := m.fragment()
	return frag
}

// fragment is EncodeFragmentErr of the text on the board, or the preset's
// precomputed link when the board shows a preset's text unchanged. It is
// made once per text that ran, from the scenario the run already parsed.
func (m *Model) fragment() (string, error) {
	if m.Preset != "" {
		if pr, ok := m.preset(m.Preset); ok && pr.Link != "" && pr.YAML == m.RanText {
			return link.Fragment(pr.Link), nil
		}
	}
	if m.linkMade && m.linkText == m.RanText {
		return m.linkFrag, m.linkErr
	}
	var parsed *scenario.Scenario
	if m.Result != nil {
		parsed = m.Result.Scenario()
	}
	m.linkFrag, m.linkErr = encodeFragmentParsed(m.RanText, parsed)
	m.linkText, m.linkMade = m.RanText, true
	return m.linkFrag, m.linkErr
}

type evictKey struct {
	pod string
	at  float64
}

// EvictionStart is when the pod's current eviction deadline was set: the
// time of the first frame, in the run of frames ending at the current one,
// where the pod carries the same EvictAt. The ring on its chip counts down
// from there.
func (m *Model) EvictionStart(p *sim.PodState) (float64, bool) {
	if p.EvictAt == nil || m.Result == nil {
		return 0, false
	}
	if m.evictStartOf != m.Result {
		m.evictStartOf = m.Result
		m.evictStart = map[evictKey]float64{}
		for _, f := range m.Result.Frames {
			for _, q := range f.Pods {
				if q.EvictAt == nil {
					continue
				}
				k := evictKey{PodKey(q), *q.EvictAt}
				if _, ok := m.evictStart[k]; !ok {
					m.evictStart[k] = f.At
				}
			}
		}
	}
	s, ok := m.evictStart[evictKey{PodKey(p), *p.EvictAt}]
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

// SelectedPod is the selected pod in the current frame, or nil.
func (m *Model) SelectedPod() *sim.PodState {
	f := m.Current()
	if f == nil || m.Selected == "" {
		return nil
	}
	for i := range f.Pods {
		if PodKey(f.Pods[i]) == m.Selected {
			p := f.Pods[i]
			if p.Why == nil || p.Why.Limited {
				return m.detailed(p)
			}
			return p
		}
	}
	return nil
}

// detailed fills in the Why and Describe of a pod whose frame was left
// without them (large runs spend a bounded detail budget): the simulator
// recomputes that one frame. The answer is kept for the selection and
// frame, so playing does not recompute it on every tick.
func (m *Model) detailed(p *sim.PodState) (out *sim.PodState) {
	key := detailKey{m.Result, m.Frame, PodKey(p)}
	if m.detailKey == key && m.detailPod != nil {
		return m.detailPod
	}
	out = p
	defer func() {
		if recover() != nil {
			out = p
		}
	}()
	why, describe, err := m.Result.Explain(m.Frame, p.Namespace, p.Name)
	m.detailKey = key
	m.detailPod = p
	if err != nil || why == nil {
		return p
	}
	c := *p
	c.Why = why
	if describe != "" {
		c.Describe = describe
	}
	m.detailPod = &c
	return &c
}

type detailKey struct {
	res   *sim.Result
	frame int
	pod   string
}

// Select toggles the why panel for a pod.
func (m *Model) Select(key string) {
	if m.Selected == key {
		m.Selected = ""
		return
	}
	m.Selected = key
}
