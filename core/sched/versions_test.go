package sched

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

func v(minor int) core.Version { return core.Version{Minor: minor} }

func TestVersions(t *testing.T) {
	vs := Versions()
	require.Len(t, vs, 12, "Versions() = %v", vs)
	require.Equal(t, v(26), vs[0], "Versions() = %v", vs)
	require.Equal(t, v(37), vs[11], "Versions() = %v", vs)
}

// s1Cluster is SCHEDULER.md §2.4 example 1 / EXAMPLES.md S1: tainted n1
// (dedicated=gpu:NoSchedule), cordoned n2, full n3, equal priorities.
func s1Cluster() []*NodeInfo {
	return []*NodeInfo{
		tu.MakeNode("n1", "4000m", "8Gi").Taint("dedicated", "gpu", noSched).Info(),
		tu.MakeNode("n2", "4000m", "8Gi").Cordon().Info(),
		tu.MakeNode("n3", "4000m", "8Gi").Info(tu.MakePod("filler", "3500m", "1Gi").P),
	}
}

// TestS1AcrossVersions checks the §2.4 example 1 text in every supported
// release: the taint reason ({key: value} before 1.35, generic from 1.35,
// PR #134740) and "no new claims to deallocate, " in 1.34–1.36 (DRA GA in
// 1.34, text dropped by PR #140222 in 1.37).
func TestS1AcrossVersions(t *testing.T) {
	const (
		filter137 = "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable."
		filter133 = "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) were unschedulable."
		post      = "preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
	)
	want := map[int]string{
		// The two texts SCHEDULER.md §2.4 spells out for 1.36 and 1.33.
		36: filter137 + " no new claims to deallocate, " + post,
		33: filter133 + " " + post,
		37: filter137 + " " + post,
		35: filter137 + " no new claims to deallocate, " + post,
		34: filter133 + " no new claims to deallocate, " + post,
	}
	for m := 28; m <= 32; m++ {
		want[m] = filter133 + " " + post
	}
	// Before 1.28 (PR #117588) the PostFilter part got a second period,
	// as clusters of that time printed "… for incoming pod..".
	want[26] = filter133 + " " + post + "."
	want[27] = want[26]
	pod := tu.MakePod("p", "1000m", "1Gi").DefaultTolerations().P
	for _, ver := range Versions() {
		t.Run(ver.String(), func(t *testing.T) {
			assert.Equal(t, want[ver.Minor], Schedule(pod, s1Cluster(), Options{Version: ver}).Message)
		})
	}
	// The zero Version is 1.37.
	assert.Equal(t, want[37], Schedule(pod, s1Cluster(), Options{}).Message, "zero version")
}

// TestLegacyTaintReasonHistogram: before 1.35 different taints give
// separate histogram lines, an empty value prints "{key: }", and the first
// untolerated NoSchedule/NoExecute taint in node order is named.
func TestLegacyTaintReasonHistogram(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "4", "8Gi").Taint("a", "1", noSched).Info(),
		tu.MakeNode("n2", "4", "8Gi").Taint("soft", "x", pns).Taint("node-role.kubernetes.io/control-plane", "", noSched).Taint("a", "1", noSched).Info(),
		tu.MakeNode("n3", "4", "8Gi").Taint("a", "1", noExec).Info(),
	}
	pod := tu.MakePod("p", "", "").P
	r := Schedule(pod, nodes, Options{Version: v(30)})
	// n1 and n3 share the text {a: 1} (NoSchedule and NoExecute alike): one
	// line, count 2.
	want := "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had untolerated taint {a: 1}. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	assert.Equal(t, want, r.Message, "1.30")
	r = Schedule(pod, nodes, Options{Version: v(35)})
	want = "0/3 nodes are available: 3 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	assert.Equal(t, want, r.Message, "1.35")
}

