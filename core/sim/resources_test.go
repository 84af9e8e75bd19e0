package sim

import (
	"testing"

	"github.com/taints-playground/playground/core"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLimitsOnly runs the cases of pods that set only limits
// (testdata/limits-only): the API server defaults their requests to the
// limits (SetDefaults_Pod), so the scheduler and the kubelet count them.
// The texts follow from the v1.37 rules: NodeResourcesFit reports
// "Insufficient <resource>", UnschedulableAndUnresolvable when the request
// exceeds the node's allocatable (fit.go, InsufficientResource.Unresolvable),
// so preemption calls the node "not helpful"; a node the request fits
// but whose room is taken is Unschedulable, and DefaultPreemption finds no
// lower-priority victim there. The kubelet's resource admission of a
// spec.nodeName pod fails with OutOf<resource> (lifecycle/predicate.go).
func TestLimitsOnly(t *testing.T) {
	for _, tc := range []struct {
		file    string
		pending int
		reason  string
		msg     string
	}{
		{"gpu-three-replicas.yaml", 2, "FailedScheduling",
			"0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."},
		{"gpu-no-gpu-node.yaml", 1, "FailedScheduling",
			"0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."},
		{"cpu-limit.yaml", 1, "FailedScheduling",
			"0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."},
		{"gpu-node-name.yaml", 0, "OutOfnvidia.com/gpu",
			"Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 0, capacity: 0"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			res := runFile(t, "limits-only/"+tc.file)
			pending := 0
			for _, p := range final(res) {
				if p.Phase == PhasePending {
					pending++
					assert.Equal(t, tc.msg, p.FailedSchedulingMessage, "pod %s", p.Name)
				}
			}
			assert.Equal(t, tc.pending, pending, "pending pods")
			var msgs []string
			for _, e := range res.Events {
				if e.Reason == tc.reason {
					msgs = append(msgs, e.Message)
				}
			}
			require.Len(t, msgs, max(tc.pending, 1), "%s events", tc.reason)
			for _, m := range msgs {
				assert.Equal(t, tc.msg, m, "%s event", tc.reason)
			}
		})
	}
}

// TestLimitsOnlyApplyAgain: a pod applied with only limits, applied again
// unchanged, is "unchanged": the update is defaulted like the create, so
// its requests equal the stored ones.
func TestLimitsOnlyApplyAgain(t *testing.T) {
	const pod = `
    apiVersion: v1
    kind: Pod
    metadata: {name: cuda}
    spec:
      containers:
      - name: cuda
        image: cuda
        resources:
          limits: {nvidia.com/gpu: 1, cpu: 400u}
`
	res := run(t, `
kind: Scenario
name: apply-again
steps:
- at: 1s
  run: kubectl apply -f -
  manifest: |`+pod+`
- at: 2s
  run: kubectl apply -f -
  manifest: |`+pod+`
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  allocatable: {cpu: "1", memory: 1Gi, pods: "110", nvidia.com/gpu: "1"}
`)
	var outputs []string
	for _, f := range res.Frames {
		if f.Step != "" {
			outputs = append(outputs, f.Output)
		}
	}
	assert.Equal(t, []string{"pod/cuda created", "pod/cuda unchanged"}, outputs)
	p := final(res)["cuda"]
	require.NotNil(t, p, "cuda")
	assert.Equal(t, map[core.ResourceName]int64{core.ResourceCPU: 1, "nvidia.com/gpu": 1}, p.Requests, "requests: 400u is rounded up to 1m")
}
