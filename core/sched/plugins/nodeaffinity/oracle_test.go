package nodeaffinity

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	upstream "k8s.io/component-helpers/scheduling/corev1/nodeaffinity"

	"github.com/taints-playground/playground/core"
)

// TestDifferentialAgainstComponentHelpers compares RequiredNodeAffinity and
// PreferredSchedulingTerms with k8s.io/component-helpers v0.37.2 on random
// selectors and nodes drawn from a small alphabet (including invalid keys,
// values and operators).
func TestDifferentialAgainstComponentHelpers(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	keys := []string{"zone", "disk", "cores", "gpu", "bad key", "example.com/x", "-x"}
	values := []string{"a", "b", "ssd", "8", "16", "-3", "x", "", "+7", "007", "bad value!"}
	ops := []core.NodeSelectorOperator{core.NodeSelectorOpIn, core.NodeSelectorOpNotIn, core.NodeSelectorOpExists,
		core.NodeSelectorOpDoesNotExist, core.NodeSelectorOpGt, core.NodeSelectorOpLt, "Bogus"}
	names := []string{"n1", "n2", ""}
	pick := func(list []string) string { return list[rng.Intn(len(list))] }
	randValues := func() []string {
		n := rng.Intn(3)
		if rng.Intn(4) == 0 {
			n = 1
		}
		var out []string
		for i := 0; i < n; i++ {
			out = append(out, pick(values))
		}
		return out
	}
	randTerm := func() core.NodeSelectorTerm {
		var t core.NodeSelectorTerm
		for i := rng.Intn(3); i > 0; i-- {
			t.MatchExpressions = append(t.MatchExpressions, core.NodeSelectorRequirement{Key: pick(keys), Operator: ops[rng.Intn(len(ops))], Values: randValues()})
		}
		for i := rng.Intn(2); i > 0; i-- {
			op := core.NodeSelectorOpIn
			if rng.Intn(3) == 0 {
				op = core.NodeSelectorOpNotIn
			}
			vals := []string{pick(names[:2])}
			if rng.Intn(5) == 0 {
				vals = append(vals, pick(names[:2]))
			}
			t.MatchFields = append(t.MatchFields, core.NodeSelectorRequirement{Key: "metadata.name", Operator: op, Values: vals})
		}
		return t
	}
	toV1Term := func(t core.NodeSelectorTerm) v1.NodeSelectorTerm {
		var out v1.NodeSelectorTerm
		for _, r := range t.MatchExpressions {
			out.MatchExpressions = append(out.MatchExpressions, v1.NodeSelectorRequirement{Key: r.Key, Operator: v1.NodeSelectorOperator(r.Operator), Values: r.Values})
		}
		for _, r := range t.MatchFields {
			out.MatchFields = append(out.MatchFields, v1.NodeSelectorRequirement{Key: r.Key, Operator: v1.NodeSelectorOperator(r.Operator), Values: r.Values})
		}
		return out
	}
	for i := 0; i < 5000; i++ {
		node := &core.Node{ObjectMeta: core.ObjectMeta{Name: pick(names), Labels: map[string]string{}}}
		for j := rng.Intn(4); j > 0; j-- {
			node.Labels[pick(keys)] = pick(values)
		}
		pod := &core.Pod{}
		v1pod := &v1.Pod{}
		if rng.Intn(3) == 0 {
			pod.Spec.NodeSelector = map[string]string{pick(keys): pick(values)}
			v1pod.Spec.NodeSelector = pod.Spec.NodeSelector
		}
		na := &core.NodeAffinity{}
		v1na := &v1.NodeAffinity{}
		if rng.Intn(4) != 0 {
			na.RequiredDuringSchedulingIgnoredDuringExecution = &core.NodeSelector{}
			v1na.RequiredDuringSchedulingIgnoredDuringExecution = &v1.NodeSelector{}
			for j := rng.Intn(3); j > 0; j-- {
				term := randTerm()
				na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms = append(na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms, term)
				v1na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms = append(v1na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms, toV1Term(term))
			}
		}
		var prefs []core.PreferredSchedulingTerm
		var v1prefs []v1.PreferredSchedulingTerm
		for j := rng.Intn(3); j > 0; j-- {
			term := randTerm()
			w := int32(rng.Intn(4))
			prefs = append(prefs, core.PreferredSchedulingTerm{Weight: w, Preference: term})
			v1prefs = append(v1prefs, v1.PreferredSchedulingTerm{Weight: w, Preference: toV1Term(term)})
		}
		pod.Spec.Affinity = &core.Affinity{NodeAffinity: na}
		v1pod.Spec.Affinity = &v1.Affinity{NodeAffinity: v1na}
		v1node := &v1.Node{ObjectMeta: metav1.ObjectMeta{Name: node.Name, Labels: node.Labels}}

		ours := GetRequiredNodeAffinity(pod)
		theirs := upstream.GetRequiredNodeAffinity(v1pod)
		want, _ := theirs.Match(v1node)
		require.Equal(t, want, ours.Match(node), "case %d: required Match\nnode %+v\npod %+v", i, node, pod.Spec)
		if up, err := upstream.NewPreferredSchedulingTerms(v1prefs); err == nil {
			require.Equal(t, up.Score(v1node), NewPreferredSchedulingTerms(prefs).Score(node), "case %d: preferred Score\nnode %+v\nterms %+v", i, node, prefs)
		}
	}
}
