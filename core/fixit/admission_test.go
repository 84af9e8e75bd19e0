package fixit_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/fixit"
)

// gpu-node: pod-a tolerates the GPU taint only; tolerating the
// node-lifecycle controller's disk-pressure taint gets it past every
// filter, but the kubelet's eviction manager (managerImpl.Admit) rejects
// every non-critical pod under DiskPressure, toleration or not.
func TestProposeDiskPressureRejectedByKubelet(t *testing.T) {
	plan := probe(t, preset(t, "gpu-node"), "pod-a", "")
	assert.Equal(t, "gpu-node-1", plan.Node.Node)
	assert.Equal(t, []core.Toleration{{Key: core.TaintNodeDiskPressure, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}, plan.Node.Add)
	assert.True(t, plan.Node.Fits, "every filter passes with the toleration")
	assert.Equal(t, "Pod was rejected: The node had condition: [DiskPressure]. ", plan.Node.Rejected)
	// The only node: it is the nearest, but the pod does not run there.
	assert.Equal(t, "gpu-node-1", plan.Best)
	assert.False(t, plan.Fits)
	assert.True(t, plan.Candidates[0].Rejected)
}

// A node whose kubelet would reject the pod ranks after a node where it
// runs, though it needs fewer tolerations.
func TestProposePrefersAdmittingNode(t *testing.T) {
	text := `
apiVersion: v1
kind: Node
metadata: {name: a-disk, labels: {kubernetes.io/hostname: a-disk}}
status:
  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "True"}
  - {type: DiskPressure, status: "True"}
---
apiVersion: v1
kind: Node
metadata: {name: b-two, labels: {kubernetes.io/hostname: b-two}}
spec:
  taints:
  - {key: team, value: ml, effect: NoSchedule}
  - {key: gpu, effect: NoSchedule}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: app}]
`
	plan := probe(t, text, "p", "")
	assert.Equal(t, "b-two", plan.Best)
	assert.True(t, plan.Fits)
	assert.Len(t, plan.Node.Add, 2)
	assert.Empty(t, plan.Node.Rejected)
	require.Len(t, plan.Candidates, 2)
	assert.Equal(t, fixit.Candidate{Node: "a-disk", Tolerations: 1, Fits: true, Rejected: true}, plan.Candidates[1])
}

func pressureNode(conds string) string {
	return `
apiVersion: v1
kind: Node
metadata: {name: mem-1, labels: {kubernetes.io/hostname: mem-1}}
status:
  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "True"}
` + conds + `---
apiVersion: v1
kind: Pod
metadata: {name: be}
spec:
  containers: [{name: c, image: app}]
`
}

// Under MemoryPressure alone, Admit admits a BestEffort pod that
// tolerates node.kubernetes.io/memory-pressure:NoSchedule; with
// DiskPressure as well it rejects it, naming both conditions.
func TestProposeMemoryPressureToleratedIsAdmitted(t *testing.T) {
	plan := probe(t, pressureNode("  - {type: MemoryPressure, status: \"True\"}\n"), "be", "")
	assert.Equal(t, []core.Toleration{{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}, plan.Node.Add)
	assert.True(t, plan.Node.Fits)
	assert.Empty(t, plan.Node.Rejected)

	plan = probe(t, pressureNode("  - {type: MemoryPressure, status: \"True\"}\n  - {type: DiskPressure, status: \"True\"}\n"), "be", "")
	assert.Len(t, plan.Node.Add, 2)
	assert.True(t, plan.Node.Fits)
	assert.Equal(t, "Pod was rejected: The node had condition: [MemoryPressure DiskPressure]. ", plan.Node.Rejected)
}
