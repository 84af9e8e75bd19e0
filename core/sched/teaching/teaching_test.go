package teaching

import (
	"reflect"
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
)

func node(name, cpu string, taints ...core.Taint) *sched.NodeInfo {
	return sched.NewNodeInfo(&core.Node{
		ObjectMeta: core.ObjectMeta{Name: name, Labels: map[string]string{"kubernetes.io/hostname": name}},
		Spec:       core.NodeSpec{Taints: taints},
		Status:     core.NodeStatus{Allocatable: core.ResourceList{core.ResourceCPU: core.MustParseQuantity(cpu), core.ResourcePods: core.MustParseQuantity("110")}},
	})
}

func pod(name, cpu string, tol ...core.Toleration) *core.Pod {
	return &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default"}, Spec: core.PodSpec{
		Tolerations: tol,
		Containers:  []core.Container{{Name: "c", Resources: core.ResourceRequirements{Requests: core.ResourceList{core.ResourceCPU: core.MustParseQuantity(cpu)}}}},
	}}
}

// TestFirstFit: the first feasible node wins even when a later one is
// emptier (the default profile's LeastAllocated would pick n3).
func TestFirstFit(t *testing.T) {
	n1, n2, n3 := node("n1", "1"), node("n2", "1"), node("n3", "4")
	n1.AddPod(pod("big", "900m"))
	r := Schedule(pod("p", "200m"), []*sched.NodeInfo{n1, n2, n3}, sched.Options{})
	if r.NodeName != "n2" || !reflect.DeepEqual(r.Feasible, []string{"n2", "n3"}) || r.Rejected["n1"] == nil {
		t.Errorf("result = %+v, want n2 with n1 rejected for cpu", r)
	}
	if d := sched.Schedule(pod("p", "200m"), []*sched.NodeInfo{n1, n2, n3}, sched.Options{}); d.NodeName != "n3" {
		t.Errorf("default profile chose %q, want n3 (LeastAllocated)", d.NodeName)
	}
}

// TestPreferNoScheduleLastResort: an untolerated PreferNoSchedule node is
// skipped while another node fits, used when none does, and is an
// ordinary node for a pod that tolerates it.
func TestPreferNoScheduleLastResort(t *testing.T) {
	soft := core.Taint{Key: "batch", Value: "true", Effect: core.TaintEffectPreferNoSchedule}
	n1, n2 := node("n1", "1", soft), node("n2", "1")
	if r := Schedule(pod("p", "500m"), []*sched.NodeInfo{n1, n2}, sched.Options{}); r.NodeName != "n2" {
		t.Errorf("chose %q, want n2", r.NodeName)
	}
	if r := Schedule(pod("p", "500m", core.Toleration{Key: "batch", Operator: core.TolerationOpExists}), []*sched.NodeInfo{n1, n2}, sched.Options{}); r.NodeName != "n1" {
		t.Errorf("tolerating pod chose %q, want n1", r.NodeName)
	}
	n2.AddPod(pod("big", "800m"))
	if r := Schedule(pod("p", "500m"), []*sched.NodeInfo{n1, n2}, sched.Options{}); r.NodeName != "n1" {
		t.Errorf("chose %q, want the last resort n1", r.NodeName)
	}
	if !Deprioritized(pod("p", "1m"), n1.Node, false) || Deprioritized(pod("p", "1m"), n2.Node, false) || Deprioritized(nil, nil, false) {
		t.Error("Deprioritized")
	}
}

// TestUnschedulable: the FailedScheduling text is upstream's histogram of
// the first rejecting filter per node (TaintToleration runs before
// NodeResourcesFit), without a preemption part; a nodeSelector that
// matches nothing is NodeAffinity's reason.
func TestUnschedulable(t *testing.T) {
	hard := core.Taint{Key: "batch", Value: "true", Effect: core.TaintEffectNoSchedule}
	nodes := []*sched.NodeInfo{node("n1", "1", hard), node("n2", "1"), nil, node("n2", "8")}
	r := Schedule(pod("p", "2"), nodes, sched.Options{})
	const want = "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s)."
	if r.NodeName != "" || r.Message != want || r.ConditionMessage != want || r.NumAllNodes != 2 {
		t.Errorf("result = %+v, want message %q", r, want)
	}
	p := pod("p", "1m")
	p.Spec.NodeSelector = map[string]string{"pool": "batch"}
	r = Schedule(p, nodes, sched.Options{})
	if want := "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s)."; r.Message != want {
		t.Errorf("message = %q, want %q", r.Message, want)
	}
	if r := Schedule(nil, nil, sched.Options{}); r.Message != sched.ErrNoNodesAvailable {
		t.Errorf("no nodes: %+v", r)
	}
	if r := Schedule(nil, nodes, sched.Options{}); r.NodeName != "n2" {
		t.Errorf("nil pod: %+v", r)
	}
}
