package queue_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/sched/queue"
	"github.com/taints-playground/playground/core/store"
)

// Expected values come from upstream v1.37.2
// pkg/scheduler/backend/queue (scheduling_queue.go, backoff_queue.go,
// active_queue.go) and the PrioritySort plugin, as SCHEDULER.md §1.9
// summarises them.

func TestParameters(t *testing.T) {
	// DefaultPodInitialBackoffDuration, DefaultPodMaxBackoffDuration,
	// DefaultPodMaxInUnschedulablePodsDuration, and the period of
	// flushUnschedulableEntitiesLeftover in PriorityQueue.Run.
	assert.Equal(t, time.Second, queue.PodInitialBackoff)
	assert.Equal(t, 10*time.Second, queue.PodMaxBackoff)
	assert.Equal(t, 5*time.Minute, queue.PodMaxInUnschedulablePods)
	assert.Equal(t, 30*time.Second, queue.UnschedulableFlushPeriod)
	// SchedulerQueueingHints on by default from 1.32, SchedulerPopFromBackoffQ from 1.33.
	assert.Equal(t, 32, queue.QueueingHintsSince)
	assert.Equal(t, 33, queue.PopFromBackoffQSince)
}

// PrioritySort: higher spec.priority first, then the earlier queue
// timestamp; the playground breaks the remaining tie by creation order.
func TestActiveQOrder(t *testing.T) {
	f := newFixture(t, 37)
	a := f.pod(testutil.MakePod("a", "", ""), 0)
	b := f.pod(testutil.MakePod("b", "", ""), 0)
	c := f.pod(testutil.MakePod("c", "", ""), 10)
	d := f.pod(testutil.MakePod("d", "", ""), 0)

	f.q.Add(d) // t=0: created last, queued first
	f.advance(sec(1))
	f.q.Add(b) // t=1, same timestamp as a: creation order decides
	f.q.Add(a)
	f.advance(sec(2))
	f.q.Add(c) // t=2 but the highest priority

	for _, p := range []*store.Pod{a, b, c, d} {
		assert.Equal(t, store.QueueActive, p.Queue.State, p.Name())
	}
	assert.Equal(t, sec(1), a.Queue.Since, "Add stamps the arrival time")
	assert.Equal(t, []string{"c", "d", "a", "b"}, f.popAll())
	for _, p := range []*store.Pod{a, b, c, d} {
		assert.Equal(t, store.QueueNone, p.Queue.State, "%s left the queue when popped", p.Name())
	}
}

func TestPopSkipsDeletedPods(t *testing.T) {
	f := newFixture(t, 37)
	a := f.pod(testutil.MakePod("a", "", ""), 0)
	b := f.pod(testutil.MakePod("b", "", ""), 0)
	f.q.Add(a)
	f.q.Add(b)
	f.env.Store.UpdatePod(a, "kubectl", func(p *store.Pod) { p.Deleted = true })
	assert.Equal(t, store.QueueNone, a.Queue.State, "a deleted pod leaves the queue")
	assert.Equal(t, []string{"b"}, f.popAll())
}

// backoffQueue.calculateBackoffDuration: 1 s << (attempts-1), at most 10 s.
func TestBackoffDuration(t *testing.T) {
	for n, want := range map[int]time.Duration{
		0: 0, 1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 4: 8 * time.Second,
		5: 10 * time.Second, 6: 10 * time.Second, 40: 10 * time.Second, 1000: 10 * time.Second,
	} {
		assert.Equal(t, want, queue.BackoffDuration(n), "attempt %d", n)
	}
}

// Each failed attempt stamps the queue time, counts the attempt and sets
// the backoff expiry from it.
func TestFailedBackoffDoubles(t *testing.T) {
	f := newFixture(t, 37)
	p := f.pod(testutil.MakePod("p", "", ""), 0)
	want := []time.Duration{1, 2, 4, 8, 10, 10}
	for i, w := range want {
		now := sec(float64(20 * i))
		f.env.Clock.Set(now)
		f.fail(p, taintToleration)
		require.Equal(t, i+1, p.Queue.Attempts)
		assert.Equal(t, store.QueueUnschedulable, p.Queue.State)
		assert.Equal(t, now, p.Queue.Since)
		assert.Equal(t, w*time.Second, p.Queue.BackoffUntil-now, "attempt %d", i+1)
	}
}

// flushUnschedulableEntitiesLeftover runs every 30 s from t=0 and moves
// pods whose last attempt is strictly more than 5 minutes old: a pod that
// failed at t=0 is retried at 330 s (at 300 s it is exactly 5 minutes).
func TestFlushLeftover(t *testing.T) {
	for _, tc := range []struct {
		failedAt, flushedAt float64
	}{
		{0, 330}, {5, 330}, {29, 330}, {30, 360}, {31, 360}, {299, 600}, {300, 630},
	} {
		f := newFixture(t, 37)
		p := f.pod(testutil.MakePod("p", "", ""), 0)
		f.advance(sec(tc.failedAt))
		f.fail(p, taintToleration)
		assert.Equal(t, sec(tc.flushedAt), f.q.NextFlush(&p.Queue), "failed at %v", tc.failedAt)

		f.advance(sec(tc.flushedAt) - time.Millisecond)
		assert.Equal(t, store.QueueUnschedulable, p.Queue.State, "failed at %v: still waiting", tc.failedAt)
		assert.Nil(t, f.q.Pop())

		f.advance(sec(tc.flushedAt))
		assert.Equal(t, store.QueueActive, p.Queue.State, "failed at %v: flushed", tc.failedAt)
		assert.Equal(t, sec(tc.flushedAt), p.Queue.Flushed)
		assert.Equal(t, []string{"p"}, f.popAll())
	}
}

// After a flush the next one counts from the flush (or the newer
// attempt): failing again at 330 s is flushed at 660 s.
func TestFlushAgain(t *testing.T) {
	f := newFixture(t, 37)
	p := f.pod(testutil.MakePod("p", "", ""), 0)
	f.fail(p, taintToleration)
	f.advance(sec(330))
	require.Equal(t, []string{"p"}, f.popAll())
	f.fail(p, taintToleration)
	assert.Equal(t, 2, p.Queue.Attempts)
	f.advance(sec(659))
	assert.Equal(t, store.QueueUnschedulable, p.Queue.State)
	f.advance(sec(660))
	assert.Equal(t, store.QueueActive, p.Queue.State)
}

// A pod that fails without any event to help stays in unschedulablePods:
// nothing pops it before the flush.
func TestUnschedulableWaitsWithoutEvents(t *testing.T) {
	f := newFixture(t, 37)
	f.node(testutil.MakeNode("n1", "4", "8Gi").Taint("a", "1", "NoSchedule"))
	p := f.pod(testutil.MakePod("p", "", ""), 0)
	f.q.Add(p)
	require.Equal(t, []string{"p"}, f.popAll())
	f.fail(p, taintToleration)
	f.advance(sec(60))
	f.q.Dispatch()
	assert.Nil(t, f.q.Pop())
	assert.Equal(t, store.QueueUnschedulable, p.Queue.State)
}
