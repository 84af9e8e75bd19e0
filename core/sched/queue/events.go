package queue

import (
	"cmp"
	"slices"
	"sort"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
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

// nodeChanged records a node add or update.
func (q *Queue) nodeChanged(ev store.NodeEvent) {
	kind := evNodeUpdate
	if ev.Old == nil {
		kind = evNodeAdd
	}
	q.events = append(q.events, clusterEvent{kind: kind, before: ev.Old, after: ev.New})
}

// podChanged records the AssignedPod Delete event of a pod that left its
// node, drops a deleted pod, and sends an unschedulable pod whose
// tolerations changed, or whose last scheduling gate was removed
// (SchedulingGates' UpdatePodSchedulingGatesEliminated, hint Queue),
// back to the queue.
func (q *Queue) podChanged(ev store.PodEvent) {
	was, is := &ev.Old, &ev.New
	if store.LeftNode(was, is) {
		q.events = append(q.events, clusterEvent{kind: evAssignedPodDelete})
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
	for _, name := range []string{pluginNodeName, pluginNodeUnschedulable, pluginTaintToleration, pluginNodeAffinity, pluginNodePorts, pluginNodeResourcesFit} {
		if !plugins[name] {
			continue
		}
		if hints {
			if registered(name, ev) && q.hint(name, p, ev) {
				return true
			}
			continue
		}
		if registeredWithoutHints(name, ev) {
			return ev.kind == evAssignedPodDelete || q.preCheck(p, ev.after)
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
	labels := core.LabelsString(ev.before.Labels) != core.LabelsString(ev.after.Labels)
	alloc := allocKey(ev.before) != allocKey(ev.after)
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
		return core.LabelsString(ev.before.Labels) != core.LabelsString(ev.after.Labels)
	case pluginNodeResourcesFit:
		return allocKey(ev.before) != allocKey(ev.after)
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
	case pluginNodeResourcesFit:
		// Queue for every event it registered for: any deletion of a
		// scheduled pod (isSchedulableAfterAssignedPodDelete) and any node
		// added. Upstream's isSchedulableAfterNodeChange also checks that
		// the pod fits the new node; the simulation does not (yet).
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
