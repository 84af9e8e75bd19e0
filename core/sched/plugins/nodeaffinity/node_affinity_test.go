package nodeaffinity

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

func labelsNode(name string, kv ...string) *framework.NodeInfo {
	n := tu.MakeNode(name, "1", "1Gi")
	for i := 0; i+1 < len(kv); i += 2 {
		n.Label(kv[i], kv[i+1])
	}
	return n.Info()
}

func expr(k string, op core.NodeSelectorOperator, v ...string) core.NodeSelectorRequirement {
	return tu.Expr(k, op, v...)
}

func TestFilter(t *testing.T) {
	// EXAMPLES.md S6 nodes and pod: nodeSelector tier=prod AND
	// (zone In [a] AND disk In [ssd]) OR (gpu Exists).
	s6 := tu.MakePod("p", "1", "").NodeSelector("tier", "prod").
		RequiredTerm(tu.Term(expr("zone", core.NodeSelectorOpIn, "a"), expr("disk", core.NodeSelectorOpIn, "ssd"))).
		RequiredTerm(tu.Term(expr("gpu", core.NodeSelectorOpExists))).P
	tests := []struct {
		name  string
		pod   *core.Pod
		node  *framework.NodeInfo
		match bool
	}{
		{"S6 n1 fails both terms", s6, labelsNode("n1", "tier", "prod", "zone", "a", "disk", "hdd"), false},
		{"S6 n2 matches term 2", s6, labelsNode("n2", "tier", "prod", "zone", "b", "gpu", "true"), true},
		{"S6 n3 matches term 1", s6, labelsNode("n3", "tier", "prod", "zone", "a", "disk", "ssd"), true},
		{"S6 n4 fails nodeSelector", s6, labelsNode("n4", "tier", "dev", "zone", "a", "disk", "ssd"), false},
		{"NotIn matches a node without the label", tu.MakePod("p", "", "").RequiredTerm(tu.Term(expr("gpu-type", core.NodeSelectorOpNotIn, "a100"))).P, labelsNode("n"), true},
		{"DoesNotExist matches a node without the label", tu.MakePod("p", "", "").RequiredTerm(tu.Term(expr("gpu-type", core.NodeSelectorOpDoesNotExist))).P, labelsNode("n"), true},
		{"Gt 8 matches 16", tu.MakePod("p", "", "").RequiredTerm(tu.Term(expr("cores", core.NodeSelectorOpGt, "8"))).P, labelsNode("n", "cores", "16"), true},
		{"Gt 8 does not match 8", tu.MakePod("p", "", "").RequiredTerm(tu.Term(expr("cores", core.NodeSelectorOpGt, "8"))).P, labelsNode("n", "cores", "8"), false},
		{"Gt 8 does not match x", tu.MakePod("p", "", "").RequiredTerm(tu.Term(expr("cores", core.NodeSelectorOpGt, "8"))).P, labelsNode("n", "cores", "x"), false},
		{"Gt 8 does not match a node without the label", tu.MakePod("p", "", "").RequiredTerm(tu.Term(expr("cores", core.NodeSelectorOpGt, "8"))).P, labelsNode("n"), false},
		{"Lt with two values is invalid", tu.MakePod("p", "", "").RequiredTerm(tu.Term(expr("cores", core.NodeSelectorOpLt, "8", "9"))).P, labelsNode("n", "cores", "1"), false},
		{"invalid term ignored, other term matches", tu.MakePod("p", "", "").RequiredTerm(tu.Term(expr("a", "Bogus"))).RequiredTerm(tu.Term(expr("b", core.NodeSelectorOpExists))).P, labelsNode("n", "b", "1"), true},
		{"empty term list matches nothing", &core.Pod{Spec: core.PodSpec{Affinity: &core.Affinity{NodeAffinity: &core.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{}}}}}, labelsNode("n"), false},
		{"only empty terms match nothing", tu.MakePod("p", "", "").RequiredTerm(core.NodeSelectorTerm{}).P, labelsNode("n"), false},
		{"nodeSelector needs the label to exist", tu.MakePod("p", "", "").NodeSelector("k", "").P, labelsNode("n"), false},
		{"nodeSelector empty value matches empty label", tu.MakePod("p", "", "").NodeSelector("k", "").P, labelsNode("n", "k", ""), true},
		{"matchFields name In", tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("n")).P, labelsNode("n"), true},
		{"matchFields name In other", tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("m")).P, labelsNode("n"), false},
		{"matchFields name In with two values is invalid", tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("n", "m")).P, labelsNode("n"), false},
		{"no constraints", tu.MakePod("p", "", "").P, labelsNode("n"), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pl := New()
			st := framework.NewCycleState()
			_, s := pl.PreFilter(st, tc.pod, nil)
			if s.IsSkip() {
				require.True(t, tc.match, "PreFilter skipped a constrained pod")
				return
			}
			got := pl.Filter(st, tc.pod, tc.node)
			if tc.match {
				require.Nil(t, got, "want success")
				return
			}
			require.NotNil(t, got, "want rejection")
			assert.Equal(t, framework.UnschedulableAndUnresolvable, got.Code)
			assert.Equal(t, ErrReasonPod, got.Message())
		})
	}
}

