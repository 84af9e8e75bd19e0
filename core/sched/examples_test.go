package sched

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

const (
	pns     = core.TaintEffectPreferNoSchedule
	noExec  = core.TaintEffectNoExecute
	exists  = core.TolerationOpExists
	opIn    = core.NodeSelectorOpIn
	opExist = core.NodeSelectorOpExists
)

func totals(r Result) map[string]int64 {
	out := map[string]int64{}
	for _, s := range r.Scores {
		out[s.Node] = s.Total
	}
	return out
}

func mustPlace(t *testing.T, r Result, oneOf ...string) {
	t.Helper()
	require.Contains(t, oneOf, r.NodeName, "placed on %q (message %q, scores %+v)", r.NodeName, r.Message, r.Scores)
}

// TestS1 covers EXAMPLES.md S1: the message, then the placement after the
// taint is removed (single feasible node, no scoring) and the uncordon
// variant.
func TestS1(t *testing.T) {
	build := func(taintN1, cordonN2 bool) []*NodeInfo {
		n1 := tu.MakeNode("n1", "4000m", "8Gi")
		if taintN1 {
			n1.Taint("dedicated", "gpu", noSched)
		}
		n2 := tu.MakeNode("n2", "4000m", "8Gi")
		if cordonN2 {
			n2.Cordon()
		}
		return []*NodeInfo{n1.Info(), n2.Info(), tu.MakeNode("n3", "4000m", "8Gi").Info(tu.MakePod("filler", "3500m", "1Gi").P)}
	}
	pod := tu.MakePod("p", "1000m", "1Gi").DefaultTolerations().P

	r := Schedule(pod, build(true, true), Options{})
	want := "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
	require.Equal(t, want, r.Message)
	require.Contains(t, r.Rejected, "n1")
	require.Contains(t, r.Rejected, "n2")
	require.Contains(t, r.Rejected, "n3")
	assert.Equal(t, "TaintToleration", r.Rejected["n1"].Plugin)
	assert.Equal(t, "NodeUnschedulable", r.Rejected["n2"].Plugin)
	assert.Equal(t, "NodeResourcesFit", r.Rejected["n3"].Plugin)
	assert.Equal(t, Unschedulable, r.Rejected["n3"].Code)
	assert.Equal(t, UnschedulableAndUnresolvable, r.Rejected["n1"].Code)
	assert.Empty(t, r.NominatedNode, "unexpected preemption")
	assert.Nil(t, r.Victims, "unexpected preemption")

	r = Schedule(pod, build(false, true), Options{})
	mustPlace(t, r, "n1")
	assert.Empty(t, r.Scores, "single feasible node must skip scoring")
	assert.Equal(t, []string{"n1"}, r.Feasible)

	r = Schedule(pod, build(true, false), Options{})
	mustPlace(t, r, "n2")
}

// TestS2 covers EXAMPLES.md S2 (a): several reasons per node.
func TestS2(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "4000m", "8Gi").Alloc(core.ResourcePods, "3").Info(tu.MakePod("a", "100m", "128Mi").P, tu.MakePod("b", "100m", "128Mi").P, tu.MakePod("c", "100m", "128Mi").P),
		tu.MakeNode("n2", "4000m", "8Gi").Info(tu.MakePod("big", "3500m", "7.5Gi").P),
		tu.MakeNode("n3", "4000m", "8Gi").Info(tu.MakePod("cpu", "3500m", "1Gi").P),
	}
	r := Schedule(tu.MakePod("p", "1000m", "1Gi").P, nodes, Options{})
	require.Contains(t, r.Rejected, "n2")
	assert.Equal(t, []string{"Insufficient cpu", "Insufficient memory"}, r.Rejected["n2"].Reasons, "n2 reasons")
}

