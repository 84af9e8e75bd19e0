package deployment

import (
	"encoding/json"
	"hash/fnv"
	"strconv"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/replicaset"
)

// LabelPodTemplateHash is the label the Deployment controller adds to its
// ReplicaSet's selector and template.
const LabelPodTemplateHash = "pod-template-hash"

// ScalingReplicaSet is the Deployment controller's event reason when it
// scales its ReplicaSet.
const ScalingReplicaSet = "ScalingReplicaSet"

// TemplateHash is the pod-template-hash of a template.
func TemplateHash(t *core.PodTemplateSpec) string {
	b, err := json.Marshal(t)
	if err != nil {
		b = nil
	}
	h := fnv.New32a()
	_, _ = h.Write(b)
	return SafeEncode(strconv.FormatUint(uint64(h.Sum32()), 10))
}

// SafeEncode maps every byte of s onto the alphabet without vowels (as
// k8s.io/apimachinery util/rand.SafeEncodeString).
func SafeEncode(s string) string {
	out := make([]byte, len(s))
	for i := 0; i < len(s); i++ {
		out[i] = replicaset.Alphabet[int(s[i])%len(replicaset.Alphabet)]
	}
	return string(out)
}

// Replicas is spec.replicas with its default of 1.
func Replicas(d *core.Deployment) int32 {
	if d.Spec.Replicas == nil {
		return 1
	}
	return *d.Spec.Replicas
}

// NewReplicaSet is the ReplicaSet the Deployment owns.
func NewReplicaSet(d *core.Deployment) *core.ReplicaSet {
	hash := TemplateHash(&d.Spec.Template)
	rs := &core.ReplicaSet{TypeMeta: core.TypeMeta{APIVersion: "apps/v1", Kind: "ReplicaSet"}}
	rs.Name = d.Name + "-" + hash
	rs.Namespace = d.Namespace
	rs.Labels = withHash(d.Spec.Template.Labels, hash)
	t := true
	rs.OwnerReferences = []core.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment", Name: d.Name, UID: d.UID, Controller: &t}}
	r := Replicas(d)
	rs.Spec.Replicas = &r
	sel := &core.LabelSelector{MatchLabels: map[string]string{LabelPodTemplateHash: hash}}
	if d.Spec.Selector != nil {
		for k, v := range d.Spec.Selector.MatchLabels {
			sel.MatchLabels[k] = v
		}
		sel.MatchExpressions = append(sel.MatchExpressions, d.Spec.Selector.MatchExpressions...)
	}
	rs.Spec.Selector = sel
	rs.Spec.Template = *d.Spec.Template.DeepCopy()
	rs.Spec.Template.Labels = withHash(d.Spec.Template.Labels, hash)
	return rs
}

func withHash(m map[string]string, hash string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	out[LabelPodTemplateHash] = hash
	return out
}
