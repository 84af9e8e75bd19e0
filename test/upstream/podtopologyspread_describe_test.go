package upstream

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestFormatLabelSelectorMatchesUpstream: kubectl.FormatLabelSelector
// (what describe prints after "for selector") against
// metav1.FormatLabelSelector on random selectors, including invalid keys,
// values and operators.
func TestFormatLabelSelectorMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	keys := []string{"app", "tier", "a.b/c", "-bad", "x"}
	vals := []string{"web", "", "db", "bad value", "v1"}
	ops := []string{"In", "NotIn", "Exists", "DoesNotExist", "Gt"}
	for i := range 3000 {
		var sel *core.LabelSelector
		if r.IntN(8) > 0 {
			sel = &core.LabelSelector{}
			for range r.IntN(3) {
				if sel.MatchLabels == nil {
					sel.MatchLabels = map[string]string{}
				}
				sel.MatchLabels[pick(r, keys...)] = pick(r, vals...)
			}
			for range r.IntN(3) {
				e := core.LabelSelectorRequirement{Key: pick(r, keys...), Operator: pick(r, ops...)}
				for range r.IntN(3) {
					e.Values = append(e.Values, pick(r, vals...))
				}
				sel.MatchExpressions = append(sel.MatchExpressions, e)
			}
		}
		var up *metav1.LabelSelector
		if sel != nil {
			up = &metav1.LabelSelector{}
			require.NoError(t, roundTrip(sel, up))
		}
		require.Equal(t, metav1.FormatLabelSelector(up), kubectl.FormatLabelSelector(sel), "case %d: %+v", i, sel)
	}
}
