package sim

import (
	"container/heap"
	"fmt"
	"math"
	"math/rand"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
	"github.com/taints-playground/playground/core/controllers/tainteviction"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Pod phases as the board shows them.
const (
	PhasePending = "Pending"
	PhaseRunning = "Running"
	// PhaseEvicted marks a pod the taint-eviction controller deleted, or one
	// the kubelet rejected at admission; upstream it is gone (or Failed with
	// reason Evicted), the board keeps it visible.
	PhaseEvicted = "Evicted"
)

// Event types and the reasons the simulator emits.
const (
	EventNormal  = "Normal"
	EventWarning = "Warning"

	ReasonScheduled            = "Scheduled"
	ReasonFailedScheduling     = "FailedScheduling"
	ReasonTaintManagerEviction = "TaintManagerEviction"
)

// maxIterations bounds internal loops so that no input can make Run spin.
const maxIterations = 100000

// Run simulates the scenario from t=0 up to and including s.Until and
// returns every frame and event. The same scenario always gives the same
// result. Errors are reported for a nil scenario and for any internal
// failure (Run recovers from panics so a browser build never crashes).
func Run(s *scenario.Scenario) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("simulation failed: %v\n%s", r, debug.Stack())
		}
	}()
	if s == nil {
		return nil, fmt.Errorf("no scenario")
	}
	sm := newSimulator(s)
	if err := sm.run(); err != nil {
		return nil, err
	}
	if verifyFrames {
		// Again without detail, so that every frame shares states and
		// each shared state is checked against a fresh one.
		v := newSimulator(s)
		v.detail.exhausted = true
		if err := v.run(); err != nil {
			return nil, err
		}
	}
	return &Result{Name: s.Name, Title: s.Title, Description: s.Description, Until: secs(s.Until), KubernetesVersion: s.Options.Version().String(), Frames: sm.frames, Events: sm.events, scen: s}, nil
}

// podRec is the simulator's record of one pod.
type podRec struct {
	pod      *core.Pod // as admitted (default tolerations appended)
	order    int       // file order
	priority int32
	node     string
	phase    string
	direct   bool // created with spec.nodeName: never scheduled
	missing  bool // spec.nodeName names a node that does not exist

	scheduledAt *time.Duration
	evictedAt   *time.Duration
	evictReason string
	failedMsg   string
	last        *sched.Result // the last failed scheduling attempt
	timer       *evictionTimer
	deleted     bool
	notYet      bool // created later by a `create pod NAME` step
	failed      bool // rejected by the kubelet's eviction manager: Failed, not deleted

	// status.reason and status.message when the kubelet rejected the pod.
	statusReason, statusMessage string
	createdAt                   time.Duration

	// Scheduling queue (see queue.go).
	q            queueState
	qGen         uint64        // bumped on every queue move; invalidates stale heap entries and timers
	qTime        time.Duration // queue timestamp: arrival, then the last failed attempt
	attempts     int           // failed scheduling attempts (unschedulable count)
	backoffUntil time.Duration
	flushTime    time.Duration // last time the periodic flush moved it
	plugins      map[string]bool

	// tolSources says who added each toleration (parallel to
	// pod.Spec.Tolerations): user, DefaultTolerationSeconds, DaemonSet
	// controller, PodTolerationRestriction.
	tolSources []string
	// admitErr is the admission rejection ("" when admitted);
	// admitForbidden marks a Forbidden status (the Priority plugin).
	admitErr       string
	admitForbidden bool
	// rs / ds: the controller that created the pod; dsNode the node a
	// daemon pod is for.
	rs     *rsRec
	ds     *core.DaemonSet
	dsNode string
	// req caches PodRequests(reqFor) (requests).
	req    map[core.ResourceName]int64
	reqFor *core.Pod
	// disruption is the DisruptionTarget condition set before deletion.
	disruption *core.PodCondition
	// preempted: the scheduler removed it for a higher-priority pod.
	preempted bool
	// inUnsched: the pod is in s.unsched (dispatch).
	inUnsched bool
	// memo is the pod's state in the last frame (framecache.go).
	memo podMemo
}

func (p *podRec) ref() string { return p.pod.Namespace + "/" + p.pod.Name }

// podName is a pod's namespace and name.
type podName struct{ namespace, name string }

// addPod adds a pod record (its namespace and name never change after).
func (s *simulator) addPod(p *podRec) {
	s.pods = append(s.pods, p)
	if !p.deleted {
		s.live++
		if err := checkLivePods(s.live, s.now); err != nil && s.capErr == nil {
			s.capErr = err
		}
	}
	if s.byName == nil {
		s.byName = map[podName][]*podRec{}
	}
	k := podName{p.pod.Namespace, p.pod.Name}
	s.byName[k] = append(s.byName[k], p)
}

// evictionTimer is a scheduled NoExecute deletion (TimedWorker).
type evictionTimer struct {
	id      uint64
	created time.Duration
	fireAt  time.Duration
	taint   string // the taint whose toleration time runs out, for people
}

type itemKind int

