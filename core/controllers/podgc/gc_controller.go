package podgc

import (
	"sort"
	"time"

	"github.com/taints-playground/playground/core"
)

// Name, periods, defaults and texts of the controller.
const (
	// Name is the controller's name in kube-controller-manager (its
	// --controllers word).
	Name = "pod-garbage-collector-controller"
	// CheckPeriod is gcCheckPeriod: one pass every 20 s.
	CheckPeriod = 20 * time.Second
	// QuarantineTime is quarantineTime: how long a node must stay missing
	// before its pods are orphans.
	QuarantineTime = 40 * time.Second
	// DefaultTerminatedThreshold is --terminated-pod-gc-threshold's
	// default (RecommendedDefaultPodGCControllerConfiguration).
	DefaultTerminatedThreshold = 12500

	ConditionType    = core.DisruptionTarget
	ConditionReason  = "DeletionByPodGC"
	ConditionMessage = "PodGC: node no longer exists"
	// EvictedReason is the kubelet eviction manager's status.reason
	// (eviction.PodIsEvicted).
	EvictedReason = "Evicted"
)

// Pod is what a pass reads of one pod object.
type Pod struct {
	// Name is metadata.name, the tie-break of the oldest-first order.
	Name string
	// NodeName is spec.nodeName ("" when never scheduled).
	NodeName string
	// Terminating: metadata.deletionTimestamp is set.
	Terminating bool
	// Terminated: status.phase is Succeeded or Failed.
	Terminated bool
	// Evicted: Failed with status.reason Evicted.
	Evicted bool
	// Created is metadata.creationTimestamp.
	Created time.Duration
}

// Node is what a pass reads of one node object.
type Node struct {
	Name string
	// Ready: its Ready condition is True (nodeutil.IsNodeReady: a node
	// without one is not Ready).
	Ready bool
	// OutOfService: it has a taint with the key
	// node.kubernetes.io/out-of-service, whatever its value and effect
	// (taints.TaintKeyExists).
	OutOfService bool
}

// NodeOf reads a node for a pass.
func NodeOf(n *core.Node) Node {
	out := Node{Name: n.Name}
	if c := n.Condition(core.NodeReady); c != nil {
		out.Ready = c.Status == core.ConditionTrue
	}
	for _, t := range n.Spec.Taints {
		if t.Key == core.TaintNodeOutOfService {
			out.OutOfService = true
		}
	}
	return out
}

// Rule is the pass that deletes a pod.
type Rule int

// Rules of a pass, in the order gc runs them.
const (
	// Terminated is gcTerminated: beyond the threshold of terminated pods.
	Terminated Rule = iota + 1
	// TerminatingOutOfService is gcTerminating: Terminating on a node that
	// is not Ready and has the out-of-service taint.
	TerminatingOutOfService
	// Orphaned is gcOrphaned: bound to a node that no longer exists.
	Orphaned
	// UnscheduledTerminating is gcUnscheduledTerminating: Terminating and
	// never scheduled.
	UnscheduledTerminating
)

// Deletion is one force deletion of a pass.
type Deletion struct {
	// Pod is the pod's index in Decide's pods.
	Pod  int
	Rule Rule
}

// Condition is the condition the deletion adds before the pod turns
// Failed (markFailedAndDeletePodWithCondition): DisruptionTarget for an
// orphan, none for the other rules.
func (d Deletion) Condition() *core.PodCondition {
	if d.Rule != Orphaned {
		return nil
	}
	return &core.PodCondition{Type: ConditionType, Status: core.ConditionTrue, Reason: ConditionReason, Message: ConditionMessage}
}

// Quarantine is the controller's nodeQueue (a delaying work queue of
// node names): per node, when it becomes ready. Decide returns the
// updated queue; the zero value is empty.
type Quarantine struct {
	waiting map[string]time.Duration
}

// Len is the number of nodes queued.
func (q Quarantine) Len() int { return len(q.waiting) }

// Result is one pass: the deletions, in the order the rules run, and the
// node queue it leaves.
type Result struct {
	Deletions  []Deletion
	Quarantine Quarantine
}

