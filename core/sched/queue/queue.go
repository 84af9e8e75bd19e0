// Package queue is kube-scheduler's scheduling queue
// (pkg/scheduler/backend/queue PriorityQueue, v1.37.2) on the virtual
// clock. Where a pod waits is written to its store record
// (store.Pod.Queue), so the board shows it. Start with New.
//
//   - activeQ pops the highest spec.priority first, then the earliest queue
//     timestamp (arrival; after a failure, the failure time), then creation
//     order.
//   - A failed attempt puts the pod in unschedulablePods with its rejecting
//     plugins and a backoff of 1 s doubled per failed attempt, at most 10 s.
//   - A cluster event moves it back only if one of its rejecting plugins
//     registered for the event and, from 1.32, that plugin's queueing hint
//     says Queue (events.go). A moved pod whose backoff has not expired
//     waits in backoffQ; from 1.33 an idle scheduler pops it at once.
//   - flushUnschedulableEntitiesLeftover runs every 30 s from t=0 and moves
//     pods whose last attempt (or last flush) is more than 5 minutes old.
package queue

import (
	"container/heap"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/store"
)

// Parameters (scheduling_queue.go, v1.37.2: DefaultPodInitialBackoffDuration,
// DefaultPodMaxBackoffDuration, DefaultPodMaxInUnschedulablePodsDuration,
// and the 30 s period of flushUnschedulableEntitiesLeftover in
// PriorityQueue.Run).
const (
	PodInitialBackoff         = 1 * time.Second
	PodMaxBackoff             = 10 * time.Second
	PodMaxInUnschedulablePods = 5 * time.Minute
	UnschedulableFlushPeriod  = 30 * time.Second
	// QueueingHintsSince is the first minor release with
	// SchedulerQueueingHints on by default (SCHEDULER.md §8).
	QueueingHintsSince = 32
	// PopFromBackoffQSince is the first minor release with
	// SchedulerPopFromBackoffQ (beta, on).
	PopFromBackoffQSince = 33
)

// Source is the scheduler's name as the writer of queue state.
const Source = "default-scheduler"

// Queue is the PriorityQueue of one scheduler.
type Queue struct {
	env   *controllers.Env
	cache Cache

	active  activeHeap
	backoff []*store.Pod
	unsched []*store.Pod // every pod Failed put in unschedulablePods, maybe left since (Dispatch compacts it)
	events  []clusterEvent
	priv    []entry // by store.Pod.Index
	// origin is when the queue's periodic flush started ticking: t=0, or
	// the last restart of kube-scheduler.
	origin time.Duration
}

// entry is what the queue keeps of a pod besides its store status.
type entry struct {
	gen       uint64 // bumped on every move; invalidates stale heap entries and timers
	plugins   map[string]bool
	inUnsched bool
}

// New returns the queue; it watches the store for the cluster events its
// plugins registered for.
func New(env *controllers.Env, cache Cache) *Queue {
	q := &Queue{env: env, cache: cache}
	env.Store.WatchNodes(q.nodeChanged)
	env.Store.WatchNodeDeletes(q.nodeDeleted)
	env.Store.WatchPods(q.podChanged)
	return q
}

func (q *Queue) entry(p *store.Pod) *entry {
	for len(q.priv) <= p.Index {
		q.priv = append(q.priv, entry{})
	}
	return &q.priv[p.Index]
}

// BackoffDuration is the backoff after the n-th failed attempt (n ≥ 1):
// 1 s doubled per earlier attempt, at most 10 s
// (backoffQueue.calculateBackoffDuration).
func BackoffDuration(n int) time.Duration {
	if n <= 0 {
		return 0
	}
	shift := n - 1
	if shift > 30 || PodInitialBackoff > PodMaxBackoff>>uint(shift) {
		return PodMaxBackoff
	}
	return PodInitialBackoff << uint(shift)
}

// Add puts a new pod into activeQ (its arrival is the queue timestamp);
// a pod with scheduling gates waits in unschedulablePods instead.
func (q *Queue) Add(p *store.Pod) {
	now := q.env.Now()
	if Gated(p.Object) {
		q.gate(p, now)
		return
	}
	q.activate(p, func(s *store.QueueStatus) { s.Since = now })
}

// Relist adds pods as a new scheduler's informer lists them: in the given
// order, each Add stamping its queue timestamp a nanosecond after the one
// before (a real Add reads the clock), so pods of equal priority leave
// activeQ in list order.
func (q *Queue) Relist(pods []*store.Pod) {
	now := q.env.Now()
	for i, p := range pods {
		at := now + time.Duration(i)
		if Gated(p.Object) {
			q.gate(p, at)
			continue
		}
		q.activate(p, func(s *store.QueueStatus) { s.Since = at })
	}
}

