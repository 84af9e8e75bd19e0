package fixit_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/fixit"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sim"
)

// probe runs text and returns Propose's plan for pod at frame 0.
func probe(t *testing.T, text, pod, target string) fixit.Plan {
	t.Helper()
	s, err := scenario.Parse([]byte(text), "test.yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	var plan fixit.Plan
	var perr error
	require.NoError(t, res.Probe(0, "default", pod, func(p *core.Pod, nodes []*sched.NodeInfo, opts sched.Options) {
		plan, perr = fixit.Propose(p, nodes, opts, target)
	}))
	require.NoError(t, perr)
	return plan
}

func preset(t *testing.T, name string) string {
	t.Helper()
	p, ok := presets.Get(name)
	require.True(t, ok, name)
	return p.YAML
}

// The lesson presets whose answer is known: the one toleration each
// Pending pod lacks, by the upstream matching rules.
func TestProposeLessonPresets(t *testing.T) {
	for _, tc := range []struct {
		preset, pod, node string
		want              []core.Toleration
	}{
		// {key: gpu, operator: Exists} covers gpu=a100 but not team=ml.
		{"mc-exists-with-key", "gpu-any", "gpu-1", []core.Toleration{
			{Key: "team", Operator: core.TolerationOpEqual, Value: "ml", Effect: core.TaintEffectNoSchedule}}},
		// A toleration with effect NoSchedule does not cover the
		// gpu=true:NoExecute taint.
		{"mc-empty-effect", "ns-only", "node-1", []core.Toleration{
			{Key: "gpu", Operator: core.TolerationOpEqual, Value: "true", Effect: core.TaintEffectNoExecute}}},
		// An omitted operator is Equal with value "": it does not match
		// dedicated=ml.
		{"mc-operator-default", "key-only", "ml-1", []core.Toleration{
			{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "ml", Effect: core.TaintEffectNoSchedule}}},
	} {
		t.Run(tc.preset, func(t *testing.T) {
			plan := probe(t, preset(t, tc.preset), tc.pod, "")
			assert.Equal(t, "default/"+tc.pod, plan.Pod)
			assert.Equal(t, tc.node, plan.Best)
			assert.True(t, plan.Fits)
			assert.Equal(t, tc.node, plan.Node.Node)
			assert.Equal(t, tc.want, plan.Node.Add)
			assert.Empty(t, plan.Node.Blockers)
			assert.Nil(t, plan.Node.EvictAfter)
			assert.Equal(t, tc.node, plan.Node.Chosen, "with the toleration the scheduler picks the node")
		})
	}
}

const twoTaints = `
apiVersion: v1
kind: Node
metadata: {name: a-two, labels: {kubernetes.io/hostname: a-two}}
spec:
  taints:
  - {key: gpu, value: a100, effect: NoSchedule}
  - {key: spot, effect: NoExecute}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: b-one, labels: {kubernetes.io/hostname: b-one}}
spec:
  taints: [{key: gpu, value: a100, effect: NoSchedule}]
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
`

// The best candidate needs the fewest tolerations, whatever the names say;
// a value-less taint gets operator Exists.
func TestProposeFewestTolerations(t *testing.T) {
	plan := probe(t, twoTaints, "p", "")
	assert.Equal(t, "b-one", plan.Best)
	require.Len(t, plan.Candidates, 2)
	assert.Equal(t, fixit.Candidate{Node: "b-one", Tolerations: 1, Fits: true}, plan.Candidates[0])
	assert.Equal(t, fixit.Candidate{Node: "a-two", Tolerations: 2, Fits: true}, plan.Candidates[1])

	a := probe(t, twoTaints, "p", "a-two")
	assert.Equal(t, "b-one", a.Best)
	assert.Equal(t, "a-two", a.Node.Node)
	assert.Equal(t, []core.Toleration{
		{Key: "gpu", Operator: core.TolerationOpEqual, Value: "a100", Effect: core.TaintEffectNoSchedule},
		{Key: "spot", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
	}, a.Node.Add)
	assert.True(t, a.Node.Fits)
	// With both tolerations both nodes are feasible: both are empty and
	// equal, so the scores tie, and kube-scheduler's selectHost picks one
	// of the tied nodes at random (the simulator with its seed).
	assert.Contains(t, []string{"a-two", "b-one"}, a.Node.Chosen)
}

const tieOnScore = `
apiVersion: v1
kind: Node
metadata: {name: a-small, labels: {kubernetes.io/hostname: a-small}}
spec:
  taints: [{key: team, value: ml, effect: NoSchedule}]
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: b-big, labels: {kubernetes.io/hostname: b-big}}
spec:
  taints: [{key: team, value: ml, effect: NoSchedule}]
status: {allocatable: {cpu: "16", memory: 64Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: "1", memory: 1Gi}}}]
`

// Two nodes need the same one toleration: the tie goes to the node the
// scheduler chooses, by score — LeastAllocated favours the node left with
// more room (b-big), although a-small comes first by name.
func TestProposeTieByScore(t *testing.T) {
	plan := probe(t, tieOnScore, "p", "")
	assert.Equal(t, "b-big", plan.Best)
	assert.Equal(t, "b-big", plan.Node.Chosen)
	require.NotNil(t, plan.Node.Score)
	assert.Equal(t, []string{"b-big", "a-small"}, []string{plan.Candidates[0].Node, plan.Candidates[1].Node})
}

const otherBlockers = `
apiVersion: v1
kind: Node
metadata: {name: full, labels: {kubernetes.io/hostname: full, disk: ssd}}
spec:
  taints: [{key: team, value: ml, effect: NoSchedule}]
status: {allocatable: {cpu: "1", memory: 4Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: hdd, labels: {kubernetes.io/hostname: hdd, disk: hdd}}
spec:
  unschedulable: true
  taints:
  - {key: team, value: ml, effect: NoSchedule}
  - {key: gpu, value: a100, effect: NoSchedule}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  nodeSelector: {disk: ssd}
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
`

// Tolerations are not always enough: the filters run again with them and
// the other blockers are listed with the upstream reasons.
func TestProposeOtherBlockers(t *testing.T) {
	plan := probe(t, otherBlockers, "p", "")
	assert.False(t, plan.Fits)
	// full: one blocker (cpu); hdd: unschedulable and the selector.
	assert.Equal(t, "full", plan.Best)
	// 2 cpu on a 1-cpu node: no preemption frees that, so the code is
	// UnschedulableAndUnresolvable (noderesources fitsRequest, Unresolvable).
	assert.Equal(t, []fixit.Blocker{{Plugin: "NodeResourcesFit", Code: "UnschedulableAndUnresolvable", Reasons: []string{"Insufficient cpu"}}}, plan.Node.Blockers)
	assert.Empty(t, plan.Node.Chosen)

	hdd := probe(t, otherBlockers, "p", "hdd")
	// The cordon's node.kubernetes.io/unschedulable taint is not
	// proposed: the cordon stays one blocker, reported by
	// NodeUnschedulable, which kubectl uncordon lifts with its taint. With
	// the two tolerations the cordon's taint is the only one left, so
	// TaintToleration is not listed as another blocker.
	require.Equal(t, []core.Toleration{
		{Key: "team", Operator: core.TolerationOpEqual, Value: "ml", Effect: core.TaintEffectNoSchedule},
		{Key: "gpu", Operator: core.TolerationOpEqual, Value: "a100", Effect: core.TaintEffectNoSchedule},
	}, hdd.Node.Add)
	require.Len(t, hdd.Node.Blockers, 2)
	assert.Equal(t, fixit.Blocker{Plugin: "NodeUnschedulable", Code: "UnschedulableAndUnresolvable", Reasons: []string{"node(s) were unschedulable"}}, hdd.Node.Blockers[0])
	assert.Equal(t, fixit.Blocker{Plugin: "NodeAffinity", Code: "UnschedulableAndUnresolvable", Reasons: []string{"node(s) didn't match Pod's node affinity/selector"}}, hdd.Node.Blockers[1])
	assert.True(t, hdd.Node.Cordoned)
	assert.Equal(t, "kubectl uncordon hdd", hdd.Node.Uncordon)
	assert.False(t, plan.Node.Cordoned, "full is not cordoned")
}

// A NoExecute taint tolerated only for tolerationSeconds lets the pod be
// scheduled, and the taint-eviction controller evicts it after that time.
func TestProposeEvictAfter(t *testing.T) {
	text := `
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
spec:
  taints:
  - {key: maintenance, effect: NoExecute}
  - {key: team, value: ml, effect: NoExecute}
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  tolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
  containers: [{name: c, image: x}]
`
	plan := probe(t, text, "p", "")
	assert.True(t, plan.Fits)
	assert.Equal(t, []core.Toleration{{Key: "team", Operator: core.TolerationOpEqual, Value: "ml", Effect: core.TaintEffectNoExecute}}, plan.Node.Add)
	require.NotNil(t, plan.Node.EvictAfter)
	// The proposed toleration has no tolerationSeconds: only maintenance
	// is timed.
	assert.Equal(t, int64(60), *plan.Node.EvictAfter)
	assert.Equal(t, []core.Taint{{Key: "maintenance", Effect: core.TaintEffectNoExecute}}, plan.Node.EvictTaints)
}

func TestProposeErrors(t *testing.T) {
	_, err := fixit.Propose(nil, nil, sched.Options{}, "")
	require.Error(t, err)
	plan := probe(t, preset(t, "mc-exists-with-key"), "gpu-any", "")
	require.NotEmpty(t, plan.Best)
	s, err := scenario.Parse([]byte(preset(t, "mc-exists-with-key")), "x.yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	require.NoError(t, res.Probe(0, "default", "gpu-any", func(p *core.Pod, nodes []*sched.NodeInfo, opts sched.Options) {
		_, err = fixit.Propose(p, nodes, opts, "nope")
	}))
	require.ErrorContains(t, err, `node "nope" is not in the cluster`)
	require.ErrorContains(t, res.Probe(0, "default", "ghost", func(*core.Pod, []*sched.NodeInfo, sched.Options) {}), "no pod default/ghost")
}

