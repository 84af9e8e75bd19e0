package defaulttolerationseconds

import (
	"testing"

	"github.com/taints-playground/playground/core"
)

// EXAMPLES.md S17: which defaults admission adds.
func TestAdmitS17(t *testing.T) {
	s := func(n int64) *int64 { return &n }
	nr, ur := core.TaintNodeNotReady, core.TaintNodeUnreachable
	cases := []struct {
		name string
		tols []core.Toleration
		want []string
	}{
		{"1 none", nil, []string{nr, ur}},
		{"2 unreachable 6000", []core.Toleration{{Key: ur, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: s(6000)}}, []string{nr}},
		{"3 unreachable NoSchedule", []core.Toleration{{Key: ur, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}, []string{nr, ur}},
		{"4 exists", []core.Toleration{{Operator: core.TolerationOpExists}}, nil},
		{"5 exists NoExecute 30", []core.Toleration{{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: s(30)}}, nil},
		{"6 not-ready Equal x", []core.Toleration{{Key: nr, Operator: core.TolerationOpEqual, Value: "x", Effect: core.TaintEffectNoExecute}}, []string{ur}},
		{"7 not-ready no effect", []core.Toleration{{Key: nr, Operator: core.TolerationOpExists}}, []string{ur}},
		{"8 exists NoSchedule", []core.Toleration{{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}, []string{nr, ur}},
	}
	for _, c := range cases {
		out, added := Admit(c.tols, DefaultSeconds, DefaultSeconds)
		if added != len(c.want) {
			t.Errorf("%s: added %d, want %v", c.name, added, c.want)
			continue
		}
		for i, k := range c.want {
			got := out[len(c.tols)+i]
			if got.Key != k || got.Operator != core.TolerationOpExists || got.Effect != core.TaintEffectNoExecute || got.TolerationSeconds == nil || *got.TolerationSeconds != 300 {
				t.Errorf("%s: appended %+v", c.name, got)
			}
		}
	}
	out, _ := Admit(nil, 60, 120)
	if *out[0].TolerationSeconds != 60 || *out[1].TolerationSeconds != 120 {
		t.Fatal("flags not applied")
	}
}
