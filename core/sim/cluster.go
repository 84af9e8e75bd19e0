package sim

import (
	"fmt"
	"sort"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission/defaulttolerationseconds"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
)

// DefaultTolerationSeconds is what the DefaultTolerationSeconds admission
// plugin puts on the not-ready and unreachable tolerations it adds
// (--default-not-ready-toleration-seconds, --default-unreachable-toleration-seconds).
const DefaultTolerationSeconds int64 = 300

// Priorities of the built-in priority classes (scheduling/v1).
const (
	SystemClusterCritical int32 = 2000000000
	SystemNodeCritical    int32 = 2000001000
)

// NodeMonitorPeriod is the node-lifecycle controller's pass interval
// (--node-monitor-period): NoExecute not-ready/unreachable taints follow a
// kubelet-reported Ready change at the next pass.
const NodeMonitorPeriod = nodelifecycle.MonitorPeriod

// AddDefaultTolerations applies the DefaultTolerationSeconds admission plugin
// with its default flags (core/admission/defaulttolerationseconds): for
// node.kubernetes.io/not-ready and node.kubernetes.io/unreachable, unless
// some toleration has that key or an empty key AND effect NoExecute or an
// empty effect (operator, value and seconds are not looked at), it appends
// {key, operator: Exists, effect: NoExecute, tolerationSeconds: 300}.
func AddDefaultTolerations(tols []core.Toleration) []core.Toleration {
	out, _ := defaulttolerationseconds.Admit(tols, DefaultTolerationSeconds, DefaultTolerationSeconds)
	return out
}

// PodPriority is the priority the Priority admission plugin gives a pod
// when no PriorityClass objects exist: spec.priority when set, else the
// built-in class named by priorityClassName, else 0.
func PodPriority(p *core.Pod) int32 {
	if p.Spec.Priority != nil {
		return *p.Spec.Priority
	}
	switch p.Spec.PriorityClassName {
	case "system-node-critical":
		return SystemNodeCritical
	case "system-cluster-critical":
		return SystemClusterCritical
	}
	return 0
}

// DefaultAllocatable is what a node gets when its manifest lists neither
// status.allocatable nor status.capacity (a real kubelet always reports
// them): 4 CPUs, 16Gi of memory, 110 pods.
var DefaultAllocatable = map[core.ResourceName]string{core.ResourceCPU: "4", core.ResourceMemory: "16Gi", core.ResourcePods: "110"}

// defaultResources fills in a node's allocatable the way a kubelet would
// report it: a copy of capacity when only capacity is given,
// DefaultAllocatable when neither is, and pods 110 when pods is missing.
func defaultResources(n *core.Node) {
	if len(n.Status.Allocatable) == 0 {
		n.Status.Allocatable = core.ResourceList{}
		for k, v := range n.Status.Capacity {
			n.Status.Allocatable[k] = v
		}
		if len(n.Status.Capacity) == 0 {
			for k, v := range DefaultAllocatable {
				n.Status.Allocatable[k] = core.MustParseQuantity(v)
			}
		}
	}
	if _, ok := n.Status.Allocatable[core.ResourcePods]; !ok {
		n.Status.Allocatable[core.ResourcePods] = core.MustParseQuantity("110")
	}
}

// createNode adds a node and lets the node-lifecycle controller reconcile
// its taints.
func (s *simulator) createNode(n *core.Node) {
	defaultResources(n)
	if condition(n, core.NodeReady) == nil {
		n.Status.Conditions = append(n.Status.Conditions, core.NodeCondition{Type: core.NodeReady, Status: core.ConditionTrue, Reason: "KubeletReady", Message: "kubelet is posting ready status"})
	}
	s.nodeIdx[n.Name] = len(s.nodes)
	s.nodes = append(s.nodes, n)
	s.nodesGen++
	s.nodesTouched = true
	s.reconcileNoSchedule(n)
	s.syncNoExecuteNow(n)
}

// reconcileNoSchedule is doNoScheduleTaintingPass: the NoSchedule taints
// that mirror conditions and spec.unschedulable
// (nodelifecycle.NoScheduleTaintKeys), added at the end of the list in
// condition order, stale ones removed.
func (s *simulator) reconcileNoSchedule(n *core.Node) {
	s.syncTaints(n, core.TaintEffectNoSchedule, nodelifecycle.ManagedNoScheduleKeys(), nodelifecycle.NoScheduleTaintKeys(n))
}

