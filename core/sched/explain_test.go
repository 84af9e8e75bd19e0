package sched

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

func verdicts(sts []Status) map[string]string {
	out := map[string]string{}
	for _, s := range sts {
		out[s.Plugin] = s.Code.String() + ":" + s.Message()
	}
	return out
}

func TestExplainNode(t *testing.T) {
	bad := tu.MakeNode("n1", "1000m", "8Gi").Label("zone", "b").Cordon().Taint("dedicated", "gpu", noSched).
		Info(tu.MakePod("filler", "800m", "").P)
	pod := tu.MakePod("p", "500m", "").NodeSelector("zone", "a").P
	pod.Spec.NodeName = ""
	got := ExplainNode(pod, bad, Options{})
	want := map[string]string{
		"NodeName":          "Success:",
		"NodeUnschedulable": "UnschedulableAndUnresolvable:node(s) were unschedulable",
		"TaintToleration":   "UnschedulableAndUnresolvable:node(s) had untolerated taint(s)",
		"NodeAffinity":      "UnschedulableAndUnresolvable:node(s) didn't match Pod's node affinity/selector",
		"NodePorts":         "Success:",
		"NodeResourcesFit":  "Unschedulable:Insufficient cpu",
		"PodTopologySpread": "Success:",
		"InterPodAffinity":  "Success:",
	}
	require.Len(t, got, len(FilterPluginNames()), "order %+v", got)
	require.Equal(t, "NodeName", got[0].Plugin, "order")
	require.Equal(t, "NodePorts", got[4].Plugin, "order")
	require.Equal(t, "NodeResourcesFit", got[5].Plugin, "order")
	require.Equal(t, "InterPodAffinity", got[7].Plugin, "order")
	for k, v := range want {
		assert.Equal(t, v, verdicts(got)[k], k)
	}
	// The first failing verdict is the one Schedule reports.
	r := Schedule(pod, []*NodeInfo{bad}, Options{})
	require.Contains(t, r.Rejected, "n1")
	assert.Equal(t, "NodeUnschedulable", r.Rejected["n1"].Plugin, "reported")

	// A node outside a matchFields pin gets the absent-node status.
	pinned := tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("other")).P
	v := verdicts(ExplainNode(pinned, tu.MakeNode("n1", "1", "1Gi").Info(), Options{}))
	assert.Equal(t, "UnschedulableAndUnresolvable:node(s) didn't satisfy plugin(s) [NodeAffinity]", v["NodeAffinity"], "pinned verdicts %v", v)
	assert.Equal(t, "Success:", v["NodeResourcesFit"], "pinned verdicts %v", v)
	// All pass.
	for _, s := range ExplainNode(tu.MakePod("p", "1", "").P, tu.MakeNode("n1", "2", "1Gi").Info(), Options{}) {
		assert.Equal(t, Success, s.Code, "verdict %+v", s)
		assert.NotEmpty(t, s.Plugin, "verdict %+v", s)
	}
	assert.Nil(t, ExplainNode(pod, nil, Options{}), "nil node must give nil")
	assert.Nil(t, ExplainNode(nil, &NodeInfo{}, Options{}), "a NodeInfo without a node must give nil")
	assert.Len(t, ExplainNode(nil, tu.MakeNode("n1", "1", "1Gi").Info(), Options{}), len(FilterPluginNames()), "nil pod")
	// Gate is passed through: Gt toleration only counts with the gate.
	gt := tu.MakePod("p", "", "").Tol("tier", core.TolerationOpGt, "3", "").P
	tainted := tu.MakeNode("n1", "1", "1Gi").Taint("tier", "5", noSched).Info()
	assert.NotEqual(t, "Success:", verdicts(ExplainNode(gt, tainted, Options{}))["TaintToleration"], "Gt tolerated with the gate off")
	assert.Equal(t, "Success:", verdicts(ExplainNode(gt, tainted, Options{EnableComparisonOperators: true}))["TaintToleration"], "Gt with the gate on")
}

// TestExplainNodeAmong: InterPodAffinity's verdict counts the pods of the
// other nodes of the cluster, which ExplainNode (the node alone) does not
// see; nil entries are ignored.
func TestExplainNodeAmong(t *testing.T) {
	web := tu.MakePod("web", "100m", "").P
	web.Labels = map[string]string{"app": "web"}
	zoned := func(name string, pods ...*core.Pod) *NodeInfo {
		return tu.MakeNode(name, "4", "8Gi").Label("topology.kubernetes.io/zone", "z1").Info(pods...)
	}
	all := []*NodeInfo{zoned("n1", web), nil, zoned("n2")}
	pod := tu.MakePod("p", "100m", "").P
	pod.Spec.Affinity = &core.Affinity{PodAntiAffinity: &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{{
		LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
		TopologyKey:   "topology.kubernetes.io/zone",
	}}}}
	got := ExplainNodeAmong(pod, all[2], all, Options{})
	require.Len(t, got, len(FilterPluginNames()))
	assert.Equal(t, "Unschedulable:node(s) didn't match pod anti-affinity rules", verdicts(got)["InterPodAffinity"], "among all")
	assert.Equal(t, "Success:", verdicts(ExplainNode(pod, all[2], Options{}))["InterPodAffinity"], "alone")
}
