package queue

import (
	"cmp"
	"slices"
	"sort"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/plugins/interpodaffinity"
	"github.com/taints-playground/playground/core/sched/plugins/nodeports"
	"github.com/taints-playground/playground/core/sched/plugins/podtopologyspread"
	"github.com/taints-playground/playground/core/store"
)

// Plugin names the queue reacts for.
const (
	pluginTaintToleration   = "TaintToleration"
	pluginNodeUnschedulable = "NodeUnschedulable"
	pluginNodeAffinity      = "NodeAffinity"
	pluginNodeResourcesFit  = "NodeResourcesFit"
	pluginNodeName          = "NodeName"
	pluginNodePorts         = "NodePorts"
	pluginPodTopologySpread = podtopologyspread.Name
	pluginInterPodAffinity  = interpodaffinity.Name
	// PluginSchedulingGates is the PreEnqueue plugin that keeps a pod
	// with scheduling gates out of activeQ.
	PluginSchedulingGates = "SchedulingGates"
)

// Cache is what the queue's hints read of the scheduler's cache.
type Cache interface {
	// Pods are the pods the scheduler counts on the named node (nil for
	// an unknown node).
	Pods(node string) []*core.Pod
	// CycleOptions are the scheduler's options for a cycle without ties.
	CycleOptions() sched.Options
}

// namespaceLabels are the labels of the named namespace as the
// scheduler's options look them up (nil when unknown).
func (q *Queue) namespaceLabels(name string) map[string]string {
	if name == "" {
		name = "default"
	}
	if ns := q.cache.CycleOptions().Namespaces; ns != nil {
		l, _ := ns(name)
		return l
	}
	return nil
}

type clusterEventKind int

const (
	evNodeAdd clusterEventKind = iota
	evNodeUpdate
	// evNodeDelete: a node was deleted (before is the object as it was).
	evNodeDelete
	evAssignedPodDelete
	// evAssignedPodAdd: a pod was bound to a node.
	evAssignedPodAdd
	// evAssignedPodUpdateLabel: a bound pod's labels changed.
	evAssignedPodUpdateLabel
)

// clusterEvent is one informer event: a node added or updated (before is
// nil for an add), or a pod bound to a node added, relabelled or deleted
// (podBefore nil for an add, podAfter nil for a deletion; podNode is the
// node a deleted pod was bound to: the store keeps the binding beside the
// object).
type clusterEvent struct {
	kind                clusterEventKind
	before, after       *core.Node
	podBefore, podAfter *core.Pod
	podNode             string
}

// assignedPod is the pod of a pod event: as it is now, or as it was
// before its deletion.
func (ev *clusterEvent) assignedPod() *core.Pod {
	if ev.podAfter != nil {
		return ev.podAfter
	}
	return ev.podBefore
}

// isPodEvent reports whether the event is about a bound pod.
func (ev *clusterEvent) isPodEvent() bool {
	return ev.kind == evAssignedPodDelete || ev.kind == evAssignedPodAdd || ev.kind == evAssignedPodUpdateLabel
}

// nodeChanged records a node add or update.
func (q *Queue) nodeChanged(ev store.NodeEvent) {
	kind := evNodeUpdate
	if ev.Old == nil {
		kind = evNodeAdd
	}
	q.events = append(q.events, clusterEvent{kind: kind, before: ev.Old, after: ev.New})
}

// nodeDeleted records a node delete.
func (q *Queue) nodeDeleted(n *core.Node) {
	q.events = append(q.events, clusterEvent{kind: evNodeDelete, before: n})
}

