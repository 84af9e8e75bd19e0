package podtopologyspread

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// The cases below are upstream's own (v1.37.2 filtering_test.go
// TestSingleConstraint, scoring_test.go TestPodTopologySpreadScore), with
// their expected codes and scores.

var (
	fooSelector = &core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: "foo", Operator: "Exists"}}}
	honor       = core.PolicyHonor
	// unschedulableTaint is upstream's test taint.
	unschedulableTaint = []core.Taint{{Key: "node.kubernetes.io/unschedulable", Effect: core.TaintEffectNoSchedule}}
)

func tsc(maxSkew int32, key, when string, sel *core.LabelSelector) core.TopologySpreadConstraint {
	return core.TopologySpreadConstraint{MaxSkew: maxSkew, TopologyKey: key, WhenUnsatisfiable: when, LabelSelector: sel}
}

func spreadPod(cs ...core.TopologySpreadConstraint) *core.Pod {
	return &core.Pod{ObjectMeta: core.ObjectMeta{Name: "p", Labels: map[string]string{"foo": ""}},
		Spec: core.PodSpec{TopologySpreadConstraints: cs}}
}

// barPod is spreadPod labelled bar instead of foo.
func barPod(cs ...core.TopologySpreadConstraint) *core.Pod {
	p := spreadPod(cs...)
	p.Labels = map[string]string{"bar": ""}
	return p
}

// node is "name" with labels as key, value pairs.
func node(name string, kv ...string) *core.Node {
	n := &core.Node{ObjectMeta: core.ObjectMeta{Name: name, Labels: map[string]string{}}}
	for i := 0; i+1 < len(kv); i += 2 {
		n.Labels[kv[i]] = kv[i+1]
	}
	return n
}

// fooPods returns a pod labelled foo on each named node.
func fooPods(nodes ...string) []*core.Pod {
	var out []*core.Pod
	for _, n := range nodes {
		out = append(out, &core.Pod{ObjectMeta: core.ObjectMeta{Name: "e-" + n, Labels: map[string]string{"foo": ""}}, Spec: core.PodSpec{NodeName: n}})
	}
	return out
}

func infos(nodes []*core.Node, pods []*core.Pod) []*framework.NodeInfo {
	out := make([]*framework.NodeInfo, len(nodes))
	for i, n := range nodes {
		var on []*core.Pod
		for _, p := range pods {
			if p.Spec.NodeName == n.Name {
				on = append(on, p)
			}
		}
		out[i] = framework.NewNodeInfo(n, on...)
	}
	return out
}

func fourNodes() []*core.Node {
	return []*core.Node{
		node("node-a", "zone", "zone1", "node", "node-a"), node("node-b", "zone", "zone1", "node", "node-b"),
		node("node-x", "zone", "zone2", "node", "node-x"), node("node-y", "zone", "zone2", "node", "node-y"),
	}
}

