package sim

import (
	"os"
	"strings"
	"testing"
)

func whyOf(res *Result, frame int, pod string) *Explanation {
	for _, p := range res.Frames[frame].Pods {
		if p.Name == pod {
			return p.Why
		}
	}
	return nil
}

func verdict(e *Explanation, node string) *NodeVerdict {
	for i := range e.Nodes {
		if e.Nodes[i].Node == node {
			return &e.Nodes[i]
		}
	}
	return nil
}

func TestWhyListsUnreportedFailures(t *testing.T) {
	// S1: n2 is cordoned and carries node.kubernetes.io/unschedulable:NoSchedule.
	// NodeUnschedulable runs first and is the one reported; TaintToleration
	// would reject it too but is never reported (SCHEDULER.md §1.2 step 4).
	res := runFile(t, "s1-taint-cordon-full.yaml")
	e := whyOf(res, 0, "p")
	if e == nil {
		t.Fatal("no Why for p")
	}
	n2 := verdict(e, "n2")
	var failing, reported []string
	for _, f := range n2.Filters {
		if f.Code != "Success" {
			failing = append(failing, f.Plugin)
		}
		if f.Reported {
			reported = append(reported, f.Plugin)
		}
	}
	if len(reported) != 1 || reported[0] != "NodeUnschedulable" {
		t.Errorf("n2 reported %v, want [NodeUnschedulable]", reported)
	}
	if len(failing) != 2 || failing[0] != "NodeUnschedulable" || failing[1] != "TaintToleration" {
		t.Errorf("n2 failing %v, want [NodeUnschedulable TaintToleration]", failing)
	}
	n3 := verdict(e, "n3")
	for _, f := range n3.Filters {
		if f.Plugin == "NodeResourcesFit" && (!f.Reported || f.Code != "Unschedulable" || len(f.Reasons) != 1 || f.Reasons[0] != "Insufficient cpu") {
			t.Errorf("n3 NodeResourcesFit %+v", f)
		}
	}
	if e.Message != "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling." {
		t.Errorf("message %q", e.Message)
	}
	// The taint × toleration matrix of n1: dedicated=gpu:NoSchedule against
	// the two default tolerations, both failing on the effect first.
	n1 := verdict(e, "n1")
	if len(n1.Taints) != 1 || n1.Taints[0].Tolerated || n1.Taints[0].ByIndex != -1 || !n1.Taints[0].Filters || len(n1.Taints[0].Checks) != 2 {
		t.Fatalf("n1 taints %+v", n1.Taints)
	}
	if c := n1.Taints[0].Checks[0]; c.Tolerates || c.Why != "effect NoExecute ≠ NoSchedule" {
		t.Errorf("check %+v", c)
	}
}

func TestDescribeAndGetSteps(t *testing.T) {
	b := `kind: Scenario
name: d
steps:
- {at: 30s, run: "kubectl describe pod p"}
- {at: 31s, run: "kubectl get pods -o wide"}
- {at: 32s, run: "kubectl get events"}
- {at: 33s, run: "kubectl describe pod nope"}
- {at: 34s, run: "kubectl describe node n1"}
`
	res := run(t, b+s1Cluster)
	out := map[string]string{}
	for _, f := range res.Frames {
		if f.Step != "" {
			out[f.Step] = f.Output
		}
	}
	for step, want := range map[string][]string{
		"kubectl describe pod p": {
			"Status:           Pending\n",
			"Conditions:\n  Type           Status\n  PodScheduled   False \n",
			"Tolerations:     node.kubernetes.io/not-ready:NoExecute op=Exists for 300s\n                 node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n",
			"  Warning  FailedScheduling  30s   default-scheduler  0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable.",
		},
		"kubectl get pods -o wide": {
			"NAME     READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES\n",
			"filler   1/1     Running   0          31s   <none>   n3       <none>           <none>\n",
			"p        0/1     Pending   0          31s   <none>   <none>   <none>           <none>",
		},
		"kubectl get events":        {"LAST SEEN   TYPE      REASON             OBJECT   MESSAGE\n32s         Warning   FailedScheduling   pod/p    0/3 nodes"},
		"kubectl describe pod nope": {`Error from server (NotFound): pods "nope" not found`},
		"kubectl describe node n1":  {"Taints:             dedicated=gpu:NoSchedule\nUnschedulable:      false\n"},
	} {
		for _, w := range want {
			if !strings.Contains(out[step], w) {
				t.Errorf("%s: missing %q in\n%s", step, w, out[step])
			}
		}
	}
}