const (
	itemStep itemKind = iota
	itemTimer
	itemPass
	itemFlush   // flushUnschedulableEntitiesLeftover reaching a pod
	itemBackoff // a pod's backoff expired (before 1.33)
	itemUnknown // the grace period of a silent kubelet ran out
	itemTainter // the node-lifecycle controller's NoExecute tainting loop
	itemDrain   // kubectl drain retrying an eviction refused by a PDB
	itemWait    // the end of a `wait D` step
	itemResync  // a ReplicaSet sync deferred by the per-instant creation cap
)

// item is one entry of the event queue.
type item struct {
	at    time.Duration
	seq   uint64
	kind  itemKind
	step  int
	pod   *podRec
	timer uint64
	node  string
	gen   uint64 // the pod's qGen when a queue item was set
}

type itemHeap []*item

func (h itemHeap) Len() int { return len(h) }
func (h itemHeap) Less(i, j int) bool {
	if h[i].at != h[j].at {
		return h[i].at < h[j].at
	}
	return h[i].seq < h[j].seq
}
func (h itemHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *itemHeap) Push(x any)   { *h = append(*h, x.(*item)) }
func (h *itemHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

type simulator struct {
	scen    *scenario.Scenario
	gate    bool
	rng     *rand.Rand
	now     time.Duration
	seq     uint64
	timerID uint64
	queue   itemHeap

	nodes []*core.Node
	pods  []*podRec
	// byName indexes pods by namespace and name, in pods order (livePod);
	// rsIndexed is how many pods activeFor has indexed by ReplicaSet.
	byName    map[podName][]*podRec
	rsIndexed int

	events []Event
	frames []Frame

	startIndex int // the scheduler's rotating nextStartNodeIndex

	notes []string        // what happened since the last frame, for the summary
	passQ map[string]bool // nodes with a node-monitor pass queued

	stopGen map[string]uint64 // per node: bumped when the kubelet stops or posts again
	silent  map[string]bool   // nodes whose kubelet stopped and has not posted since
	times   nodeTimes         // condition heartbeat and transition times (nodetimes.go)
	term    map[*podRec]bool  // deleted pods still Terminating (terminating.go)
	detail  detailState       // which frames get Why detail and Describe (detail.go)

	// The scheduling queue (queue.go).
	active  activeHeap
	backoff []*podRec
	unsched []*podRec // every pod failed() put in unschedulablePods, maybe left since (dispatch compacts it)
	cevents []clusterEvent

	// The scheduler's snapshot, kept up to date node by node.
	nodeIdx map[string]int
	infos   []*sched.NodeInfo
	infoFor []*core.Node // the node object each of infos was built for
	// snap holds infos for the scheduler, Set entry by entry as
	// nodeInfos rebuilds them; nil until the first cycle.
	snap *sched.Snapshot
	// nodesGen counts writes of node objects into nodes; infosGen is
	// the count infoFor was last compared at.
	nodesGen, infosGen uint64
	stale              map[string]bool
	onNode             map[string][]*podRec // pods ever bound to a node, in binding order

	anyNominated bool // some pod was nominated by preemption (NominatedPods is then looked up)

	// Controllers (workloads.go, lifecycle.go, drain.go).
	nameRng    *rand.Rand
	rsets      []*rsRec
	dsets      []*core.DaemonSet
	pdbs       []*core.PodDisruptionBudget
	pclasses   []*core.PriorityClass
	namespaces map[string]*core.Namespace
	ctrlDirty  bool
	zones      map[string]*zoneRec
	allFull    bool // master disruption mode: every zone FullDisruption
	allWas     bool // every zone was fully disrupted at the last update
	zonesSeen  bool // updateZones ran once
	tainterAt  map[int64]bool
	drains     []*drainRec
	curStep    *scenario.Step // the step whose command runs (apply reads its manifest)
	fctx       *frameCtx      // the frame being settled (settleShowingPending)
	created    bool           // a controller created pods in this sync
	// timerOutput is what a running command printed later (kubectl drain's
	// retries), shown as the Output of that moment's frame.
	timerOutput []string

	// Frame states shared between frames (framecache.go).
	nodeMemo    []nodeMemo      // parallel to nodes
	dirtyPods   []*podRec       // pods touched since the last frame
	podsSeen    int             // len(pods) at the last frame
	lastPods    []*PodState     // the last frame's Pods
	lastLimited bool            // the last frame was built without detail
	reqDirty    map[string]bool // nodes whose Requested may have changed since the last frame
	// nodesTouched: some node changed in place since the last frame;
	// zoneStates are the zone states computed then.
	nodesTouched bool
	zoneStates   map[string]nodelifecycle.ZoneState
	built        int   // states built so far
	slots        int   // node and pod states the frames hold
	capErr       error // a cap on frame storage or live pods was exceeded (scenario.CheckFrames, CheckLivePods)
	live         int   // pod records not deleted (scenario.CheckLivePods)
	reused       int   // states shared with the frame before
}

func newSimulator(s *scenario.Scenario) *simulator {
	return &simulator{
		scen:    s,
		gate:    s.Options.ComparisonOperators(),
		rng:     rand.New(rand.NewSource(s.Options.Seed)),
		passQ:   map[string]bool{},
		stopGen: map[string]uint64{},
		silent:  map[string]bool{},
		nodeIdx: map[string]int{},
		stale:   map[string]bool{},
		onNode:  map[string][]*podRec{},
		// Generated names come from their own seeded generator so that
		// they never shift the scheduler's tie-breaks.
		nameRng:    rand.New(rand.NewSource(s.Options.Seed ^ 0x5eed)),
		namespaces: map[string]*core.Namespace{},
		zones:      map[string]*zoneRec{},
		tainterAt:  map[int64]bool{},
	}
}

func (s *simulator) push(it *item) {
	s.seq++
	it.seq = s.seq
	heap.Push(&s.queue, it)
}

func (s *simulator) emit(typ, reason, object, msg string) {
	s.events = append(s.events, Event{At: secs(s.now), Type: typ, Reason: reason, Object: object, Message: msg, Source: EventSource(reason)})
}

// EventSource is the component that reports an event of this reason
// (the From column of kubectl describe).
func EventSource(reason string) string {
	switch reason {
	case ReasonScheduled, ReasonFailedScheduling, "Preempted":
		return DefaultSchedulerName
	case ReasonTaintManagerEviction:
		return "taint-eviction-controller"
	case "NodeNotReady":
		return "node-controller"
	}
	return "kubelet"
}

func (s *simulator) note(format string, args ...any) {
	s.notes = append(s.notes, fmt.Sprintf(format, args...))
}

func secs(d time.Duration) float64 { return d.Seconds() }

func secPtr(d time.Duration) *float64 {
	v := secs(d)
	return &v
}

func durPtr(d time.Duration) *time.Duration { return &d }

// fmtT prints a virtual time for captions: "t=90s".
func fmtT(d time.Duration) string { return "t=" + fmtSecs(d) }

func fmtSecs(d time.Duration) string { return FormatSeconds(d.Seconds()) }

// FormatSeconds prints a virtual time in seconds the way captions and
// cmd/sim show it: "90s", "1.5s"; a time too large for plain seconds
// (where %g would print an exponent) as a duration with its zero units
// left out: "100000h", "83h20m".
func FormatSeconds(sec float64) string {
	s := fmt.Sprintf("%gs", sec)
	if !strings.ContainsAny(s, "eE") || math.IsInf(sec, 0) || math.IsNaN(sec) || math.Abs(sec) > float64(math.MaxInt64/int64(time.Second)) {
		return s
	}
	d := time.Duration(math.Round(sec)) * time.Second
	out := d.String()
	if strings.HasSuffix(out, "m0s") {
		out = strings.TrimSuffix(out, "0s")
	}
	if strings.HasSuffix(out, "h0m") {
		out = strings.TrimSuffix(out, "0m")
	}
	return out
}

// run is the whole simulation.
func (s *simulator) run() error {
	for _, n := range s.scen.Nodes {
		if s.scen.NodeCreatedLater(n.Name) {
			continue // joins at its `create node` step
		}
		s.createNode(n.DeepCopy())
	}
	// The node-lifecycle controller's first pass sees the starting zones.
	s.updateZones()
	for _, ns := range s.scen.Namespaces {
		s.namespaces[ns.Name] = ns
	}
	s.pclasses = append(s.pclasses, s.scen.PriorityClasses...)
	s.pdbs = append(s.pdbs, s.scen.PodDisruptionBudgets...)
	for i, p := range s.scen.Pods {
		rec := s.admit(p.DeepCopy(), i)
		rec.notYet = s.scen.CreatedLater(p.Namespace, p.Name)
		if rec.admitErr != "" {
			rec.deleted = true
			if !rec.notYet {
				s.note("pod %s was not created: %s", p.Name, rec.admitErr)
			}
		}
		s.addPod(rec)
	}
	// Workloads are copied: scale and apply steps set spec.replicas on
	// the simulator's objects, and the scenario must stay as it was
	// given (Result.Scenario, share links, Explain's re-runs).
	for _, d := range s.scen.Deployments {
		cp := *d
		s.addDeployment(&cp)
	}
	for _, rs := range s.scen.ReplicaSets {
		cp := *rs
		s.addReplicaSet(&cp)
	}
	for _, ds := range s.scen.DaemonSets {
		cp := *ds
		s.dsets = append(s.dsets, &cp)
		s.ctrlDirty = true
	}
	s.adoptPods()
	// Pods created with spec.nodeName are bound first, in file order.
	for _, p := range s.pods {
		if p.direct && !p.notYet {
			s.bindDirect(p)
		}
	}
	for _, p := range s.pods {
		if p.phase == PhasePending && !p.direct && !p.notYet && s.forUs(p) {
			s.enqueue(p)
		}
	}
	s.settle()
	s.frame("", "", "", "Initial scheduling pass")
	if s.capErr != nil {
		return s.capErr
	}

	for i, st := range s.scen.Steps {
		s.push(&item{at: st.At, kind: itemStep, step: i})
	}
	for n := 0; s.queue.Len() > 0; n++ {
		if n > maxIterations {
			return fmt.Errorf("simulation did not settle after %d queue items", maxIterations)
		}
		if s.capErr != nil {
			return s.capErr
		}
		it := heap.Pop(&s.queue).(*item)
		if it.at > s.scen.Until {
			heap.Push(&s.queue, it)
			break
		}
		s.now = it.at
		switch it.kind {
		case itemStep:
			st := s.scen.Steps[it.step]
			if d, err := scenario.WaitDuration(st.Run); err == nil {
				s.push(&item{at: s.now + d, kind: itemWait, step: it.step})
			}
			s.curStep = &st
			out, err := s.runCommand(st.Run)
			s.curStep = nil
			// The NoExecute tainter reacting to this step shares its frame.
			for s.queue.Len() > 0 && s.queue[0].at == s.now && s.queue[0].kind == itemTainter {
				s.fire(heap.Pop(&s.queue).(*item))
			}
			if err != nil {
				if out != "" {
					out += "\n"
				}
				out += err.Error()
				s.note("the command failed: %s", firstLine(err.Error()))
			}
			if s.settleShowingPending(st.Run, st.Caption, out) {
				if len(s.notes) > 0 {
					s.frame("", "", "", "")
				}
			} else {
				s.frame(st.Run, st.Caption, out, "")
			}
		case itemWait:
			waited := "waited " + fmtSecs(it.at-s.scen.Steps[it.step].At) + " after " + fmtT(s.scen.Steps[it.step].At)
			if !s.settleShowingPending("", "", "") || len(s.notes) > 0 {
				s.frame("", "", "", waited)
			}
		case itemTimer, itemPass, itemFlush, itemBackoff, itemUnknown, itemTainter, itemDrain, itemResync:
			s.fire(it)
			// Everything due at the same moment shares one frame.
			for s.queue.Len() > 0 && s.queue[0].at == s.now && s.queue[0].kind != itemStep {
				s.fire(heap.Pop(&s.queue).(*item))
			}
			out := strings.Join(s.timerOutput, "\n")
			s.timerOutput = nil
			if s.settleShowingPending("", "", out) {
				out = ""
			}
			if len(s.notes) > 0 {
				s.frame("", "", out, "")
			}
		}
	}
	if last := s.frames[len(s.frames)-1]; secs(s.scen.Until) > last.At {
		s.now = s.scen.Until
		s.frame("", "", "", "End of the scenario at "+fmtT(s.now))
	}
	return s.capErr
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// fire handles one timer or node-monitor pass.
func (s *simulator) fire(it *item) {
	switch it.kind {
	case itemTimer:
		p := it.pod
		if p.deleted || p.phase != PhaseRunning || p.timer == nil || p.timer.id != it.timer {
			return // cancelled or superseded
		}
		t := p.timer
		s.touch(p)
		p.timer = nil
		s.evict(p, fmt.Sprintf("its toleration of %s on %s ran out: tolerationSeconds counted from %s, when the taint-eviction controller saw the taint", t.taint, p.node, fmtT(t.created)))
	case itemFlush:
		s.flushLeftover(it.pod, it.gen)
	case itemTainter:
		s.runTainter()
	case itemDrain:
		s.retryDrain(it.step)
	case itemResync:
		s.ctrlDirty = true
		s.syncControllers()
	case itemBackoff:
		s.backoffExpired(it.pod, it.gen)
	case itemUnknown:
		n := s.node(it.node)
		if n == nil || s.stopGen[it.node] != it.gen {
			return
		}
		if c := condition(n, core.NodeReady); c != nil && c.Status == core.ConditionUnknown {
			return
		}
		before := n.DeepCopy()
		s.note("%s: no heartbeat for more than %s", it.node, fmtSecs(s.gracePeriod()))
		s.markUnknown(before, n)
		s.afterNodeChange(before, n)
	case itemPass:
		delete(s.passQ, it.node)
		n := s.node(it.node)
		if n == nil {
			return
		}
		before := n.DeepCopy()
		s.reconcileNoExecute(n)
		s.afterNodeChange(before, n)
	}
}

// schedulingOrder is the scheduler's queue order: higher priority first,
// then file order.
func (s *simulator) schedulingOrder() []*podRec {
	out := append([]*podRec(nil), s.pods...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].priority != out[j].priority {
			return out[i].priority > out[j].priority
		}
		return out[i].order < out[j].order
	})
	return out
}

