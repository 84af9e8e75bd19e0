package presets

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// The outcomes asserted here are upstream v1.37 behaviour as described in
// shared/reference (SCHEDULER.md §0, §2, §3, §4.1, §5, §9), not this
// simulator's output.

const untolerated1 = "0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."

func runPreset(t *testing.T, name string) *sim.Result {
	t.Helper()
	p, ok := Get(name)
	require.True(t, ok, "no preset %s", name)
	s, err := scenario.Parse([]byte(p.YAML), name+".yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	return res
}

type podWant struct {
	phase, node string
	scheduled   float64 // -1: never
	evicted     float64 // -1: never
	failed      string
}

func val(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}

func checkFrame(t *testing.T, f sim.Frame, want map[string]podWant) {
	t.Helper()
	assert.Len(t, f.Pods, len(want), "frame %d at %v: pods", f.Index, f.At)
	for _, p := range f.Pods {
		w, ok := want[p.Name]
		if !assert.True(t, ok, "frame %d: unexpected pod %s", f.Index, p.Name) {
			continue
		}
		got := podWant{p.Phase, p.Node, val(p.ScheduledAt), val(p.EvictedAt), p.FailedSchedulingMessage}
		assert.Equal(t, w, got, "frame %d at %v: pod %s", f.Index, f.At, p.Name)
	}
}

type ev struct {
	at                    float64
	typ, reason, obj, msg string
}

func checkEvents(t *testing.T, res *sim.Result, want []ev) {
	t.Helper()
	var got []ev
	for _, e := range res.Events {
		got = append(got, ev{e.At, e.Type, e.Reason, e.Object, e.Message})
	}
	assert.Equal(t, want, got, "events")
}

func TestList(t *testing.T) {
	list := List()
	var names []string
	for _, p := range list {
		names = append(names, p.Name)
		assert.NotEmpty(t, p.Title, "%s: want a title", p.Name)
		assert.GreaterOrEqual(t, len(p.Description), 100, "%s: description %q: want one paragraph", p.Name, p.Description)
		assert.NotContains(t, p.Description, "\n", "%s: want one paragraph", p.Name)
		s, err := scenario.Parse([]byte(p.YAML), p.Name)
		require.NoError(t, err)
		for i, st := range s.Steps {
			assert.NotEmpty(t, st.Caption, "%s: steps[%d] has no caption", p.Name, i)
		}
	}
	assert.Equal(t, []string{"gpu-node", "docs-three-taints", "animated-card", "node-failure", "regional-network", "gpu-limits-only", "spread-taints-policy", "anti-affinity-taint", "scheduling-gates"}, names, "names")
	assert.Equal(t, names, Names(), "Names()")
	_, ok := Get("nope")
	assert.False(t, ok, "Get(nope) found something")
}

// TestGPUNode: reference-note.txt's node. Tolerations are checked against
// every taint, so pod-a (GPU only) and pod-b (none) are filtered out by
// TaintToleration; pod-c passes the scheduler, but DiskPressure=True makes
// the kubelet's eviction manager reject it (SCHEDULER.md §9). When the
// pressure clears, the controller removes its taint (§4.1) and pod-a's
// queueing hint fires: it lands at once.
func TestGPUNode(t *testing.T) {
	res := runPreset(t, "gpu-node")
	require.Len(t, res.Frames, 2, "frames")
	checkFrame(t, res.Frames[0], map[string]podWant{
		"pod-a": {"Pending", "", -1, -1, untolerated1},
		"pod-b": {"Pending", "", -1, -1, untolerated1},
		"pod-c": {"Evicted", "gpu-node-1", 0, 0, ""},
	})
	checkFrame(t, res.Frames[1], map[string]podWant{
		"pod-a": {"Running", "gpu-node-1", 60, -1, ""},
		"pod-b": {"Pending", "", -1, -1, untolerated1},
		"pod-c": {"Evicted", "gpu-node-1", 0, 0, ""},
	})
	var taints []string
	for _, x := range res.Frames[1].Nodes[0].Taints {
		taints = append(taints, x.ToString())
	}
	assert.Equal(t, []string{"nvidia.com/gpu=true:NoSchedule"}, taints, "taints at 60")
	checkEvents(t, res, []ev{
		{0, "Warning", "FailedScheduling", "pod/default/pod-a", untolerated1},
		{0, "Warning", "FailedScheduling", "pod/default/pod-b", untolerated1},
		{0, "Normal", "Scheduled", "pod/default/pod-c", "Successfully assigned default/pod-c to gpu-node-1"},
		{0, "Warning", "Evicted", "pod/default/pod-c", "The node had condition: [DiskPressure]. "},
		{60, "Normal", "NodeHasNoDiskPressure", "node/gpu-node-1", "Node gpu-node-1 status is now: NodeHasNoDiskPressure"},
		{60, "Normal", "Scheduled", "pod/default/pod-a", "Successfully assigned default/pod-a to gpu-node-1"},
	})
	// The why panel names the taint pod-a lacks.
	why := res.Frames[0].Pods[0].Why
	require.NotEmpty(t, why.Nodes, "pod-a why")
	assert.Equal(t, "TaintToleration", why.Nodes[0].Plugin, "pod-a why = %+v", why.Nodes[0])
	require.Len(t, why.Nodes[0].Taints, 2, "pod-a why = %+v", why.Nodes[0])
	assert.True(t, why.Nodes[0].Taints[0].Tolerated, "pod-a why = %+v", why.Nodes[0])
	assert.False(t, why.Nodes[0].Taints[1].Tolerated, "pod-a why = %+v", why.Nodes[0])
}

// TestDocsThreeTaints: the docs example (kubernetes-docs-v1.7.txt). The pod
// bound before the taints keeps running; the same pod created afterwards
// stays Pending on the third taint.
func TestDocsThreeTaints(t *testing.T) {
	res := runPreset(t, "docs-three-taints")
	require.Len(t, res.Frames, 5, "frames")
	for _, f := range res.Frames[:4] {
		checkFrame(t, f, map[string]podWant{"already-running": {"Running", "node1", 0, -1, ""}})
	}
	checkFrame(t, res.Frames[4], map[string]podWant{
		"already-running": {"Running", "node1", 0, -1, ""},
		"new-pod":         {"Pending", "", -1, -1, untolerated1},
	})
	var taints []string
	for _, x := range res.Frames[4].Nodes[0].Taints {
		taints = append(taints, x.ToString())
	}
	// kubectl taint puts each new taint first.
	assert.Equal(t, []string{"key2=value2:NoSchedule", "key1=value1:NoExecute", "key1=value1:NoSchedule"}, taints, "taints")
	checkEvents(t, res, []ev{
		{0, "Normal", "Scheduled", "pod/default/already-running", "Successfully assigned default/already-running to node1"},
		{40, "Warning", "FailedScheduling", "pod/default/new-pod", untolerated1},
	})
}

// TestAnimatedCard: the six steps of animated-card.txt.
func TestAnimatedCard(t *testing.T) {
	res := runPreset(t, "animated-card")
	require.Len(t, res.Frames, 8, "frames: initial, six steps, the end at 360")
	web1 := podWant{"Running", "node-1", 0, -1, ""}
	checkFrame(t, res.Frames[1], map[string]podWant{"web-1": web1})
	db1 := podWant{"Running", "node-1", 20, -1, ""}
	checkFrame(t, res.Frames[2], map[string]podWant{"web-1": web1, "db-1": db1})
	checkFrame(t, res.Frames[3], map[string]podWant{"web-1": web1, "db-1": db1, "web-2": {"Pending", "", -1, -1, untolerated1}})
	web2 := podWant{"Running", "node-1", 40, -1, ""}
	checkFrame(t, res.Frames[4], map[string]podWant{"web-1": web1, "db-1": db1, "web-2": web2})
	checkFrame(t, res.Frames[5], map[string]podWant{
		"web-1": {"Evicted", "node-1", 0, 50, ""},
		"db-1":  db1,
		"web-2": {"Evicted", "node-1", 40, 50, ""},
	})
	// node-1 is the only node: with every zone fully disrupted the
	// node-lifecycle controller adds no NoExecute taint (master disruption
	// mode), so db-1 has no deadline and stays.
	assert.Equal(t, "db-1", res.Frames[6].Pods[1].Name, "frame 6")
	assert.Nil(t, res.Frames[6].Pods[1].EvictAt, "frame 6: db-1 eviction deadline")
	assert.Equal(t, "AllZonesDown", res.Frames[6].Nodes[0].ZoneState, "frame 6: zone state")
	checkFrame(t, res.Frames[7], map[string]podWant{
		"web-1": {"Evicted", "node-1", 0, 50, ""},
		"db-1":  {"Running", "node-1", 20, -1, ""},
		"web-2": {"Evicted", "node-1", 40, 50, ""},
	})
	checkEvents(t, res, []ev{
		{0, "Normal", "Scheduled", "pod/default/web-1", "Successfully assigned default/web-1 to node-1"},
		{20, "Normal", "Scheduled", "pod/default/db-1", "Successfully assigned default/db-1 to node-1"},
		{30, "Warning", "FailedScheduling", "pod/default/web-2", untolerated1},
		{40, "Normal", "Scheduled", "pod/default/web-2", "Successfully assigned default/web-2 to node-1"},
		{50, "Normal", "TaintManagerEviction", "pod/default/web-1", "Marking for deletion Pod default/web-1"},
		{50, "Normal", "Killing", "pod/default/web-1", "Stopping container web"},
		{50, "Normal", "TaintManagerEviction", "pod/default/web-2", "Marking for deletion Pod default/web-2"},
		{50, "Normal", "Killing", "pod/default/web-2", "Stopping container web"},
		{60, "Normal", "NodeNotReady", "node/node-1", "Node node-1 status is now: NodeNotReady"},
	})
	// Evicted at 50 with a 30 s grace period, the pods are Terminating
	// when node-1 becomes unreachable at 60: nobody confirms their end,
	// so they stay Terminating to the end.
	for _, p := range res.Frames[7].Pods {
		assert.Equal(t, p.Name != "db-1", p.Terminating, "frame 7: %s Terminating", p.Name)
	}
}

// TestMarshalRoundTrip: a preset or lesson written back by
// Scenario.Marshal (share links, the editor) simulates exactly like the
// original.
func TestMarshalRoundTrip(t *testing.T) {
	for _, p := range append(List(), Lessons()...) {
		t.Run(p.Name, func(t *testing.T) {
			s, err := scenario.Parse([]byte(p.YAML), p.Name)
			require.NoError(t, err)
			out, err := s.Marshal()
			require.NoError(t, err)
			s2, err := scenario.Parse(out, p.Name)
			require.NoError(t, err, "%s", out)
			a, _ := sim.Run(s)
			b, _ := sim.Run(s2)
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			assert.True(t, string(ja) == string(jb), "the marshalled scenario simulates differently")
		})
	}
}

// TestNodeFailure: n1's kubelet stops at 10; Unknown and
// unreachable:NoExecute at the 65 s pass; the web pod there is deleted at
// 365 (DefaultTolerationSeconds' 300 s) and the ReplicaSet's replacement is
// scheduled at once onto n2 or n3.
func TestNodeFailure(t *testing.T) {
	res := runPreset(t, "node-failure")
	var onN1 string
	for _, p := range res.Frames[0].Pods {
		if p.Node == "n1" {
			onN1 = p.Name
		}
	}
	require.NotEmpty(t, onN1, "initial pods %+v", res.Frames[0].Pods)
	require.Len(t, res.Frames[0].Pods, 3, "initial pods %+v", res.Frames[0].Pods)
	var deadline *float64
	for _, f := range res.Frames {
		for _, p := range f.Pods {
			if p.Name == onN1 && f.At >= 65 && f.At < 365 {
				deadline = p.EvictAt
			}
		}
	}
	require.NotNil(t, deadline, "deadline")
	require.Equal(t, 365.0, *deadline, "deadline")
	last := res.Frames[len(res.Frames)-1]
	running := 0
	for _, p := range last.Pods {
		switch {
		case p.Name == onN1:
			assert.Equal(t, "Evicted", p.Phase, p.Name)
			if assert.NotNil(t, p.EvictedAt, "%s evicted at", p.Name) {
				assert.Equal(t, 365.0, *p.EvictedAt, "%s evicted at", p.Name)
			}
		case p.Phase == "Running":
			running++
			assert.NotEqual(t, "n1", p.Node, "%s on n1", p.Name)
		}
	}
	require.Equal(t, 3, running, "running")
	for _, f := range res.Frames {
		assert.NotEmpty(t, f.Caption, "frame %d has no caption", f.Index)
	}
}
