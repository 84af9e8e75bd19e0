package sched

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

// antiWeb is a replica of app=web that wants no other app=web pod on its
// node (required anti-affinity on kubernetes.io/hostname).
func antiWeb(name string) *tu.Pod {
	p := tu.MakePod(name, "100m", "")
	p.P.Labels = map[string]string{"app": "web"}
	p.P.Spec.Affinity = &core.Affinity{PodAntiAffinity: &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{{
		LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
		TopologyKey:   "kubernetes.io/hostname",
	}}}}
	return p
}

func hostNode(name string) *tu.Node {
	return tu.MakeNode(name, "4", "8Gi").Label("kubernetes.io/hostname", name)
}

// TestAntiAffinityMeetsTaint: three replicas with required hostname
// anti-affinity, three nodes, one tainted NoSchedule. The third replica
// finds the two free nodes taken by its siblings (its own anti-affinity,
// Unschedulable) and the third tainted (UnschedulableAndUnresolvable);
// preemption finds no lower-priority victims. The message is upstream's
// FitError: reasons counted per node and sorted, then DefaultPreemption's
// dry run.
func TestAntiAffinityMeetsTaint(t *testing.T) {
	nodes := []*NodeInfo{
		hostNode("n1").Info(antiWeb("web-1").P),
		hostNode("n2").Info(antiWeb("web-2").P),
		hostNode("n3").Taint("dedicated", "db", core.TaintEffectNoSchedule).Info(),
	}
	pod := antiWeb("web-3").DefaultTolerations().P
	for minor, want := range map[int]string{
		37: "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
		34: "0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: db}, 2 node(s) didn't match pod anti-affinity rules. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
	} {
		r := Schedule(pod, nodes, Options{Version: core.Version{Minor: minor}})
		require.Empty(t, r.NodeName, "1.%d placed", minor)
		assert.Equal(t, want, r.Message, "1.%d", minor)
		assert.Equal(t, "InterPodAffinity", r.Rejected["n1"].Plugin, "1.%d n1", minor)
		assert.Equal(t, Unschedulable, r.Rejected["n1"].Code, "1.%d n1", minor)
	}
	// The taint removed, the third replica lands on n3.
	nodes[2] = hostNode("n3").Info()
	assert.Equal(t, "n3", Schedule(pod, nodes, Options{}).NodeName, "untainted")
}

// TestPreemptionRemovesAntiAffinePod: the only lower-priority pod on a
// node is what the incoming pod's anti-affinity rejects it for, so
// preemption evicts it (upstream's RemovePod extension makes the node
// feasible in the dry run); an unrelated lower-priority pod is reprieved.
func TestPreemptionRemovesAntiAffinePod(t *testing.T) {
	low := antiWeb("low").Priority(1).P
	other := tu.MakePod("other", "100m", "").Priority(1).P
	nodes := []*NodeInfo{hostNode("n1").Info(low, other)}
	pod := antiWeb("high").Priority(100).P
	r := Schedule(pod, nodes, Options{})
	require.Empty(t, r.NodeName)
	assert.Equal(t, "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules. preemption: found a potential placement for pod on node n1, preempting 1 victims", r.Message)
	assert.Equal(t, "n1", r.NominatedNode)
	assert.Equal(t, []string{"default/low"}, r.Victims)
}

// TestPodAffinityUnresolvable: a required affinity no domain satisfies is
// UnschedulableAndUnresolvable; preemption does not try.
func TestPodAffinityUnresolvable(t *testing.T) {
	nodes := []*NodeInfo{hostNode("n1").Info(), hostNode("n2").Info()}
	pod := tu.MakePod("p", "100m", "").P
	pod.Spec.Affinity = &core.Affinity{PodAffinity: &core.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{{
		LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": "db"}},
		TopologyKey:   "kubernetes.io/hostname",
	}}}}
	r := Schedule(pod, nodes, Options{})
	assert.Equal(t, "0/2 nodes are available: 2 node(s) didn't match pod affinity rules. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.", r.Message)
}
