package sim

import (
	"cmp"
	"container/heap"
	"slices"
	"sort"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
	"github.com/taints-playground/playground/core/sched"
)

// Scheduling-queue parameters (pkg/scheduler/backend/queue/scheduling_queue.go,
// v1.37.2: DefaultPodInitialBackoffDuration, DefaultPodMaxBackoffDuration,
// DefaultPodMaxInUnschedulablePodsDuration, and the 30 s period of
// flushUnschedulableEntitiesLeftover in PriorityQueue.Run).
const (
	PodInitialBackoff              = 1 * time.Second
	PodMaxBackoff                  = 10 * time.Second
	PodMaxInUnschedulablePods      = 5 * time.Minute
	UnschedulableFlushPeriod       = 30 * time.Second
	queueingHintsSince             = 32                                   // SchedulerQueueingHints on by default (SCHEDULER.md §8)
	popFromBackoffQSince           = 33                                   // SchedulerPopFromBackoffQ beta, on (kube_features.go)
	nodeMonitorGracePeriod50Since  = nodelifecycle.GracePeriodSince       // node-monitor-grace-period 40s → 50s, PR #126287
	noExecuteSamePassSince         = nodelifecycle.NoExecuteSamePassSince // NoExecute queued in the pass that marks Unknown, PR #120816
	nodeMonitorGracePeriod         = 50 * time.Second
	nodeMonitorGracePeriodBefore32 = 40 * time.Second
)

// Queue states of a pod (PriorityQueue's three sub-queues).
type queueState int

const (
	qNone          queueState = iota // bound, deleted, or never scheduled by kube-scheduler
	qActive                          // activeQ
	qBackoff                         // backoffQ
	qUnschedulable                   // unschedulablePods
)

// Plugin names the queue reacts for.
const (
	pluginTaintToleration   = "TaintToleration"
	pluginNodeUnschedulable = "NodeUnschedulable"
	pluginNodeAffinity      = "NodeAffinity"
	pluginNodeResourcesFit  = "NodeResourcesFit"
	pluginNodeName          = "NodeName"
	pluginNodePorts         = "NodePorts"
)

// clusterEventKind is the kind of a cluster event the queue listens to.
type clusterEventKind int

const (
	evNodeAdd clusterEventKind = iota
	evNodeUpdate
	evAssignedPodDelete
)

// clusterEvent is one informer event: a node added or updated (before is
// nil for an add), or a pod bound to a node deleted.
type clusterEvent struct {
	kind          clusterEventKind
	before, after *core.Node
}

// activeEntry is one activeQ heap entry; gen invalidates stale entries.
type activeEntry struct {
	p   *podRec
	gen uint64
}

type activeHeap []activeEntry

func (h activeHeap) Len() int { return len(h) }