// Gated reports whether the SchedulingGates plugin's PreEnqueue keeps
// the pod out of activeQ: it lists a scheduling gate.
func Gated(p *core.Pod) bool { return len(p.Spec.SchedulingGates) > 0 }

// gate is a PreEnqueue rejection: the pod waits in unschedulablePods
// with SchedulingGates as its only rejecting plugin, so only the removal
// of its gates moves it; it makes no attempt, so it has no backoff, and
// the periodic flush would only gate it again, so none is scheduled.
// Mirrors PriorityQueue.moveToActiveQ's gated branch and
// schedulinggates.(*SchedulingGates).PreEnqueue, v1.37.
func (q *Queue) gate(p *store.Pod, now time.Duration) {
	q.set(p, func(s *store.QueueStatus) {
		s.State = store.QueueUnschedulable
		s.Since = now
	})
	e := q.entry(p)
	e.plugins = map[string]bool{PluginSchedulingGates: true}
	if !e.inUnsched {
		e.inUnsched = true
		q.unsched = append(q.unsched, p)
	}
}

// activate puts the pod into activeQ.
func (q *Queue) activate(p *store.Pod, also func(*store.QueueStatus)) {
	q.set(p, func(s *store.QueueStatus) {
		if also != nil {
			also(s)
		}
		s.State = store.QueueActive
	})
	heap.Push(&q.active, activeEntry{p: p, gen: q.entry(p).gen})
}

// set writes the pod's queue status and bumps its generation.
func (q *Queue) set(p *store.Pod, fn func(*store.QueueStatus)) {
	q.entry(p).gen++
	q.env.Store.UpdatePod(p, Source, func(p *store.Pod) { fn(&p.Queue) })
}

// backingOff reports whether the pod's backoff has not expired yet
// (isEntityBackingoff: the expiry is not before now).
func (q *Queue) backingOff(p *store.Pod) bool {
	return p.Queue.Attempts > 0 && p.Queue.BackoffUntil >= q.env.Now()
}

// move is moveEntitiesToActiveOrBackoffQueue for one pod; a gated pod
// stays in unschedulablePods (PreEnqueue runs again on the way in).
func (q *Queue) move(p *store.Pod) {
	if Gated(p.Object) {
		q.gate(p, p.Queue.Since)
		return
	}
	if !q.backingOff(p) {
		q.activate(p, nil)
		return
	}
	q.set(p, func(s *store.QueueStatus) { s.State = store.QueueBackoff })
	q.backoff = append(q.backoff, p)
	if !q.env.Version.AtLeast(PopFromBackoffQSince) {
		// flushBackoffQCompleted moves it once the backoff has expired.
		gen := q.entry(p).gen
		q.env.Clock.At(p.Queue.BackoffUntil, clock.Work, func() { q.backoffExpired(p, gen) })
	}
}

// Failed records an unschedulable attempt: the pod goes to
// unschedulablePods with its rejecting plugins, a new backoff, and a
// check by the periodic flush.
func (q *Queue) Failed(p *store.Pod, res *sched.Result) {
	now := q.env.Now()
	q.set(p, func(s *store.QueueStatus) {
		s.Attempts++
		s.State = store.QueueUnschedulable
		s.Since = now
		s.BackoffUntil = now + BackoffDuration(s.Attempts)
	})
	e := q.entry(p)
	e.plugins = rejectingPlugins(res)
	if !e.inUnsched {
		e.inUnsched = true
		q.unsched = append(q.unsched, p)
	}
	q.scheduleFlush(p)
}

// lastMoved is the later of the pod's last attempt and last flush.
func lastMoved(s *store.QueueStatus) time.Duration {
	if s.Flushed > s.Since {
		return s.Flushed
	}
	return s.Since
}

// NextFlush is when flushUnschedulableEntitiesLeftover will find the pod
// more than 5 minutes in unschedulablePods: ticks run every 30 s from the
// queue's start (t=0 or the last restart) and move pods whose last
// attempt (or last flush) is strictly more than 5 minutes old.
func (q *Queue) NextFlush(s *store.QueueStatus) time.Duration {
	since := lastMoved(s) - q.origin
	return q.origin + ((since+PodMaxInUnschedulablePods)/UnschedulableFlushPeriod+1)*UnschedulableFlushPeriod
}

func (q *Queue) scheduleFlush(p *store.Pod) {
	gen := q.entry(p).gen
	q.env.Clock.At(q.NextFlush(&p.Queue), clock.Work, func() { q.flushLeftover(p, gen) })
}

