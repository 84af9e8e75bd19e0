package replicaset

import (
	"maps"
	"math/rand"

	"github.com/taints-playground/playground/core"
)

// Alphabet is the character set of generated name suffixes (no vowels,
// no look-alike characters), as k8s.io/apimachinery util/rand.
const Alphabet = "bcdfghjklmnpqrstvwxz2456789"

// SuffixLength is the length of a generated pod name suffix.
const SuffixLength = 5

// Event reasons and message formats of the controller.
const (
	ReasonSuccessfulCreate = "SuccessfulCreate"
	ReasonSuccessfulDelete = "SuccessfulDelete"
)

// RandomSuffix draws a generateName suffix from r.
func RandomSuffix(r *rand.Rand) string {
	b := make([]byte, SuffixLength)
	for i := range b {
		b[i] = Alphabet[r.Intn(len(Alphabet))]
	}
	return string(b)
}

// Replicas is spec.replicas with its default of 1.
func Replicas(rs *core.ReplicaSet) int32 {
	if rs.Spec.Replicas == nil {
		return 1
	}
	return *rs.Spec.Replicas
}

// IsControlledBy reports whether the pod's controller ownerReference names
// the ReplicaSet (by kind and name; UIDs are optional in scenario files).
func IsControlledBy(p *core.Pod, rs *core.ReplicaSet) bool {
	if p.Namespace != rs.Namespace {
		return false
	}
	for _, o := range p.OwnerReferences {
		if o.Kind == "ReplicaSet" && o.Name == rs.Name && (o.Controller == nil || *o.Controller) {
			return true
		}
	}
	return false
}

// NewPod builds a pod of the ReplicaSet's template named
// rs.Name-suffix, in the ReplicaSet's namespace, with the template's labels
// and annotations and a controller ownerReference.
func NewPod(rs *core.ReplicaSet, suffix string) *core.Pod {
	p := &core.Pod{TypeMeta: core.TypeMeta{APIVersion: "v1", Kind: "Pod"}}
	p.Name = rs.Name + "-" + suffix
	p.GenerateName = rs.Name + "-"
	p.Namespace = rs.Namespace
	p.Labels = maps.Clone(rs.Spec.Template.Labels)
	p.Annotations = maps.Clone(rs.Spec.Template.Annotations)
	t := true
	p.OwnerReferences = []core.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: rs.Name, UID: rs.UID, Controller: &t}}
	p.Spec = *rs.Spec.Template.Spec.DeepCopy()
	return p
}

// Diff is how many pods to create (positive) or delete (negative) so that
// active pods equal the desired replicas.
func Diff(rs *core.ReplicaSet, active int) int {
	return int(Replicas(rs)) - active
}