// TestPreemptionSuccessAcrossVersions: SCHEDULER.md §2.4 example 7 — 1.37
// appends the successful-preemption part (PR #140180); ≤1.36 has no post
// part at all, not even the DRA reason.
func TestPreemptionSuccessAcrossVersions(t *testing.T) {
	nodes := func() []*NodeInfo {
		return []*NodeInfo{
			tu.MakeNode("n1", "4000m", "8Gi").Info(prio("low", "3500m", 0)),
			tu.MakeNode("n2", "4000m", "8Gi").Info(prio("high", "3500m", 100)),
		}
	}
	pod := prio("p", "1000m", 10)
	for _, tc := range []struct {
		minor int
		want  string
	}{
		{37, "0/2 nodes are available: 2 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims"},
		{36, "0/2 nodes are available: 2 Insufficient cpu."},
		{34, "0/2 nodes are available: 2 Insufficient cpu."},
		{33, "0/2 nodes are available: 2 Insufficient cpu."},
		{28, "0/2 nodes are available: 2 Insufficient cpu."},
		{26, "0/2 nodes are available: 2 Insufficient cpu."},
	} {
		t.Run(v(tc.minor).String(), func(t *testing.T) {
			r := Schedule(pod, nodes(), Options{Version: v(tc.minor)})
			assert.Equal(t, tc.want, r.Message, "message")
			assert.Equal(t, "n1", r.NominatedNode, "nominated")
			assert.Equal(t, []string{"default/low"}, r.Victims, "victims")
		})
	}
}

// TestNotEligibleAcrossVersions: §2.4 example 6 with the DRA reason joined
// by ", " in 1.34–1.36 (as a 1.34+ cluster prints "no new claims to
// deallocate, preemption: not eligible due to preemptionPolicy=Never.").
func TestNotEligibleAcrossVersions(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "4000m", "8Gi").Info(tu.MakePod("f", "3500m", "").P),
		tu.MakeNode("n2", "4000m", "8Gi").Taint("a", "b", noSched).Info(),
	}
	pod := tu.MakePod("p", "1000m", "").PreemptNever().P
	for minor, want := range map[int]string{
		37: "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). preemption: not eligible due to preemptionPolicy=Never.",
		36: "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.",
		33: "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {a: b}. preemption: not eligible due to preemptionPolicy=Never.",
		27: "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {a: b}. preemption: not eligible due to preemptionPolicy=Never..",
	} {
		t.Run(v(minor).String(), func(t *testing.T) {
			assert.Equal(t, want, Schedule(pod, nodes, Options{Version: v(minor)}).Message)
		})
	}
}

// TestPreFilterRejectionAcrossVersions: from 1.34 DynamicResources'
// PostFilter reports its missing state ("not found"); before 1.34 the
// default profile has no DynamicResources and preemption finds every node
// unresolvable.
func TestPreFilterRejectionAcrossVersions(t *testing.T) {
	conflict := tu.MakePod("p", "", "").RequiredTerm(core.NodeSelectorTerm{MatchFields: []core.NodeSelectorRequirement{
		{Key: "metadata.name", Operator: opIn, Values: []string{"n1"}},
		{Key: "metadata.name", Operator: opIn, Values: []string{"n2"}}}}).P
	nodes := []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(), tu.MakeNode("n2", "4", "8Gi").Info()}
	for minor, want := range map[int]string{
		37: "0/2 nodes are available: pod affinity terms conflict. not found",
		34: "0/2 nodes are available: pod affinity terms conflict. not found",
		33: "0/2 nodes are available: pod affinity terms conflict. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
	} {
		t.Run(v(minor).String(), func(t *testing.T) {
			assert.Equal(t, want, Schedule(conflict, nodes, Options{Version: v(minor)}).Message)
		})
	}
}