// TestS3 covers EXAMPLES.md S3: PreferNoSchedule scoring, totals and ties.
func TestS3(t *testing.T) {
	nodes := func(n3NoSchedule bool) []*NodeInfo {
		n3 := tu.MakeNode("n3", "4000m", "8Gi")
		if n3NoSchedule {
			n3.Taint("c", "1", noSched)
		}
		return []*NodeInfo{
			tu.MakeNode("n1", "4000m", "8Gi").Taint("a", "1", pns).Taint("b", "1", pns).Info(),
			tu.MakeNode("n2", "4000m", "8Gi").Taint("a", "1", pns).Info(),
			n3.Info(),
		}
	}
	pod := func() *tu.Pod { return tu.MakePod("p", "500m", "512Mi").DefaultTolerations() }
	tests := []struct {
		name   string
		pod    *core.Pod
		n3NS   bool
		tied   []string
		totals map[string]int64
	}{
		{"p1 none", pod().P, false, []string{"n3"}, map[string]int64{"n1": 163, "n2": 313, "n3": 463}},
		{"p2 NoSchedule toleration ignored", pod().Tol("a", exists, "", noSched).P, false, []string{"n3"}, nil},
		{"p3 empty effect", pod().Tol("a", exists, "", "").P, false, []string{"n2", "n3"}, map[string]int64{"n1": 163, "n2": 463, "n3": 463}},
		{"p4 Exists PreferNoSchedule", pod().Tol("", exists, "", pns).P, false, []string{"n1", "n2", "n3"}, nil},
		{"p5 value mismatch", pod().Tol("a", core.TolerationOpEqual, "2", "").P, false, []string{"n3"}, nil},
		{"p6 n3 NoSchedule: normalised over scored nodes only", pod().P, true, []string{"n2"}, map[string]int64{"n1": 163, "n2": 313}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Schedule(tc.pod, nodes(tc.n3NS), Options{})
			require.Equal(t, tc.tied, r.Tied, "tied (scores %+v)", r.Scores)
			mustPlace(t, r, tc.tied...)
			if tc.totals != nil {
				require.Equal(t, tc.totals, totals(r), "totals")
			}
		})
	}
}

// TestTieBreakUniform checks that ties are broken with opts.Rand.Intn over
// the tied nodes, so each tied node is chosen, roughly uniformly.
func TestTieBreakUniform(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "4000m", "8Gi").Info(),
		tu.MakeNode("n2", "4000m", "8Gi").Info(),
		tu.MakeNode("n3", "4000m", "8Gi").Info(),
	}
	pod := tu.MakePod("p", "500m", "512Mi").P
	rng := rand.New(rand.NewSource(42))
	counts := map[string]int{}
	for i := 0; i < 3000; i++ {
		r := Schedule(pod, nodes, Options{Rand: rng})
		counts[r.NodeName]++
		require.Len(t, r.Tied, 3, "tied")
	}
	for _, n := range []string{"n1", "n2", "n3"} {
		assert.InDelta(t, 1000, counts[n], 150, "tie-break counts %v are not uniform", counts)
	}
	// The pick is exactly Tied[Rand.Intn(len(Tied))].
	want := []string{"n1", "n2", "n3"}[rand.New(rand.NewSource(7)).Intn(3)]
	assert.Equal(t, want, Schedule(pod, nodes, Options{Rand: rand.New(rand.NewSource(7))}).NodeName, "seeded pick")
	assert.Equal(t, "n1", Schedule(pod, nodes, Options{}).NodeName, "nil Rand picks the first tied node")
}

// TestS4 covers EXAMPLES.md S4: PreferNoSchedule ×3 against preferred
// affinity ×2, and the single-feasible-node shortcut.
func TestS4(t *testing.T) {
	nodes := func(n2Tainted bool) []*NodeInfo {
		n2 := tu.MakeNode("n2", "4000m", "8Gi").Label("zone", "b")
		if n2Tainted {
			n2.Taint("x", "1", noSched)
		}
		return []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Label("zone", "a").Taint("spot", "true", pns).Info(), n2.Info()}
	}
	q := func(weight int32) *tu.Pod {
		return tu.MakePod("q", "500m", "512Mi").DefaultTolerations().PreferredTerm(weight, tu.Term(tu.Expr("zone", opIn, "a")))
	}

	r := Schedule(q(100).P, nodes(false), Options{})
	mustPlace(t, r, "n2")
	assert.Equal(t, map[string]int64{"n1": 363, "n2": 463}, totals(r), "totals")
	wantN1 := []PluginScore{
		{Plugin: "TaintToleration", Raw: 1, Normalized: 0, Weighted: 0},
		{Plugin: "NodeAffinity", Raw: 100, Normalized: 100, Weighted: 200},
		{Plugin: "NodeResourcesFit", Raw: 90, Normalized: 90, Weighted: 90},
		{Plugin: "NodeResourcesBalancedAllocation", Raw: 73, Normalized: 73, Weighted: 73},
		// ImageLocality runs for every pod (no PreScore); no node lists
		// an image, so it scores 0 everywhere.
		{Plugin: "ImageLocality", Raw: 0, Normalized: 0, Weighted: 0},
	}
	require.NotEmpty(t, r.Scores)
	assert.Equal(t, wantN1, r.Scores[0].Plugins, "n1 breakdown")
	assert.Equal(t, map[string]int64{"n1": 363, "n2": 463}, totals(Schedule(q(1).P, nodes(false), Options{})), "weight 1 totals")

	// EXAMPLES.md prints n1 = 563 for q2; its own table gives 363 + 300 =
	// 663 (TaintToleration 0 → 300), and the placement (n1) is the same.
	r = Schedule(q(100).Tol("spot", exists, "", pns).P, nodes(false), Options{})
	mustPlace(t, r, "n1")
	assert.Equal(t, map[string]int64{"n1": 663, "n2": 463}, totals(r), "q2 totals")

	r = Schedule(q(100).P, nodes(true), Options{})
	mustPlace(t, r, "n1")
	assert.Empty(t, r.Scores, "scored a single feasible node")

	// Without preferred terms NodeAffinity's PreScore skips, and
	// PodTopologySpread skips a bare pod, and so does InterPodAffinity
	// without pod affinity anywhere.
	r = Schedule(tu.MakePod("p", "500m", "512Mi").P, nodes(false), Options{})
	assert.Equal(t, []string{"NodeAffinity", "PodTopologySpread", "InterPodAffinity"}, r.SkippedScorePlugins, "skipped")
	require.NotEmpty(t, r.Scores)
	assert.Len(t, r.Scores[0].Plugins, 4, "plugins")
}

