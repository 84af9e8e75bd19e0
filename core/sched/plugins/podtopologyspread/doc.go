// Package podtopologyspread is the score half of the PodTopologySpread
// plugin (pkg/scheduler/framework/plugins/podtopologyspread, scoring.go)
// with the system default constraints only (the playground's pods carry
// no topologySpreadConstraints):
//
//	kubernetes.io/hostname       maxSkew 3  ScheduleAnyway
//	topology.kubernetes.io/zone  maxSkew 5  ScheduleAnyway
//
// Being ScheduleAnyway they never filter; they score. Default weight 2.
//
// Upstream applies them to a pod selected by a Service, ReplicationController,
// ReplicaSet or StatefulSet (helper.DefaultSelector merges those objects'
// selectors). The playground has no such objects, so: a pod applies when it
// has an ownerReference with controller=true of kind ReplicaSet, StatefulSet
// or ReplicationController (Services are not modelled), and the owner's
// selector is approximated by the pod's own labels, all of them, as equality
// requirements. For pods created from one template that is exactly the set
// of its siblings; in particular the pod-template-hash label is kept,
// because a Deployment's ReplicaSet selector includes it. A pod without
// labels has an empty selector and, as upstream, the plugin Skips.
//
// Scoring as upstream: PreScore counts, over every node of the snapshot
// that satisfies the pod's nodeSelector/required affinity, the matching pods
// (same namespace, selector matches, terminal pods not counted) per zone
// value among the scored nodes (nodes without a zone label form the zone
// ""); Score sums, per constraint whose key the node has, count·log(size+2)
// + (maxSkew-1) in float64 (size = scored nodes for hostname, distinct zone
// values for zone; the hostname count is the node's own) and rounds;
// NormalizeScore gives 100·(max+min-s)/max, or 100 everywhere when max is 0.
// Nodes missing a topology label are not ignored with system defaults
// (requireAllTopologies is false): they just get no credit for that key.
//
// A node's count of pods matching a selector is memoized on its NodeInfo
// (NodeInfo.Memo, one key per selector and namespace), so a node's pods are
// counted once per selector while they stay the same rather than in every
// cycle (a new NodeInfo, AddPod or RemovePod starts a new memo); the
// scores are those of a fresh count.
package podtopologyspread