func TestFilter(t *testing.T) {
	const ok, no, bad = "Success", "Unschedulable", "UnschedulableAndUnresolvable"
	minDomains4 := int32(4)
	withMin := tsc(2, "node", core.DoNotSchedule, fooSelector)
	withMin.MinDomains = &minDomains4
	taintsHonor := tsc(1, "node", core.DoNotSchedule, fooSelector)
	taintsHonor.NodeTaintsPolicy = &honor
	terminating := fooPods("node-a")[0]
	terminating.DeletionTimestamp = &core.Time{Time: time.Unix(1, 0)}
	taintedY := node("node-y", "node", "node-y")
	taintedY.Spec.Taints = unschedulableTaint
	for _, tc := range []struct {
		name  string
		pod   *core.Pod
		nodes []*core.Node
		pods  []*core.Pod
		want  []string
	}{
		{"no existing pods", spreadPod(tsc(1, "zone", core.DoNotSchedule, fooSelector)), fourNodes(), nil, []string{ok, ok, ok, ok}},
		{"existing pods do not match null selector", spreadPod(tsc(1, "zone", core.DoNotSchedule, nil)), fourNodes(), fooPods("node-x", "node-y"), []string{ok, ok, ok, ok}},
		{"pods spread across zones as 1/2 due to absence of label 'zone' on node-b", spreadPod(tsc(1, "zone", core.DoNotSchedule, fooSelector)),
			[]*core.Node{node("node-a", "zone", "zone1"), node("node-b", "zon", "zone1"), node("node-x", "zone", "zone2"), node("node-y", "zone", "zone2")},
			fooPods("node-a", "node-b", "node-x", "node-y"), []string{ok, bad, no, no}},
		{"pods spread across nodes as 2/1/0/3, only node-x fits", spreadPod(tsc(1, "node", core.DoNotSchedule, fooSelector)), fourNodes(),
			fooPods("node-a", "node-a", "node-b", "node-y", "node-y", "node-y"), []string{no, no, ok, no}},
		{"pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit", spreadPod(tsc(2, "node", core.DoNotSchedule, fooSelector)), fourNodes(),
			fooPods("node-a", "node-a", "node-b", "node-y", "node-y", "node-y"), []string{no, ok, ok, no}},
		{"pods spread across nodes as 2/1/0/3, but pod doesn't match itself", barPod(tsc(1, "node", core.DoNotSchedule, fooSelector)), fourNodes(),
			fooPods("node-a", "node-a", "node-b", "node-y", "node-y", "node-y"), []string{no, ok, ok, no}},
		{"terminating Pods should be excluded", spreadPod(tsc(1, "node", core.DoNotSchedule, fooSelector)),
			[]*core.Node{node("node-a", "node", "node-a"), node("node-b", "node", "node-b")},
			append([]*core.Pod{terminating}, fooPods("node-b")...), []string{ok, no}},
		{"2/2/1, maxSkew 2, domains < minDomains: the third node fits", spreadPod(withMin),
			[]*core.Node{node("node-a", "node", "node-a"), node("node-b", "node", "node-b"), node("node-c", "node", "node-c")},
			fooPods("node-a", "node-a", "node-b", "node-b", "node-c"), []string{no, no, ok}},
		{"NodeTaintsPolicy honored", spreadPod(taintsHonor),
			[]*core.Node{node("node-a", "node", "node-a"), node("node-b", "node", "node-b"), node("node-x", "node", "node-x"), taintedY},
			fooPods("node-a", "node-b", "node-y"), []string{no, no, ok, ok}},
		{"NodeTaintsPolicy ignored", spreadPod(tsc(1, "node", core.DoNotSchedule, fooSelector)),
			[]*core.Node{node("node-a", "node", "node-a"), node("node-b", "node", "node-b"), node("node-x", "node", "node-x"), taintedY},
			fooPods("node-a", "node-b", "node-y"), []string{no, no, ok, no}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pl := New()
			ni := infos(tc.nodes, tc.pods)
			state := framework.NewCycleState()
			_, st := pl.PreFilter(state, tc.pod, ni)
			require.True(t, st.IsSuccess(), "PreFilter: %v", st)
			var got []string
			for _, n := range ni {
				s := pl.Filter(state, tc.pod, n)
				got = append(got, s.GetCode().String())
				switch s.GetCode() {
				case framework.Unschedulable:
					assert.Equal(t, []string{ErrReasonConstraintsNotMatch}, s.Reasons)
				case framework.UnschedulableAndUnresolvable:
					assert.Equal(t, []string{ErrReasonNodeLabelNotMatch}, s.Reasons)
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// PreFilter Skips a pod without DoNotSchedule constraints.
func TestPreFilterSkip(t *testing.T) {
	for name, pod := range map[string]*core.Pod{
		"no constraints":      spreadPod(),
		"ScheduleAnyway only": spreadPod(tsc(1, "zone", core.ScheduleAnyway, fooSelector)),
	} {
		t.Run(name, func(t *testing.T) {
			_, st := New().PreFilter(framework.NewCycleState(), pod, infos(fourNodes(), nil))
			assert.True(t, st.IsSkip(), "status %v", st)
		})
	}
}

// AddPod and RemovePod change the counts of a cloned state only; upstream
// TestPreFilterStateAddPod's shape: 2/1/0/3 on node, removing a pod of
// node-y and adding one to node-x.
func TestAddRemovePod(t *testing.T) {
	pod := spreadPod(tsc(1, "node", core.DoNotSchedule, fooSelector))
	pods := fooPods("node-a", "node-a", "node-b", "node-y", "node-y", "node-y")
	ni := infos(fourNodes(), pods)
	pl := New()
	state := framework.NewCycleState()
	_, st := pl.PreFilter(state, pod, ni)
	require.True(t, st.IsSuccess())
	dry := state.Clone()
	pl.AddPod(dry, pod, fooPods("node-x")[0], ni[2])
	// 2/1/1/3: the minimum is 1, node-b and node-x now fit (1+1-1 ≤ 1).
	codes := func(s *framework.CycleState) []framework.Code {
		var out []framework.Code
		for _, n := range ni {
			out = append(out, pl.Filter(s, pod, n).GetCode())
		}
		return out
	}
	assert.Equal(t, []framework.Code{framework.Unschedulable, framework.Success, framework.Success, framework.Unschedulable}, codes(dry), "after AddPod")
	assert.Equal(t, []framework.Code{framework.Unschedulable, framework.Unschedulable, framework.Success, framework.Unschedulable}, codes(state), "original state")
	pl.RemovePod(dry, pod, pods[0], ni[0])
	pl.RemovePod(dry, pod, pods[1], ni[0])
	// 0/1/1/3: only node-a fits.
	assert.Equal(t, []framework.Code{framework.Success, framework.Unschedulable, framework.Unschedulable, framework.Unschedulable}, codes(dry), "after RemovePod")
	other := fooPods("node-a")[0]
	other.Namespace = "other"
	pl.RemovePod(dry, pod, other, ni[0])
	assert.Equal(t, framework.Success, pl.Filter(dry, pod, ni[0]).GetCode(), "a pod of another namespace is not counted")
}

func TestScore(t *testing.T) {
	taintsHonor := tsc(1, "node", core.ScheduleAnyway, fooSelector)
	taintsHonor.NodeTaintsPolicy = &honor
	taintedC := node("node-c", "node", "node-c")
	taintedC.Spec.Taints = unschedulableTaint
	abc := []*core.Node{node("node-a", "node", "node-a"), node("node-b", "node", "node-b"), taintedC}
	for _, tc := range []struct {
		name          string
		pod           *core.Pod
		nodes, failed []*core.Node
		pods          []*core.Pod
		want          []int64
	}{
		{"one constraint on node, 3 of 4 candidates, one node without the key", spreadPod(tsc(1, LabelHostname, core.ScheduleAnyway, fooSelector)),
			[]*core.Node{node("node-a", LabelHostname, "node-a"), node("node-b", "n", "node-b"), node("node-x", LabelHostname, "node-x")},
			[]*core.Node{node("node-y", LabelHostname, "node-y")},
			fooPods("node-a", "node-a", "node-a", "node-a", "node-b", "node-b", "node-x", "node-y", "node-y", "node-y"), []int64{16, 0, 100}},
		{"one constraint on zone, 3 of 4 candidates", spreadPod(tsc(1, "zone", core.ScheduleAnyway, fooSelector)),
			[]*core.Node{node("node-a", "zone", "zone1", LabelHostname, "node-a"), node("node-b", "zone", "zone1", LabelHostname, "node-b"), node("node-x", "zone", "zone2", LabelHostname, "node-x")},
			[]*core.Node{node("node-y", "zone", "zone2", LabelHostname, "node-y")},
			fooPods("node-a", "node-a", "node-a", "node-a", "node-b", "node-b", "node-x", "node-y", "node-y", "node-y"), []int64{75, 75, 100}},
		{"two constraints on zone and node, 2 of 4 candidates",
			spreadPod(tsc(1, "zone", core.ScheduleAnyway, fooSelector), tsc(1, LabelHostname, core.ScheduleAnyway, fooSelector)),
			[]*core.Node{node("node-a", "zone", "zone1", LabelHostname, "node-a"), node("node-x", "zone", "zone2", LabelHostname, "node-x")},
			[]*core.Node{node("node-b", "zone", "zone1", LabelHostname, "node-b"), node("node-y", "zone", "zone2", LabelHostname, "node-y")},
			fooPods("node-a", "node-a", "node-b", "node-x", "node-x", "node-y", "node-y", "node-y", "node-y"), []int64{100, 63}},
		{"NodeTaintsPolicy honored", spreadPod(taintsHonor), abc, nil, fooPods("node-a", "node-a", "node-b", "node-c"), []int64{0, 33, 100}},
		{"NodeTaintsPolicy ignored", spreadPod(tsc(1, "node", core.ScheduleAnyway, fooSelector)), abc, nil, fooPods("node-a", "node-a", "node-b", "node-c"), []int64{66, 100, 100}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pl := New()
			all := infos(append(append([]*core.Node(nil), tc.nodes...), tc.failed...), tc.pods)
			pl.SetSnapshot(all)
			state := framework.NewCycleState()
			feasible := all[:len(tc.nodes)]
			require.True(t, pl.PreScore(state, tc.pod, feasible).IsSuccess())
			got := make([]int64, len(feasible))
			for i, n := range feasible {
				got[i], _ = pl.Score(state, tc.pod, n)
			}
			pl.NormalizeScore(state, tc.pod, got)
			assert.Equal(t, tc.want, got)
		})
	}
}

// A pod with only DoNotSchedule constraints gets no scoring at all, not
// the system defaults (initPreScoreState).
func TestPreScoreOwnConstraintsReplaceDefaults(t *testing.T) {
	yes := true
	pod := spreadPod(tsc(1, "zone", core.DoNotSchedule, fooSelector))
	pod.OwnerReferences = []core.OwnerReference{{Kind: "ReplicaSet", Controller: &yes}}
	ni := infos(fourNodes(), nil)
	pl := New()
	pl.SetSnapshot(ni)
	assert.True(t, pl.PreScore(framework.NewCycleState(), pod, ni).IsSkip())
}

// Versions: minDomains and matchLabelKeys are read from 1.27 (gates
// MinDomainsInPodTopologySpread and MatchLabelKeysInPodTopologySpread
// default-on from 1.27); 1.26 ignores both.
func TestFeaturesByVersion(t *testing.T) {
	three := int32(3)
	c := tsc(1, "zone", core.DoNotSchedule, fooSelector)
	c.MinDomains = &three
	c.MatchLabelKeys = []string{"tier"}
	labels := map[string]string{"tier": "web"}
	for minor, want := range map[int]struct {
		minDomains int32
		extra      map[string]string
	}{26: {1, nil}, 27: {3, labels}, 37: {3, labels}} {
		got := featuresFor(core.Version{Minor: minor}, false).filterConstraints([]core.TopologySpreadConstraint{c}, labels, core.DoNotSchedule)
		require.Len(t, got, 1)
		assert.Equal(t, want.minDomains, got[0].MinDomains, "1.%d minDomains", minor)
		assert.Equal(t, want.extra, got[0].Selector.extra, "1.%d matchLabelKeys", minor)
		assert.Equal(t, core.PolicyHonor, got[0].NodeAffinityPolicy, "1.%d nodeAffinityPolicy default", minor)
		assert.Equal(t, core.PolicyIgnore, got[0].NodeTaintsPolicy, "1.%d nodeTaintsPolicy default", minor)
	}
}

// Constraints the API server would reject (maxSkew 0 or negative, empty
// or odd topology keys, unknown operators and enum values, minDomains 0
// or negative), nil pods in a node's list and nodes without a Node never
// make an extension point panic.
func TestMalformedInputsDoNotPanic(t *testing.T) {
	negative, zero := int32(-2), int32(0)
	odd := "Sometimes"
	cs := []core.TopologySpreadConstraint{
		{MaxSkew: 0, TopologyKey: "", WhenUnsatisfiable: core.DoNotSchedule, LabelSelector: &core.LabelSelector{}},
		{MaxSkew: -1, TopologyKey: "zone", WhenUnsatisfiable: core.DoNotSchedule, MinDomains: &negative,
			LabelSelector: &core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: "foo", Operator: "Bogus"}}}},
		{MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: core.ScheduleAnyway, MinDomains: &zero, NodeAffinityPolicy: &odd, NodeTaintsPolicy: &odd,
			MatchLabelKeys: []string{"foo", "absent"}},
		{MaxSkew: 1, TopologyKey: LabelHostname, WhenUnsatisfiable: "Whenever"},
	}
	pod := spreadPod(cs...)
	nodes := infos(fourNodes(), fooPods("node-a", "node-x"))
	nodes[1].Pods = append(nodes[1].Pods, nil)
	nodes = append(nodes, &framework.NodeInfo{})
	pl := New()
	pl.SetSnapshot(nodes)
	state := framework.NewCycleState()
	require.NotPanics(t, func() {
		pl.PreFilter(state, pod, nodes)
		for _, n := range nodes {
			pl.Filter(state, pod, n)
			pl.AddPod(state, pod, fooPods("node-a")[0], n)
			pl.RemovePod(state, pod, nil, n)
		}
		if !pl.PreScore(state, pod, nodes).IsSkip() {
			scores := make([]int64, len(nodes))
			for i, n := range nodes {
				scores[i], _ = pl.Score(state, pod, n)
			}
			pl.NormalizeScore(state, pod, scores)
		}
		pl.SchedulableAfterNodeChange(pod, nil, fourNodes()[0])
		pl.SchedulableAfterAssignedPodChange(pod, nil)
	})
}
