package sched

import (
	"math/rand"

	"github.com/taints-playground/playground/core"
)

// NodeInfo is a node as the scheduler sees it: the node and the pods bound
// (or assumed) to it, whose requests count against its allocatable.
type NodeInfo struct {
	Node *core.Node
	Pods []*core.Pod
}

// Code is a plugin status code (framework.Code).
type Code int

// Status codes a Filter plugin can return.
const (
	Success Code = iota
	// Unschedulable: the node may fit after preemption.
	Unschedulable
	// UnschedulableAndUnresolvable: preemption cannot help on this node.
	UnschedulableAndUnresolvable
)

// Status is why one plugin rejected one node: the plugin's Name, the code
// and its reason strings (exactly the upstream constants).
type Status struct {
	Plugin  string
	Code    Code
	Reasons []string
}

// Options configure one scheduling cycle.
type Options struct {
	// EnableComparisonOperators is the TaintTolerationComparisonOperators gate.
	EnableComparisonOperators bool
	// Rand breaks ties among the nodes with the highest total score. It must
	// be seeded from the scenario so runs are reproducible. Nil means
	// "choose the first tied node in node order" (tests only).
	Rand *rand.Rand
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
	// Message is the FailedScheduling event text when NodeName is "".
	Message string
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
	// Tied lists the nodes that shared the highest total score.
	Tied []string
}
