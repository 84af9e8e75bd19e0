package scheduler_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/store"
)

// The victim's condition is Executor.PreemptPod's (v1.37): type
// DisruptionTarget, status True, reason PreemptionByScheduler, message
// "<preemptor's schedulerName>: preempting to accommodate a higher
// priority pod" (the API server defaults an empty schedulerName to
// default-scheduler).
func TestVictimGetsDisruptionTarget(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "1", "8Gi"))
	low := f.running(testutil.MakePod("low", "1", "").Priority(0), "n1")
	f.pending(testutil.MakePod("high", "1", "").Priority(100))
	f.s.Start()
	f.cycle()

	want := core.PodCondition{Type: "DisruptionTarget", Status: core.ConditionTrue, Reason: "PreemptionByScheduler",
		Message: "default-scheduler: preempting to accommodate a higher priority pod"}
	require.NotNil(t, low.DisruptionTarget)
	assert.Equal(t, want, *low.DisruptionTarget)
	assert.Contains(t, low.Object.Status.Conditions, want, "the object the scheduler's cache sees carries it too")
}

// Preemption takes the nomination away from lower-priority pods
// nominated to the chosen node (getLowerPriorityNominatedPods and
// clearNominatedNodeName, v1.37).
func TestPreemptionClearsLowerNominations(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "1", "8Gi"))
	f.running(testutil.MakePod("low", "1", "").Priority(0), "n1")
	mp := testutil.MakePod("mid", "1", "").Priority(50).PreemptNever()
	mp.P.Status.NominatedNodeName = "n1"
	mid := f.pending(mp)
	high := f.pending(testutil.MakePod("high", "1", "").Priority(100))
	f.s.Start()
	require.Same(t, high, f.cycle(), "activeQ pops the higher priority first")
	assert.Equal(t, "n1", high.Object.Status.NominatedNodeName)
	assert.Empty(t, mid.Object.Status.NominatedNodeName, "the lower-priority nominee lost its nomination")
	assert.Contains(t, f.notes, "mid is no longer nominated to n1: high of higher priority preempts there")
}

// A pod nominated by an earlier preemption whose next attempt finds no
// preemption candidate loses its nomination (Evaluator.evaluate returns a
// PostFilterResult nominating "", handleSchedulingFailure patches the
// status), so the room it held on the node is free for lower-priority
// pods; the report "keeps its old nomination".
func TestFailedPreemptionClearsNomination(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "2", "8Gi"))
	f.running(testutil.MakePod("big", "1", "").Priority(1000), "n1")
	hp := testutil.MakePod("high", "2", "").Priority(100)
	hp.P.Status.NominatedNodeName = "n1"
	high := f.pending(hp)
	small := f.pending(testutil.MakePod("small", "1", "").Priority(0))
	require.Len(t, f.s.NominatedPods(), 1, "the nomination is in effect")
	f.s.Start()

	require.Same(t, high, f.cycle())
	assert.Equal(t, "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.", high.FailedMessage)
	assert.Empty(t, high.Object.Status.NominatedNodeName, "a failed preemption clears the nomination")
	assert.Empty(t, f.s.NominatedPods())

	require.Same(t, small, f.cycle())
	assert.Equal(t, "n1", small.Node, "the room high held is free: %s", small.FailedMessage)
}

// A pod not eligible to preempt (preemptionPolicy Never) keeps its
// nomination: the evaluator returns no PostFilterResult, so the
// nominatingInfo is nil and the status is left alone.
func TestNotEligibleKeepsNomination(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "1", "8Gi"))
	f.running(testutil.MakePod("big", "1", "").Priority(1000), "n1")
	hp := testutil.MakePod("high", "1", "").Priority(100).PreemptNever()
	hp.P.Status.NominatedNodeName = "n1"
	high := f.pending(hp)
	f.s.Start()
	f.cycle()
	assert.Equal(t, "0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.", high.FailedMessage)
	assert.Equal(t, "n1", high.Object.Status.NominatedNodeName)
}

