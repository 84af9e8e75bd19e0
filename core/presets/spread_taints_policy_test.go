package presets

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/sim"
)

// spreadMsg is the FailedScheduling text of a Pending ignore replica
// (v1.37): node-c fails TaintToleration first, node-a and node-b fail
// PodTopologySpread; every pod has priority 0, so preemption finds no
// victims on the two Unschedulable nodes and node-c is unresolvable.
const spreadMsg = "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod topology spread constraints. " +
	"preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."

// placement lists, per Deployment, the nodes its replicas run on (sorted)
// and the FailedScheduling messages of the Pending ones.
func placement(f sim.Frame) (nodes map[string][]string, pending map[string][]string) {
	nodes, pending = map[string][]string{}, map[string][]string{}
	for _, p := range f.Pods {
		d := p.Name[:strings.Index(p.Name, "-")]
		if p.Phase == "Running" {
			nodes[d] = append(nodes[d], p.Node)
		} else {
			pending[d] = append(pending[d], p.FailedSchedulingMessage)
		}
	}
	for _, v := range nodes {
		sort.Strings(v)
	}
	return nodes, pending
}

// TestSpreadTaintsPolicy works the preset out from upstream's rules
// (filtering.go calPreFilterState and Filter, v1.37). ignore (default
// nodeTaintsPolicy Ignore): node-c passes the inclusion policies, so
// zone-c is a domain with 0 pods and the minimum stays 0; the first two
// replicas take zone-a and zone-b (skew 1 each), a third would make skew
// 2 there and node-c's taint keeps it off: two replicas Pending. honor:
// node-c is left out, the minimum is over zone-a and zone-b, and the four
// replicas go two and two. When the taint is removed at 10 s
// (TaintToleration's hint requeues the Pending pods) the third replica
// takes zone-c and the fourth any zone (1+1-1 ≤ 1).
func TestSpreadTaintsPolicy(t *testing.T) {
	res := runPreset(t, "spread-taints-policy")
	require.GreaterOrEqual(t, len(res.Frames), 2, "frames")
	nodes, pending := placement(res.Frames[0])
	assert.Equal(t, []string{"node-a", "node-b"}, nodes["ignore"], "ignore at t=0")
	assert.Equal(t, []string{spreadMsg, spreadMsg}, pending["ignore"], "ignore Pending at t=0")
	assert.Equal(t, []string{"node-a", "node-a", "node-b", "node-b"}, nodes["honor"], "honor at t=0")
	assert.Empty(t, pending["honor"], "honor Pending at t=0")

	last := res.Frames[len(res.Frames)-1]
	nodes, pending = placement(last)
	assert.Empty(t, pending["ignore"], "ignore Pending after the taint went")
	require.Len(t, nodes["ignore"], 4, "ignore after the taint went")
	assert.Contains(t, nodes["ignore"], "node-c", "ignore after the taint went")
	assert.Equal(t, []string{"node-a", "node-a", "node-b", "node-b"}, nodes["honor"], "honor does not move")
}
