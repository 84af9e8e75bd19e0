// Package sched is the playground's kube-scheduler: the default profile of
// Kubernetes 1.26–1.37 (Options.Version, default 1.37) as far as it
// concerns taints, node affinity and resources, run one pod at a time over
// a snapshot of nodes. What differs between releases is listed in
// versions.go, each difference with the upstream PR that made it.
//
// Schedule runs one scheduling cycle (PreFilter, Filter, PreScore, Score,
// NormalizeScore, host selection; on failure the DefaultPreemption
// PostFilter) and returns the chosen node or the exact FailedScheduling
// text, with the per-node statuses and score breakdowns the UI explains.
// ExplainNode gives every filter plugin's verdict for one node.
//
// Plugins live one per package under plugins/ (nodename,
// nodeunschedulable, tainttoleration, nodeaffinity, noderesources,
// podtopologyspread, balancedallocation) on top of the small framework
// package. Filter order: NodeName, NodeUnschedulable, TaintToleration,
// NodeAffinity, NodeResourcesFit. Score order and weights: TaintToleration
// 3, NodeAffinity 2, NodeResourcesFit (LeastAllocated) 1, PodTopologySpread
// 2 (system default spreading of controller-owned pods only),
// NodeResourcesBalancedAllocation 1. Score plugins whose PreScore skips are
// listed in Result.SkippedScorePlugins and absent from Result.Scores.
//
// The other default plugins (NodePorts, the volume plugins,
// InterPodAffinity, DynamicResources, ImageLocality, NodeDeclaredFeatures)
// filter nothing and score a constant for the pods the playground models
// (no host ports, volumes, pod affinity, claims or cached images);
// DynamicResources' PostFilter text is part of the FailedScheduling
// message in 1.34–1.36.
//
// NodeInfo keeps its resource sums precomputed (NewNodeInfo, AddPod,
// RemovePod), so a cycle over 5,000 nodes does no quantity arithmetic.
package sched
