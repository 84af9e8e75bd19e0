package sched

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

func prio(name, cpu string, p int32) *core.Pod {
	return tu.MakePod(name, cpu, "").Priority(p).P
}

func TestPreemption(t *testing.T) {
	tests := []struct {
		name        string
		pod         *core.Pod
		nodes       []*NodeInfo
		wantNode    string
		wantVictims []string
		wantMsg     string
	}{
		{
			name:        "lowest priority pod evicted, higher reprieved",
			pod:         prio("p", "2000m", 10),
			nodes:       []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Info(prio("a", "1500m", 1), prio("b", "1500m", 2), prio("c", "500m", 100))},
			wantNode:    "n1",
			wantVictims: []string{"default/a"},
			wantMsg:     "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims",
		},
		{
			name:        "victim is not necessarily the lowest priority pod",
			pod:         prio("p", "2000m", 10),
			nodes:       []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Info(prio("a", "500m", 1), prio("b", "3000m", 2))},
			wantNode:    "n1",
			wantVictims: []string{"default/b"},
		},
		{
			name:        "several victims, most important first",
			pod:         prio("p", "4000m", 10),
			nodes:       []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Info(prio("a", "1000m", 1), prio("b", "1000m", 3), prio("c", "1000m", 2))},
			wantNode:    "n1",
			wantVictims: []string{"default/b", "default/c", "default/a"},
			wantMsg:     "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 3 victims",
		},
		{
			name: "node whose most important victim has the lowest priority wins",
			pod:  prio("p", "2000m", 10),
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4000m", "8Gi").Info(prio("a", "3000m", 5)),
				tu.MakeNode("n2", "4000m", "8Gi").Info(prio("b", "3000m", 3)),
			},
			wantNode:    "n2",
			wantVictims: []string{"default/b"},
		},
		{
			name: "then the smallest priority sum (fewer victims)",
			pod:  prio("p", "2000m", 10),
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "3000m", "8Gi").Info(prio("a1", "1500m", 3), prio("a2", "1500m", 3)),
				tu.MakeNode("n2", "4000m", "8Gi").Info(prio("b", "3000m", 3)),
			},
			wantNode:    "n2",
			wantVictims: []string{"default/b"},
		},
		{
			name: "full tie goes to the first node",
			pod:  prio("p", "2000m", 10),
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4000m", "8Gi").Info(prio("a", "3000m", 3)),
				tu.MakeNode("n2", "4000m", "8Gi").Info(prio("b", "3000m", 3)),
			},
			wantNode:    "n1",
			wantVictims: []string{"default/a"},
		},
		{
			name: "tainted node is never a candidate; tolerated taint is",
			pod:  tu.MakePod("p", "2000m", "").Priority(10).Tol("team", exists, "", noSched).P,
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4000m", "8Gi").Taint("other", "x", noSched).Info(prio("a", "3000m", 1)),
				tu.MakeNode("n2", "4000m", "8Gi").Taint("team", "a", noSched).Info(prio("b", "3000m", 1)),
			},
			wantNode:    "n2",
			wantVictims: []string{"default/b"},
			wantMsg:     "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). preemption: found a potential placement for pod on node n2, preempting 1 victims",
		},
		{
			name:    "removing every lower-priority pod is not enough",
			pod:     prio("p", "2000m", 10),
			nodes:   []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Info(prio("a", "500m", 1), prio("big", "3000m", 100))},
			wantMsg: "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Insufficient cpu.",
		},
		{
			name: "too many pods is resolvable by preemption",
			pod:  tu.MakePod("p", "", "").Priority(10).P,
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4", "8Gi").Alloc(core.ResourcePods, "1").Info(prio("a", "", 0)),
			},
			wantNode:    "n1",
			wantVictims: []string{"default/a"},
			wantMsg:     "0/1 nodes are available: 1 Too many pods. preemption: found a potential placement for pod on node n1, preempting 1 victims",
		},
		{
			name:    "request above allocatable is unresolvable",
			pod:     prio("p", "8", 10),
			nodes:   []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(prio("a", "1", 0))},
			wantMsg: "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
		},
		{
			name:     "nil priority counts as 0",
			pod:      tu.MakePod("p", "2", "").P,
			nodes:    []*NodeInfo{tu.MakeNode("n1", "2", "8Gi").Info(prio("neg", "1", -5))},
			wantMsg:  "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims",
			wantNode: "n1", wantVictims: []string{"default/neg"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Schedule(tc.pod, tc.nodes, Options{})
			require.Empty(t, r.NodeName, "scheduled")
			require.Equal(t, tc.wantNode, r.NominatedNode, "nominated (message %q)", r.Message)
			require.Equal(t, tc.wantVictims, r.Victims, "victims (message %q)", r.Message)
			if tc.wantMsg != "" {
				require.Equal(t, tc.wantMsg, r.Message, "message")
			}
		})
	}
}