// node returns the node called name, or nil.
func (s *simulator) node(name string) *core.Node {
	if i, ok := s.nodeIdx[name]; ok && i < len(s.nodes) && s.nodes[i].Name == name {
		return s.nodes[i]
	}
	for _, n := range s.nodes {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// newNodeInfo is the scheduler's view of one node with its pods.
func newNodeInfo(n *core.Node, pods []*core.Pod) *sched.NodeInfo {
	return framework.NewNodeInfo(n, pods...)
}

// markStale says a node's pods changed: its NodeInfo is rebuilt (as a
// new object, so per-cycle memos keyed by it never go stale).
func (s *simulator) markStale(node string) {
	if node != "" {
		s.stale[node] = true
	}
}

// bound records that a pod now runs on its node.
func (s *simulator) bound(p *podRec) {
	s.onNode[p.node] = append(s.onNode[p.node], p)
	s.markStale(p.node)
}

// running lists the pods running on a node, in binding order.
func (s *simulator) running(node string) []*podRec {
	var out []*podRec
	for _, p := range s.onNode[node] {
		if !p.deleted && p.phase == PhaseRunning && p.node == node {
			out = append(out, p)
		}
	}
	return out
}

// nodeInfos is the scheduler's snapshot: every node in file order with the
// running pods bound to it, except skip.
func (s *simulator) nodeInfos(skip *podRec) []*sched.NodeInfo {
	if len(s.infos) != len(s.nodes) {
		s.infos = make([]*sched.NodeInfo, len(s.nodes))
		s.infoFor = make([]*core.Node, len(s.nodes))
		s.snap = nil
		for i, n := range s.nodes {
			s.nodeIdx[n.Name] = i
		}
	}
	rebuild := func(i int) {
		n := s.nodes[i]
		var pods []*core.Pod
		for _, p := range s.running(n.Name) {
			pods = append(pods, p.pod)
		}
		s.infos[i], s.infoFor[i] = newNodeInfo(n, pods), n
		if s.snap != nil {
			s.snap.Set(i, s.infos[i])
		}
	}
	if s.infosGen != s.nodesGen || s.snap == nil {
		// A kubectl write replaces the node object in place.
		for i, n := range s.nodes {
			if s.infoFor[i] != n {
				rebuild(i)
			}
		}
		s.infosGen = s.nodesGen
	}
	if len(s.stale) > 0 {
		for name := range s.stale {
			if i, ok := s.nodeIdx[name]; ok && i < len(s.nodes) && s.nodes[i].Name == name {
				rebuild(i)
			}
		}
		clear(s.stale)
	}
	if s.snap == nil {
		s.snap = sched.NewSnapshot(s.infos)
	}
	if skip == nil || skip.node == "" {
		return s.infos
	}
	out := append([]*sched.NodeInfo(nil), s.infos...)
	if i, ok := s.nodeIdx[skip.node]; ok {
		var pods []*core.Pod
		for _, p := range s.running(skip.node) {
			if p != skip {
				pods = append(pods, p.pod)
			}
		}
		out[i] = newNodeInfo(s.nodes[i], pods)
	}
	return out
}

// nominatedPods are the pending pods preemption nominated to a node.
func (s *simulator) nominatedPods() []*core.Pod {
	if !s.anyNominated {
		return nil
	}
	var out []*core.Pod
	for _, p := range s.pods {
		if !p.deleted && p.phase == PhasePending && p.pod.Status.NominatedNodeName != "" {
			out = append(out, p.pod)
		}
	}
	return out
}

func (s *simulator) schedOptions(r *rand.Rand) sched.Options {
	return sched.Options{EnableComparisonOperators: s.gate, Rand: r, Version: s.version()}
}

// explainRand is a generator for explanation-only cycles, so that asking
// "why" never changes what the simulation decides.
func (s *simulator) explainRand() *rand.Rand {
	return rand.New(rand.NewSource(s.scen.Options.Seed))
}

// forUs reports whether kube-scheduler takes the pod (spec.schedulerName
// empty or default-scheduler); for other pods it notes that nobody will.
func (s *simulator) forUs(p *podRec) bool {
	if name := p.pod.Spec.SchedulerName; name != "" && name != DefaultSchedulerName {
		// kube-scheduler only takes pods addressed to it; nobody else runs.
		s.note("%s stays Pending: spec.schedulerName %q is not %s", p.pod.Name, name, DefaultSchedulerName)
		p.last = &sched.Result{}
		return false
	}
	return true
}

// DefaultSchedulerName is the scheduler the simulated cluster runs.
const DefaultSchedulerName = "default-scheduler"

// cycle is one scheduling cycle for a pod popped from the queue. A
// failure sends the pod to unschedulablePods (queue.go); when preemption
// found a node, the pod is nominated there and the victims are deleted at
// once (their grace period is not modelled), which queues the pod again.
func (s *simulator) cycle(p *podRec) {
	s.touch(p)
	p.q = qNone
	opts := s.schedOptions(s.rng)
	opts.StartNodeIndex = s.startIndex
	opts.NominatedPods = s.nominatedPods()
	// The cycle acts on the decision only; the Why view runs its own.
	opts.SkipBreakdown = true
	var res sched.Result
	if infos := s.nodeInfos(p); p.node == "" {
		// The kept snapshot: no comparison of every node each cycle.
		res = sched.ScheduleSnapshot(p.pod, s.snap, opts)
	} else {
		res = sched.Schedule(p.pod, infos, opts)
	}
	s.startIndex = res.NextStartNodeIndex
	if res.NodeName == "" {
		p.failedMsg = res.Message
		p.last = &res
		s.emit(EventWarning, ReasonFailedScheduling, "pod/"+p.ref(), res.Message)
		s.note("%s stays Pending: %s", p.pod.Name, shortReason(res.Message))
		s.failed(p, &res)
		if res.NominatedNode != "" && len(res.Victims) > 0 {
			s.preempt(p, res)
		}
		return
	}
	p.failedMsg = ""
	p.last = nil
	p.pod.Status.NominatedNodeName = ""
	p.node = res.NodeName
	p.phase = PhaseRunning
	p.scheduledAt = durPtr(s.now)
	s.bound(p)
	s.emit(EventNormal, ReasonScheduled, "pod/"+p.ref(), fmt.Sprintf("Successfully assigned %s to %s", p.ref(), res.NodeName))
	s.note("%s scheduled to %s", p.pod.Name, res.NodeName)
	if s.kubeletAdmit(p) {
		s.processPod(p)
	}
}

// preempt carries out a successful preemption: the preemptor is nominated
// to the node and each victim is deleted with a Preempted event.
func (s *simulator) preempt(p *podRec, res sched.Result) {
	s.touch(p)
	p.pod.Status.NominatedNodeName = res.NominatedNode
	s.anyNominated = true
	for _, v := range res.Victims {
		for _, q := range s.pods {
			if q.deleted || q.phase != PhaseRunning || q.ref() != v {
				continue
			}
			s.emit(EventNormal, "Preempted", "pod/"+q.ref(), fmt.Sprintf("Preempted by pod %s on node %s", podUID(p), res.NominatedNode))
			s.touch(q)
			q.phase = PhaseEvicted
			q.preempted = true
			q.evictedAt = durPtr(s.now)
			q.evictReason = fmt.Sprintf("the scheduler preempted it to make room for %s (priority %d > %d)", p.pod.Name, p.priority, q.priority)
			s.cancelEviction(q)
			s.podGone(q)
			s.note("%s preempted on %s for %s", q.pod.Name, q.node, p.pod.Name)
		}
	}
}

// podUID is what the Preempted event names the preemptor by: its UID when
// the manifest has one, else namespace/name.
func podUID(p *podRec) string {
	if p.pod.UID != "" {
		return p.pod.UID
	}
	return p.ref()
}

// shortReason is the filter part of a FailedScheduling message: what the
// nodes said, without "0/N nodes are available:" and the preemption part.
func shortReason(msg string) string {
	const marker = " nodes are available: "
	if i := strings.Index(msg, marker); i >= 0 {
		msg = msg[i+len(marker):]
	}
	if i := strings.Index(msg, ". "); i >= 0 {
		msg = msg[:i]
	}
	return strings.TrimSuffix(msg, ".")
}

// bindDirect binds a pod created with spec.nodeName: no scheduler, only
// kubelet admission.
func (s *simulator) bindDirect(p *podRec) {
	s.touch(p)
	if s.node(p.pod.Spec.NodeName) == nil {
		p.missing = true
		s.note("%s stays Pending: spec.nodeName %q names no node, and the scheduler ignores pods that set spec.nodeName", p.pod.Name, p.pod.Spec.NodeName)
		return
	}
	p.node = p.pod.Spec.NodeName
	p.phase = PhaseRunning
	p.scheduledAt = durPtr(s.now)
	s.bound(p)
	s.note("%s bound to %s by spec.nodeName (no scheduler)", p.pod.Name, p.node)
	if s.kubeletAdmit(p) {
		s.processPod(p)
	}
}

// kubeletAdmit applies the kubelet's admission checks to a pod just bound
// to its node. It reports whether the pod runs.
func (s *simulator) kubeletAdmit(p *podRec) bool {
	s.touch(p)
	n := s.node(p.node)
	// The eviction manager admits first: DiskPressure/PIDPressure reject every
	// non-critical pod; MemoryPressure alone rejects BestEffort pods that do
	// not tolerate node.kubernetes.io/memory-pressure.
	if !isCritical(p) {
		var conds []string
		for _, t := range []core.NodeConditionType{core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure} {
			if c := condition(n, t); c != nil && c.Status == core.ConditionTrue {
				conds = append(conds, string(t))
			}
		}
		reject := len(conds) > 0
		if len(conds) == 1 && conds[0] == string(core.NodeMemoryPressure) {
			reject = isBestEffort(p.pod) && !core.TolerationsTolerateTaint(p.pod.Spec.Tolerations,
				&core.Taint{Key: core.TaintNodeMemoryPressure, Effect: core.TaintEffectNoSchedule}, s.gate)
		}
		if reject {
			msg := fmt.Sprintf("The node had condition: [%s]. ", strings.Join(conds, " "))
			s.emit(EventWarning, "Evicted", "pod/"+p.ref(), msg)
			p.statusReason, p.statusMessage = "Evicted", "Pod was rejected: "+msg
			s.rejectFailed(p, "the kubelet on "+p.node+" rejected it at admission: Pod was rejected: "+msg)
			return false
		}
	}
	// Then the kubelet's own predicates (generalFilter): resources first.
	if p.direct {
		if reason, msg, bad := s.outOfResource(p, n); bad {
			s.emit(EventWarning, reason, "pod/"+p.ref(), msg)
			p.statusReason, p.statusMessage = reason, "Pod was rejected: "+msg
			s.rejectFailed(p, "the kubelet on "+p.node+" rejected it at admission: Pod was rejected: "+msg)
			return false
		}
	}
	// Then the TaintToleration predicate: an untolerated NoExecute taint.
	if p.direct {
		if t, bad := core.FindMatchingUntoleratedTaint(n.Spec.Taints, p.pod.Spec.Tolerations, core.NoExecuteTaintsFilter, s.gate); bad {
			// pkg/kubelet/lifecycle/predicate.go: PredicateFailureError
			// "Predicate %s failed: %s" with ErrReasonNotMatch; rejectPod
			// prefixes "Pod was rejected: " for status.message and uses the
			// predicate name as reason (SCHEDULER.md §9).
			const msg = "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"
			s.emit(EventWarning, "TaintToleration", "pod/"+p.ref(), msg)
			p.statusReason, p.statusMessage = "TaintToleration", "Pod was rejected: "+msg
			// The taint-eviction controller deletes it as well.
			s.emit(EventNormal, ReasonTaintManagerEviction, "pod/"+p.ref(), "Marking for deletion Pod "+p.ref())
			s.reject(p, fmt.Sprintf("the kubelet on %s rejected it (Pod was rejected: %s: %s is not tolerated) and the taint-eviction controller deleted it", p.node, msg, t.ToString()))
			return false
		}
	}
	return true
}

// outOfResource is the kubelet's resource admission check for a pod bound
// by spec.nodeName (the scheduler already checked the others): the first
// resource, in the order pods, cpu, memory, ephemeral-storage, then extended
// resources by name, whose request does not fit next to the running pods.
// reason is "OutOf<resource>", msg the InsufficientResourceError text.
func (s *simulator) outOfResource(p *podRec, n *core.Node) (reason, msg string, bad bool) {
	used := map[core.ResourceName]int64{}
	for _, q := range s.pods {
		if q != p && !q.deleted && q.phase == PhaseRunning && q.node == n.Name {
			for name, v := range q.requests() {
				used[name] += v
			}
			used[core.ResourcePods]++
		}
	}
	alloc := map[core.ResourceName]int64{}
	for name, q := range n.Status.Allocatable {
		alloc[name] = quantityValue(name, q)
	}
	req := PodRequests(p.pod)
	req[core.ResourcePods] = 1
	names := []core.ResourceName{core.ResourcePods, core.ResourceCPU, core.ResourceMemory, core.ResourceEphemeralStorage}
	var extended []string
	for name := range req {
		switch name {
		case core.ResourcePods, core.ResourceCPU, core.ResourceMemory, core.ResourceEphemeralStorage:
		default:
			extended = append(extended, string(name))
		}
	}
	sort.Strings(extended)
	for _, e := range extended {
		names = append(names, core.ResourceName(e))
	}
	for _, name := range names {
		r := req[name]
		if r == 0 {
			continue
		}
		if used[name]+r > alloc[name] {
			return "OutOf" + string(name), fmt.Sprintf("Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d", name, r, used[name], alloc[name]), true
		}
	}
	return "", "", false
}

// reject marks a pod the kubelet refused. The Failed pod stays bound, so
// the taint-eviction controller still deletes it at once when the node has
// a NoExecute taint it does not tolerate.
func (s *simulator) reject(p *podRec, why string) {
	s.touch(p)
	p.phase = PhaseEvicted
	p.evictedAt = durPtr(s.now)
	p.evictReason = why
	p.timer = nil
	s.podGone(p)
	s.note("%s rejected on %s", p.pod.Name, p.node)
}

// rejectFailed is reject for the kubelet's resource and pressure checks,
// which leave a Failed pod behind (see reject).
func (s *simulator) rejectFailed(p *podRec, why string) {
	s.touch(p)
	s.reject(p, why)
	p.failed = true
	if n := s.node(p.node); n != nil {
		if action, _ := core.EvictionDecision(n.Spec.Taints, p.pod.Spec.Tolerations, s.gate); action == core.EvictionNow {
			s.emit(EventNormal, ReasonTaintManagerEviction, "pod/"+p.ref(), "Marking for deletion Pod "+p.ref())
			p.failed = false
		}
	}
}

func isCritical(p *podRec) bool { return p.priority >= 2000000000 }

func isBestEffort(p *core.Pod) bool {
	for _, cs := range [][]core.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for _, c := range cs {
			for _, l := range []core.ResourceList{c.Resources.Requests, c.Resources.Limits} {
				for name, q := range l {
					if (name == core.ResourceCPU || name == core.ResourceMemory) && !q.IsZero() {
						return false
					}
				}
			}
		}
	}
	return true
}

func condition(n *core.Node, t core.NodeConditionType) *core.NodeCondition {
	if n == nil {
		return nil
	}
	for i := range n.Status.Conditions {
		if n.Status.Conditions[i].Type == t {
			return &n.Status.Conditions[i]
		}
	}
	return nil
}

// processPod is the taint-eviction controller looking at one pod bound to
// a node (tainteviction processPodOnNode; the decision is
// core/controllers/tainteviction.Decide).
func (s *simulator) processPod(p *podRec) {
	if p.deleted || p.phase != PhaseRunning {
		return
	}
	n := s.node(p.node)
	if n == nil {
		return
	}
	var existing *tainteviction.Timer
	if p.timer != nil {
		existing = &tainteviction.Timer{Created: p.timer.created, FireAt: p.timer.fireAt}
	}
	d := tainteviction.Decide(s.now, existing, n.Spec.Taints, p.pod.Spec.Tolerations, s.gate)
	switch d.Action {
	case tainteviction.Nothing, tainteviction.Keep:
	case tainteviction.Cancel:
		s.cancelEviction(p)
	case tainteviction.EvictNow:
		s.cancelEviction(p)
		reason := "a NoExecute toleration with tolerationSeconds ≤ 0 lets it stay no time at all"
		if t, bad := core.FindMatchingUntoleratedTaint(n.Spec.Taints, p.pod.Spec.Tolerations, core.NoExecuteTaintsFilter, s.gate); bad {
			reason = fmt.Sprintf("%s has %s, which it does not tolerate", p.node, t.ToString())
		}
		s.evict(p, reason)
	case tainteviction.Schedule:
		created := s.now
		if p.timer != nil {
			// Replaced at the instant it was set: same creation time.
			created = p.timer.created
			s.cancelEviction(p)
		}
		s.timerID++
		s.touch(p)
		p.timer = &evictionTimer{id: s.timerID, created: created, fireAt: d.FireAt, taint: s.limitingTaint(n, p, d.After)}
		if d.FireAt != math.MaxInt64 {
			s.push(&item{at: d.FireAt, kind: itemTimer, pod: p, timer: s.timerID})
		}
		s.note("%s will be evicted at %s (tolerates %s for %s)", p.pod.Name, fmtT(d.FireAt), p.timer.taint, fmtSecs(d.After))
	}
}

// limitingTaint names the NoExecute taint whose used toleration has the
// smallest tolerationSeconds, for captions.
func (s *simulator) limitingTaint(n *core.Node, p *podRec, after time.Duration) string {
	var names []string
	for i := range n.Spec.Taints {
		t := &n.Spec.Taints[i]
		if t.Effect != core.TaintEffectNoExecute {
			continue
		}
		for j := range p.pod.Spec.Tolerations {
			tol := &p.pod.Spec.Tolerations[j]
			if tol.ToleratesTaint(t, s.gate) {
				if tol.TolerationSeconds != nil && time.Duration(*tol.TolerationSeconds)*time.Second == after {
					names = append(names, t.ToString())
				}
				break
			}
		}
	}
	if len(names) == 0 {
		return "its NoExecute taints"
	}
	return strings.Join(names, ", ")
}

// cancelEviction drops a pending timer with the controller's event.
func (s *simulator) cancelEviction(p *podRec) {
	if p.timer == nil {
		return
	}
	s.touch(p)
	p.timer = nil
	s.emit(EventNormal, ReasonTaintManagerEviction, "pod/"+p.ref(), tainteviction.CancellingMessage(p.pod.Namespace, p.pod.Name))
	s.note("%s: pending eviction cancelled", p.pod.Name)
}

// evict deletes a pod by the taint-eviction controller.
func (s *simulator) evict(p *podRec, why string) {
	s.emit(EventNormal, ReasonTaintManagerEviction, "pod/"+p.ref(), tainteviction.MarkingMessage(p.pod.Namespace, p.pod.Name))
	c := tainteviction.DisruptionTarget()
	s.touch(p)
	p.disruption = &c
	p.phase = PhaseEvicted
	p.evictedAt = durPtr(s.now)
	p.evictReason = why
	p.timer = nil
	s.podGone(p)
	s.note("%s evicted from %s", p.pod.Name, p.node)
}

// settle runs the scheduler until its queue has nothing to hand out at
// this instant: recorded cluster events move unschedulable pods first
// (queueing hints), then pods are popped one at a time.
func (s *simulator) settle() {
	for i := 0; i < maxIterations; i++ {
		if s.ctrlDirty {
			s.ctrlDirty = false
			s.syncControllers()
			if s.created && s.fctx != nil && !s.fctx.used {
				// The controllers' new pods are Pending before the
				// scheduler places them: one frame shows that moment.
				s.fctx.used = true
				s.frame(s.fctx.step, s.fctx.caption, s.fctx.output, "")
			}
			s.created = false
		}
		s.dispatch()
		p := s.nextPod()
		if p == nil {
			return
		}
		s.cycle(p)
	}
}

// frameCtx is the frame a step or timer would make, used for the extra
// frame that shows controller-created pods still Pending.
type frameCtx struct {
	step, caption, output string
	used                  bool
}

// settleShowingPending is settle that records a frame (with this step,
// caption and output) at the moment controllers created pods and before
// the scheduler places them. It reports whether that frame was made.
func (s *simulator) settleShowingPending(step, caption, output string) bool {
	s.fctx = &frameCtx{step: step, caption: caption, output: output}
	s.settle()
	used := s.fctx.used
	s.fctx = nil
	return used
}
