// Package sched is the playground's kube-scheduler: the v1.37 default
// profile as far as it concerns taints, node affinity and resources, run
// one pod at a time over a snapshot of nodes.
//
// Schedule runs one scheduling cycle (PreFilter, Filter, PreScore, Score,
// NormalizeScore, host selection; on failure the DefaultPreemption
// PostFilter) and returns the chosen node or the exact FailedScheduling
// text, with the per-node statuses and score breakdowns the UI explains.
// ExplainNode gives every filter plugin's verdict for one node.
//
// Plugins live one per package under plugins/ (nodename,
// nodeunschedulable, tainttoleration, nodeaffinity, noderesources,
// balancedallocation) on top of the small framework package. Filter order:
// NodeName, NodeUnschedulable, TaintToleration, NodeAffinity,
// NodeResourcesFit. Score weights: TaintToleration 3, NodeAffinity 2,
// NodeResourcesFit (LeastAllocated) 1, NodeResourcesBalancedAllocation 1.
// The other default plugins (NodePorts, volume plugins, PodTopologySpread,
// InterPodAffinity, DynamicResources, ImageLocality, NodeDeclaredFeatures)
// are constant or absent for the bare pods the playground models.
package sched