// Restart is the queue of a new kube-scheduler process: activeQ, backoffQ
// and unschedulablePods are emptied and every pending pod's attempts,
// backoff and rejecting plugins forgotten (its pending timers go stale;
// a bound pod keeps its count of failed attempts for the board), buffered
// cluster events are dropped, and the periodic flush ticks from now
// (NewPriorityQueue and PriorityQueue.Run, v1.37). The caller re-adds
// the pending pods with Relist.
func (q *Queue) Restart() {
	for _, p := range q.env.Store.Pods() {
		if p.Index < len(q.priv) {
			q.priv[p.Index] = entry{gen: q.priv[p.Index].gen + 1}
		}
		if p.Phase == store.PhasePending && p.Queue != (store.QueueStatus{}) {
			q.env.Store.UpdatePod(p, Source, func(p *store.Pod) { p.Queue = store.QueueStatus{} })
		}
	}
	q.active, q.backoff, q.unsched, q.events = nil, nil, nil, nil
	q.origin = q.env.Now()
}

// rejectingPlugins is the pod's UnschedulablePlugins after a failed cycle:
// every plugin that rejected some node (or the whole pod).
func rejectingPlugins(res *sched.Result) map[string]bool {
	out := map[string]bool{}
	if res == nil {
		return out
	}
	for _, st := range res.Rejected {
		if st == nil {
			continue
		}
		name := st.Plugin
		if name == "" {
			// The absent-node status of a PreFilterResult comes from NodeAffinity.
			name = pluginNodeAffinity
		}
		out[name] = true
	}
	return out
}

// Pop hands out the next pod to schedule, or nil: activeQ first; from
// 1.33 an empty activeQ hands out backoffQ pods too
// (SchedulerPopFromBackoffQ), earliest backoff expiry first, then
// priority. The pod leaves the queue.
func (q *Queue) Pop() *store.Pod {
	p := q.pop()
	if p != nil {
		q.set(p, func(s *store.QueueStatus) { s.State = store.QueueNone })
	}
	return p
}

func (q *Queue) pop() *store.Pod {
	for q.active.Len() > 0 {
		e := heap.Pop(&q.active).(activeEntry)
		if e.p.Queue.State == store.QueueActive && q.entry(e.p).gen == e.gen && !e.p.Deleted {
			return e.p
		}
	}
	q.compactBackoff()
	if !q.env.Version.AtLeast(PopFromBackoffQSince) || len(q.backoff) == 0 {
		return nil
	}
	best := 0
	for i, p := range q.backoff {
		b := q.backoff[best]
		if p.Queue.BackoffUntil < b.Queue.BackoffUntil || (p.Queue.BackoffUntil == b.Queue.BackoffUntil && (p.Priority > b.Priority || (p.Priority == b.Priority && p.Index < b.Index))) {
			best = i
		}
	}
	p := q.backoff[best]
	q.backoff = append(q.backoff[:best], q.backoff[best+1:]...)
	return p
}

// compactBackoff drops pods that left backoffQ.
func (q *Queue) compactBackoff() {
	kept := q.backoff[:0]
	for _, p := range q.backoff {
		if p.Queue.State == store.QueueBackoff && !p.Deleted {
			kept = append(kept, p)
		}
	}
	q.backoff = kept
}

// backoffExpired is flushBackoffQCompleted for one pod (before 1.33).
func (q *Queue) backoffExpired(p *store.Pod, gen uint64) {
	if p.Queue.State != store.QueueBackoff || q.entry(p).gen != gen || p.Deleted {
		return
	}
	q.compactBackoff()
	for i, b := range q.backoff {
		if b == p {
			q.backoff = append(q.backoff[:i], q.backoff[i+1:]...)
			break
		}
	}
	q.activate(p, nil)
}

// flushLeftover is flushUnschedulableEntitiesLeftover for one pod.
func (q *Queue) flushLeftover(p *store.Pod, gen uint64) {
	if p.Queue.State != store.QueueUnschedulable || q.entry(p).gen != gen || p.Deleted {
		return
	}
	now := q.env.Now()
	if now-lastMoved(&p.Queue) <= PodMaxInUnschedulablePods {
		q.scheduleFlush(p)
		return
	}
	q.env.Store.UpdatePod(p, Source, func(p *store.Pod) { p.Queue.Flushed = now })
	q.env.Note("%s: more than 5 minutes in unschedulablePods, the periodic flush sends it back to the scheduling queue", p.Name())
	q.move(p)
}

// activeEntry is one activeQ heap entry; gen invalidates stale entries.
type activeEntry struct {
	p   *store.Pod
	gen uint64
}

type activeHeap []activeEntry

func (h activeHeap) Len() int { return len(h) }

// Less is PrioritySort: higher priority first, then the earlier queue
// timestamp; equal timestamps keep creation order.
func (h activeHeap) Less(i, j int) bool {
	a, b := h[i].p, h[j].p
	if a.Priority != b.Priority {
		return a.Priority > b.Priority
	}
	if a.Queue.Since != b.Queue.Since {
		return a.Queue.Since < b.Queue.Since
	}
	return a.Index < b.Index
}
func (h activeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *activeHeap) Push(x any)   { *h = append(*h, x.(activeEntry)) }
func (h *activeHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}
