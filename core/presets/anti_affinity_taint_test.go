package presets

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// antiAffinityTaint3 is the third replica's FailedScheduling text, worked
// out from upstream v1.37 rules: node-1 and node-2 fail InterPodAffinity's
// own-anti-affinity check ("didn't match pod anti-affinity rules",
// Unschedulable; it comes before the existing pods' check), node-3 fails
// TaintToleration (UnschedulableAndUnresolvable); the histogram is sorted
// byte-wise. DefaultPreemption tries node-1 and node-2 only and finds no
// lower-priority pod there; node-3 is "not helpful". 1.37's
// DynamicResources PostFilter adds no text.
const antiAffinityTaint3 = "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod anti-affinity rules. " +
	"preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."

// TestAntiAffinityTaint: three replicas with required hostname
// anti-affinity, three nodes, one tainted NoSchedule: the third replica
// stays Pending until the taint is removed at t=30s, then lands on node-3
// at once (TaintToleration's hint).
func TestAntiAffinityTaint(t *testing.T) {
	res := runPreset(t, "anti-affinity-taint")
	require.Len(t, res.Frames, 2, "frames")
	var nodes, failed []string
	pending := ""
	for _, p := range res.Frames[0].Pods {
		switch p.Phase {
		case "Running":
			nodes = append(nodes, p.Node)
		case "Pending":
			pending = p.Name
			failed = append(failed, p.FailedSchedulingMessage)
		}
	}
	sort.Strings(nodes)
	assert.Equal(t, []string{"node-1", "node-2"}, nodes, "running at 0")
	assert.Equal(t, []string{antiAffinityTaint3}, failed, "pending at 0")
	for _, p := range res.Frames[1].Pods {
		assert.Equal(t, "Running", p.Phase, "%s at 30", p.Name)
		if p.Name == pending {
			assert.Equal(t, "node-3", p.Node, "the third replica at 30")
			assert.Equal(t, 30.0, val(p.ScheduledAt), "the third replica at 30")
		}
	}
	var warnings []string
	for _, e := range res.Events {
		if e.Reason == "FailedScheduling" {
			warnings = append(warnings, e.Message)
		}
	}
	assert.Equal(t, []string{antiAffinityTaint3}, warnings, "FailedScheduling events")
	// The why panel reports InterPodAffinity on the nodes with a sibling.
	for _, p := range res.Frames[0].Pods {
		if p.Name != pending {
			continue
		}
		for _, n := range p.Why.Nodes {
			want := "InterPodAffinity"
			if n.Node == "node-3" {
				want = "TaintToleration"
			}
			assert.Equal(t, want, n.Plugin, "why %s", n.Node)
		}
	}
}
