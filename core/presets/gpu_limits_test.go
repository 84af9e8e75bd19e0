package presets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/sim"
)

// insufficientGPU is the FailedScheduling text of a trainer replica once
// gpu-1's only GPU is taken, worked out from the v1.37 rules
// (EXAMPLES.md conventions, core/sched/message.go): cp-1 fails
// TaintToleration; worker-1 and gpu-1 fail NodeResourcesFit with
// "Insufficient nvidia.com/gpu" (the pod's request, defaulted from its
// limit, is 1). The histogram is sorted byte-wise. In preemption, cp-1
// (taint) and worker-1 (no GPU at all: request above allocatable,
// fit.go's Unresolvable) are UnschedulableAndUnresolvable, "Preemption is
// not helpful for scheduling"; on gpu-1 the only pod has the same
// priority, so DefaultPreemption finds no victims.
const insufficientGPU = "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient nvidia.com/gpu. " +
	"preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."

// TestGPULimitsOnly: three replicas whose template sets only
// limits: {nvidia.com/gpu: 1}. Each pod is defaulted to request the GPU,
// so only one fits the one-GPU node; the other two are Pending, and the
// scale-down at 30s removes them first.
func TestGPULimitsOnly(t *testing.T) {
	res := runPreset(t, "gpu-limits-only")
	require.Len(t, res.Frames, 2, "frames")
	var running, pending []*sim.PodState
	for _, p := range res.Frames[0].Pods {
		switch p.Phase {
		case "Running":
			running = append(running, p)
		case "Pending":
			pending = append(pending, p)
		}
	}
	require.Len(t, running, 1, "running at 0s")
	assert.Equal(t, "gpu-1", running[0].Node, "running at 0s")
	require.Len(t, pending, 2, "pending at 0s")
	for _, p := range pending {
		assert.Equal(t, insufficientGPU, p.FailedSchedulingMessage, "pod %s", p.Name)
		assert.Equal(t, int64(1), p.Requests["nvidia.com/gpu"], "pod %s requests", p.Name)
		assert.Contains(t, p.Describe, "    Limits:\n      nvidia.com/gpu:  1\n    Requests:\n      nvidia.com/gpu:  1\n", "describe pod %s", p.Name)
		assert.Equal(t, []ev{{0, "Warning", "FailedScheduling", "pod/default/" + p.Name, insufficientGPU}},
			podEvents(res, "pod/default/"+p.Name)[:1], "events of %s", p.Name)
	}
	var gpu *sim.NodeState
	for _, n := range res.Frames[0].Nodes {
		if n.Name == "gpu-1" {
			gpu = n
		}
	}
	require.NotNil(t, gpu, "gpu-1")
	assert.Equal(t, int64(1), gpu.Requested["nvidia.com/gpu"], "gpu-1 requested")
	assert.Contains(t, gpu.Describe, "  nvidia.com/gpu     1         1\n", "describe node gpu-1: Allocated resources")

	// The scale-down deletes the Pending pods first (getPodsToDelete).
	last := final(res)
	require.Len(t, last, 1, "pods at 30s")
	require.Contains(t, last, running[0].Name, "pods at 30s")
	assert.Equal(t, "Running", last[running[0].Name].Phase, "pod %s at 30s", running[0].Name)
}