// Less is PrioritySort: higher priority first, then the earlier queue
// timestamp; equal timestamps keep file order.
func (h activeHeap) Less(i, j int) bool {
	a, b := h[i].p, h[j].p
	if a.priority != b.priority {
		return a.priority > b.priority
	}
	if a.qTime != b.qTime {
		return a.qTime < b.qTime
	}
	return a.order < b.order
}
func (h activeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *activeHeap) Push(x any)   { *h = append(*h, x.(activeEntry)) }
func (h *activeHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// version is the simulated Kubernetes release.
func (s *simulator) version() core.Version { return s.scen.Options.Version() }

// BackoffDuration is the scheduling queue's backoff after the n-th failed
// attempt (n ≥ 1): 1 s doubled per earlier attempt, at most 10 s
// (backoffQueue.calculateBackoffDuration).
func BackoffDuration(n int) time.Duration {
	if n <= 0 {
		return 0
	}
	shift := n - 1
	if shift > 30 || PodInitialBackoff > PodMaxBackoff>>uint(shift) {
		return PodMaxBackoff
	}
	return PodInitialBackoff << uint(shift)
}

// enqueue adds a new pod to activeQ (its arrival is the queue timestamp).
func (s *simulator) enqueue(p *podRec) {
	p.qTime = s.now
	s.activate(p)
}

// activate puts the pod into activeQ.
func (s *simulator) activate(p *podRec) {
	s.touch(p)
	p.q = qActive
	p.qGen++
	heap.Push(&s.active, activeEntry{p: p, gen: p.qGen})
}

// backingOff reports whether the pod's backoff has not expired yet
// (isEntityBackingoff: the expiry is not before now).
func (s *simulator) backingOff(p *podRec) bool {
	return p.attempts > 0 && p.backoffUntil >= s.now
}

// move is moveEntitiesToActiveOrBackoffQueue for one pod.
func (s *simulator) move(p *podRec) {
	if !s.backingOff(p) {
		s.activate(p)
		return
	}
	s.touch(p)
	p.q = qBackoff
	p.qGen++
	s.backoff = append(s.backoff, p)
	if !s.version().AtLeast(popFromBackoffQSince) {
		// flushBackoffQCompleted moves it once the backoff has expired.
		s.push(&item{at: p.backoffUntil, kind: itemBackoff, pod: p, gen: p.qGen})
	}
}

// failed records an unschedulable attempt: the pod goes to
// unschedulablePods with its rejecting plugins, a new backoff, and a
// check by the periodic flush.
func (s *simulator) failed(p *podRec, res *sched.Result) {
	s.touch(p)
	p.attempts++
	p.q = qUnschedulable
	p.qGen++
	p.qTime = s.now
	p.backoffUntil = s.now + BackoffDuration(p.attempts)
	p.plugins = rejectingPlugins(res)
	if !p.inUnsched {
		p.inUnsched = true
		s.unsched = append(s.unsched, p)
	}
	s.scheduleFlush(p)
}

// scheduleFlush queues the flushUnschedulableEntitiesLeftover tick that
// will find the pod more than 5 minutes in unschedulablePods: ticks run
// every 30 s from t=0 and move pods whose last attempt (or last flush) is
// strictly more than 5 minutes old.
func (s *simulator) scheduleFlush(p *podRec) {
	last := p.qTime
	if p.flushTime > last {
		last = p.flushTime
	}
	k := (last+PodMaxInUnschedulablePods)/UnschedulableFlushPeriod + 1
	s.push(&item{at: k * UnschedulableFlushPeriod, kind: itemFlush, pod: p, gen: p.qGen})
}

// rejectingPlugins is the pod's UnschedulablePlugins after a failed cycle:
// every plugin that rejected some node (or the whole pod).
func rejectingPlugins(res *sched.Result) map[string]bool {
	out := map[string]bool{}
	if res == nil {
		return out
	}
	for _, st := range res.Rejected {
		if st == nil {
			continue
		}
		name := st.Plugin
		if name == "" {
			// The absent-node status of a PreFilterResult comes from NodeAffinity.
			name = pluginNodeAffinity
		}
		out[name] = true
	}
	return out
}

// nextPod pops the next pod to schedule: activeQ first; from 1.33 an
// empty activeQ hands out backoffQ pods too (SchedulerPopFromBackoffQ),
// earliest backoff expiry first, then priority.
func (s *simulator) nextPod() *podRec {
	for s.active.Len() > 0 {
		e := heap.Pop(&s.active).(activeEntry)
		if e.p.q == qActive && e.p.qGen == e.gen && !e.p.deleted {
			return e.p
		}
	}
	s.compactBackoff()
	if !s.version().AtLeast(popFromBackoffQSince) || len(s.backoff) == 0 {
		return nil
	}
	best := 0
	for i, p := range s.backoff {
		b := s.backoff[best]
		if p.backoffUntil < b.backoffUntil || (p.backoffUntil == b.backoffUntil && (p.priority > b.priority || (p.priority == b.priority && p.order < b.order))) {
			best = i
		}
	}
	p := s.backoff[best]
	s.backoff = append(s.backoff[:best], s.backoff[best+1:]...)
	return p
}

// compactBackoff drops pods that left backoffQ.
func (s *simulator) compactBackoff() {
	kept := s.backoff[:0]
	for _, p := range s.backoff {
		if p.q == qBackoff && !p.deleted {
			kept = append(kept, p)
		}
	}
	s.backoff = kept
}

// backoffExpired is flushBackoffQCompleted for one pod (before 1.33).
func (s *simulator) backoffExpired(p *podRec, gen uint64) {
	if p.q != qBackoff || p.qGen != gen || p.deleted {
		return
	}
	s.compactBackoff()
	for i, q := range s.backoff {
		if q == p {
			s.backoff = append(s.backoff[:i], s.backoff[i+1:]...)
			break
		}
	}
	s.activate(p)
}

// flushLeftover is flushUnschedulableEntitiesLeftover for one pod.
func (s *simulator) flushLeftover(p *podRec, gen uint64) {
	if p.q != qUnschedulable || p.qGen != gen || p.deleted {
		return
	}
	last := p.qTime
	if p.flushTime > last {
		last = p.flushTime
	}
	if s.now-last <= PodMaxInUnschedulablePods {
		s.scheduleFlush(p)
		return
	}
	s.touch(p)
	p.flushTime = s.now
	s.note("%s: more than 5 minutes in unschedulablePods, the periodic flush sends it back to the scheduling queue", p.pod.Name)
	s.move(p)
}

// nodeEvent records a node add or update for the queue.
func (s *simulator) nodeEvent(before, after *core.Node) {
	if len(s.dsets) > 0 {
		s.ctrlDirty = true
	}
	kind := evNodeUpdate
	if before == nil {
		kind = evNodeAdd
	}
	s.cevents = append(s.cevents, clusterEvent{kind: kind, before: before, after: after.DeepCopy()})
}

// podGone records that a pod bound to a node went away (deleted, evicted,
// preempted, or terminal): the AssignedPod Delete event.
func (s *simulator) podGone(p *podRec) {
	s.markTerminating(p)
	s.ctrlDirty = true
	s.markStale(p.node)
	s.cevents = append(s.cevents, clusterEvent{kind: evAssignedPodDelete})
}

// dispatch evaluates the recorded cluster events against every pod in
// unschedulablePods and moves those an event may help.
func (s *simulator) dispatch() {
	if len(s.cevents) == 0 {
		return
	}
	evs := s.cevents
	s.cevents = nil
	// The pods in unschedulablePods, in s.pods order (order is the index).
	kept := s.unsched[:0]
	for _, p := range s.unsched {
		if p.q == qUnschedulable && !p.deleted {
			kept = append(kept, p)
		} else {
			p.inUnsched = false
		}
	}
	clear(s.unsched[len(kept):])
	s.unsched = kept
	slices.SortFunc(kept, func(a, b *podRec) int { return cmp.Compare(a.order, b.order) })
	for _, p := range kept {
		if p.q != qUnschedulable || p.deleted {
			continue
		}
		for i := range evs {
			if s.mayHelp(p, &evs[i]) {
				s.move(p)
				break
			}
		}
	}
}

// mayHelp reports whether the event moves the pod out of
// unschedulablePods.
//
// From 1.32 (QueueingHints on by default): one of its rejecting plugins
// registered for the event and that plugin's hint says Queue.
//
// Before 1.32 (no hints): one of its rejecting plugins registered for the
// event — every plugin that registers Node Add also registers
// UpdateNodeTaint and UpdateNodeLabel (kubernetes issue #109437) — and,
// for node events, the scheduler's preCheckForNode passes on the new node:
// the pod fits there now (AdmissionCheck: resources, node affinity, node
// name, ports) and no NoSchedule taint of the node is untolerated (NoExecute
// taints are not checked there).
func (s *simulator) mayHelp(p *podRec, ev *clusterEvent) bool {
	hints := s.version().AtLeast(queueingHintsSince)
	for _, name := range []string{pluginNodeName, pluginNodeUnschedulable, pluginTaintToleration, pluginNodeAffinity, pluginNodePorts, pluginNodeResourcesFit} {
		if !p.plugins[name] {
			continue
		}
		if hints {
			if registered(name, ev) && s.hint(name, p, ev) {
				return true
			}
			continue
		}
		if registeredWithoutHints(name, ev) {
			return ev.kind == evAssignedPodDelete || s.preCheck(p, ev.after)
		}
	}
	return false
}

// registeredWithoutHints is EventsToRegister when QueueingHints are off.
func registeredWithoutHints(plugin string, ev *clusterEvent) bool {
	switch ev.kind {
	case evNodeAdd:
		return true
	case evAssignedPodDelete:
		return plugin == pluginNodeResourcesFit || plugin == pluginNodePorts
	}
	taints := taintsKey(ev.before.Spec.Taints) != taintsKey(ev.after.Spec.Taints) || ev.before.Spec.Unschedulable != ev.after.Spec.Unschedulable
	labels := labelList(ev.before.Labels) != labelList(ev.after.Labels)
	alloc := allocKey(ev.before) != allocKey(ev.after)
	return taints || labels || (plugin == pluginNodeResourcesFit && alloc)
}

// preCheck is preCheckForNode (pkg/scheduler/eventhandlers.go, used while
// QueueingHints are off): the node-level admission checks and the
// NoSchedule taints.
func (s *simulator) preCheck(p *podRec, n *core.Node) bool {
	if n == nil {
		return true
	}
	info := newNodeInfo(n, nil)
	if i, ok := s.nodeIdx[n.Name]; ok {
		infos := s.nodeInfos(nil)
		if i < len(infos) && infos[i].Node != nil && infos[i].Node.Name == n.Name {
			info = newNodeInfo(n, infos[i].Pods)
		}
	}
	for _, st := range sched.ExplainNode(p.pod, info, s.schedOptions(nil)) {
		switch st.Plugin {
		case pluginNodeResourcesFit, pluginNodeAffinity, pluginNodeName, pluginNodePorts:
			if st.Code != sched.Success {
				return false
			}
		}
	}
	_, bad := core.FindMatchingUntoleratedTaint(n.Spec.Taints, p.pod.Spec.Tolerations, func(t *core.Taint) bool {
		return t.Effect == core.TaintEffectNoSchedule
	}, s.gate)
	return !bad
}

// registered is each plugin's EventsToRegister (v1.37.2): TaintToleration
// and NodeUnschedulable Node Add|UpdateNodeTaint (a spec.unschedulable
// change is an UpdateNodeTaint event); NodeAffinity Node
// Add|UpdateNodeLabel; NodeResourcesFit AssignedPod Delete and Node
// Add|UpdateNodeAllocatable; NodeName and NodePorts Node Add (NodePorts
// also AssignedPod Delete).
func registered(plugin string, ev *clusterEvent) bool {
	switch ev.kind {
	case evNodeAdd:
		return true
	case evAssignedPodDelete:
		return plugin == pluginNodeResourcesFit || plugin == pluginNodePorts
	}
	switch plugin {
	case pluginTaintToleration, pluginNodeUnschedulable:
		return taintsKey(ev.before.Spec.Taints) != taintsKey(ev.after.Spec.Taints) || ev.before.Spec.Unschedulable != ev.after.Spec.Unschedulable
	case pluginNodeAffinity:
		return labelList(ev.before.Labels) != labelList(ev.after.Labels)
	case pluginNodeResourcesFit:
		return allocKey(ev.before) != allocKey(ev.after)
	}
	return false
}

// hint is the plugin's QueueingHintFn for the event (v1.37.2).
func (s *simulator) hint(plugin string, p *podRec, ev *clusterEvent) bool {
	switch plugin {
	case pluginTaintToleration:
		// isSchedulableAfterNodeChange: untolerated (or new) → tolerated.
		untolerated := func(n *core.Node) bool {
			_, bad := core.FindMatchingUntoleratedTaint(n.Spec.Taints, p.pod.Spec.Tolerations, core.DoNotScheduleTaintsFilter, s.gate)
			return bad
		}
		was := ev.before == nil || untolerated(ev.before)
		return was && !untolerated(ev.after)
	case pluginNodeUnschedulable:
		// unschedulable → schedulable, or a new schedulable node.
		if ev.before == nil {
			return !ev.after.Spec.Unschedulable
		}
		return ev.before.Spec.Unschedulable && !ev.after.Spec.Unschedulable
	case pluginNodeAffinity:
		// The required affinity (nodeSelector too) newly matches.
		if !s.affinityMatches(p, ev.after) {
			return false
		}
		return ev.before == nil || !s.affinityMatches(p, ev.before)
	case pluginNodeResourcesFit:
		// Any deletion of a scheduled pod may help
		// (isSchedulableAfterAssignedPodDelete); a node change only when
		// allocatable grew (not produced by any step command).
		return true
	}
	return true
}

// affinityMatches is NodeAffinity's verdict for the pod on a lone node.
func (s *simulator) affinityMatches(p *podRec, n *core.Node) bool {
	for _, st := range sched.ExplainNode(p.pod, newNodeInfo(n, nil), s.schedOptions(nil)) {
		if st.Plugin == pluginNodeAffinity {
			return st.Code == sched.Success
		}
	}
	return true
}

func taintsKey(ts []core.Taint) string {
	var out string
	for i := range ts {
		out += ts[i].ToString() + "\n"
	}
	return out
}

func allocKey(n *core.Node) string {
	var out string
	for _, name := range sortedResourceNames(n.Status.Allocatable) {
		q := n.Status.Allocatable[name]
		out += string(name) + "=" + q.String() + "\n"
	}
	return out
}

// sortedResourceNames lists a resource list's names in byte order.
func sortedResourceNames(l core.ResourceList) []core.ResourceName {
	out := make([]core.ResourceName, 0, len(l))
	for name := range l {
		out = append(out, name)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