// s1Cluster is the manifests of testdata/s1-taint-cordon-full.yaml.
var s1Cluster = func() string {
	b, err := os.ReadFile("testdata/s1-taint-cordon-full.yaml")
	if err != nil {
		return ""
	}
	s := string(b)
	return s[strings.Index(s, "\n---\n"):]
}()

func TestWhyScoreBreakdownS3(t *testing.T) {
	// EXAMPLES.md S3, p1 alone on the fresh cluster: TaintToleration raw
	// 2,1,0 → normalized 0,50,100 → weighted 0,150,300; NodeResourcesFit 90
	// and BalancedAllocation 73 everywhere; totals 163, 313, 463; n3 chosen.
	res := runFile(t, "examples/s3.yaml")
	var e *Explanation
	for i, f := range res.Frames {
		if f.Step == "create pod p1" {
			e = whyOf(res, i, "p1")
		}
	}
	if e == nil {
		t.Fatal("no frame for create pod p1")
	}
	want := map[string]struct{ raw, norm, weighted, total int64 }{
		"n1": {2, 0, 0, 163}, "n2": {1, 50, 150, 313}, "n3": {0, 100, 300, 463},
	}
	if !e.Scored || e.Chosen != "n3" || len(e.Tied) != 1 {
		t.Errorf("scored %v chosen %q tied %v", e.Scored, e.Chosen, e.Tied)
	}
	for node, w := range want {
		v := verdict(e, node)
		if v == nil || v.Score == nil || *v.Score != w.total {
			t.Errorf("%s total %v, want %d", node, v.Score, w.total)
			continue
		}
		parts := map[string]ScorePart{}
		for _, sp := range v.Scores {
			parts[sp.Plugin] = sp
		}
		if tt := parts["TaintToleration"]; tt.Raw != w.raw || tt.Normalized != w.norm || tt.Weighted != w.weighted {
			t.Errorf("%s TaintToleration %+v", node, tt)
		}
		if fit := parts["NodeResourcesFit"]; fit.Weighted != 90 {
			t.Errorf("%s NodeResourcesFit %+v", node, fit)
		}
		if ba := parts["NodeResourcesBalancedAllocation"]; ba.Weighted != 73 {
			t.Errorf("%s BalancedAllocation %+v", node, ba)
		}
		if v.Chosen != (node == "n3") {
			t.Errorf("%s chosen %v", node, v.Chosen)
		}
	}
	// PreferNoSchedule taints are scored, not filtered, in the matrix.
	n1 := verdict(e, "n1")
	if len(n1.Taints) != 2 || n1.Taints[0].Filters || !n1.Taints[0].Scores || n1.Taints[0].Evicts {
		t.Errorf("n1 taints %+v", n1.Taints)
	}
}

func TestFramesCarryDescribeText(t *testing.T) {
	res := runFile(t, "examples/s1.yaml")
	last := res.Frames[len(res.Frames)-1]
	for _, p := range last.Pods {
		if p.Name == "p" && !strings.Contains(p.Describe, "  Normal   Scheduled         0s    default-scheduler  Successfully assigned default/p to n1") {
			t.Errorf("p describe:\n%s", p.Describe)
		}
	}
	for _, n := range last.Nodes {
		if n.Name == "n2" && !strings.Contains(n.Describe, "Taints:             node.kubernetes.io/unschedulable:NoSchedule\nUnschedulable:      true\n") {
			t.Errorf("n2 describe:\n%s", n.Describe)
		}
	}
}