func TestNeeded(t *testing.T) {
	taints := []core.Taint{
		{Key: "a", Value: "1", Effect: core.TaintEffectNoSchedule},
		{Key: "b", Effect: core.TaintEffectPreferNoSchedule},
		{Key: "c", Effect: core.TaintEffectNoExecute},
	}
	// PreferNoSchedule never blocks; a tolerated taint needs nothing.
	assert.Equal(t, []core.Toleration{{Key: "c", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}},
		fixit.Needed(taints, []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}}, false))
	// The empty-key Exists wildcard tolerates everything.
	assert.Empty(t, fixit.Needed(taints, []core.Toleration{{Operator: core.TolerationOpExists}}, false))
}

// A node that is only cordoned: NodeUnschedulable is the one blocker (the
// TaintToleration filter would reject the cordon's taint too, but
// kubectl uncordon lifts both), and no toleration is proposed.
func TestProposeCordonOnly(t *testing.T) {
	text := `
apiVersion: v1
kind: Node
metadata: {name: w2, labels: {kubernetes.io/hostname: w2}}
spec:
  unschedulable: true
status: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x}]
`
	plan := probe(t, text, "p", "")
	assert.False(t, plan.Fits)
	assert.Empty(t, plan.Node.Add)
	require.Len(t, plan.Node.Blockers, 1)
	assert.Equal(t, "NodeUnschedulable", plan.Node.Blockers[0].Plugin)
	assert.Equal(t, 1, plan.Candidates[0].Blockers)
	assert.Equal(t, "kubectl uncordon w2", plan.Node.Uncordon)
}
