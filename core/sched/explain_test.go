package sched

import (
	"testing"

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
		"NodeResourcesFit":  "Unschedulable:Insufficient cpu",
	}
	if len(got) != 5 || got[0].Plugin != "NodeName" || got[4].Plugin != "NodeResourcesFit" {
		t.Fatalf("order %+v", got)
	}
	for k, v := range want {
		if verdicts(got)[k] != v {
			t.Errorf("%s = %q, want %q", k, verdicts(got)[k], v)
		}
	}
	// The first failing verdict is the one Schedule reports.
	r := Schedule(pod, []*NodeInfo{bad}, Options{})
	if r.Rejected["n1"].Plugin != "NodeUnschedulable" {
		t.Errorf("reported %s", r.Rejected["n1"].Plugin)
	}

	// A node outside a matchFields pin gets the absent-node status.
	pinned := tu.MakePod("p", "", "").RequiredTerm(tu.NameTerm("other")).P
	v := verdicts(ExplainNode(pinned, tu.MakeNode("n1", "1", "1Gi").Info(), Options{}))
	if v["NodeAffinity"] != "UnschedulableAndUnresolvable:node(s) didn't satisfy plugin(s) [NodeAffinity]" || v["NodeResourcesFit"] != "Success:" {
		t.Errorf("pinned verdicts %v", v)
	}
	// All pass.
	for _, s := range ExplainNode(tu.MakePod("p", "1", "").P, tu.MakeNode("n1", "2", "1Gi").Info(), Options{}) {
		if s.Code != Success || s.Plugin == "" {
			t.Errorf("verdict %+v", s)
		}
	}
	if ExplainNode(pod, nil, Options{}) != nil || ExplainNode(nil, &NodeInfo{}, Options{}) != nil {
		t.Errorf("nil node must give nil")
	}
	if got := ExplainNode(nil, tu.MakeNode("n1", "1", "1Gi").Info(), Options{}); len(got) != 5 {
		t.Errorf("nil pod: %+v", got)
	}
	// Gate is passed through: Gt toleration only counts with the gate.
	gt := tu.MakePod("p", "", "").Tol("tier", core.TolerationOpGt, "3", "").P
	tainted := tu.MakeNode("n1", "1", "1Gi").Taint("tier", "5", noSched).Info()
	if verdicts(ExplainNode(gt, tainted, Options{}))["TaintToleration"] == "Success:" {
		t.Errorf("Gt tolerated with the gate off")
	}
	if verdicts(ExplainNode(gt, tainted, Options{EnableComparisonOperators: true}))["TaintToleration"] != "Success:" {
		t.Errorf("Gt not tolerated with the gate on")
	}
}
