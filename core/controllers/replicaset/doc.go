// Package replicaset is the part of the ReplicaSet controller
// (k8s.io/kubernetes pkg/controller/replicaset, v1.37) the playground
// simulates: a ReplicaSet keeps spec.replicas pods matching its selector;
// a pod that is deleted or evicted (its deletionTimestamp set) no longer
// counts, so a replacement Pending pod is created at once and the
// scheduler places it again.
//
// Pods are named like upstream's generateName: the ReplicaSet's name, a
// dash and five characters of the alphabet "bcdfghjklmnpqrstvwxz2456789"
// (k8s.io/apimachinery util/rand.String), drawn here from a generator
// seeded by the scenario so that names are deterministic. Each pod carries
// an ownerReference to its ReplicaSet (controller: true), which makes
// PodTopologySpread's system default spreading apply to it.
//
// Events use upstream's texts: `Normal SuccessfulCreate "Created pod:
// NAME"` and `Normal SuccessfulDelete "Deleted pod: NAME"` on the
// ReplicaSet.
package replicaset
