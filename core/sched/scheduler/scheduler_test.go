package scheduler_test

import (
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/sched/scheduler"
	"github.com/taints-playground/playground/core/store"
)

// Expected texts are upstream v1.37.2's: schedule_one.go (Scheduled,
// FailedScheduling), framework/preemption/executor.go (Preempted),
// FitError.Error and the PostFilter rules of SCHEDULER.md §2.

type fixture struct {
	t     *testing.T
	env   *controllers.Env
	s     *scheduler.Scheduler
	notes []string
}

func newFixture(t *testing.T, minor int, nodes ...*testutil.Node) *fixture {
	t.Helper()
	st := store.New()
	f := &fixture{t: t}
	f.env = &controllers.Env{Store: st, Clock: clock.New(), Version: core.Version{Minor: minor},
		Admission: &admission.Chain{Objects: st, Config: admission.Config{DisableDefaultTolerationSeconds: true}},
		Notes:     func(s string) { f.notes = append(f.notes, s) }}
	for _, n := range nodes {
		st.CreateNode(n.N, true)
	}
	f.s = scheduler.New(f.env, 1)
	return f
}

// pending creates a pod through admission, as the API server would.
func (f *fixture) pending(p *testutil.Pod) *store.Pod {
	rec := f.env.NewPod(p.P, nil)
	require.Empty(f.t, rec.AdmitErr)
	f.env.Store.AddPod(rec, "")
	return rec
}

// running stores a pod already bound to node.
func (f *fixture) running(p *testutil.Pod, node string) *store.Pod {
	rec := f.env.NewPod(p.P, nil)
	rec.Node, rec.Phase, rec.Direct = node, store.PhaseRunning, true
	rec.Object.Spec.NodeName = node
	f.env.Store.AddPod(rec, "")
	return rec
}

// cycle pops the next pod and runs its scheduling cycle.
func (f *fixture) cycle() *store.Pod {
	f.s.Queue.Dispatch()
	p := f.s.Queue.Pop()
	require.NotNil(f.t, p, "nothing to schedule")
	f.s.Cycle(p)
	return p
}

func (f *fixture) lastEvent() core.Event {
	evs := f.env.Store.Events()
	require.NotEmpty(f.t, evs)
	return evs[len(evs)-1]
}

func (f *fixture) eventsFor(object string) []core.Event {
	var out []core.Event
	for _, e := range f.env.Store.Events() {
		if e.Object == object {
			out = append(out, e)
		}
	}
	return out
}

func TestCycleBinds(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "2", "4Gi"))
	f.env.Clock.Set(3 * time.Second)
	p := f.pending(testutil.MakePod("web", "1", "1Gi"))
	f.s.Start()
	require.Equal(t, store.QueueActive, p.Queue.State, "Start queues the pending pods")
	f.cycle()

	assert.Equal(t, core.Event{At: 3, Type: core.EventNormal, Reason: scheduler.ReasonScheduled, Object: "pod/default/web",
		Message: "Successfully assigned default/web to n1", Source: "default-scheduler"}, f.lastEvent())
	assert.Equal(t, "n1", p.Node)
	assert.Equal(t, store.PhaseRunning, p.Phase)
	require.NotNil(t, p.ScheduledAt)
	assert.Equal(t, 3*time.Second, *p.ScheduledAt)
	assert.Equal(t, store.QueueNone, p.Queue.State)
	assert.Empty(t, p.FailedMessage)
	// The cache counts the bound pod on its node.
	require.Len(t, f.s.Pods("n1"), 1)
	assert.Equal(t, "web", f.s.Pods("n1")[0].Name)
	assert.Nil(t, f.s.Pods("nope"))
}

func TestNewPodsAfterStartAreQueued(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "2", "4Gi"))
	f.s.Start()
	p := f.pending(testutil.MakePod("later", "", ""))
	assert.Equal(t, store.QueueActive, p.Queue.State)

	// A pod for another scheduler stays out of the queue.
	other := testutil.MakePod("other", "", "")
	other.P.Spec.SchedulerName = "my-scheduler"
	o := f.pending(other)
	assert.Equal(t, store.QueueNone, o.Queue.State)
	assert.Contains(t, f.notes, `other stays Pending: spec.schedulerName "my-scheduler" is not default-scheduler`)
}

