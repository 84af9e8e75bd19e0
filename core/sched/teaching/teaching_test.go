package teaching

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
	assert.Equal(t, "n2", r.NodeName)
	assert.Equal(t, []string{"n2", "n3"}, r.Feasible)
	assert.NotNil(t, r.Rejected["n1"], "n1 rejected for cpu")
	d := sched.Schedule(pod("p", "200m"), []*sched.NodeInfo{n1, n2, n3}, sched.Options{})
	assert.Equal(t, "n3", d.NodeName, "default profile (LeastAllocated)")
}

// TestPreferNoScheduleLastResort: an untolerated PreferNoSchedule node is
// skipped while another node fits, used when none does, and is an
// ordinary node for a pod that tolerates it.
func TestPreferNoScheduleLastResort(t *testing.T) {
	soft := core.Taint{Key: "batch", Value: "true", Effect: core.TaintEffectPreferNoSchedule}
	n1, n2 := node("n1", "1", soft), node("n2", "1")
	assert.Equal(t, "n2", Schedule(pod("p", "500m"), []*sched.NodeInfo{n1, n2}, sched.Options{}).NodeName)
	tolerating := pod("p", "500m", core.Toleration{Key: "batch", Operator: core.TolerationOpExists})
	assert.Equal(t, "n1", Schedule(tolerating, []*sched.NodeInfo{n1, n2}, sched.Options{}).NodeName, "tolerating pod")
	n2.AddPod(pod("big", "800m"))
	assert.Equal(t, "n1", Schedule(pod("p", "500m"), []*sched.NodeInfo{n1, n2}, sched.Options{}).NodeName, "the last resort")
	assert.True(t, Deprioritized(pod("p", "1m"), n1.Node, false), "Deprioritized on the tainted node")
	assert.False(t, Deprioritized(pod("p", "1m"), n2.Node, false), "Deprioritized on the untainted node")
	assert.False(t, Deprioritized(nil, nil, false), "Deprioritized(nil, nil)")
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
	assert.Empty(t, r.NodeName)
	assert.Equal(t, want, r.Message)
	assert.Equal(t, want, r.ConditionMessage)
	assert.Equal(t, 2, r.NumAllNodes)
	p := pod("p", "1m")
	p.Spec.NodeSelector = map[string]string{"pool": "batch"}
	r = Schedule(p, nodes, sched.Options{})
	assert.Equal(t, "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s).", r.Message)
	assert.Equal(t, sched.ErrNoNodesAvailable, Schedule(nil, nil, sched.Options{}).Message, "no nodes")
	assert.Equal(t, "n2", Schedule(nil, nodes, sched.Options{}).NodeName, "nil pod")
}
