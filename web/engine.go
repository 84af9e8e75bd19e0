package web

import (
	"github.com/taints-playground/playground/core/fixit"
	"github.com/taints-playground/playground/core/sim"
)

// Engine is the page's only way to the simulator. The page never holds a
// *sim.Result: it asks the engine to run a scenario (RunReply carries what
// the page shows of the whole run) and, for the frame on the board, for a
// FrameView (the node cards, lanes, events and why panel it draws).
//
// In the browser the engine is a Web Worker running LocalEngine (see
// wasm/worker_js.go and web/engine_js.go); natively (tests, prerendering,
// cmd tools) LocalEngine answers in process, calling done before it
// returns. Callers must work either way: done may run at once or later.
type Engine interface {
	// Run parses and simulates req.Text. progress (may be nil) is called
	// along the way; done gets the reply. A Run cancels the one in flight:
	// its done is never called. Until a run is accepted (RunReply.Accepted)
	// View, Exec and Export answer about the last accepted run.
	Run(req RunRequest, progress func(Progress), done func(RunReply))
	// View answers about one frame of the last accepted run.
	View(q ViewQuery, done func(FrameView))
	// Exec answers a console command against the last accepted run.
	Exec(req ExecRequest, done func(ExecReply))
	// Lint checks a scenario text for the import panel.
	Lint(text string, done func(LintReply))
	// Export turns the last accepted run's text into manifests or a script.
	Export(req ExportRequest, done func(ExportReply))
	// Cancel stops the run in flight, if any; its done is never called.
	Cancel()
	// Impact previews a kubectl taint command at a time against the last
	// accepted run's scenario (core/impact), without changing it.
	Impact(req ImpactRequest, done func(ImpactReply))
}

// RunRequest asks for a run.
type RunRequest struct {
	// Gen identifies the run; replies and progress carry it back.
	Gen      int
	Filename string
	Text     string
	// StepCommand and StepAt, when StepCommand is set, say the run is for
	// a step just added at StepAt: the run is not accepted when that
	// step's frame failed (kubectl refused it), and the last accepted run
	// stays (RunReply.StepOutput says why).
	StepCommand string
	StepAt      float64
	// Insert, with StepCommand, asks the engine to add the step to Text
	// first (scenario.InsertStep parses and rewrites the whole file:
	// seconds for a large cluster, so not on the page's thread);
	// RunReply.Text is the new file.
	Insert bool
	// Link asks for the run's share-link fragment (RunReply.Fragment).
	Link bool
	// Fragment, when set, is a page address's fragment (with or without
	// its '#') whose scenario is to run in place of Text: the engine
	// decodes it (DecodeFragment: seconds of the page's thread for a large
	// scenario otherwise) and RunReply.Text is the scenario text.
	Fragment string
	// PresetText and PresetLink, with Fragment, are the YAML and the
	// precomputed share link of the preset the link names (its p=
	// parameter): RunReply.SamePreset says whether the link's scenario is
	// that preset's, unchanged.
	PresetText, PresetLink string
}

// Progress is how far a run has come.
type Progress struct {
	Gen int
	// At is the virtual time reached (seconds) of Until.
	At, Until float64
	// Frames recorded so far, pods bound so far, of Pods in the cluster.
	Frames, Scheduled, Pods int
}

// RunReply is the answer to a run.
type RunReply struct {
	Gen int
	// Err is why the text does not run ("" when it ran).
	Err string
	// ErrLine is the line of the file Err points at
	// (scenario.Error.FileLine; 0 when none).
	ErrLine int
	// Accepted reports that the run replaced the last accepted one.
	Accepted bool
	// Run describes the whole run when Accepted.
	Run *RunInfo
	// StepFailed and StepOutput report a rejected step (see
	// RunRequest.StepCommand); StepFrame is the step's frame index, -1
	// when no frame carries it.
	StepFailed bool
	StepOutput string
	StepFrame  int
	// Text is the file that ran when the engine wrote it (Insert) or
	// read it from RunRequest.Fragment.
	Text string
	// NoScenario reports that RunRequest.Fragment carries no scenario;
	// LinkErr says why it could not be decoded (DecodeFragment). Either
	// way nothing ran.
	NoScenario bool
	LinkErr    string
	// Stopped reports that the engine stopped (a crash, out of memory)
	// rather than the scenario failing: Err says so.
	Stopped bool
	// Fragment is the share link's fragment, or FragmentErr why there is
	// none (when RunRequest.Link).
	Fragment    string
	FragmentErr string
	// SamePreset reports that the scenario of RunRequest.Fragment is the
	// one of RunRequest.PresetText (the same canonical form): the page
	// shows the preset's own text and keeps its identity.
	SamePreset bool
}

// RunInfo is what the page keeps of a whole run: everything but the
// frames' nodes, pods and events, which come per frame in a FrameView.
type RunInfo struct {
	Name, Title, Description string
	KubernetesVersion        string
	Until                    float64
	Frames                   []FrameInfo
	// Times are the distinct frame times (FrameTimes).
	Times []float64
	// Events is how many events the run recorded.
	Events int
	// Nodes and Pods count the first frame's objects.
	Nodes, Pods int
}

// FrameInfo is one frame without its nodes and pods.
type FrameInfo struct {
	At        float64
	Step      string
	Caption   string
	Summary   string
	Output    string
	Continues string
	// Events is how many of the run's events happened by this frame.
	Events int
	// Failed is sim.Frame.StepFailed.
	Failed bool
	// Nodes is how many nodes the frame has.
	Nodes int
	// StepNo is the 1-based number of the scenario step (in the file's
	// step order) whose frame this is; 0 for a frame no step made.
	StepNo int
}

