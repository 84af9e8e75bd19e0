package web

// Messages holds every string the playground shows, so the interface can be
// translated by swapping one value. Strings with %s/%d verbs are used with
// fmt.Sprintf; everything else is shown as is.
type Messages struct {
	AppTitle      string
	AppTagline    string
	PresetLabel   string
	PresetCustom  string
	EditorLabel   string
	EditorHint    string
	EditorOK      string
	EditorRunning string
	// RunStarting, RunProgress (virtual time, until, frames, pods bound,
	// pods) and Cancel are the editor status while a run is in flight.
	RunStarting, RunProgress, Cancel, CancelHint string
	// WhyLoading is the why panel while the engine explains the selection.
	WhyLoading     string
	EditorError    string
	KeptLastGood   string
	ShareCopied    string
	LinkBroken     string
	LinkBadYAML    string
	FallbackNotice string
	Dismiss        string
	More, Less     string
	CopyLink       string
	Playback       string
	NodeAria       string
	BarTitle       string

	Run, Pause, Reset           string
	RunHint, StepHint, BackHint string
	ResetHint                   string
	FrameOf                     string
	Timeline                    string
	InitialPass                 string
	TimerFrame                  string

	Board          string
	NoNodes        string
	PendingLane    string
	PendingEmpty   string
	EvictedLane    string
	Cordoned       string
	CordonedTitle  string
	Condition      string
	Labels         string
	Taints         string
	NoTaints       string
	Pods           string
	NoPods         string
	Tolerations    string
	NoTolerations  string
	EvictsAt       string
	EvictedAtLabel string
	ClickForWhy    string
	PodRequests    string
	PodPriority    string

	EffectNoSchedule       string
	EffectPreferNoSchedule string
	EffectNoExecute        string
	EffectHelpNoSchedule   string
	EffectHelpPrefer       string
	EffectHelpNoExecute    string
	Legend                 string

	Events          string
	NoEvents        string
	ColTime         string
	ColType         string
	ColReason       string
	ColObject       string
	ColMessage      string
	ColSource       string
	SawHappen       string
	K8sVersion      string
	StepOutput      string
	Continued       string
	EventsNew       string
	WhyTitle        string
	WhyPrompt       string
	WhyClose        string
	WhyGone         string
	WhyRunningOn    string
	WhyMirrorOn     string
	WhyPending      string
	WhyPendingGated string
	WhyEvicted      string
	WhyNoDetail     string
	WhyMissing      string
	WhyAttempts     string
	WhyQueue        string
	WhyNominated    string
	WhyGated        string
	NotExamined     string
	Tied            string
	AlsoFails       string
	UseFilter       string
	UseScore        string
	UseEvict        string
	WhyMissingOn    string
	ColNode         string
	ColFeasible     string
	ColPlugin       string
	ColReasons      string
	ColScore        string
	ColChosen       string
	Yes, No         string
	Chosen          string
	Matrix          string
	MatrixHint      string
	MatrixEmpty     string
	ColTaint        string
	ColResult       string
	Tolerated       string
	Untolerated     string
	MatchedBy       string
	NoMatch         string
	PanicError      string
	Footer          string

	ConsoleTitle       string
	ConsoleHint        string
	ConsolePlaceholder string
	ConsoleRun         string
	Version            string

	// Timeline bar, countdowns, badges (issue 4) and the why view's
	// detail (issue 3).
	Speed, SpeedHint              string
	Scrub, ScrubValue             string
	NextEvent, PrevEvent          string
	NextEventHint, PrevEventHint  string
	ClockAt                       string
	EvictIn                       string
	Terminating, TerminatingGrace string
	NominatedChip                 string
	TerminatingTitle              string
	NotModelled, NotModelledTitle string
	WhyNotModelled                string
	OwnerTitle                    string
	TolAddedBy, TolByUser         string
	SrcDefaultTolSeconds          string
	SrcDaemonSet                  string
	SrcPodTolRestriction          string
	SrcExtendedResource           string
	SrcRuntimeClass               string
	Gated, GatedTitle             string
	// A static pod's mirror pod (issue 13): the chip's badge and tooltip,
	// the note while the kubelet re-creates it, and the why panel's line.
	Static, StaticTitle, MirrorBack string
	WhyStatic                       string
	ZoneLabel, ZoneTitle            string
	ZoneUnlabelled                  string
	NoExecuteQueued                 string
	NoExecuteQueuedTitle            string
	NodeFilter, NodeFilterHint      string
	NodesShown, MoreNodes           string
	MoreNodesCounts, ShowMore       string
	// Long lists (event log, Pending and Evicted lanes, timeline) show a
	// window of their items: "showing N of M", a filter and paging.
	EventsShown, EventFilter     string
	EventFilterHint, ShowEarlier string
	NoEventMatches, PodsShown    string
	FramesBefore, FramesAfter    string
	NoNodeMatches                string
	// Counts while a filter is set: how many matched out of how many.
	NodesMatchShown, NodesMatchNone   string
	MoreMatchingNodes                 string
	EventsMatchShown, EventsMatchNone string
	PodsMatchShown, PodsMatchNone     string
	// Counts of the editor status line, singular and plural.
	FramesOne, FramesMany string
	EventsOne, EventsMany string
	// LocalMissing: a #local address opened where the scenario is not kept.
	LocalMissing               string
	Reported, NotReported      string
	ScoreTable, ScoreHint      string
	ColTotal, SkippedPlugins   string
	NotExaminedNote, NotScored string
	DescribePod                string
	ChosenNoFit                string

	// Share, embed, import/export, console steps, library, lesson,
	// palette and language (issue 5).
	ConsoleKeys           string
	ConsoleStepAdded      string
	CopyFallback          string
	CopyLinkHint          string
	CopySnippet           string
	Embed                 string
	EmbedHint             string
	ExportHint            string
	ExportManifests       string
	ExportSave            string
	ExportSaveFailed      string
	ExportScript          string
	ExportTitle           string
	ExportUnavailable     string
	GroupCases            string
	GroupExamples         string
	GroupLessons          string
	GroupMisconceptions   string
	ImportAdd             string
	ImportCheck           string
	ImportDropFailed      string
	ImportEmpty           string
	ImportExport          string
	ImportFile            string
	ImportHint            string
	ImportPlaceholder     string
	ImportReplace         string
	ImportTitle           string
	Language              string
	LastGoodOffer         string
	LastGoodOpen          string
	LessonProfileNote     string
	LessonTableEffects    string
	LessonTableTainted    string
	LessonTableToleration string
	LessonTitle           string
	Library               string
	LibraryAnswer         string
	LibraryAnswerLater    string
	LibraryCaptions       string
	LibraryHint           string
	LibraryLoad           string
	LibraryLoadAria       string
	LibraryPredict        string
	LinkCopied            string
	LinkTooLong           string
	LintApplyFix          string
	LintClean             string
	LintFindings          string
	LintFix               string
	LintUnavailable       string
	OpenFull              string
	Palette               string
	PaletteAdd            string
	PaletteDocs           string
	PaletteDocsAria       string
	PaletteEmpty          string
	PaletteHint           string
	PaletteNode           string
	ProfileDiffCount      string
	ProfileDiffers        string
	SnippetCopied         string
	StartEmbed            string
	StartEmbedHint        string
	SweepChartTitle       string
	SweepEffect           string
	SweepParam            string
	SweepTainted          string
	SweepTitle            string
	SweepTolerating       string
	SweepWindow           string
	TeachingProfile       string

	// WhySpread* explain the nodes PodTopologySpread rejected.
	WhySpread       string
	WhySpreadSkew   string
	WhySpreadLabel  string
	WhySpreadPolicy string

	// EngineStopped answers a request the engine's worker could not: it
	// crashed, ran out of memory or panicked (%s: why).
	EngineStopped string
	// EngineRebuilt follows EngineStopped in the page's notice when the
	// worker that held the board died.
	EngineRebuilt string
	// EngineKept follows EngineStopped when a run failed that way.
	EngineKept string
	// RunCancelled is the notice after Cancel.
	RunCancelled string

	// The overview of a large board (issue 14) and the default
	// tolerations' badge on pod chips.
	Overview, OverviewHint             string
	OverviewNoZone, OverviewZoneCounts string
	OverviewZoneHint, OverviewTiles    string
	OverviewUtil, OverviewLegend       string
	OverviewUtilLegend                 string
	MarkNotReady, MarkUnreachable      string
	MarkPressure, MarkOver             string
	TolDefaults, TolDefaultsTitle      string

	// _ makes Messages not comparable: nothing compares catalogues, and a
	// comparable struct of ~230 strings costs a ~38 KB generated equality
	// function in the wasm.
	_ [0]func()
}

