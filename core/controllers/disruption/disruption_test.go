package disruption

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/taints-playground/playground/core"
)

func TestAllowed(t *testing.T) {
	i := func(n int32) *core.IntOrString { return &core.IntOrString{IntVal: n} }
	p := func(s string) *core.IntOrString { return &core.IntOrString{IsString: true, StrVal: s} }
	cases := []struct {
		spec              core.PodDisruptionBudgetSpec
		expected, healthy int
		want              int
	}{
		{core.PodDisruptionBudgetSpec{MinAvailable: i(3)}, 3, 3, 0},
		{core.PodDisruptionBudgetSpec{MinAvailable: i(2)}, 3, 3, 1},
		{core.PodDisruptionBudgetSpec{MaxUnavailable: i(1)}, 3, 3, 1},
		{core.PodDisruptionBudgetSpec{MaxUnavailable: i(1)}, 3, 2, 0},
		{core.PodDisruptionBudgetSpec{MaxUnavailable: i(0)}, 3, 3, 0},
		{core.PodDisruptionBudgetSpec{MinAvailable: p("50%")}, 3, 3, 1}, // ceil(1.5)=2
		{core.PodDisruptionBudgetSpec{MaxUnavailable: p("50%")}, 3, 3, 2},
	}
	for n, c := range cases {
		if got := Allowed(&core.PodDisruptionBudget{Spec: c.spec}, c.expected, c.healthy); got != c.want {
			t.Errorf("case %d: %d, want %d", n, got, c.want)
		}
	}
}

// scaled agrees with apimachinery's GetScaledValueFromIntOrPercent (round up).
func TestScaledMatchesIntstr(t *testing.T) {
	for _, v := range []string{"0%", "1%", "33%", "50%", "99%", "100%"} {
		for total := 0; total <= 12; total++ {
			want, err := intstr.GetScaledValueFromIntOrPercent(ptrIntstr(intstr.FromString(v)), total, true)
			if err != nil {
				t.Fatal(err)
			}
			if got := scaled(core.IntOrString{IsString: true, StrVal: v}, total, true); got != want {
				t.Errorf("%s of %d: %d, want %d", v, total, got, want)
			}
		}
	}
}

func ptrIntstr(v intstr.IntOrString) *intstr.IntOrString { return &v }
