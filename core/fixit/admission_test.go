package fixit_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/taints-playground/playground/core"
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
