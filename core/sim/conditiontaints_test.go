package sim

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nodeTaintsAt is node's taints (key:effect) in the last frame at or
// before t.
func nodeTaintsAt(t *testing.T, res *Result, node string, at float64) []string {
	t.Helper()
	var f *Frame
	for i := range res.Frames {
		if res.Frames[i].At <= at {
			f = &res.Frames[i]
		}
	}
	require.NotNil(t, f)
	for _, n := range f.Nodes {
		if n.Name == node {
			out := []string{}
			for _, tn := range n.Taints {
				out = append(out, tn.ToString())
			}
			return out
		}
	}
	t.Fatalf("no node %s at %v", node, at)
	return nil
}

// CONTROLLERS.md §6 (node_lifecycle_controller.go, v1.37): every
// condition taint a client adds to a healthy (Ready, no pressure,
// schedulable) node is removed by the node-lifecycle controller, whoever
// added it. The NoSchedule ones go in the very update
// (doNoScheduleTaintingPass runs on every node update); not-ready and
// unreachable NoExecute at the next monitor pass (processTaintBaseEviction
// → markNodeAsReachable, every 5 s): a write at 12 s is undone at 15 s.
// The pressure keys with effect NoExecute and any other key are no
// condition taints: they stay.
func TestConditionTaintsRemovedFromReadyNode(t *testing.T) {
	cases := []struct {
		taint   string
		removed float64 // -1: stays
	}{
		{"node.kubernetes.io/not-ready:NoSchedule", 12},
		{"node.kubernetes.io/unreachable:NoSchedule", 12},
		{"node.kubernetes.io/memory-pressure:NoSchedule", 12},
		{"node.kubernetes.io/disk-pressure:NoSchedule", 12},
		{"node.kubernetes.io/pid-pressure:NoSchedule", 12},
		{"node.kubernetes.io/network-unavailable:NoSchedule", 12},
		{"node.kubernetes.io/unschedulable:NoSchedule", 12},
		{"node.kubernetes.io/not-ready:NoExecute", 15},
		{"node.kubernetes.io/unreachable:NoExecute", 15},
		{"node.kubernetes.io/not-ready=manual:NoExecute", 15},
		{"node.kubernetes.io/memory-pressure:NoExecute", -1},
		{"node.kubernetes.io/disk-pressure:NoExecute", -1},
		{"node.kubernetes.io/out-of-service=nodeshutdown:NoExecute", -1},
		{"dedicated=db:NoSchedule", -1},
	}
	for _, c := range cases {
		t.Run(c.taint, func(t *testing.T) {
			doc := fmt.Sprintf("kind: Scenario\nname: ct\nuntil: 30s\nsteps:\n- {at: 12s, run: \"kubectl taint nodes n1 %s\"}\n", c.taint) + nodeDocs("n", 1, "")
			res := run(t, doc)
			assert.Empty(t, nodeTaintsAt(t, res, "n1", 11), "before")
			if c.removed < 0 {
				assert.Len(t, nodeTaintsAt(t, res, "n1", 30), 1, "a taint that is not the controller's stays")
				return
			}
			if c.removed > 12 {
				assert.Len(t, nodeTaintsAt(t, res, "n1", c.removed-0.5), 1, "kept until the next monitor pass")
			}
			assert.Empty(t, nodeTaintsAt(t, res, "n1", c.removed))
		})
	}
}

// The report: a hand-added not-ready:NoExecute on a Ready node
// evicted pods at 300 s. Now the taint goes at the next pass (15 s) and
// the pending eviction of the pod that tolerates it for 300 s (the
// DefaultTolerationSeconds toleration) is cancelled; a write on a pass
// instant waits a whole period (the pass of that instant ran before it).
func TestHandAddedNotReadyNoExecuteCancelsEviction(t *testing.T) {
	doc := `kind: Scenario
name: nr
until: 400s
steps:
- {at: 12s, run: "kubectl taint nodes n1 node.kubernetes.io/not-ready:NoExecute"}
- {at: 20s, run: "kubectl taint nodes n1 node.kubernetes.io/unreachable:NoExecute"}
` + nodeDocs("n", 1, "") + `---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec: {nodeName: n1, containers: [{name: c, image: x}]}
`
	res := run(t, doc)
	checkPods(t, res, map[string]want{"web": {"Running", "n1", 0, -1}})
	var msgs []string
	for _, e := range eventsFor(res, "pod/default/web") {
		msgs = append(msgs, fmt.Sprintf("%v %s", e.At, e.Message))
	}
	// tainteviction emits nothing when it schedules a deletion and
	// "Cancelling deletion of Pod" when the taint goes
	// (emitCancelPodDeletionEvent).
	assert.Equal(t, []string{"15 " + cancelling + "web", "25 " + cancelling + "web"}, msgs)
	assert.Len(t, nodeTaintsAt(t, res, "n1", 24), 1)
	assert.Empty(t, nodeTaintsAt(t, res, "n1", 25))
}