// TestS5 covers EXAMPLES.md S5: the 1.36+ BalancedAllocation picks n1.
func TestS5(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "10000m", "10Gi").Info(tu.MakePod("a", "1000m", "4Gi").P),
		tu.MakeNode("n2", "10000m", "10Gi").Info(tu.MakePod("b", "3000m", "3Gi").P),
	}
	r := Schedule(tu.MakePod("p", "1000m", "1Gi").P, nodes, Options{})
	mustPlace(t, r, "n1")
	assert.Equal(t, map[string]int64{"n1": 440, "n2": 435}, totals(r), "totals")
}

// TestS6 covers EXAMPLES.md S6: affinity OR-of-ANDs, nodeSelector, the
// taint reported before affinity, then relabelling n1.
func TestS6(t *testing.T) {
	nodes := func(n1Disk string) []*NodeInfo {
		return []*NodeInfo{
			tu.MakeNode("n1", "4000m", "8Gi").Label("tier", "prod").Label("zone", "a").Label("disk", n1Disk).Info(),
			tu.MakeNode("n2", "4000m", "8Gi").Label("tier", "prod").Label("zone", "b").Label("gpu", "true").Taint("gpu", "true", noSched).Info(),
			tu.MakeNode("n3", "4000m", "8Gi").Label("tier", "prod").Label("zone", "a").Label("disk", "ssd").Info(tu.MakePod("big", "3500m", "").P),
			tu.MakeNode("n4", "4000m", "8Gi").Label("tier", "dev").Label("zone", "a").Label("disk", "ssd").Info(),
		}
	}
	pod := tu.MakePod("p", "1000m", "").DefaultTolerations().NodeSelector("tier", "prod").
		RequiredTerm(tu.Term(tu.Expr("zone", opIn, "a"), tu.Expr("disk", opIn, "ssd"))).
		RequiredTerm(tu.Term(tu.Expr("gpu", opExist))).P
	r := Schedule(pod, nodes("hdd"), Options{})
	want := "0/4 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling."
	require.Equal(t, want, r.Message)
	mustPlace(t, Schedule(pod, nodes("ssd"), Options{}), "n1")
}

// TestS7Pinned covers the matchFields example of EXAMPLES.md S7 and the
// absent-node statuses in Result.Rejected.
func TestS7Pinned(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "4", "8Gi").Info(),
		tu.MakeNode("n2", "4", "8Gi").Cordon().Info(),
		tu.MakeNode("n3", "4", "8Gi").Taint("dedicated", "db", noSched).Info(),
		tu.MakeNode("n4", "4", "8Gi").Taint("maint", "x", noExec).Info(),
	}
	r := Schedule(tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("n3")).P, nodes, Options{})
	want := "0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling."
	require.Equal(t, want, r.Message)
	assert.Len(t, r.Rejected, 4, "rejected")
	if assert.Contains(t, r.Rejected, "n1") {
		assert.Equal(t, "node(s) didn't satisfy plugin(s) [NodeAffinity]", r.Rejected["n1"].Message())
		assert.Equal(t, "NodeAffinity", r.Rejected["n1"].Plugin)
	}
	// A DaemonSet-style pod tolerating unschedulable lands on cordoned n2.
	ds := tu.MakePod("agent", "", "").RequiredTerm(tu.NameTerm("n2")).Tol(core.TaintNodeUnschedulable, exists, "", noSched).P
	mustPlace(t, Schedule(ds, nodes, Options{}), "n2")
}

