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
// balancedallocation) on top of the small framework package. Filter order:
// NodeName, NodeUnschedulable, TaintToleration, NodeAffinity,
// NodeResourcesFit. Score weights: TaintToleration 3, NodeAffinity 2,
// NodeResourcesFit (LeastAllocated) 1, NodeResourcesBalancedAllocation 1.
//
// The other default plugins (NodePorts, the volume plugins,
// InterPodAffinity, DynamicResources, ImageLocality, NodeDeclaredFeatures)
// filter nothing and score a constant for the pods the playground models
// (no host ports, volumes, pod affinity, claims or cached images).
// PodTopologySpread is not modelled: upstream its system-default
// constraints (hostname maxSkew 3, zone maxSkew 5, ScheduleAnyway, weight
// 2) also score pods owned by a Service, ReplicaSet, StatefulSet or
// ReplicationController, so replicas of a Deployment can be spread
// differently from here where other scores tie.
package sched
