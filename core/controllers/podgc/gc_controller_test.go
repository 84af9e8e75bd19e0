package podgc

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

const sec = time.Second

func nodeWith(name string, ready core.ConditionStatus, taints ...core.Taint) *core.Node {
	n := &core.Node{}
	n.Name = name
	n.Spec.Taints = taints
	if ready != "" {
		n.Status.Conditions = []core.NodeCondition{{Type: core.NodeReady, Status: ready}}
	}
	return n
}

var oos = core.Taint{Key: core.TaintNodeOutOfService, Value: "nodeshutdown", Effect: core.TaintEffectNoExecute}

// TestNodeOf mirrors gcTerminating's node check: nodeutil.IsNodeReady (no
// Ready condition: not Ready) and taints.TaintKeyExists (key only).
func TestNodeOf(t *testing.T) {
	cases := []struct {
		name       string
		n          *core.Node
		ready, oos bool
	}{
		{"ready, no taint", nodeWith("a", core.ConditionTrue), true, false},
		{"ready with the taint", nodeWith("a", core.ConditionTrue, oos), true, true},
		{"not ready", nodeWith("a", core.ConditionFalse), false, false},
		{"unknown with the taint", nodeWith("a", core.ConditionUnknown, oos), false, true},
		{"no Ready condition", nodeWith("a", ""), false, false},
		{"NoSchedule effect counts", nodeWith("a", core.ConditionFalse, core.Taint{Key: core.TaintNodeOutOfService, Effect: core.TaintEffectNoSchedule}), false, true},
		{"no value counts", nodeWith("a", core.ConditionFalse, core.Taint{Key: core.TaintNodeOutOfService, Effect: core.TaintEffectNoExecute}), false, true},
		{"other key", nodeWith("a", core.ConditionFalse, core.Taint{Key: "out-of-service", Effect: core.TaintEffectNoExecute}), false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := NodeOf(tc.n)
			assert.Equal(t, Node{Name: "a", Ready: tc.ready, OutOfService: tc.oos}, got)
		})
	}
}

func TestDecideTerminating(t *testing.T) {
	cases := []struct {
		name string
		node Node
		pod  Pod
		want []Deletion
	}{
		{"not Ready with the taint", Node{Name: "n1", OutOfService: true}, Pod{Name: "a", NodeName: "n1", Terminating: true}, []Deletion{{0, TerminatingOutOfService}}},
		{"Ready with the taint", Node{Name: "n1", Ready: true, OutOfService: true}, Pod{Name: "a", NodeName: "n1", Terminating: true}, nil},
		{"not Ready without the taint", Node{Name: "n1"}, Pod{Name: "a", NodeName: "n1", Terminating: true}, nil},
		{"not Terminating", Node{Name: "n1", OutOfService: true}, Pod{Name: "a", NodeName: "n1"}, nil},
		{"Terminating, never scheduled", Node{Name: "n1", Ready: true}, Pod{Name: "a", Terminating: true}, []Deletion{{0, UnscheduledTerminating}}},
		{"Pending, never scheduled", Node{Name: "n1", Ready: true}, Pod{Name: "a"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := Decide(0, []Pod{tc.pod}, []Node{tc.node}, Quarantine{}, DefaultTerminatedThreshold)
			assert.Equal(t, tc.want, res.Deletions)
			assert.Zero(t, res.Quarantine.Len())
		})
	}
}

// TestDecideOrphanQuarantine: the pass that first sees the node missing
// queues it for 40 s; the pass at +20 s does nothing; the pass at +40 s
// deletes (the node is checked once more), and queues it again.
func TestDecideOrphanQuarantine(t *testing.T) {
	pods := []Pod{{Name: "a", NodeName: "gone"}, {Name: "b", NodeName: "n1"}, {Name: "c", NodeName: "gone", Terminating: true}}
	nodes := []Node{{Name: "n1", Ready: true}}
	q := Quarantine{}
	for _, at := range []time.Duration{20 * sec, 40 * sec} {
		res := Decide(at, pods, nodes, q, DefaultTerminatedThreshold)
		require.Empty(t, res.Deletions, "at %v", at)
		require.Equal(t, 1, res.Quarantine.Len())
		q = res.Quarantine
	}
	res := Decide(60*sec, pods, nodes, q, DefaultTerminatedThreshold)
	assert.Equal(t, []Deletion{{0, Orphaned}, {2, Orphaned}}, res.Deletions)
	assert.Equal(t, 1, res.Quarantine.Len(), "seen missing again: queued for another 40 s")

	t.Run("the node came back", func(t *testing.T) {
		back := append(nodes, Node{Name: "gone", Ready: true})
		res := Decide(60*sec, pods, back, q, DefaultTerminatedThreshold)
		assert.Empty(t, res.Deletions)
		assert.Zero(t, res.Quarantine.Len())
	})
	t.Run("a pod on the missing node after the quarantine started", func(t *testing.T) {
		late := []Pod{{Name: "d", NodeName: "gone"}}
		res := Decide(60*sec, late, nodes, q, DefaultTerminatedThreshold)
		assert.Equal(t, []Deletion{{0, Orphaned}}, res.Deletions, "the node is what is quarantined, not the pod")
	})
	t.Run("an orphan that is also terminated", func(t *testing.T) {
		done := []Pod{{Name: "e", NodeName: "gone", Terminated: true}}
		res := Decide(60*sec, done, nodes, q, DefaultTerminatedThreshold)
		assert.Equal(t, []Deletion{{0, Orphaned}}, res.Deletions)
	})
}

func TestDeletionCondition(t *testing.T) {
	assert.Nil(t, Deletion{Rule: TerminatingOutOfService}.Condition(), "gcTerminating: markFailedAndDeletePod, no condition")
	assert.Nil(t, Deletion{Rule: UnscheduledTerminating}.Condition())
	assert.Nil(t, Deletion{Rule: Terminated}.Condition())
	assert.Equal(t, &core.PodCondition{Type: "DisruptionTarget", Status: core.ConditionTrue, Reason: "DeletionByPodGC", Message: "PodGC: node no longer exists"},
		Deletion{Rule: Orphaned}.Condition())
}

// TestDecideTerminated: gcTerminated with a small threshold; evicted pods
// first, then the oldest, names breaking ties (byEvictionAndCreationTimestamp).
func TestDecideTerminated(t *testing.T) {
	nodes := []Node{{Name: "n1", Ready: true}}
	pods := []Pod{
		{Name: "old", NodeName: "n1", Terminated: true, Created: 1 * sec},
		{Name: "running", NodeName: "n1", Created: 0},
		{Name: "evicted", NodeName: "n1", Terminated: true, Evicted: true, Created: 9 * sec},
		{Name: "b", NodeName: "n1", Terminated: true, Created: 5 * sec},
		{Name: "a", NodeName: "n1", Terminated: true, Created: 5 * sec},
	}
	cases := []struct {
		threshold int
		want      []Deletion
	}{
		{4, nil},
		{5, nil},
		{3, []Deletion{{2, Terminated}}},
		{2, []Deletion{{2, Terminated}, {0, Terminated}}},
		{1, []Deletion{{2, Terminated}, {0, Terminated}, {4, Terminated}}},
		{0, nil},
		{-1, nil},
	}
	for _, tc := range cases {
		res := Decide(0, pods, nodes, Quarantine{}, tc.threshold)
		assert.Equal(t, tc.want, res.Deletions, "threshold %d", tc.threshold)
	}
}
