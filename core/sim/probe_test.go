package sim_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sim"
)

// Probe hands the pod as admitted (DefaultTolerationSeconds' two
// tolerations added) and the nodes as the scheduler sees them at that
// frame: after the taint step, n1 carries it.
func TestProbe(t *testing.T) {
	s, err := scenario.Parse([]byte(`kind: Scenario
name: probe
steps:
- at: 10s
  run: kubectl taint nodes n1 a=b:NoSchedule
---
apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x}]
`), "p.yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	last := len(res.Frames) - 1
	var tols []core.Toleration
	var taints []core.Taint
	require.NoError(t, res.Probe(last, "default", "p", func(pod *core.Pod, nodes []*sched.NodeInfo, _ sched.Options) {
		tols = pod.Spec.Tolerations
		require.Len(t, nodes, 1)
		taints = nodes[0].Node.Spec.Taints
	}))
	assert.Len(t, tols, 2)
	assert.Equal(t, []core.Taint{{Key: "a", Value: "b", Effect: core.TaintEffectNoSchedule}}, taints)

	require.ErrorContains(t, res.Probe(len(res.Frames), "default", "p", func(*core.Pod, []*sched.NodeInfo, sched.Options) {}), "out of range")
	require.ErrorContains(t, res.Probe(0, "default", "p", nil), "no probe function")
	require.ErrorContains(t, res.Probe(0, "default", "q", func(*core.Pod, []*sched.NodeInfo, sched.Options) {}), "has no pod default/q")
}