// podChanged records the AssignedPod Delete event of a pod gone from its
// node (a Terminating pod when its deletion finishes: upstream's delete
// event) and the AssignedPod Add event of one bound to a node, drops a
// deleted pod, and sends an unschedulable pod whose tolerations changed,
// or whose last scheduling gate was removed (SchedulingGates'
// UpdatePodSchedulingGatesEliminated, hint Queue), back to the queue.
func (q *Queue) podChanged(ev store.PodEvent) {
	was, is := &ev.Old, &ev.New
	switch {
	case store.Freed(was, is):
		gone := was.Object
		if gone == nil {
			gone = is.Object
		}
		q.events = append(q.events, clusterEvent{kind: evAssignedPodDelete, podBefore: gone, podNode: was.Node})
	case is.Running() && !was.Running():
		q.events = append(q.events, clusterEvent{kind: evAssignedPodAdd, podAfter: is.Object})
	case is.Running() && was.Object != nil && is.Object != nil && core.LabelsString(was.Object.Labels) != core.LabelsString(is.Object.Labels):
		q.events = append(q.events, clusterEvent{kind: evAssignedPodUpdateLabel, podBefore: was.Object, podAfter: is.Object})
	}
	if is.Deleted && !was.Deleted && ev.Pod.Queue.State != store.QueueNone {
		q.set(ev.Pod, func(s *store.QueueStatus) { s.State = store.QueueNone })
	}
	if is.Deleted || is.Running() || was.Object == nil || is.Queue.State != store.QueueUnschedulable {
		return
	}
	if !core.SameTolerations(was.Object.Spec.Tolerations, is.Object.Spec.Tolerations) ||
		(Gated(was.Object) && !Gated(is.Object)) {
		q.move(ev.Pod)
	}
	// InterPodAffinity registers the pod's own label updates (TargetPod
	// UpdatePodLabel; isSchedulableAfterTargetPodUpdateLabel says Queue).
	if !is.Deleted && !is.Running() && was.Object != nil && is.Queue.State == store.QueueUnschedulable &&
		q.entry(ev.Pod).plugins[pluginInterPodAffinity] && core.LabelsString(was.Object.Labels) != core.LabelsString(is.Object.Labels) {
		q.move(ev.Pod)
	}
}

