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
//
// A cycle over thousands of nodes is bound by allocation and cache misses,
// so the hot path allocates only what its Result keeps: the snapshot is
// kept between calls and updated in place when the caller passes the same
// NodeInfos again (replacing some, as the simulation does), the Filter
// pass's marks and the raw and normalized scores live in pooled scratch
// memory that never reaches a Result, score plugins keep their PreScore
// state in the plugin, the statuses of one cycle's TaintToleration and
// NodeAffinity rejections are shared, and the Filter pass warms the next
// nodes' memory together (NodeInfo.Warm). Options.SkipBreakdown drops the
// per-node breakdown (Feasible, Scores, Tied) for callers that act on the
// decision only. Under WebAssembly each cycle yields once so the garbage
// collector gets to run (yield_wasm.go). bench_large_test.go measures
// 5,000 nodes; it reports ns per (pod, node) Filter evaluation.
package sched
