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

	// Fix it (issue 15): the why panel's proposals (why_fix.go).
	FixTitle             string
	FixNodeLabel         string
	FixOption            string
	FixOptionBlocked     string
	FixOptionBest        string
	FixBestRule          string
	FixTolerations       string
	FixNoneNeeded        string
	FixAdd               string
	FixAddTo             string
	FixTemplate          string
	FixCannotAdd         string
	FixFits              string
	FixChosenOther       string
	FixBlocked           string
	FixNoNodeFits        string
	FixEvictAfter        string
	FixEvictNow          string
	FixGated             string
	FixChecked           string
	FixAdded             string
	FixErr               string
	FixKeepOff           string
	FixEffectLabel       string
	FixNoScheduleHelp    string
	FixNoExecuteHelp     string
	FixTaintAdd          string
	FixTaintHint         string
	FixImpossible        string
	FixPodsOnNode        string
	FixMoved             string
	FateStays            string
	FateEvictedNow       string
	FateEvictedAfter     string
	FateMirror           string
	FateDaemonSet        string
	FateThisPod          string
	FixBestRuleNoFit     string
	FixTolerationsCordon string
	FixRejected          string
	FixCordoned          string
	FixUncordonAdd       string
	FixUncordonHint      string
	FixStatic            string
	FixOptionRejected    string
	FixNoneNeededCordon  string

	// The taint impact preview (issue 15, web/impact.go).
	Impact              string
	ImpactHint          string
	ImpactNode          string
	ImpactSelector      string
	ImpactTaint         string
	ImpactWellKnown     string
	ImpactPick          string
	ImpactPreviewBtn    string
	ImpactApply         string
	ImpactBusy          string
	ImpactNeedTaint     string
	ImpactStale         string
	ImpactSummary       string
	ImpactEvicted       string
	ImpactSpared        string
	ImpactScheduled     string
	ImpactPending       string
	ImpactRecreated     string
	ImpactNone          string
	ImpactColPod        string
	ImpactColNode       string
	ImpactColWhen       string
	ImpactColSeconds    string
	ImpactColToleration string
	ImpactColWhy        string
	ImpactColOwner      string
	ImpactColWithout    string
	ImpactColReplaces   string
	ImpactNever         string
	ImpactNotAt         string
	ImpactNoToleration  string
	ImpactBlocked       string
	ImpactStillPending  string
	ImpactNodeAria      string
	ImpactNodeBtn       string
	ImpactNodes         string
	ImpactColBefore     string
	ImpactColAfter      string
	ImpactWarning       string
	ImpactBreaks        string
	ImpactBreaksHint    string
	ImpactFixes         string
	ImpactColStep       string
	ImpactColError      string

	// Lessons keep their identity, predict then run, frame links
	// (issue 15): the intro's neutral title before a lesson's answer,
	// its reveal button, the picker's and the library's "edited from",
	// the copy link's frame option.
	PredictTitle, ShowAnswer, AnswerLabel string
	// The editor's cover over a lesson's file before its answer.
	EditorCovered, ShowFile          string
	EditedFrom, LibraryEditedFrom    string
	LinkThisFrame, LinkThisFrameHint string

	// Cause and effect (issue 15): failed steps, stale captions, the
	// docked console, the editor's error line and the theme switch.
	StepFailedTitle, EditorOKFailed         string
	StepFailedOne, StepFailedMany           string
	CaptionFailed, CaptionStale             string
	CaptionStaleTitle                       string
	ConsoleHide, ConsoleShow                string
	ErrorGoLine, ErrorGoLineHint            string
	Theme, ThemeAuto, ThemeLight, ThemeDark string

	// Offline and instant (issue 16): the notice that a new version of the
	// page is ready, and its button.
	UpdateReady, UpdateReload, UpdateReloadHint string

	// _ makes Messages not comparable: nothing compares catalogues, and a
	// comparable struct of ~230 strings costs a ~38 KB generated equality
	// function in the wasm.
	_ [0]func()
}