// restart kube-scheduler: a new PriorityQueue (every pending pod back in
// activeQ, attempts and backoff forgotten, unschedulablePods empty, the
// flush ticking from the restart) and the nominator rebuilt from
// status.nominatedNodeName (PriorityQueue.Add → addNominatedPod, ModeNoop).
func TestRestart(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "1", "8Gi"))
	f.running(testutil.MakePod("big", "1", "").Priority(1000), "n1")
	hp := testutil.MakePod("high", "1", "").Priority(100).PreemptNever()
	hp.P.Status.NominatedNodeName = "n1"
	high := f.pending(hp)
	f.s.Start()
	f.cycle()
	f.env.Clock.Set(2 * time.Second)
	f.s.Queue.Dispatch()
	require.Nil(t, f.s.Queue.Pop(), "high waits in unschedulablePods")
	require.Equal(t, store.QueueUnschedulable, high.Queue.State)
	require.Equal(t, 1, high.Queue.Attempts)

	f.env.Clock.Set(100 * time.Second)
	f.s.Restart()
	assert.Equal(t, store.QueueStatus{State: store.QueueActive, Since: 100 * time.Second}, high.Queue)
	require.Len(t, f.s.NominatedPods(), 1, "the nomination survives in the pod's status")
	assert.Equal(t, "high", f.s.NominatedPods()[0].Name)

	require.Same(t, high, f.cycle())
	assert.Equal(t, 1, high.Queue.Attempts, "attempts count from the restart")
	assert.Equal(t, 101*time.Second, high.Queue.BackoffUntil, "the first backoff again: 1 s")
	// Flush ticks every 30 s from the restart: a pod that failed at
	// 100 s is retried at 100+330 = 430 s, not at 420 s.
	assert.Equal(t, 430*time.Second, f.s.Queue.NextFlush(&high.Queue))
}

// Binding clears status.nominatedNodeName from 1.35
// (ClearingNominatedNodeNameAfterBinding, beta and on); before, the bound
// preemptor keeps it.
func TestBindingClearsNominationFrom135(t *testing.T) {
	for minor, want := range map[int]string{34: "n1", 35: "", 37: ""} {
		f := newFixture(t, minor, testutil.MakeNode("n1", "1", "8Gi"))
		low := testutil.MakePod("low", "1", "").Priority(0)
		zero := int64(0)
		low.P.Spec.TerminationGracePeriodSeconds = &zero // gone at once
		f.running(low, "n1")
		high := f.pending(testutil.MakePod("high", "1", "").Priority(100))
		f.s.Start()
		f.cycle()
		require.Equal(t, "n1", high.Object.Status.NominatedNodeName, "1.%d", minor)
		f.cycle()
		require.Equal(t, store.PhaseRunning, high.Phase, "1.%d", minor)
		assert.Equal(t, want, high.Object.Status.NominatedNodeName, "1.%d", minor)
		assert.Empty(t, f.s.NominatedPods(), "1.%d: a bound pod holds no room by nomination", minor)
	}
}

// After a restart the informer lists pods in the API server's key order
// (namespace/name), so of two pods of equal priority "a" is tried before
// "b" although "b" was created first; priority still comes first.
func TestRestartListOrder(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "1", "8Gi").Taint("k", "v", core.TaintEffectNoSchedule))
	b := f.pending(testutil.MakePod("b", "", ""))
	a := f.pending(testutil.MakePod("a", "", ""))
	top := f.pending(testutil.MakePod("z", "", "").Priority(10))
	f.s.Start()
	require.Same(t, top, f.cycle())
	require.Same(t, b, f.cycle(), "first start: creation order")
	require.Same(t, a, f.cycle())
	f.s.Restart()
	assert.Same(t, top, f.cycle())
	assert.Same(t, a, f.cycle(), "after the restart: list order")
	assert.Same(t, b, f.cycle())
}