func TestCycleFails(t *testing.T) {
	const filter = "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s)."
	const preemption = "preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."
	for _, tc := range []struct {
		minor int
		want  string
	}{
		{37, filter + " " + preemption},
		// 1.34–1.36: DynamicResources' PostFilter reason comes first.
		{36, filter + " no new claims to deallocate, " + preemption},
		// Before 1.35 the taint is printed ({key: value}); no DRA before 1.34.
		{33, "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}. " + preemption},
	} {
		f := newFixture(t, tc.minor,
			testutil.MakeNode("n1", "4", "8Gi").Taint("dedicated", "gpu", core.TaintEffectNoSchedule),
			testutil.MakeNode("n2", "4", "8Gi"))
		// n2 is full of a pod of the same priority: no victim there.
		f.running(testutil.MakePod("filler", "3", ""), "n2")
		f.env.Clock.Set(7 * time.Second)
		p := f.pending(testutil.MakePod("p", "2", ""))
		f.s.Start()
		f.cycle()

		assert.Equal(t, core.Event{At: 7, Type: core.EventWarning, Reason: scheduler.ReasonFailedScheduling, Object: "pod/default/p",
			Message: tc.want, Source: "default-scheduler"}, f.lastEvent(), "1.%d", tc.minor)
		assert.Equal(t, tc.want, p.FailedMessage)
		assert.Equal(t, store.PhasePending, p.Phase)
		assert.Empty(t, p.Node)
		assert.Equal(t, store.QueueUnschedulable, p.Queue.State)
		assert.Equal(t, 1, p.Queue.Attempts)
		assert.Empty(t, p.Object.Status.NominatedNodeName)
		assert.Nil(t, f.s.NominatedPods())
	}
}

// One node, full of a lower-priority pod: preemption evicts it, nominates
// the preemptor, which is scheduled once the victim is gone.
func TestPreemption(t *testing.T) {
	for _, tc := range []struct {
		name, uid, preemptor, failed string
		minor                        int
	}{
		{name: "1.37", uid: "6c1f-high", minor: 37, preemptor: "6c1f-high",
			failed: "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims"},
		// Before 1.37 a successful preemption adds no post part.
		{name: "1.36", uid: "6c1f-high", minor: 36, preemptor: "6c1f-high",
			failed: "0/1 nodes are available: 1 Insufficient cpu."},
		// A preemptor whose manifest has no UID is named by the uid-N the
		// simulated API server gives it (store.Pod.UID).
		{name: "no uid", minor: 37, preemptor: "uid-1",
			failed: "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, tc.minor, testutil.MakeNode("n1", "1", "8Gi"))
			low := f.running(testutil.MakePod("low", "1", "").Priority(0), "n1")
			hp := testutil.MakePod("high", "1", "").Priority(100)
			hp.P.UID = tc.uid
			high := f.pending(hp)
			f.s.Start()
			f.cycle()

			assert.Equal(t, []core.Event{{Type: core.EventWarning, Reason: scheduler.ReasonFailedScheduling, Object: "pod/default/high",
				Message: tc.failed, Source: "default-scheduler"}}, f.eventsFor("pod/default/high"))
			assert.Equal(t, []core.Event{{Type: core.EventNormal, Reason: scheduler.ReasonPreempted, Object: "pod/default/low",
				Message: "Preempted by pod " + tc.preemptor + " on node n1", Source: "default-scheduler"}}, f.eventsFor("pod/default/low"))

			assert.Equal(t, store.PhaseEvicted, low.Phase)
			assert.True(t, low.Preempted)
			require.NotNil(t, low.EvictedAt)
			assert.Equal(t, "n1", high.Object.Status.NominatedNodeName, "the preemptor is nominated")
			require.Len(t, f.s.NominatedPods(), 1)
			assert.Equal(t, "high", f.s.NominatedPods()[0].Name)

			// The victim is deleted with its 30 s grace period
			// (util.DeletePod: empty DeleteOptions): Terminating, its CPU
			// held, no delete event yet.
			assert.True(t, low.IsTerminating())
			assert.Equal(t, 30*time.Second, low.GraceEnd)
			f.s.Queue.Dispatch()
			assert.Nil(t, f.s.Queue.Pop(), "the preemptor waits for the victim")
			// The kubelet finishes it: the delete event (AssignedPod
			// Delete) moves the preemptor; 1.33+ pops it from backoffQ at
			// once.
			f.env.Store.FinishTermination(low, "kubelet")
			f.cycle()
			assert.Equal(t, "n1", high.Node)
			assert.Equal(t, store.PhaseRunning, high.Phase)
			assert.Equal(t, "Successfully assigned default/high to n1", f.lastEvent().Message)
			assert.Empty(t, f.s.NominatedPods(), "a bound pod is not pending any more")
		})
	}
}