// Dispatch evaluates the recorded cluster events against every pod in
// unschedulablePods and moves those an event may help.
func (q *Queue) Dispatch() {
	if len(q.events) == 0 {
		return
	}
	evs := q.events
	q.events = nil
	// The pods in unschedulablePods, in creation order.
	kept := q.unsched[:0]
	for _, p := range q.unsched {
		if p.Queue.State == store.QueueUnschedulable && !p.Deleted {
			kept = append(kept, p)
		} else {
			q.entry(p).inUnsched = false
		}
	}
	clear(q.unsched[len(kept):])
	q.unsched = kept
	slices.SortFunc(kept, func(a, b *store.Pod) int { return cmp.Compare(a.Index, b.Index) })
	for _, p := range kept {
		if p.Queue.State != store.QueueUnschedulable || p.Deleted {
			continue
		}
		for i := range evs {
			if q.mayHelp(p, &evs[i]) {
				q.move(p)
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
func (q *Queue) mayHelp(p *store.Pod, ev *clusterEvent) bool {
	hints := q.env.Version.AtLeast(QueueingHintsSince)
	plugins := q.entry(p).plugins
	for _, name := range []string{pluginNodeName, pluginNodeUnschedulable, pluginTaintToleration, pluginNodeAffinity, pluginNodePorts, pluginNodeResourcesFit, pluginPodTopologySpread, pluginInterPodAffinity} {
		if !plugins[name] {
			continue
		}
		if hints {
			if registered(name, ev) && q.hint(name, p, ev) {
				return true
			}
			continue
		}
		if q.registeredWithoutHints(name, ev) {
			if name == pluginInterPodAffinity && (ev.kind == evAssignedPodAdd || ev.kind == evAssignedPodUpdateLabel) {
				// AssignedPodAdded/Updated move only the pods with a
				// required affinity term the pod matches.
				return interpodaffinity.MatchesAnyRequiredAffinityTerm(q.env.Version, p.Object, ev.podAfter, q.namespaceLabels(ev.podAfter.Namespace))
			}
			return ev.isPodEvent() || q.preCheck(p, ev.after)
		}
	}
	return false
}

// registeredWithoutHints is EventsToRegister when QueueingHints are off.
// NodePorts registered Node Add|Update until 1.31 (v1.31.0
// node_ports.go), so any node change the event handlers report
// (nodeSchedulingPropertiesChange: allocatable, labels, taints, conditions,
// spec.unschedulable) counts for it. PodTopologySpread registered Pod All:
// every AssignedPod Delete moves a pod it rejected; an AssignedPod Add
// (AssignedPodAdded) moved only pods with a matching affinity term until
// PR #122627 (1.31) also moved the pods PodTopologySpread rejected.
// InterPodAffinity registered Pod All and Node Add|UpdateNodeLabel;
// PodTopologySpread Node Add|Delete|UpdateNodeLabel.
func (q *Queue) registeredWithoutHints(plugin string, ev *clusterEvent) bool {
	switch ev.kind {
	case evNodeAdd:
		return true
	case evAssignedPodDelete:
		return plugin == pluginNodeResourcesFit || plugin == pluginNodePorts || plugin == pluginPodTopologySpread || plugin == pluginInterPodAffinity
	case evAssignedPodAdd:
		return (plugin == pluginPodTopologySpread && q.env.Version.AtLeast(31)) || plugin == pluginInterPodAffinity
	case evAssignedPodUpdateLabel:
		return plugin == pluginInterPodAffinity
	case evNodeDelete:
		return plugin == pluginPodTopologySpread
	}
	taints := taintsKey(ev.before.Spec.Taints) != taintsKey(ev.after.Spec.Taints) || ev.before.Spec.Unschedulable != ev.after.Spec.Unschedulable
	labels := core.LabelsString(ev.before.Labels) != core.LabelsString(ev.after.Labels)
	alloc := allocKey(ev.before) != allocKey(ev.after)
	if plugin == pluginNodePorts {
		return taints || labels || alloc || conditionsKey(ev.before) != conditionsKey(ev.after)
	}
	return taints || labels || (plugin == pluginNodeResourcesFit && alloc)
}

// preCheck is preCheckForNode (pkg/scheduler/eventhandlers.go, used while
// QueueingHints are off): the node-level admission checks and the
// NoSchedule taints.
func (q *Queue) preCheck(p *store.Pod, n *core.Node) bool {
	if n == nil {
		return true
	}
	info := sched.NewNodeInfo(n, q.cache.Pods(n.Name)...)
	for _, st := range sched.ExplainNode(p.Object, info, q.cache.CycleOptions()) {
		switch st.Plugin {
		case pluginNodeResourcesFit, pluginNodeAffinity, pluginNodeName, pluginNodePorts:
			if st.Code != sched.Success {
				return false
			}
		}
	}
	_, bad := core.FindMatchingUntoleratedTaint(n.Spec.Taints, p.Object.Spec.Tolerations, func(t *core.Taint) bool {
		return t.Effect == core.TaintEffectNoSchedule
	}, q.env.Gate)
	return !bad
}

// registered is each plugin's EventsToRegister (v1.37.2): TaintToleration
// and NodeUnschedulable Node Add|UpdateNodeTaint (a spec.unschedulable
// change is an UpdateNodeTaint event); NodeAffinity Node
// Add|UpdateNodeLabel; NodeResourcesFit AssignedPod Delete and Node
// Add|UpdateNodeAllocatable; NodeName and NodePorts Node Add (NodePorts
// also AssignedPod Delete); PodTopologySpread AssignedPod Add|Delete and
// Node Add|Delete|UpdateNodeLabel|UpdateNodeTaint (pod label updates do
// not happen in the playground); InterPodAffinity AssignedPod
// Add|UpdatePodLabel|Delete and Node Add|UpdateNodeLabel.
func registered(plugin string, ev *clusterEvent) bool {
	switch ev.kind {
	case evNodeAdd:
		return true
	case evAssignedPodDelete:
		return plugin == pluginNodeResourcesFit || plugin == pluginNodePorts || plugin == pluginPodTopologySpread || plugin == pluginInterPodAffinity
	case evAssignedPodAdd:
		return plugin == pluginPodTopologySpread || plugin == pluginInterPodAffinity
	case evAssignedPodUpdateLabel:
		return plugin == pluginInterPodAffinity
	case evNodeDelete:
		return plugin == pluginPodTopologySpread
	}
	switch plugin {
	case pluginTaintToleration, pluginNodeUnschedulable:
		return taintsKey(ev.before.Spec.Taints) != taintsKey(ev.after.Spec.Taints) || ev.before.Spec.Unschedulable != ev.after.Spec.Unschedulable
	case pluginNodeAffinity, pluginInterPodAffinity:
		return core.LabelsString(ev.before.Labels) != core.LabelsString(ev.after.Labels)
	case pluginNodeResourcesFit:
		return allocKey(ev.before) != allocKey(ev.after)
	case pluginPodTopologySpread:
		return taintsKey(ev.before.Spec.Taints) != taintsKey(ev.after.Spec.Taints) || ev.before.Spec.Unschedulable != ev.after.Spec.Unschedulable ||
			core.LabelsString(ev.before.Labels) != core.LabelsString(ev.after.Labels)
	}
	return false
}

// hint is the plugin's QueueingHintFn for the event (v1.37.2).
func (q *Queue) hint(plugin string, p *store.Pod, ev *clusterEvent) bool {
	switch plugin {
	case pluginTaintToleration:
		// isSchedulableAfterNodeChange: untolerated (or new) → tolerated.
		untolerated := func(n *core.Node) bool {
			_, bad := core.FindMatchingUntoleratedTaint(n.Spec.Taints, p.Object.Spec.Tolerations, core.DoNotScheduleTaintsFilter, q.env.Gate)
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
		if !q.affinityMatches(p, ev.after) {
			return false
		}
		return ev.before == nil || !q.affinityMatches(p, ev.before)
	case pluginPodTopologySpread:
		pl := podtopologyspread.NewForVersion(q.env.Version, q.env.Gate)
		if ev.isPodEvent() {
			return pl.SchedulableAfterAssignedPodChange(p.Object, ev.assignedPod())
		}
		return pl.SchedulableAfterNodeChange(p.Object, ev.before, ev.after)
	case pluginInterPodAffinity:
		if ev.isPodEvent() {
			return interpodaffinity.IsSchedulableAfterAssignedPodChange(q.env.Version, p.Object, ev.podBefore, ev.podAfter)
		}
		return interpodaffinity.IsSchedulableAfterNodeChange(p.Object, ev.before, ev.after)
	case pluginNodeResourcesFit:
		// Queue for every event it registered for: any deletion of a
		// scheduled pod (isSchedulableAfterAssignedPodDelete) and any node
		// added. Upstream's isSchedulableAfterNodeChange also checks that
		// the pod fits the new node; the simulation does not (yet).
		return true
	case pluginNodePorts:
		// Node Add has no hint (Queue); AssignedPod Delete has
		// isSchedulableAfterAssignedPodDeleted.
		if ev.kind == evAssignedPodDelete {
			return nodeports.NewForVersion(q.env.Version).SchedulableAfterPodDeleted(p.Object, ev.podBefore, ev.podNode)
		}
		return true
	}
	return true
}

// affinityMatches is NodeAffinity's verdict for the pod on a lone node.
func (q *Queue) affinityMatches(p *store.Pod, n *core.Node) bool {
	for _, st := range sched.ExplainNode(p.Object, sched.NewNodeInfo(n), q.cache.CycleOptions()) {
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

// conditionsKey is the node's condition types and statuses in a stable
// order (nodeConditionsChanged ignores heartbeat and transition times).
func conditionsKey(n *core.Node) string {
	m := map[string]string{}
	for _, c := range n.Status.Conditions {
		m[string(c.Type)] = string(c.Status)
	}
	return core.LabelsString(m)
}

func allocKey(n *core.Node) string {
	var out string
	names := make([]core.ResourceName, 0, len(n.Status.Allocatable))
	for name := range n.Status.Allocatable {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	for _, name := range names {
		v := n.Status.Allocatable[name]
		out += string(name) + "=" + v.String() + "\n"
	}
	return out
}