// syncTaints makes the managed taints of one effect exactly want.
func (s *simulator) syncTaints(n *core.Node, effect core.TaintEffect, managed map[string]bool, want []string) {
	wanted := map[string]bool{}
	for _, k := range want {
		wanted[k] = true
	}
	kept := n.Spec.Taints[:0:0]
	for _, t := range n.Spec.Taints {
		if t.Effect == effect && managed[t.Key] && !wanted[t.Key] {
			s.note("the node-lifecycle controller removed %s from %s", t.ToString(), n.Name)
			continue
		}
		kept = append(kept, t)
	}
	for _, k := range want {
		found := false
		for _, t := range kept {
			if t.Key == k && t.Effect == effect {
				found = true
			}
		}
		if !found {
			t := core.Taint{Key: k, Effect: effect}
			kept = append(kept, t)
			s.note("the node-lifecycle controller added %s to %s", t.ToString(), n.Name)
		}
	}
	n.Spec.Taints = kept
	s.touchNode(n)
}

// noExecuteKey is the NoExecute subset of a taint list, for comparison.
func noExecuteKey(taints []core.Taint) string {
	var out string
	for _, t := range taints {
		if t.Effect == core.TaintEffectNoExecute {
			out += t.ToString() + "\n"
		}
	}
	return out
}

// afterNodeChange reacts to a node update: kubelet events, the
// taint-eviction controller when the NoExecute taints changed, and a retry
// of pending pods later.
func (s *simulator) afterNodeChange(before, after *core.Node) {
	s.touchNode(after)
	s.conditionTransitions(before, after)
	if before.Spec.Unschedulable != after.Spec.Unschedulable {
		status := "NodeSchedulable"
		if after.Spec.Unschedulable {
			status = "NodeNotSchedulable"
		}
		s.emit(EventNormal, status, "node/"+after.Name, fmt.Sprintf("Node %s status is now: %s", after.Name, status))
	}
	if noExecuteKey(before.Spec.Taints) != noExecuteKey(after.Spec.Taints) {
		for _, p := range s.pods {
			if !p.deleted && p.phase == PhaseRunning && p.node == after.Name {
				s.processPod(p)
			}
		}
	}
	s.nodeEvent(before, after)
}

// queuePass schedules the next node-monitor pass for a node (or runs the
// NoExecute reconciliation now when a pass is due this very moment).
func (s *simulator) queuePass(n *core.Node) {
	at := (s.now + NodeMonitorPeriod - 1) / NodeMonitorPeriod * NodeMonitorPeriod
	if at == s.now {
		s.reconcileNoExecute(n)
		return
	}
	if s.passQ[n.Name] {
		return
	}
	s.passQ[n.Name] = true
	s.push(&item{at: at, kind: itemPass, node: n.Name})
}

// queueNextPass schedules a node-monitor pass strictly after now.
func (s *simulator) queueNextPass(n *core.Node) {
	if s.passQ[n.Name] {
		return
	}
	at := s.now/NodeMonitorPeriod*NodeMonitorPeriod + NodeMonitorPeriod
	s.passQ[n.Name] = true
	s.push(&item{at: at, kind: itemPass, node: n.Name})
}

// setCondition sets one node condition, appending it when absent.
func (s *simulator) setCondition(n *core.Node, t core.NodeConditionType, st core.ConditionStatus, reason, msg string) {
	s.touchNode(n)
	for i := range n.Status.Conditions {
		if n.Status.Conditions[i].Type == t {
			n.Status.Conditions[i].Status, n.Status.Conditions[i].Reason, n.Status.Conditions[i].Message = st, reason, msg
			return
		}
	}
	n.Status.Conditions = append(n.Status.Conditions, core.NodeCondition{Type: t, Status: st, Reason: reason, Message: msg})
}

// nodeStore is the kubectl.Nodes view of the simulated cluster.
type nodeStore struct {
	s       *simulator
	updated []string
	// before holds a copy of each updated node as it was before the
	// command's first write to it (kubectl writes copies it got from Get
	// or List, so the stored object is unchanged until Update).
	before map[string]*core.Node
}

// List returns copies of every node, sorted by name.
func (ns *nodeStore) List() []*core.Node {
	out := make([]*core.Node, 0, len(ns.s.nodes))
	for _, n := range ns.s.nodes {
		out = append(out, n.DeepCopy())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Get returns a copy of the node called name.
func (ns *nodeStore) Get(name string) (*core.Node, bool) {
	if n := ns.s.node(name); n != nil {
		return n.DeepCopy(), true
	}
	return nil, false
}

// Update stores a modified node in place.
func (ns *nodeStore) Update(n *core.Node) error {
	for i, cur := range ns.s.nodes {
		if cur.Name == n.Name {
			if _, ok := ns.before[n.Name]; !ok && ns.before != nil {
				ns.before[n.Name] = cur.DeepCopy()
			}
			ns.s.nodes[i] = n.DeepCopy()
			ns.s.nodesGen++
			ns.s.nodesTouched = true
			ns.updated = append(ns.updated, n.Name)
			return nil
		}
	}
	return fmt.Errorf("Error from server (NotFound): nodes %q not found", n.Name)
}
