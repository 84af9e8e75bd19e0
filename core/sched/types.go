package sched

import (
	"math/rand"

	"github.com/taints-playground/playground/core"

	"github.com/taints-playground/playground/core/sched/framework"
)

// NodeInfo is a node as the scheduler sees it: the node and the pods bound
// (or assumed) to it, whose requests count against its allocatable. Pods in
// phase Succeeded or Failed are ignored. It is framework.NodeInfo.
type NodeInfo = framework.NodeInfo

// NewNodeInfo returns a NodeInfo for node with a copy of pods and its
// resource sums precomputed; AddPod and RemovePod keep them up to date
// (framework.NewNodeInfo), so a cycle over 5,000 nodes does no quantity
// arithmetic.
func NewNodeInfo(node *core.Node, pods ...*core.Pod) *NodeInfo {
	return framework.NewNodeInfo(node, pods...)
}

// Code is a plugin status code (framework.Code).
type Code = framework.Code

// Status codes a Filter plugin can return.
const (
	Success Code = framework.Success
	// Unschedulable: the node may fit after preemption.
	Unschedulable Code = framework.Unschedulable
	// UnschedulableAndUnresolvable: preemption cannot help on this node.
	UnschedulableAndUnresolvable Code = framework.UnschedulableAndUnresolvable
)

// Status is why one plugin rejected one node: the plugin's Name, the code
// and its reason strings (exactly the upstream constants). It is
// framework.Status.
type Status = framework.Status

// Options configure one scheduling cycle.
type Options struct {
	// Version is the Kubernetes release whose scheduler is simulated
	// (1.26–1.37; the zero Version is 1.37). It switches the TaintToleration
	// reason, the DynamicResources and preemption parts of the
	// FailedScheduling text, the BalancedAllocation formula, the existence
	// of the Lt/Gt gate, whether sidecars hold host ports (NodePorts) and
	// whether init containers' images count (ImageLocality); see Versions
	// and the behaviour notes in versions.go.
	Version core.Version
	// EnableComparisonOperators is the TaintTolerationComparisonOperators
	// gate. It exists only from 1.35: for older Versions Lt/Gt tolerations
	// never match whatever this says.
	EnableComparisonOperators bool
	// Rand breaks ties among the nodes with the highest total score:
	// Tied[Rand.Intn(len(Tied))], called only when two or more nodes tie.
	// It must be seeded from the scenario so runs are reproducible. Nil
	// means "choose the first tied node in node order" (tests only).
	Rand *rand.Rand
	// StartNodeIndex is the scheduler's rotating nextStartNodeIndex: where
	// the Filter pass starts in the node list. It only matters from 100
	// nodes up, when the pass stops after numFeasibleNodesToFind feasible
	// nodes. Feed back Result.NextStartNodeIndex to mimic kube-scheduler.
	StartNodeIndex int
	// NominatedPods are pending pods that preemption nominated to a node
	// (status.nominatedNodeName set). When filtering a node, those
	// nominated to it with a priority >= the incoming pod's are counted as
	// if already running there (RunFilterPluginsWithNominatedPods), so a
	// lower-priority pod cannot take the room freed for them. The incoming
	// pod itself is recognised by UID, else namespace/name, and skipped.
	NominatedPods []*core.Pod
	// SkipBreakdown leaves Result.Feasible, Scores and Tied nil, and
	// Rejected nil when a node is chosen, for callers that act on the
	// decision only (the simulation's own cycles, as opposed to the "why"
	// view): a cycle over thousands of nodes then allocates a few
	// kilobytes instead of a breakdown per feasible node. Everything else
	// (NodeName, Rejected of a pod that fits nowhere, the messages,
	// preemption, NextStartNodeIndex) is as without it, and Rand is drawn
	// from exactly as without it, so the same node is chosen.
	SkipBreakdown bool
	// Namespaces looks up the labels of a Namespace object by name (ok
	// false when there is none), for InterPodAffinity's namespaceSelector
	// and the labels of the incoming pod's namespace. Nil: no Namespace
	// objects.
	Namespaces func(name string) (labels map[string]string, ok bool)
	// NoPodAffinity promises that no pod on any node of the cycle has a
	// pod affinity or anti-affinity term, so InterPodAffinity need not
	// read every node's pods for a pod without terms of its own
	// (kube-scheduler keeps the nodes with such pods in lists of its
	// snapshot, HavePodsWithAffinityList and
	// HavePodsWithRequiredAntiAffinityList, for the same reason). False
	// promises nothing.
	NoPodAffinity bool
}

// PluginScore is one score plugin's contribution on one node.
type PluginScore struct {
	Plugin     string
	Raw        int64
	Normalized int64
	Weighted   int64
}

// NodeScore is the score breakdown of one feasible node.
type NodeScore struct {
	Node    string
	Plugins []PluginScore
	Total   int64
}

// Result is the outcome of one scheduling cycle for one pod.
type Result struct {
	// NodeName is the chosen node; "" when the pod is unschedulable.
	NodeName string
	// Message is the FailedScheduling event text when NodeName is "" (the
	// event note, truncated to 1024 bytes with " ..." as upstream).
	Message string
	// ConditionMessage is the untruncated text for the PodScheduled=False
	// condition; equal to Message unless Message was truncated.
	ConditionMessage string
	// NumAllNodes is the number of nodes in the snapshot.
	NumAllNodes int
	// Rejected maps each node that failed Filter (or was cut by PreFilter)
	// to the status of the plugin Kubernetes reports for it.
	Rejected map[string]*Status
	// Feasible lists the nodes that passed every filter, in node order.
	Feasible []string
	// Scores is the per-node breakdown; empty when fewer than two nodes
	// are feasible (a single feasible node is chosen without scoring).
	Scores []NodeScore
	// SkippedScorePlugins lists the score plugins whose PreScore returned
	// Skip (they contribute nothing and are absent from Scores).
	SkippedScorePlugins []string
	// Tied lists the nodes that shared the highest total score.
	Tied []string
	// NominatedNode is the node preemption chose ("" when preemption did
	// not succeed); the pod should get status.nominatedNodeName = it.
	NominatedNode string
	// ClearNomination: the cycle's nominatingInfo is an override with an
	// empty node, so status.nominatedNodeName is cleared when set
	// (schedulingAlgorithm's clearNominatedNode: no nodes at all, or
	// preemption found no candidate). A failure that leaves the nomination
	// alone (not eligible to preempt, an Error status) keeps it false.
	ClearNomination bool
	// Victims are the pods to evict on NominatedNode, as "namespace/name"
	// (namespace "default" when empty), most important first.
	Victims []string
	// NextStartNodeIndex is Options.StartNodeIndex advanced by the number
	// of nodes this cycle's Filter pass processed, modulo the node count.
	NextStartNodeIndex int
}