// ViewQuery asks for the board of one frame.
type ViewQuery struct {
	// Seq orders queries: the page keeps the answer of its latest one.
	Seq   int
	Frame int
	// Filter narrows the node cards and lanes (NodeOrPodMatches);
	// NodeLimit is how many cards to send (0: NodeLimitFor).
	Filter    string
	NodeLimit int
	// Selected is the namespace/name of the pod the why panel explains.
	Selected string
	// Successor, when Selected is not in the frame, asks for the first
	// pod (in frame order) of that controller instead, as FrameView.
	// Selected: "Deployment default/web", "ReplicaSet default/rs" or
	// "DaemonSet default/ds" (the pod a "Fix it" re-run replaced; a
	// Deployment's pods are those of its ReplicaSets NAME-<hash>).
	Successor string
	// PendingLimit and EvictedLimit window the lanes (LanePage when 0).
	PendingLimit, EvictedLimit int
	// EventFilter narrows the event log (EventMatches); EventLimit is how
	// many of the latest matching events to send (EventPage when 0).
	EventFilter string
	EventLimit  int
	// OverviewNames is the NamesKey of the overview the page holds: an
	// overview with the same names comes without them.
	OverviewNames uint64
	// Held is what the page holds of the board it shows (FrameView.Keys):
	// a node card or lane window whose key is unchanged comes without its
	// node and pods (FrameView.Kept), and the node names without
	// themselves when NodeNames is their key (FrameView.NodeNamesKey).
	Held      map[string]uint64
	NodeNames uint64
	// Fix, with Selected, asks for the why panel's "Fix it" proposal for
	// the selected pod (FrameView.Fix); nil asks for none.
	Fix *FixRequest
}

// FrameView is the board of one frame as the page draws it.
type FrameView struct {
	Seq   int
	Frame int
	// Nodes are the node cards to draw (matching the filter, up to the
	// limit), OnNode their pods.
	Nodes  []*sim.NodeState
	OnNode map[string][]*sim.PodState
	// NodeTotal is the frame's node count, NodeMatched how many match the
	// filter; Hidden sums up the matching nodes beyond the limit.
	NodeTotal, NodeMatched int
	Hidden                 HiddenNodes
	// Pending and Evicted are the lanes' windows; *Matched count the
	// lane's pods matching the filter, *All the lane's pods.
	Pending, Evicted           []*sim.PodState
	PendingMatched, PendingAll int
	EvictedMatched, EvictedAll int
	// Selected is the selected pod with its why and describe, nil when
	// it is not in the frame.
	Selected *sim.PodState
	// EvictStart maps EvictKey of each pod in the view with a pending
	// eviction to when its deadline was first seen (Model.EvictionStart).
	EvictStart map[string]float64
	// Events are the latest events by this frame that match the event
	// filter (oldest first), EventsMatched how many match, EventsTotal how
	// many happened by this frame; the last Fresh of Events are new in it.
	Events        []sim.Event
	EventsMatched int
	EventsTotal   int
	Fresh         int
	// Overview shows every node of a frame of more than LargeBoardNodes
	// nodes (nil otherwise); its Names are left out when the query said
	// the page holds them (Overview.KeepNames).
	Overview *Overview
	// NodeNames lists the frame's node names for pickers (the palette),
	// at most MaxNodeNames; NodeNamesKey identifies them (they are left
	// out when the query held that key).
	NodeNames    []string
	NodeNamesKey uint64
	// Cards names the node cards in order: those in Nodes and those left
	// out because the query held them. Keys identifies what each card and
	// lane window holds (by BoardPlace), for the next query's Held; Kept
	// lists the places left out (Keep puts them back from the board the
	// page holds).
	Cards []string
	Keys  map[string]uint64
	Kept  []string
	// Err is set when the view could not be made; Stopped when that is
	// because the engine stopped (the page asks again once it recovered).
	Err     string
	Stopped bool
	// Fix is the "Fix it" proposal for Selected when the query asked for
	// it (ViewQuery.Fix).
	Fix *FixReply
}

// HiddenNodes sums up the nodes the board summarises in one card.
type HiddenNodes struct {
	Nodes, Tainted, NotReady, Cordoned, Pods int
}

// ExecRequest asks a console command at virtual time At.
type ExecRequest struct {
	At      float64
	Command string
}

// ExecReply is a console command's output or error.
type ExecReply struct {
	Output string
	Err    string
}

// LintReply is the import panel's findings, or why the text was not
// checked.
type LintReply struct {
	Findings []Finding
	Err      string
}

// ExportRequest asks for the last accepted run's text in Format
// (ExportManifests, ExportScript).
type ExportRequest struct {
	Format string
}

// ExportReply is the export's text or error.
type ExportReply struct {
	Text string
	Err  string
}

// MaxNodeNames is the most node names a FrameView lists for pickers.
const MaxNodeNames = 1000

// FixRequest says which "Fix it" proposal the why panel shows.
type FixRequest struct {
	// Node is the node a Pending pod is to run on ("" for the best
	// candidate, fixit.Plan.Best).
	Node string
	// Effect is the effect of the taint that keeps a running pod off its
	// node: NoSchedule or NoExecute ("" for NoExecute).
	Effect string
}

// FixReply is the "Fix it" proposal for the selected pod: Pending for a
// Pending pod (with YAML, the tolerations to add, and Text, the scenario
// with them added to the manifest that makes the pod: Target, or TextErr
// why not), KeepOff for a running pod. Err says why there is none.
type FixReply struct {
	Pod     string
	Pending *fixit.Plan
	YAML    string
	Text    string
	Target  string
	TextErr string
	KeepOff *fixit.KeepOffPlan
	Err     string
}
