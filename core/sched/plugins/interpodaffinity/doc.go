// Package interpodaffinity is the InterPodAffinity plugin
// (pkg/scheduler/framework/plugins/interpodaffinity, v1.37, with the
// InterPodAffinityHostnameFastPath gate at its default, off).
//
// PreFilter counts, per topology pair (label key and value of a node), the
// existing pods whose required anti-affinity terms match the incoming pod
// and the existing pods matching the incoming pod's required affinity and
// anti-affinity terms. Filter rejects a node whose domains break the pod's
// affinity (UnschedulableAndUnresolvable), its anti-affinity or an existing
// pod's anti-affinity (both Unschedulable, so preemption may help). A node
// Filter is given that is a modified copy of a snapshot node (nominated
// pods added, preemption victims removed) has its counts corrected by the
// difference of its pods, as upstream's AddPod/RemovePod extensions do.
//
// PreScore sums the weights of the pod's preferred terms and of the
// existing pods' preferred terms (and their required affinity terms, with
// hardPodAffinityWeight 1) per topology pair; Score adds up a node's pairs
// and NormalizeScore maps them linearly onto 0–100. Default weight 2.
//
// Start with New; NamespaceLookup is how namespaceSelector sees Namespace
// objects.
package interpodaffinity