// Decide is gc, one pass at virtual time now over the listed pods and
// nodes, with the node queue q left by the previous pass; threshold is
// --terminated-pod-gc-threshold (≤ 0: off). A pod matched by two rules is
// deleted by the first (upstream's second delete finds it gone).
func Decide(now time.Duration, pods []Pod, nodes []Node, q Quarantine, threshold int) Result {
	byName := make(map[string]Node, len(nodes))
	for _, n := range nodes {
		byName[n.Name] = n
	}
	var res Result
	done := map[int]bool{}
	add := func(i int, r Rule) {
		if !done[i] {
			done[i] = true
			res.Deletions = append(res.Deletions, Deletion{Pod: i, Rule: r})
		}
	}
	if threshold > 0 {
		for _, i := range terminated(pods, threshold) {
			add(i, Terminated)
		}
	}
	for _, i := range terminatingOutOfService(pods, byName) {
		add(i, TerminatingOutOfService)
	}
	var orphans []int
	orphans, res.Quarantine = orphaned(now, pods, byName, q)
	for _, i := range orphans {
		add(i, Orphaned)
	}
	for i, p := range pods {
		if p.Terminating && p.NodeName == "" {
			add(i, UnscheduledTerminating)
		}
	}
	return res
}

// terminated is gcTerminated: the terminated pods beyond threshold, in
// byEvictionAndCreationTimestamp order (evicted first, then oldest, then
// by name).
func terminated(pods []Pod, threshold int) []int {
	var idx []int
	for i, p := range pods {
		if p.Terminated {
			idx = append(idx, i)
		}
	}
	n := len(idx) - threshold
	if n <= 0 {
		return nil
	}
	sortForDeletion(pods, idx)
	return idx[:n]
}

// sortForDeletion is byEvictionAndCreationTimestamp.
func sortForDeletion(pods []Pod, idx []int) {
	sort.SliceStable(idx, func(a, b int) bool {
		pa, pb := pods[idx[a]], pods[idx[b]]
		if pa.Evicted != pb.Evicted {
			return pa.Evicted
		}
		if pa.Created == pb.Created {
			return pa.Name < pb.Name
		}
		return pa.Created < pb.Created
	})
}

// terminatingOutOfService is gcTerminating: Terminating pods on a node
// that exists, is not Ready and has the out-of-service taint, sorted as
// gcTerminated sorts (the deletions run in parallel upstream).
func terminatingOutOfService(pods []Pod, nodes map[string]Node) []int {
	var idx []int
	for i, p := range pods {
		if !p.Terminating {
			continue
		}
		if n, ok := nodes[p.NodeName]; ok && !n.Ready && n.OutOfService {
			idx = append(idx, i)
		}
	}
	sortForDeletion(pods, idx)
	return idx
}

// orphaned is gcOrphaned with discoverDeletedNodes: the nodes whose
// quarantine ended by now leave the queue (the delaying queue's waiting
// loop ran before the pass); every missing node a pod names is queued
// for QuarantineTime (AddAfter keeps an earlier deadline); each node that
// left the queue and is still missing (the API server's answer is the
// lister's here) makes its pods orphans, in list order.
func orphaned(now time.Duration, pods []Pod, nodes map[string]Node, q Quarantine) ([]int, Quarantine) {
	next := Quarantine{waiting: map[string]time.Duration{}}
	ready := map[string]bool{}
	for name, at := range q.waiting {
		if at <= now {
			ready[name] = true
		} else {
			next.waiting[name] = at
		}
	}
	for _, p := range pods {
		if p.NodeName == "" {
			continue
		}
		if _, ok := nodes[p.NodeName]; ok {
			continue
		}
		if at, queued := next.waiting[p.NodeName]; !queued || now+QuarantineTime < at {
			next.waiting[p.NodeName] = now + QuarantineTime
		}
	}
	var out []int
	for i, p := range pods {
		if _, exists := nodes[p.NodeName]; ready[p.NodeName] && !exists {
			out = append(out, i)
		}
	}
	if len(next.waiting) == 0 {
		next.waiting = nil
	}
	return out, next
}