// TestS21 covers EXAMPLES.md S21: GPU taint plus extended resource.
func TestS21(t *testing.T) {
	nodes := func(gpusUsed bool) []*NodeInfo {
		var pods []*core.Pod
		if gpusUsed {
			pods = append(pods, tu.MakePod("g", "", "").Req("nvidia.com/gpu", "4").Tol("nvidia.com/gpu", exists, "", noSched).P)
		}
		return []*NodeInfo{
			tu.MakeNode("gpu1", "8000m", "32Gi").Alloc("nvidia.com/gpu", "4").Taint("nvidia.com/gpu", "present", noSched).Info(pods...),
			tu.MakeNode("cpu1", "8000m", "32Gi").Info(),
		}
	}
	gpuPod := func() *tu.Pod { return tu.MakePod("p", "", "").Req("nvidia.com/gpu", "1").DefaultTolerations() }

	r := Schedule(gpuPod().P, nodes(false), Options{})
	want := "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint(s). preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."
	assert.Equal(t, want, r.Message)
	r = Schedule(gpuPod().Tol("nvidia.com/gpu", exists, "", noSched).P, nodes(true), Options{})
	want = "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."
	assert.Equal(t, want, r.Message)
	mustPlace(t, Schedule(tu.MakePod("c", "1", "1Gi").P, nodes(false), Options{}), "cpu1")
	mustPlace(t, Schedule(gpuPod().Tol("nvidia.com/gpu", exists, "", noSched).P, nodes(false), Options{}), "gpu1")
}

func TestNoNodesAndPreFilterRejection(t *testing.T) {
	r := Schedule(tu.MakePod("p", "1", "").P, nil, Options{})
	assert.Equal(t, "no nodes available to schedule pods", r.Message, "no nodes")
	assert.Zero(t, r.NumAllNodes, "no nodes")
	assert.Empty(t, r.NodeName, "no nodes")
	r = Schedule(tu.MakePod("p", "1", "").P, []*NodeInfo{nil, {}}, Options{})
	assert.Equal(t, "no nodes available to schedule pods", r.Message, "nil nodes")
	conflict := tu.MakePod("p", "", "").RequiredTerm(core.NodeSelectorTerm{MatchFields: []core.NodeSelectorRequirement{
		{Key: "metadata.name", Operator: opIn, Values: []string{"n1"}},
		{Key: "metadata.name", Operator: opIn, Values: []string{"n2"}}}}).P
	nodes := []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(), tu.MakeNode("n2", "4", "8Gi").Info()}
	r = Schedule(conflict, nodes, Options{})
	// After a PreFilter rejection DynamicResources.PostFilter cannot read its
	// state and the post part is that error's text (v1.37.2 source).
	want := "0/2 nodes are available: pod affinity terms conflict. not found"
	assert.Equal(t, want, r.Message, "conflict message")
	assert.Len(t, r.Rejected, 2, "conflict rejected")
	if assert.Contains(t, r.Rejected, "n2") {
		assert.Equal(t, "NodeAffinity", r.Rejected["n2"].Plugin, "conflict rejected")
	}
	// A pin to a node that does not exist leaves every node absent.
	r = Schedule(tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("ghost")).P, nodes, Options{})
	want = "0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."
	assert.Equal(t, want, r.Message, "ghost message")
}

func TestNominatedNodeFastPath(t *testing.T) {
	nodes := []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(), tu.MakeNode("n2", "4", "8Gi").Info(tu.MakePod("x", "1", "1Gi").P)}
	pod := tu.MakePod("p", "1", "1Gi").P
	pod.Status.NominatedNodeName = "n2"
	r := Schedule(pod, nodes, Options{})
	assert.Equal(t, "n2", r.NodeName, "nominated fast path")
	assert.Empty(t, r.Scores, "nominated fast path")
	pod.Status.NominatedNodeName = "n9"
	assert.Equal(t, "n1", Schedule(pod, nodes, Options{}).NodeName, "missing nominated node")
}

