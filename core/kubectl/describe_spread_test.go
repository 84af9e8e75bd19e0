package kubectl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
)

// Upstream's TestDescribeTopologySpreadConstraints (k8s.io/kubectl
// v0.37.2 describe_test.go): one line per constraint, the selector as
// metav1.FormatLabelSelector prints it, none without a labelSelector; the
// block follows Tolerations and is sorted by topologyKey.
func TestDescribeTopologySpreadConstraints(t *testing.T) {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "bar", Namespace: "foo"}, Spec: core.PodSpec{
		TopologySpreadConstraints: []core.TopologySpreadConstraint{
			{MaxSkew: 1, TopologyKey: "topology.kubernetes.io/test2", WhenUnsatisfiable: "ScheduleAnyway"},
			{MaxSkew: 3, TopologyKey: "topology.kubernetes.io/test1", WhenUnsatisfiable: "DoNotSchedule",
				LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"key1": "val1", "key2": "val2"}}},
		}}}
	out := DescribePod(p, nil, 0)
	assert.Contains(t, out, "topology.kubernetes.io/test1:DoNotSchedule when max skew 3 is exceeded for selector key1=val1,key2=val2\n")
	assert.Contains(t, out, "topology.kubernetes.io/test2:ScheduleAnyway when max skew 1 is exceeded\n")
	assert.Less(t, strings.Index(out, "Tolerations:"), strings.Index(out, "Topology Spread Constraints:"), "after Tolerations")
	assert.Less(t, strings.Index(out, "test1:"), strings.Index(out, "test2:"), "sorted by key")
	assert.NotContains(t, DescribePod(&core.Pod{}, nil, 0), "Topology Spread", "no constraints, no block")
}

// FormatLabelSelector against metav1.FormatLabelSelector's outputs
// (the differential test in test/upstream compares random selectors).
func TestFormatLabelSelector(t *testing.T) {
	for _, c := range []struct {
		sel  *core.LabelSelector
		want string
	}{
		{nil, "<none>"},
		{&core.LabelSelector{}, "<none>"},
		{&core.LabelSelector{MatchLabels: map[string]string{"b": "2", "a": "1"}}, "a=1,b=2"},
		{&core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: "z", Operator: "In", Values: []string{"y", "x"}},
			{Key: "a", Operator: "DoesNotExist"}, {Key: "m", Operator: "Exists"}, {Key: "n", Operator: "NotIn", Values: []string{"v"}}}},
			"!a,m,n notin (v),z in (x,y)"},
		{&core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: "a", Operator: "Bogus"}}}, "<error>"},
		{&core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: "a", Operator: "In"}}}, "<error>"},
	} {
		assert.Equal(t, c.want, FormatLabelSelector(c.sel), "%+v", c.sel)
	}
}