// TestS5AcrossVersions is EXAMPLES.md S5: BalancedAllocation's 1.36 change
// (PR #135573) flips the placement; totals from the worked table.
func TestS5AcrossVersions(t *testing.T) {
	nodes := func() []*NodeInfo {
		return []*NodeInfo{
			tu.MakeNode("n1", "10000m", "10Gi").Info(tu.MakePod("a", "1000m", "4Gi").P),
			tu.MakeNode("n2", "10000m", "10Gi").Info(tu.MakePod("b", "3000m", "3Gi").P),
		}
	}
	pod := tu.MakePod("p", "1000m", "1Gi").P
	for _, tc := range []struct {
		minor  int
		node   string
		totals map[string]int64
	}{
		{37, "n1", map[string]int64{"n1": 440, "n2": 435}},
		{36, "n1", map[string]int64{"n1": 440, "n2": 435}},
		{35, "n2", map[string]int64{"n1": 450, "n2": 460}},
		{33, "n2", map[string]int64{"n1": 450, "n2": 460}},
		{26, "n2", map[string]int64{"n1": 450, "n2": 460}},
	} {
		t.Run(v(tc.minor).String(), func(t *testing.T) {
			r := Schedule(pod, nodes(), Options{Version: v(tc.minor)})
			assert.Equal(t, tc.node, r.NodeName, "placed")
			assert.Equal(t, tc.totals, totals(r), "totals")
		})
	}
}

// TestBestEffortBalancedAllocation: BalancedAllocation Skips BestEffort
// pods from 1.33 (PR #130260); before, it scores them with the node's own
// balance (pod requests 0).
func TestBestEffortBalancedAllocation(t *testing.T) {
	nodes := func() []*NodeInfo {
		return []*NodeInfo{
			tu.MakeNode("n1", "10000m", "10Gi").Info(tu.MakePod("a", "1000m", "4Gi").P), // (0.1, 0.4) → 85
			tu.MakeNode("n2", "10000m", "10Gi").Info(tu.MakePod("b", "3000m", "3Gi").P), // (0.3, 0.3) → 100
		}
	}
	be := tu.MakePod("be", "", "").P
	r := Schedule(be, nodes(), Options{Version: v(33)})
	assert.Equal(t, []string{"NodeAffinity", "PodTopologySpread", "InterPodAffinity", "NodeResourcesBalancedAllocation"}, r.SkippedScorePlugins, "1.33 skipped")
	r = Schedule(be, nodes(), Options{Version: v(32)})
	require.Equal(t, []string{"NodeAffinity", "PodTopologySpread", "InterPodAffinity"}, r.SkippedScorePlugins, "1.32 skipped")
	got := map[string]int64{}
	for _, s := range r.Scores {
		for _, p := range s.Plugins {
			if p.Plugin == "NodeResourcesBalancedAllocation" {
				got[s.Node] = p.Raw
			}
		}
	}
	assert.Equal(t, map[string]int64{"n1": 85, "n2": 100}, got, "1.32 BalancedAllocation raw")
}

// TestComparisonOperatorsByVersion: the TaintTolerationComparisonOperators
// gate exists from 1.35 (KEP-5471); before that a Gt toleration never
// matches even with the gate requested.
func TestComparisonOperatorsByVersion(t *testing.T) {
	nodes := []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Taint("sla", "999", noSched).Info()}
	pod := tu.MakePod("p", "", "").Tol("sla", core.TolerationOpGt, "950", noSched).P
	for minor, want := range map[int]string{35: "n1", 37: "n1", 34: "", 26: ""} {
		t.Run(fmt.Sprintf("1.%d", minor), func(t *testing.T) {
			r := Schedule(pod, nodes, Options{Version: v(minor), EnableComparisonOperators: true})
			assert.Equal(t, want, r.NodeName, "placed (%s)", r.Message)
		})
	}
	assert.Empty(t, Schedule(pod, nodes, Options{Version: v(37)}).NodeName, "gate off: placed")
	// ExplainNode follows the version too.
	st := ExplainNode(pod, nodes[0], Options{Version: v(34), EnableComparisonOperators: true})
	require.Len(t, st, len(FilterPluginNames()))
	assert.Equal(t, "TaintToleration", st[2].Plugin, "ExplainNode 1.34")
	assert.Equal(t, "node(s) had untolerated taint {sla: 999}", st[2].Message(), "ExplainNode 1.34")
}