// English is the English catalogue, the one the playground starts with.
var English = Messages{
	AppTitle:       "Taints & Tolerations Playground",
	AppTagline:     "Edit a scenario, step through the scheduler and the taint-eviction controller, and see why every pod is where it is.",
	PresetLabel:    "Scenario",
	PresetCustom:   "Edited scenario",
	EditorLabel:    "Scenario YAML",
	EditorHint:     "Nodes, Pods and one kind: Scenario document with steps. Changes re-run the simulation.",
	EditorOK:       "Simulated: %s, %s.",
	EditorRunning:  "Waiting for you to stop typing…",
	RunStarting:    "Reading the scenario…",
	RunProgress:    "Simulating: t=%s of %s, %d frames, %d of %d pods scheduled",
	Cancel:         "Cancel",
	CancelHint:     "Stop this run; the board keeps the last scenario that ran",
	EditorError:    "This scenario does not run",
	KeptLastGood:   "The board still shows the last scenario that ran.",
	ShareCopied:    "The address bar holds this scenario: copy it to share.",
	LinkBroken:     "The scenario in this link could not be read (%s).",
	LinkBadYAML:    "The scenario in this link does not run; its text is in the editor.",
	FallbackNotice: "Showing the default scenario “%s” instead.",
	Dismiss:        "Dismiss",
	More:           "more",
	Less:           "less",
	CopyLink:       "Copy link",
	Playback:       "Playback",
	NodeAria:       "Node %s",
	BarTitle:       "%s: %s requested of %s allocatable",

	Run:         "Run",
	Pause:       "Pause",
	Reset:       "Reset",
	RunHint:     "Play the frames, about one per second",
	StepHint:    "Show the next frame (→)",
	BackHint:    "Show the previous frame (←)",
	ResetHint:   "Back to the first frame",
	FrameOf:     "Frame %d of %d",
	Timeline:    "Timeline",
	InitialPass: "initial scheduling pass",
	TimerFrame:  "timer",

	Board:          "Cluster",
	NoNodes:        "This scenario has no nodes.",
	PendingLane:    "Pending",
	PendingEmpty:   "No pending pods.",
	EvictedLane:    "Evicted",
	Cordoned:       "cordoned",
	CordonedTitle:  "spec.unschedulable: new pods are not scheduled here",
	Condition:      "%s=%s",
	Labels:         "Labels",
	Taints:         "Taints",
	NoTaints:       "no taints",
	Pods:           "Pods",
	NoPods:         "no pods",
	Tolerations:    "Tolerations",
	NoTolerations:  "no tolerations",
	EvictsAt:       "evicted at t=%s unless the taint goes",
	EvictedAtLabel: "evicted at t=%s",
	ClickForWhy:    "Why is %s here?",
	PodRequests:    "requests %s",
	PodPriority:    "priority %d",

	EffectNoSchedule:       "NoSchedule",
	EffectPreferNoSchedule: "PreferNoSchedule",
	EffectNoExecute:        "NoExecute",
	EffectHelpNoSchedule:   "NoSchedule: new pods that do not tolerate it are kept off",
	EffectHelpPrefer:       "PreferNoSchedule: the scheduler avoids the node but may still use it",
	EffectHelpNoExecute:    "NoExecute: kept off, and running pods that do not tolerate it are evicted",
	Legend:                 "Taint effects",

	Events:          "Events",
	NoEvents:        "No events yet.",
	ColTime:         "Time",
	ColType:         "Type",
	ColReason:       "Reason",
	ColObject:       "Object",
	ColMessage:      "Message",
	ColSource:       "From",
	SawHappen:       "What happened: %s",
	K8sVersion:      "Kubernetes %s",
	StepOutput:      "Step output",
	Continued:       "(continued)",
	EventsNew:       "new in this frame",
	WhyTitle:        "Why is %s here?",
	WhyPrompt:       "Click a pod to see why it is where it is.",
	WhyClose:        "Close",
	WhyGone:         "Pod %s is not part of this scenario any more.",
	WhyRunningOn:    "Running on %s.",
	WhyMirrorOn:     "The static pod runs on %s; its mirror pod is Terminating until the kubelet replaces it.",
	WhyPending:      "Pending: no node accepted it.",
	WhyPendingGated: "Pending (SchedulingGated): the scheduler has not tried it.",
	WhyEvicted:      "Evicted from %s at t=%s.",
	WhyNoDetail:     "The simulation gave no per-node detail for this pod.",
	WhyLoading:      "Explaining this pod at this frame…",
	WhyMissing:      "Taints it does not tolerate",
	WhyAttempts:     "Scheduling attempts so far: %d",
	WhyQueue:        "Waits in the scheduling queue's %s",
	WhyNominated:    "Nominated for %s by preemption",
	WhyGated:        "Gated: waiting for scheduling gates: [%s]; the scheduler does not try it until they are removed",
	NotExamined:     "not examined",
	Tied:            "tied",
	AlsoFails:       "also rejects it, not reported:",
	UseFilter:       "filters",
	UseScore:        "scores",
	UseEvict:        "evicts",
	WhyMissingOn:    "On %s it would need a toleration for:",
	ColNode:         "Node",
	ColFeasible:     "Fits",
	ColPlugin:       "Filter that rejected it",
	ColReasons:      "Reasons",
	ColScore:        "Score",
	ColChosen:       "Chosen",
	Yes:             "yes",
	No:              "no",
	Chosen:          "chosen",
	Matrix:          "Taints × tolerations",
	MatrixHint:      "Each row is a node taint; a column is one of the pod's tolerations. ● the toleration that matches it first, ○ another that matches; hover a cell for the rule that decided it.",
	MatrixEmpty:     "No node has taints.",
	ColTaint:        "Taint",
	ColResult:       "Result",
	Tolerated:       "tolerated",
	Untolerated:     "not tolerated",
	MatchedBy:       "matched by toleration %d",
	NoMatch:         "no toleration matches",
	PanicError:      "Internal error: %s",
	Footer:          "Runs entirely in your browser: a Go model of kube-scheduler and the taint-eviction controller, compiled to WebAssembly.",
	Version:         "version %s",

	ConsoleTitle:       "kubectl console",
	ConsoleHint:        "Ask the simulated cluster as it is at %s: describe and get answer from this frame; taint, cordon, uncordon, label, delete, drain and scale become steps of the scenario at this time.",
	ConsolePlaceholder: "kubectl describe node NAME",
	ConsoleRun:         "Run",

	Speed:                "Speed",
	SpeedHint:            "Virtual seconds per real second while playing",
	Scrub:                "Virtual time",
	ScrubValue:           "t=%s of %s",
	NextEvent:            "Next",
	PrevEvent:            "Prev",
	NextEventHint:        "Jump to the next event (→)",
	PrevEventHint:        "Jump to the previous event (←)",
	ClockAt:              "t=%s",
	EvictIn:              "evicted in %s unless the taint goes",
	Terminating:          "Terminating: its kubelet is unreachable",
	NominatedChip:        "nominated to %s",
	TerminatingGrace:     "Terminating: %ds of its grace period left",
	TerminatingTitle:     "Terminating: its node is not Ready, so no kubelet confirms the containers stopped. PodGC force-deletes it once the node has the node.kubernetes.io/out-of-service taint (a pass every 20 s); otherwise it stays until the kubelet returns.",
	NotModelled:          "not modelled",
	WhyNotModelled:       "Not modelled here: upstream acts on these fields of the pod's manifest, this simulation does not",
	NotModelledTitle:     "Not modelled here; upstream acts on these fields:\n%s",
	OwnerTitle:           "Controlled by %s",
	TolAddedBy:           "added by %s",
	TolByUser:            "from the pod spec",
	SrcDefaultTolSeconds: "DefaultTolerationSeconds",
	SrcDaemonSet:         "DaemonSet",
	SrcPodTolRestriction: "PodTolerationRestriction",
	SrcExtendedResource:  "ExtendedResourceToleration",
	SrcRuntimeClass:      "RuntimeClass %s",
	Gated:                "SchedulingGated",
	GatedTitle:           "Pending, not tried by the scheduler: waiting for scheduling gates: %s (remove them with kubectl patch)",
	Static:               "static pod",
	StaticTitle:          "Static pod: the kubelet on %s runs it from a manifest file, whatever the node's taints and pressure. This chip is its mirror pod, the copy in the API (annotation kubernetes.io/config.mirror): deleting it, or a NoExecute taint evicting it, does not stop the pod; the kubelet creates a new mirror pod.",
	MirrorBack:           "mirror deleted, new one at %s",
	WhyStatic:            "Static pod: the kubelet on %s runs it from a manifest file and admits it whatever the node's taints and pressure; the scheduler never places it. This is its mirror pod in the API: when the mirror is deleted (kubectl delete, the taint-eviction controller for an untolerated NoExecute taint) the static pod keeps running and the kubelet creates a new mirror pod with the same name and a new UID.",
	ZoneLabel:            "zone %s",
	ZoneTitle:            "Node-lifecycle zone %s, state %s",
	ZoneUnlabelled:       "(unlabelled)",
	NoExecuteQueued:      "NoExecute queued",
	NoExecuteQueuedTitle: "Waiting in the zone's rate-limited queue for its NoExecute not-ready/unreachable taint",
	NodeFilter:           "Filter nodes",
	NodeFilterHint:       "name, label, taint or pod",
	NodesShown:           "%d of %d nodes",
	MoreNodes:            "+%d more nodes",
	MoreNodesCounts:      "%d tainted · %d not Ready · %d cordoned · %d pods",
	ShowMore:             "Show %d more",
	EventsShown:          "Showing the last %d of %d events",
	EventFilter:          "Filter events",
	EventFilterHint:      "reason, object or message",
	ShowEarlier:          "Show %d earlier",
	NoEventMatches:       "No event matches “%s”.",
	PodsShown:            "Showing %d of %d pods",
	FramesBefore:         "%d earlier frames",
	FramesAfter:          "%d later frames",
	NoNodeMatches:        "No node matches “%s”.",
	NodesMatchShown:      "%d of %d matching nodes (%s in all)",
	NodesMatchNone:       "0 of %s nodes match",
	MoreMatchingNodes:    "+%d more matching nodes",
	EventsMatchShown:     "Showing the last %d of %d matching events (%s in all)",
	EventsMatchNone:      "0 of %s events match",
	PodsMatchShown:       "Showing %d of %d matching pods (%s in all)",
	PodsMatchNone:        "0 of %s pods match",
	FramesOne:            "1 frame",
	FramesMany:           "%d frames",
	EventsOne:            "1 event",
	EventsMany:           "%d events",
	LocalMissing:         "This address (#local) stands for a scenario kept only in the browser it was made in, and this browser does not have it.",
	Reported:             "reported",
	NotReported:          "also fails — not reported",
	ScoreTable:           "Scores",
	ScoreHint:            "Each cell: raw → normalized × weight = weighted. The highest total wins; ties are broken at random.",
	ColTotal:             "Total",
	SkippedPlugins:       "Skipped (PreScore said Skip): %s",
	NotExaminedNote:      "%d nodes not examined: percentageOfNodesToScore stopped the Filter pass once it found enough feasible nodes.",
	NotScored:            "Only one node fits, so it is chosen without scoring.",
	DescribePod:          "kubectl describe pod %s",
	ChosenNoFit:          "runs here; would not fit now",

	ConsoleKeys:           "↑ and ↓ recall earlier commands.",
	ConsoleStepAdded:      "The step was added to the scenario at this time.",
	CopyFallback:          "The browser did not allow copying: the text is selected, press Ctrl+C (⌘C) to copy it.",
	CopyLinkHint:          "Copy the address of this scenario (it lives in the link, never on a server)",
	CopySnippet:           "Copy",
	Embed:                 "Embed",
	EmbedHint:             "Paste this into a documentation page: the frame starts on a click, follows the page's light or dark theme (add &theme=dark or &theme=light), and reports its height so the page can size it.",
	ExportHint:            "Clean manifests for kubectl apply, or a shell script that replays the timeline on a real cluster (kind, KWOK).",
	ExportManifests:       "Clean manifests",
	ExportSave:            "Download",
	ExportSaveFailed:      "The download did not start (%s): the text is selected instead.",
	ExportScript:          "Replay script",
	ExportTitle:           "Export",
	ExportUnavailable:     "Export is not available in this build.",
	GroupCases:            "Cases",
	GroupExamples:         "Examples",
	GroupLessons:          "Lessons",
	GroupMisconceptions:   "Misconceptions",
	ImportAdd:             "Add to scenario",
	ImportCheck:           "Check",
	ImportDropFailed:      "The dropped file could not be read: %s",
	ImportEmpty:           "Paste or drop some YAML first.",
	ImportExport:          "Import / export",
	ImportFile:            "From the file %s",
	ImportHint:            "Paste or drop real YAML: kubectl get nodes -o yaml, multi-document files, Pods, Deployments, DaemonSets. Check lists common mistakes, each with its fix.",
	ImportPlaceholder:     "apiVersion: v1\nkind: List\nitems: …",
	ImportReplace:         "Replace scenario",
	ImportTitle:           "Import YAML",
	Language:              "Language",
	LastGoodOffer:         "Your last scenario that ran is still here.",
	LastGoodOpen:          "Open the last good scenario",
	LessonProfileNote:     "The lesson's model places pods first-fit in node order and treats a toleration as yes or no. Cells where kube-scheduler's default profile gives another value are marked, with that value in brackets.",
	LessonTableEffects:    "The three effects",
	LessonTableTainted:    "Tainted-node sweep",
	LessonTableToleration: "Wrongly given toleration",
	LessonTitle:           "Regional measurement network: the lesson's tables",
	Library:               "Library",
	LibraryAnswer:         "Answer:",
	LibraryAnswerLater:    "Run it to the last frame to see the answer.",
	LibraryCaptions:       "Steps:",
	LibraryHint:           "Each scenario asks you to predict, then run. Load one, make your guess, and play it to the end.",
	LibraryLoad:           "Load",
	LibraryLoadAria:       "Load %s",
	LibraryPredict:        "Predict, then run:",
	LinkCopied:            "Link copied",
	LinkTooLong:           "No share link for this scenario: %s. The address now ends in #local: this browser keeps the scenario, so reloading here keeps it, but the address cannot share it.",
	LintApplyFix:          "Apply the fix",
	LintClean:             "No common mistakes found.",
	LintFindings:          "Findings: %d",
	LintFix:               "Fix:",
	LintUnavailable:       "Checking is not available in this build.",
	OpenFull:              "Open in the playground ↗",
	Palette:               "Well-known taints",
	PaletteAdd:            "Add %s to node %s",
	PaletteDocs:           "docs",
	PaletteDocsAria:       "Kubernetes documentation for %s",
	PaletteEmpty:          "No well-known taints in this build.",
	PaletteHint:           "Click a taint to add it to the node as a kubectl taint step at this frame's time.",
	PaletteNode:           "Node",
	ProfileDiffCount:      "%d cells differ under the default profile",
	ProfileDiffers:        "default profile: %s",
	SnippetCopied:         "Copied.",
	StartEmbed:            "Start the simulation",
	StartEmbedHint:        "Nothing runs until you start it.",
	SweepChartTitle:       "Counts as %s changes",
	SweepEffect:           "effect",
	SweepParam:            "Vary",
	SweepTainted:          "tainted nodes",
	SweepTitle:            "Sweep one parameter",
	SweepTolerating:       "wrongly tolerating pods",
	SweepWindow:           "batch window (hours)",
	TeachingProfile:       "teaching profile",

	WhySpread: "Topology spread constraints",
	WhySpreadSkew: "%s: one more matching pod in this node's domain would make the skew " +
		"(matching pods there + 1 − the fewest in any counted domain) exceed maxSkew.",
	WhySpreadLabel: "%s: the node has no label for the constraint's topologyKey, so it is in no domain.",
	WhySpreadPolicy: "Every node with the topology key counts as a domain, even one the pod may not use: " +
		"with the default nodeTaintsPolicy Ignore a tainted node's empty domain keeps the minimum at 0; " +
		"nodeTaintsPolicy: Honor leaves out nodes whose taints the pod does not tolerate " +
		"(nodeAffinityPolicy: Honor, the default, already leaves out nodes its nodeSelector or node affinity rules out).",

	EngineStopped: "The simulation stopped: %s",
	EngineRebuilt: "The board is rebuilt from the last scenario that ran.",
	RunCancelled:  "Run cancelled: the board shows the last scenario that ran; the editor keeps your text (edit it to run it again).",
	EngineKept:    "Your scenario did not run; the board keeps the last one that ran. Edit it to run it again.",

	Overview:           "All %s nodes by zone",
	OverviewHint:       "One tile per node. Click a tile to bring up its node card, a zone to list its nodes.",
	OverviewNoZone:     "no zone",
	OverviewZoneCounts: "%s nodes · %d tainted · %d not Ready · %d cordoned",
	OverviewZoneHint:   "Show the node cards of zone %s",
	OverviewTiles:      "Nodes of zone %s: arrow keys move between nodes, Enter brings up the node's card",
	OverviewUtil:       "%d%% of cpu or memory requested",
	OverviewLegend:     "Tile marks",
	OverviewUtilLegend: "fill: requested share of cpu or memory",
	MarkNotReady:       "Ready=False",
	MarkUnreachable:    "Ready=Unknown (unreachable)",
	MarkPressure:       "pressure or another condition",
	MarkOver:           "requests exceed allocatable",
	TolDefaults:        "defaults",
	TolDefaultsTitle:   "Default tolerations, added by %s:\n%s",
}