// TestPreemptionThenRetry: after the victims are gone, the nominated pod
// lands on its node through the fast path.
func TestPreemptionThenRetry(t *testing.T) {
	pod := prio("p", "2000m", 10)
	low := prio("low", "3000m", 1)
	nodes := []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Info(low), tu.MakeNode("n2", "4000m", "8Gi").Info(prio("same", "3000m", 10))}
	r := Schedule(pod, nodes, Options{})
	require.Equal(t, "n1", r.NominatedNode, "preemption")
	require.Equal(t, []string{"default/low"}, r.Victims, "preemption")
	nodes[0].Pods = nil
	pod.Status.NominatedNodeName = r.NominatedNode
	require.Equal(t, "n1", Schedule(pod, nodes, Options{}).NodeName, "retry")
	// Schedule did not modify the caller's node infos.
	require.Len(t, nodes[1].Pods, 1, "node infos modified")
}

// TestNominatedPodsReserveRoom: a pod nominated to a node after preemption
// keeps lower-priority pods off the room freed for it, but not
// higher-priority ones, and never blocks itself.
func TestNominatedPodsReserveRoom(t *testing.T) {
	nodes := []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Info()}
	nominee := prio("nominee", "3000m", 10)
	nominee.Status.NominatedNodeName = "n1"
	opts := Options{NominatedPods: []*core.Pod{nominee}}

	low := prio("low", "2000m", 5)
	r := Schedule(low, nodes, opts)
	require.Empty(t, r.NodeName, "lower-priority pod took the reserved room")
	require.Equal(t, "Insufficient cpu", r.Rejected["n1"].Message(), "lower-priority pod took the reserved room")
	// The dry run also sees the nominee: the node has no victims.
	want := "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
	assert.Equal(t, want, r.Message)
	verdicts := ExplainNode(low, nodes[0], opts)
	require.Len(t, verdicts, len(FilterPluginNames()))
	assert.Equal(t, Unschedulable, verdicts[5].Code, "ExplainNode ignores nominated pods: %+v", verdicts[5])
	assert.Equal(t, "n1", Schedule(prio("high", "2000m", 20), nodes, opts).NodeName, "higher-priority pod blocked")
	assert.Equal(t, "n1", Schedule(nominee, nodes, opts).NodeName, "nominee blocked by itself")
}

func TestNotEligibleWhileVictimsTerminate(t *testing.T) {
	victim := prio("low", "3000m", 1)
	victim.Status.Conditions = []core.PodCondition{VictimCondition("")}
	victim.DeletionTimestamp = &core.Time{}
	other := prio("low2", "3000m", 1)
	nodes := []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Info(victim), tu.MakeNode("n2", "4000m", "8Gi").Info(other)}
	pod := prio("p", "2000m", 10)
	pod.Status.NominatedNodeName = "n1"
	r := Schedule(pod, nodes, Options{})
	want := "0/2 nodes are available: 2 Insufficient cpu. preemption: not eligible due to a terminating pod on the nominated node."
	require.Equal(t, want, r.Message)
	require.Empty(t, r.NominatedNode)
	// Without the nomination the pod preempts again.
	pod.Status.NominatedNodeName = ""
	r = Schedule(pod, nodes, Options{})
	require.NotEmpty(t, r.NominatedNode, "no preemption: %q", r.Message)
}

// The nominated node became UnschedulableAndUnresolvable for the pod (an
// untolerated NoSchedule taint arrived while its victim terminates):
// PodEligibleToPreemptOthers lets it preempt again, and it preempts on
// the other node; the tainted node is no candidate.
func TestNominatedNodeUnresolvablePreemptsElsewhere(t *testing.T) {
	victim := prio("low", "3000m", 1)
	victim.Status.Conditions = []core.PodCondition{VictimCondition("")}
	victim.DeletionTimestamp = &core.Time{}
	other := prio("low2", "3000m", 1)
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "4000m", "8Gi").Taint("dedicated", "x", core.TaintEffectNoSchedule).Info(victim),
		tu.MakeNode("n2", "4000m", "8Gi").Info(other),
	}
	pod := prio("p", "2000m", 10)
	pod.Status.NominatedNodeName = "n1"
	r := Schedule(pod, nodes, Options{})
	assert.Equal(t, "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). preemption: found a potential placement for pod on node n2, preempting 1 victims", r.Message)
	assert.Equal(t, "n2", r.NominatedNode)
	assert.Equal(t, []string{"default/low2"}, r.Victims)
	assert.False(t, r.ClearNomination)
}

// No candidate anywhere: the result asks to clear the nomination
// (Evaluator.evaluate's NewPostFilterResultWithNominatedNode("")); not
// eligible leaves it (nil PostFilterResult).
func TestClearNomination(t *testing.T) {
	big := prio("big", "3000m", 100)
	nodes := []*NodeInfo{tu.MakeNode("n1", "4000m", "8Gi").Info(big)}
	pod := prio("p", "2000m", 10)
	pod.Status.NominatedNodeName = "n1"
	r := Schedule(pod, nodes, Options{})
	assert.True(t, r.ClearNomination, "no victims: %s", r.Message)
	never := prio("p", "2000m", 10)
	policy := PreemptNever
	never.Spec.PreemptionPolicy = &policy
	never.Status.NominatedNodeName = "n1"
	assert.False(t, Schedule(never, nodes, Options{}).ClearNomination)
	assert.True(t, Schedule(pod, nil, Options{}).ClearNomination, "no nodes at all (ErrNoNodesAvailable)")
}
