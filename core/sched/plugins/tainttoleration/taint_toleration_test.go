package tainttoleration

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

func node(taints ...core.Taint) *framework.NodeInfo {
	return &framework.NodeInfo{Node: &core.Node{Spec: core.NodeSpec{Taints: taints}}}
}

func taint(k, v string, e core.TaintEffect) core.Taint {
	return core.Taint{Key: k, Value: v, Effect: e}
}

func TestFilter(t *testing.T) {
	tests := []struct {
		name        string
		taints      []core.Taint
		tolerations []core.Toleration
		gate        bool
		wantReject  bool
	}{
		{name: "no taints"},
		{name: "untolerated NoSchedule", taints: []core.Taint{taint("dedicated", "gpu", core.TaintEffectNoSchedule)}, wantReject: true},
		{name: "untolerated NoExecute", taints: []core.Taint{taint("maint", "", core.TaintEffectNoExecute)}, wantReject: true},
		{name: "PreferNoSchedule never filters", taints: []core.Taint{taint("a", "1", core.TaintEffectPreferNoSchedule)}},
		{name: "tolerated by Equal", taints: []core.Taint{taint("dedicated", "gpu", core.TaintEffectNoSchedule)},
			tolerations: []core.Toleration{{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "gpu", Effect: core.TaintEffectNoSchedule}}},
		{name: "value mismatch", taints: []core.Taint{taint("dedicated", "gpu", core.TaintEffectNoSchedule)},
			tolerations: []core.Toleration{{Key: "dedicated", Value: "db"}}, wantReject: true},
		{name: "second taint untolerated", taints: []core.Taint{taint("a", "", core.TaintEffectNoSchedule), taint("b", "", core.TaintEffectNoExecute)},
			tolerations: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}}, wantReject: true},
		{name: "Exists tolerates all", taints: []core.Taint{taint("a", "", core.TaintEffectNoSchedule), taint("b", "", core.TaintEffectNoExecute)},
			tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}},
		{name: "Gt with gate off never matches", taints: []core.Taint{taint("tier", "5", core.TaintEffectNoSchedule)},
			tolerations: []core.Toleration{{Key: "tier", Operator: core.TolerationOpGt, Value: "3"}}, wantReject: true},
		{name: "Gt with gate on", taints: []core.Taint{taint("tier", "5", core.TaintEffectNoSchedule)}, gate: true,
			tolerations: []core.Toleration{{Key: "tier", Operator: core.TolerationOpGt, Value: "3"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := New(tc.gate).Filter(nil, &core.Pod{Spec: core.PodSpec{Tolerations: tc.tolerations}}, node(tc.taints...))
			if !tc.wantReject {
				require.Nil(t, got, "want success")
				return
			}
			require.NotNil(t, got, "want rejection")
			assert.Equal(t, framework.UnschedulableAndUnresolvable, got.Code)
			assert.Equal(t, []string{"node(s) had untolerated taint(s)"}, got.Reasons)
		})
	}
}

// TestScore covers SCHEDULER.md §1.5 and EXAMPLES.md S3: raw counts of
// intolerable PreferNoSchedule taints and their reverse normalization.
func TestScore(t *testing.T) {
	pns := core.TaintEffectPreferNoSchedule
	nodes := []*framework.NodeInfo{
		node(taint("a", "1", pns), taint("b", "1", pns)),
		node(taint("a", "1", pns)),
		node(),
	}
	tests := []struct {
		name        string
		tolerations []core.Toleration
		wantRaw     []int64
		wantNorm    []int64
	}{
		{"p1 none", nil, []int64{2, 1, 0}, []int64{0, 50, 100}},
		{"p2 NoSchedule-effect toleration ignored", []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}, []int64{2, 1, 0}, []int64{0, 50, 100}},
		{"p3 empty effect counts", []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}}, []int64{1, 0, 0}, []int64{0, 100, 100}},
		{"p4 Exists PreferNoSchedule", []core.Toleration{{Operator: core.TolerationOpExists, Effect: pns}}, []int64{0, 0, 0}, []int64{100, 100, 100}},
		{"p5 value mismatch", []core.Toleration{{Key: "a", Value: "2"}}, []int64{2, 1, 0}, []int64{0, 50, 100}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pl := New(false)
			pod := &core.Pod{Spec: core.PodSpec{Tolerations: tc.tolerations}}
			st := framework.NewCycleState()
			require.Nil(t, pl.PreScore(st, pod, nodes), "PreScore")
			var raw []int64
			for _, n := range nodes {
				v, s := pl.Score(st, pod, n)
				require.Nil(t, s, "Score status")
				raw = append(raw, v)
			}
			require.Equal(t, tc.wantRaw, raw, "raw")
			pl.NormalizeScore(st, pod, raw)
			require.Equal(t, tc.wantNorm, raw, "normalized")
			// Score without PreScore state gives the same raw value.
			v, _ := pl.Score(framework.NewCycleState(), pod, nodes[0])
			assert.Equal(t, tc.wantRaw[0], v, "stateless Score")
		})
	}
}

// FuzzNoPanic: the plugin never panics, whatever the taints and
// tolerations (it runs in wasm), with the gate on or off and with either
// Filter reason; raw scores are counts and normalize into [0, 100].
func FuzzNoPanic(f *testing.F) {
	f.Add("k", "Gt", "-5", "NoSchedule", int64(5), true)
	f.Add("", "", "", "", int64(-1), false)
	f.Add("a/b/c", "Exists", "1e3", "PreferNoSchedule", int64(18446744073/2), true)
	f.Fuzz(func(t *testing.T, key, op, value, effect string, secs int64, gate bool) {
		taints := []core.Taint{
			{Key: key, Value: value, Effect: core.TaintEffect(effect)},
			{Key: key, Value: value, Effect: core.TaintEffectPreferNoSchedule},
			{Key: value, Effect: core.TaintEffectNoSchedule},
			{Key: key, Value: op, Effect: core.TaintEffectNoExecute},
		}
		tols := []core.Toleration{
			{Key: key, Operator: core.TolerationOperator(op), Value: value, Effect: core.TaintEffect(value), TolerationSeconds: &secs},
			{Key: key, Operator: core.TolerationOperator(op), Value: value, Effect: core.TaintEffect(effect)},
		}
		pod := &core.Pod{Spec: core.PodSpec{Tolerations: tols}}
		nodes := []*framework.NodeInfo{node(taints...), node(taints[1:]...), node(), {}}
		for _, pl := range []*TaintToleration{New(gate), NewForVersion(gate, core.Version{Minor: 34})} {
			st := framework.NewCycleState()
			for _, n := range nodes {
				pl.Filter(st, pod, n)
			}
			pl.Filter(nil, nil, nodes[0])
			pl.PreScore(st, pod, nodes)
			scores := make([]int64, len(nodes))
			for i, n := range nodes {
				scores[i], _ = pl.Score(st, pod, n)
			}
			pl.NormalizeScore(st, pod, scores)
			for _, s := range scores {
				require.True(t, s >= 0 && s <= framework.MaxNodeScore, "normalized scores %v outside [0, %d]", scores, framework.MaxNodeScore)
			}
			pl.NormalizeScore(st, pod, []int64{secs, 0, 1})
		}
	})
}
