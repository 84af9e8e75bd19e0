package sched

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

// spreadWeb is a pod labelled app=web with one DoNotSchedule constraint
// on the zone label selecting app=web.
func spreadWeb(name, cpu string, taints *string) *tu.Pod {
	p := tu.MakePod(name, cpu, "")
	p.P.Labels = map[string]string{"app": "web"}
	p.P.Spec.TopologySpreadConstraints = []core.TopologySpreadConstraint{{MaxSkew: 1, TopologyKey: "zone",
		WhenUnsatisfiable: core.DoNotSchedule, LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
		NodeTaintsPolicy: taints}}
	return p
}

func webOn(name string, prio int32) *core.Pod {
	p := tu.MakePod(name, "", "").Priority(prio).P
	p.Labels = map[string]string{"app": "web"}
	return p
}

// The worked example of AFFINITY-SPREAD.md §4.3 (upstream filtering.go
// rules): a1, a2 in zone a, b1 in zone b, c1 in zone c with an untolerated
// NoSchedule taint, d1 without a zone; app=web pods a1:2, a2:1, b1:1.
// With nodeTaintsPolicy Ignore (default) zone c is a domain with 0 pods,
// so the minimum is 0 and a1, a2, b1 fail; the FailedScheduling text
// orders the reasons as upstream's histogram (byte-wise). With Honor zone
// c is left out, the minimum is 1 and b1 fits.
func TestSpreadConstraintsFilter(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("a1", "4", "8Gi").Label("zone", "a").Info(webOn("w1", 0), webOn("w2", 0)),
		tu.MakeNode("a2", "4", "8Gi").Label("zone", "a").Info(webOn("w3", 0)),
		tu.MakeNode("b1", "4", "8Gi").Label("zone", "b").Info(webOn("w4", 0)),
		tu.MakeNode("c1", "4", "8Gi").Label("zone", "c").Taint("dedicated", "x", core.TaintEffectNoSchedule).Info(),
		tu.MakeNode("d1", "4", "8Gi").Info(),
	}
	r := Schedule(spreadWeb("p", "", nil).P, nodes, Options{})
	assert.Empty(t, r.NodeName)
	assert.Equal(t, "0/5 nodes are available: 1 node(s) didn't match pod topology spread constraints (missing required label), "+
		"1 node(s) had untolerated taint(s), 3 node(s) didn't match pod topology spread constraints. "+
		"preemption: 0/5 nodes are available: 2 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.", r.Message)
	honor := core.PolicyHonor
	r = Schedule(spreadWeb("p", "", &honor).P, nodes, Options{})
	assert.Equal(t, "b1", r.NodeName, r.Message)
}

// Preemption sees the victims' effect on the spread counts through
// RemovePod/AddPod: n1 (zone a) runs two low-priority app=web pods, n2
// (zone b) is full of a high-priority pod. Removing both web pods makes
// n1 fit (skew 0+1-0), putting either back breaks it (1+1-0 > 1), so both
// are victims.
func TestSpreadConstraintsPreemption(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "4", "8Gi").Label("zone", "a").Info(webOn("w1", 0), webOn("w2", 0)),
		tu.MakeNode("n2", "4", "8Gi").Label("zone", "b").Info(tu.MakePod("big", "4", "").Priority(1000).P),
	}
	pod := spreadWeb("p", "1", nil).Priority(100).P
	r := Schedule(pod, nodes, Options{})
	require.Empty(t, r.NodeName)
	assert.Equal(t, "n1", r.NominatedNode, r.Message)
	assert.Equal(t, []string{"default/w1", "default/w2"}, r.Victims)
	assert.Equal(t, "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match pod topology spread constraints. "+
		"preemption: found a potential placement for pod on node n1, preempting 2 victims", r.Message)
}

// Pods nominated to a node count there for a pod of lower or equal
// priority, through AddPod on a copy of the state, only while that node is
// filtered (addGENominatedPods): with two web pods nominated to b1, b1
// sees zone b at 2 against zone a at 1 and fails (2+1-1 > 1); a1 still
// sees zone b at 0 and fails too (1+1-0 > 1).
func TestSpreadConstraintsNominated(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("a1", "4", "8Gi").Label("zone", "a").Info(webOn("w1", 0)),
		tu.MakeNode("b1", "4", "8Gi").Label("zone", "b").Info(),
	}
	nominated := func(name string) *core.Pod {
		p := webOn(name, 10)
		p.Status.NominatedNodeName = "b1"
		return p
	}
	pod := spreadWeb("p", "", nil).P
	r := Schedule(pod, nodes, Options{})
	assert.Equal(t, "b1", r.NodeName, "no nominated pods: only the empty zone fits")
	r = Schedule(pod, nodes, Options{NominatedPods: []*core.Pod{nominated("n1"), nominated("n2")}})
	assert.Empty(t, r.NodeName, "two nominated to b1")
	for _, n := range []string{"a1", "b1"} {
		assert.Equal(t, []string{"node(s) didn't match pod topology spread constraints"}, r.Rejected[n].Reasons, n)
	}
}

// ExplainNodeAmong counts the spread domains over the whole snapshot, as
// Schedule does; ExplainNode sees the node alone, where its zone is the
// only domain and the skew is never above 1.
func TestExplainNodeAmongSpread(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("a1", "4", "8Gi").Label("zone", "a").Info(webOn("w1", 0), webOn("w2", 0)),
		tu.MakeNode("b1", "4", "8Gi").Label("zone", "b").Info(),
	}
	pod := spreadWeb("p", "", nil).P
	verdict := func(st []Status) Status {
		for _, s := range st {
			if s.Plugin == "PodTopologySpread" {
				return s
			}
		}
		return Status{}
	}
	in := verdict(ExplainNodeAmong(pod, nodes[0], nodes, Options{}))
	assert.Equal(t, "PodTopologySpread", in.Plugin)
	assert.Equal(t, framework.Unschedulable, in.Code, "a1 within the snapshot: 2+1-0 > 1")
	alone := verdict(ExplainNode(pod, nodes[0], Options{}))
	assert.Equal(t, framework.Success, alone.Code, "a1 alone: 2+1-2 ≤ 1")
	assert.Equal(t, Schedule(pod, nodes, Options{}).Rejected["a1"].Reasons, in.Reasons, "same verdict as Schedule")
}
