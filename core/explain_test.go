package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestExplainToleration(t *testing.T) {
	taint := func(k, v string, e TaintEffect) *Taint { return &Taint{Key: k, Value: v, Effect: e} }
	tests := []struct {
		name  string
		tol   Toleration
		taint *Taint
		gate  bool
		want  bool
		why   string
	}{
		{"effect first", Toleration{Key: "b", Operator: TolerationOpExists, Effect: TaintEffectNoSchedule}, taint("a", "", TaintEffectNoExecute), false, false, "effect NoSchedule ≠ NoExecute"},
		{"key", Toleration{Key: "a", Operator: TolerationOpExists}, taint("b", "", TaintEffectNoSchedule), false, false, `key "a" ≠ "b"`},
		{"equal mismatch", Toleration{Key: "k", Operator: TolerationOpEqual, Value: "x"}, taint("k", "y", TaintEffectNoSchedule), false, false, `value "x" ≠ "y" (Equal)`},
		{"empty operator is Equal", Toleration{Key: "k", Value: "x"}, taint("k", "x", TaintEffectNoSchedule), false, true, `value "x" = "x" (empty operator means Equal)`},
		{"empty toleration tolerates empty value", Toleration{}, taint("anything", "", "Bogus"), false, true, `value "" = "" (empty operator means Equal)`},
		{"exists", Toleration{Operator: TolerationOpExists}, taint("k", "v", TaintEffectNoExecute), false, true, "Exists matches any value"},
		{"exists ignores its value", Toleration{Key: "k", Operator: TolerationOpExists, Value: "zzz"}, taint("k", "v", TaintEffectNoExecute), false, true, "Exists matches any value"},
		{"gate off", Toleration{Key: "sla", Operator: TolerationOpGt, Value: "950"}, taint("sla", "999", TaintEffectNoSchedule), false, false, "Gt needs the TaintTolerationComparisonOperators gate"},
		{"gt", Toleration{Key: "sla", Operator: TolerationOpGt, Value: "950"}, taint("sla", "999", TaintEffectNoSchedule), true, true, "taint value 999 > 950 (Gt)"},
		{"gt equal fails", Toleration{Key: "sla", Operator: TolerationOpGt, Value: "950"}, taint("sla", "950", TaintEffectNoSchedule), true, false, "taint value 950 is not > 950 (Gt)"},
		{"lt", Toleration{Key: "sla", Operator: TolerationOpLt, Value: "-5"}, taint("sla", "-10", TaintEffectNoSchedule), true, true, "taint value -10 < -5 (Lt)"},
		{"leading zero taint", Toleration{Key: "sla", Operator: TolerationOpGt, Value: "1"}, taint("sla", "007", TaintEffectNoSchedule), true, false, `"007" is not a canonical integer`},
		{"plus toleration", Toleration{Key: "sla", Operator: TolerationOpLt, Value: "+5"}, taint("sla", "1", TaintEffectNoSchedule), true, false, `"+5" is not a canonical integer`},
		{"overflow", Toleration{Key: "sla", Operator: TolerationOpLt, Value: "9223372036854775808"}, taint("sla", "1", TaintEffectNoSchedule), true, false, `"9223372036854775808" does not fit in int64`},
		{"empty taint value", Toleration{Key: "sla", Operator: TolerationOpGt, Value: "1"}, taint("sla", "", TaintEffectNoSchedule), true, false, `taint value "" is not a canonical integer`},
		{"case", Toleration{Operator: "exists"}, taint("k", "", TaintEffectNoSchedule), false, false, `unknown operator "exists" (operators are case-sensitive)`},
		{"unknown", Toleration{Operator: "In"}, taint("k", "", TaintEffectNoSchedule), false, false, `unknown operator "In"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, why := ExplainToleration(&tc.tol, tc.taint, tc.gate)
			assert.Equal(t, tc.want, got, "tolerates")
			assert.Equal(t, tc.why, why, "why")
			assert.Equal(t, tc.tol.ToleratesTaint(tc.taint, tc.gate), got, "disagrees with ToleratesTaint")
		})
	}
	ok, why := ExplainToleration(nil, taint("a", "", ""), true)
	assert.False(t, ok, "nil toleration")
	assert.Equal(t, "no toleration", why, "nil toleration")
	ok, why = ExplainToleration(&Toleration{}, nil, true)
	assert.False(t, ok, "nil taint")
	assert.Equal(t, "no taint", why, "nil taint")
}

// FuzzExplainToleration: ExplainToleration agrees with ToleratesTaint on
// every input and always gives a reason.
func FuzzExplainToleration(f *testing.F) {
	f.Add("k", "Exists", "", "NoSchedule", "k", "v", "NoSchedule", true)
	f.Add("sla", "Gt", "950", "", "sla", "999", "NoExecute", true)
	f.Add("", "", "", "", "x", "", "PreferNoSchedule", false)
	f.Add("a", "Lt", "007", "NoSchedule", "a", "-1", "NoSchedule", true)
	f.Fuzz(func(t *testing.T, tk, op, tv, te, xk, xv, xe string, gate bool) {
		tol := &Toleration{Key: tk, Operator: TolerationOperator(op), Value: tv, Effect: TaintEffect(te)}
		taint := &Taint{Key: xk, Value: xv, Effect: TaintEffect(xe)}
		got, why := ExplainToleration(tol, taint, gate)
		require.Equal(t, tol.ToleratesTaint(taint, gate), got, "ExplainToleration (%s) disagrees with ToleratesTaint", why)
		require.NotEmpty(t, why, "empty reason")
	})
}