func TestPreFilter(t *testing.T) {
	tests := []struct {
		name      string
		pod       *core.Pod
		wantSkip  bool
		wantNames []string // nil: all nodes
		wantMsg   string
	}{
		{name: "no constraints skips", pod: tu.MakePod("p", "", "").P, wantSkip: true},
		{name: "nodeSelector only: all nodes", pod: tu.MakePod("p", "", "").NodeSelector("a", "b").P},
		{name: "one term pinned", pod: tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("n3")).P, wantNames: []string{"n3"}},
		{name: "two terms pinned: union", pod: tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("n1")).RequiredTerm(tu.NameTerm("n2")).P, wantNames: []string{"n1", "n2"}},
		{name: "one term without name pin: all nodes", pod: tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("n1")).RequiredTerm(tu.Term(expr("a", core.NodeSelectorOpExists))).P},
		{name: "intersection inside a term", pod: tu.MakePod("p", "", "").RequiredTerm(core.NodeSelectorTerm{MatchFields: []core.NodeSelectorRequirement{
			{Key: ObjectNameField, Operator: core.NodeSelectorOpIn, Values: []string{"n1", "n2"}},
			{Key: ObjectNameField, Operator: core.NodeSelectorOpIn, Values: []string{"n2", "n3"}}}}).P, wantNames: []string{"n2"}},
		{name: "conflict", pod: tu.MakePod("p", "", "").RequiredTerm(core.NodeSelectorTerm{MatchFields: []core.NodeSelectorRequirement{
			{Key: ObjectNameField, Operator: core.NodeSelectorOpIn, Values: []string{"n1"}},
			{Key: ObjectNameField, Operator: core.NodeSelectorOpIn, Values: []string{"n2"}}}}).P, wantMsg: ErrReasonConflict},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, s := New().PreFilter(framework.NewCycleState(), tc.pod, nil)
			require.Equal(t, tc.wantSkip, s.IsSkip(), "skip")
			if tc.wantMsg != "" {
				require.NotNil(t, s, "want %q", tc.wantMsg)
				assert.Equal(t, framework.UnschedulableAndUnresolvable, s.Code)
				assert.Equal(t, tc.wantMsg, s.Message())
				return
			}
			if tc.wantSkip {
				return
			}
			require.Nil(t, s)
			if tc.wantNames == nil {
				require.True(t, r.AllNodes(), "result %+v, want all nodes", r)
				return
			}
			require.False(t, r.AllNodes(), "want %v", tc.wantNames)
			require.Len(t, r.NodeNames, len(tc.wantNames))
			for _, n := range tc.wantNames {
				assert.True(t, r.NodeNames[n], "result %v lacks %s", r.NodeNames, n)
			}
		})
	}
}

// TestScore covers SCHEDULER.md §1.5: terms zone=a (80), disk=ssd (20).
func TestScore(t *testing.T) {
	pod := tu.MakePod("q", "", "").
		PreferredTerm(80, tu.Term(expr("zone", core.NodeSelectorOpIn, "a"))).
		PreferredTerm(20, tu.Term(expr("disk", core.NodeSelectorOpIn, "ssd"))).
		PreferredTerm(0, tu.Term(expr("zone", core.NodeSelectorOpExists))).
		PreferredTerm(50, core.NodeSelectorTerm{}).P
	all := []*framework.NodeInfo{
		labelsNode("n1", "zone", "a", "disk", "ssd"), labelsNode("n2", "zone", "a"), labelsNode("n3", "disk", "ssd"), labelsNode("n4"),
	}
	tests := []struct {
		name     string
		nodes    []*framework.NodeInfo
		wantRaw  []int64
		wantNorm []int64
	}{
		{"four nodes", all, []int64{100, 80, 20, 0}, []int64{100, 80, 20, 0}},
		{"best lacks ssd: scaled to the max", []*framework.NodeInfo{all[1], all[2]}, []int64{80, 20}, []int64{100, 25}},
		{"nothing matches", []*framework.NodeInfo{all[3]}, []int64{0}, []int64{0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pl := New()
			st := framework.NewCycleState()
			require.Nil(t, pl.PreScore(st, pod, tc.nodes), "PreScore")
			var got []int64
			for _, n := range tc.nodes {
				v, _ := pl.Score(st, pod, n)
				got = append(got, v)
			}
			require.Equal(t, tc.wantRaw, got, "raw")
			pl.NormalizeScore(st, pod, got)
			require.Equal(t, tc.wantNorm, got, "normalized")
		})
	}
	s := New().PreScore(framework.NewCycleState(), tu.MakePod("p", "", "").P, nil)
	assert.True(t, s.IsSkip(), "PreScore without preferred terms = %+v, want Skip", s)
}