// preemptionPolicy: Never (SCHEDULER.md §7): no victim, no nomination.
func TestPreemptionNever(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "1", "8Gi"))
	low := f.running(testutil.MakePod("low", "1", "").Priority(0), "n1")
	high := f.pending(testutil.MakePod("high", "1", "").Priority(100).PreemptNever())
	f.s.Start()
	f.cycle()
	assert.Equal(t, "0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never.", high.FailedMessage)
	assert.Equal(t, store.PhaseRunning, low.Phase)
	assert.Empty(t, high.Object.Status.NominatedNodeName)
	assert.Empty(t, f.eventsFor("pod/default/low"))
}

// ExplainRand is a fresh generator seeded like the cycles', so asking
// "why" never changes the cycles' tie-breaks.
func TestExplainRand(t *testing.T) {
	f := newFixture(t, 37)
	a, b, want := f.s.ExplainRand(), f.s.ExplainRand(), rand.New(rand.NewSource(1))
	for i := 0; i < 5; i++ {
		w := want.Int63()
		assert.Equal(t, w, a.Int63())
		assert.Equal(t, w, b.Int63())
	}
}

func TestCycleOptions(t *testing.T) {
	f := newFixture(t, 35)
	f.env.Gate = true
	o := f.s.CycleOptions()
	assert.Equal(t, core.Version{Minor: 35}, o.Version)
	assert.True(t, o.EnableComparisonOperators)
	assert.Nil(t, o.Rand, "no tie-break generator: the first tied node")
}

// The cache follows pods leaving their node.
func TestCacheFollowsPods(t *testing.T) {
	f := newFixture(t, 37, testutil.MakeNode("n1", "4", "8Gi"), testutil.MakeNode("n2", "4", "8Gi"))
	a := f.running(testutil.MakePod("a", "1", ""), "n1")
	f.running(testutil.MakePod("b", "1", ""), "n1")
	require.Len(t, f.s.Pods("n1"), 2)
	assert.Empty(t, f.s.Pods("n2"))
	f.env.Store.UpdatePod(a, "kubectl", func(p *store.Pod) { p.Deleted = true })
	require.Len(t, f.s.Pods("n1"), 1)
	assert.Equal(t, "b", f.s.Pods("n1")[0].Name)
}

func TestShortReason(t *testing.T) {
	assert.Equal(t, "1 node(s) had untolerated taint(s)",
		scheduler.ShortReason("0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."))
	assert.Equal(t, "2 Insufficient cpu", scheduler.ShortReason("0/2 nodes are available: 2 Insufficient cpu."))
}

// Until a pod with a pod affinity or anti-affinity term exists, the cycles
// promise InterPodAffinity that no pod has one (Options.NoPodAffinity); a
// running pod with anti-affinity ends the promise, and with it an
// incoming pod without terms is kept off that pod's node.
func TestNoPodAffinityPromise(t *testing.T) {
	f := newFixture(t, 37,
		testutil.MakeNode("n1", "4", "8Gi").Label("kubernetes.io/hostname", "n1"),
		testutil.MakeNode("n2", "4", "8Gi").Label("kubernetes.io/hostname", "n2"))
	assert.True(t, f.s.CycleOptions().NoPodAffinity, "no pod yet")
	f.running(testutil.MakePod("plain", "3", "4Gi"), "n1") // n1 is fuller: without anti-affinity web goes to n2
	assert.True(t, f.s.CycleOptions().NoPodAffinity, "a pod without terms")

	loner := testutil.MakePod("loner", "100m", "")
	loner.P.Spec.Affinity = &core.Affinity{PodAntiAffinity: &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{{
		LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}}, TopologyKey: "kubernetes.io/hostname"}}}}
	f.running(loner, "n2")
	assert.False(t, f.s.CycleOptions().NoPodAffinity, "a running pod with anti-affinity")

	f.s.Start()
	web := testutil.MakePod("web", "100m", "")
	web.P.Labels = map[string]string{"app": "web"}
	f.pending(web)
	assert.Equal(t, "n1", f.cycle().Node, "the existing pod's anti-affinity keeps web off n2")
}