func TestNumFeasibleNodesToFind(t *testing.T) {
	for n, want := range map[int]int{0: 0, 99: 99, 150: 100, 500: 230, 1000: 420, 5000: 500, 6000: 300, 20000: 1000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			assert.Equal(t, want, NumFeasibleNodesToFind(n))
		})
	}
	nodes := make([]*NodeInfo, 1000)
	for i := range nodes {
		nodes[i] = tu.MakeNode(fmt.Sprintf("n%04d", i), "4", "8Gi").Info()
	}
	r := Schedule(tu.MakePod("p", "1", "1Gi").P, nodes, Options{StartNodeIndex: 900})
	require.Len(t, r.Feasible, 420)
	assert.Equal(t, (900+420)%1000, r.NextStartNodeIndex)
	assert.Equal(t, "n0000", r.Feasible[0])
	assert.Equal(t, "n0999", r.Feasible[419])
}

func TestMessageTruncation(t *testing.T) {
	p := tu.MakePod("p", "", "")
	for i := 0; i < 60; i++ {
		p.Req(core.ResourceName(fmt.Sprintf("example.com/resource-%02d", i)), "1")
	}
	r := Schedule(p.P, []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info()}, Options{})
	require.Greater(t, len(r.ConditionMessage), 1024, "the condition message is not truncated")
	require.Len(t, r.Message, 1024, "the event message is truncated")
	assert.Equal(t, " ...", r.Message[1020:])
	assert.Equal(t, r.ConditionMessage[:1020], r.Message[:1020])
}

func TestFitErrorMessageSorting(t *testing.T) {
	explicit := map[string]*Status{
		"a": {Reasons: []string{"node(s) had untolerated taint(s)"}},
		"b": {Reasons: []string{"Insufficient cpu", "Insufficient memory"}},
		"c": {Reasons: []string{"Insufficient cpu"}},
	}
	absent := &Status{Reasons: []string{"node(s) didn't satisfy plugin(s) [NodeAffinity]"}}
	got := FitErrorMessage(13, explicit, absent, "", "")
	want := "0/13 nodes are available: 1 Insufficient memory, 1 node(s) had untolerated taint(s), 10 node(s) didn't satisfy plugin(s) [NodeAffinity], 2 Insufficient cpu."
	assert.Equal(t, want, got)
	assert.Equal(t, "0/2 nodes are available:", FitErrorMessage(2, nil, nil, "", ""), "empty histogram")
}

// TestRotatingStartIndex: with 100+ nodes the Filter pass starts at
// Options.StartNodeIndex, stops at the NumFeasibleNodesToFind-th feasible
// node, and NextStartNodeIndex advances by the nodes processed (feasible +
// rejected) modulo the snapshot size (schedule_one.go findNodesThatFitPod).
//
// 200 nodes, every 4th tainted (150 feasible), want 100: from index 10 the
// feasible nodes are 10, 11, then 3 per block of 4 from 12, so the 100th is
// node 142 after 32 blocks; 133 nodes were processed (33 rejected) and the
// next start is 143.
func TestRotatingStartIndex(t *testing.T) {
	nodes := make([]*NodeInfo, 200)
	for i := range nodes {
		n := tu.MakeNode(fmt.Sprintf("n%03d", i), "4", "8Gi")
		if i%4 == 0 {
			n.Taint("t", "x", noSched)
		}
		nodes[i] = n.Info()
	}
	pod := tu.MakePod("p", "100m", "").P
	r := Schedule(pod, nodes, Options{StartNodeIndex: 10})
	require.Len(t, r.Feasible, 100, "feasible")
	require.Len(t, r.Rejected, 33, "rejected")
	require.Equal(t, 143, r.NextStartNodeIndex, "next")
	assert.Equal(t, "n010", r.Feasible[0], "feasible range")
	assert.Equal(t, "n142", r.Feasible[99], "feasible range")
	// Wrapping around: from 190, nodes 190–199 then 0… are searched.
	r = Schedule(pod, nodes, Options{StartNodeIndex: 190})
	// 190..199: 8 feasible (192, 196 tainted); then 92 more from 0: blocks
	// [0..3] give 3 → 30 blocks (0..119) give 90, then 121 and 122; 133
	// nodes processed, next (190+133)%200 = 123.
	assert.Len(t, r.Feasible, 100, "wrap: feasible")
	assert.Equal(t, 123, r.NextStartNodeIndex, "wrap: next")
	// Below 100 nodes every node is filtered.
	r = Schedule(pod, nodes[:99], Options{StartNodeIndex: 50})
	assert.Equal(t, 99, len(r.Feasible)+len(r.Rejected), "small: feasible + rejected")
	assert.Equal(t, (50+99)%99, r.NextStartNodeIndex, "small: next")
}
