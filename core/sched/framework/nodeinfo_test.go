package framework

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

func nodeWith(cpu, mem string) *core.Node {
	return &core.Node{ObjectMeta: core.ObjectMeta{Name: "n"}, Status: core.NodeStatus{Allocatable: core.ResourceList{
		core.ResourceCPU: core.MustParseQuantity(cpu), core.ResourceMemory: core.MustParseQuantity(mem), core.ResourcePods: core.MustParseQuantity("110"),
	}}}
}

func podReq(name, cpu, mem string) *core.Pod {
	rl := core.ResourceList{}
	if cpu != "" {
		rl[core.ResourceCPU] = core.MustParseQuantity(cpu)
	}
	if mem != "" {
		rl[core.ResourceMemory] = core.MustParseQuantity(mem)
	}
	return &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default"}, Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Resources: core.ResourceRequirements{Requests: rl}}}}}
}

// The sums kept incrementally equal the sums recomputed from scratch, for
// NewNodeInfo, AddPod, RemovePod, literals, appends and truncation.
func TestNodeInfoSums(t *testing.T) {
	node := nodeWith("4", "8Gi")
	a, b, c := podReq("a", "500m", "1Gi"), podReq("b", "", ""), podReq("c", "1", "")
	done := podReq("done", "2", "2Gi")
	done.Status.Phase = core.PodSucceeded
	check := func(name string, n *NodeInfo, cpu, mem, nzCPU, nzMem, pods int64) {
		t.Helper()
		r := n.Resources()
		assert.Equal(t, [5]int64{cpu, mem, nzCPU, nzMem, pods},
			[5]int64{r.Requested.MilliCPU, r.Requested.Memory, r.NonZeroMilliCPU, r.NonZeroMemory, r.NumPods},
			"%s: requested cpu, memory, non-zero cpu, non-zero memory, pods", name)
		assert.Equal(t, [3]int64{4000, 8 << 30, 110},
			[3]int64{r.Allocatable.MilliCPU, r.Allocatable.Memory, r.Allocatable.AllowedPodNumber},
			"%s: allocatable cpu, memory, pods", name)
		fresh := computeNode(&NodeInfo{Node: n.Node, Pods: n.Pods})
		assert.Equal(t, [3]int64{fresh.Requested.MilliCPU, fresh.NonZeroMemory, fresh.NumPods},
			[3]int64{r.Requested.MilliCPU, r.NonZeroMemory, r.NumPods},
			"%s: cached sums (cpu, non-zero memory, pods) differ from recomputed", name)
	}
	const mi = 1 << 20
	n := NewNodeInfo(node, a, done)
	check("new", n, 500, 1<<30, 500, 1<<30, 1)
	n.AddPod(b)
	check("add b", n, 500, 1<<30, 600, 1<<30+200*mi, 2)
	n.AddPod(c)
	check("add c", n, 1500, 1<<30, 1600, 1<<30+400*mi, 3)
	require.True(t, n.RemovePod(podReq("b", "9", "")), "RemovePod(b)") // same namespace/name
	check("remove b", n, 1500, 1<<30, 1500, 1<<30+200*mi, 2)
	assert.False(t, n.RemovePod(podReq("zz", "", "")), "RemovePod(unknown)")
	lit := &NodeInfo{Node: node, Pods: []*core.Pod{a}}
	check("literal", lit, 500, 1<<30, 500, 1<<30, 1)
	lit.Pods = append(lit.Pods, c)
	check("literal append", lit, 1500, 1<<30, 1500, 1<<30+200*mi, 2)
	lit.Pods = lit.Pods[:1]
	lit.Pods = append(lit.Pods, b) // same length as before, other last pod
	check("literal replace last", lit, 500, 1<<30, 600, 1<<30+200*mi, 2)
	cl := lit.Clone()
	cl.AddPod(c)
	check("clone add", cl, 1500, 1<<30, 1600, 1<<30+400*mi, 3)
	check("original after clone add", lit, 500, 1<<30, 600, 1<<30+200*mi, 2)
	var nilInfo *NodeInfo
	assert.Zero(t, nilInfo.Resources().NumPods, "nil NodeInfo has pods")
	nilInfo.AddPod(a)
	assert.False(t, nilInfo.RemovePod(a), "nil RemovePod")
}
