package kubelet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/store"
)

// runUntil fires the clock's timers due up to at, then sets the clock to at.
func (f *fixture) runUntil(at time.Duration) {
	for t := f.env.Clock.Peek(); t != nil && t.At <= at; t = f.env.Clock.Peek() {
		f.env.Clock.Pop()
		f.env.Clock.Set(t.At)
		if t.Fire != nil {
			t.Fire()
		}
	}
	f.env.Clock.Set(at)
}

func grace(s int64) func(p *core.Pod) {
	return func(p *core.Pod) { p.Spec.TerminationGracePeriodSeconds = &s }
}

// A pod deleted on a live node is Terminating for its grace period
// (deletionTimestamp = now + spec.terminationGracePeriodSeconds, default
// 30: SetDefaults_PodSpec) and gone when it ends: the playground's
// containers ignore SIGTERM, so the kubelet's killContainer waits the
// whole period. The kubelet's Killing event, "Stopping container NAME",
// comes when it starts (kuberuntime killContainer).
func TestGracefulTermination(t *testing.T) {
	for _, tc := range []struct {
		name     string
		edit     []func(p *core.Pod)
		deleteAt time.Duration
		stopped  bool
		goneAt   time.Duration // 0: still Terminating at 200 s
		killing  bool
	}{
		{name: "default 30 s", deleteAt: 10 * time.Second, goneAt: 40 * time.Second, killing: true},
		{name: "terminationGracePeriodSeconds 5", edit: []func(p *core.Pod){grace(5)}, deleteAt: 10 * time.Second, goneAt: 15 * time.Second, killing: true},
		{name: "terminationGracePeriodSeconds 0: at once", edit: []func(p *core.Pod){grace(0)}, deleteAt: 10 * time.Second, goneAt: 10 * time.Second},
		{name: "kubelet stopped: stays", deleteAt: 10 * time.Second, stopped: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, node("n1"))
			p := f.create("web", "n1", tc.edit...)
			if tc.stopped {
				f.k.Stop("n1")
			}
			f.runUntil(tc.deleteAt)
			f.env.Store.DeletePod(p, "kubectl", store.Deletion{Now: f.env.Now()}, nil)
			if tc.goneAt > tc.deleteAt {
				f.runUntil(tc.goneAt - time.Second)
				assert.True(t, p.IsTerminating(), "one second before the end")
			}
			if tc.goneAt == 0 {
				f.runUntil(200 * time.Second)
				assert.True(t, p.IsTerminating())
				assert.Empty(t, f.events(), "no kubelet to stop the containers")
				return
			}
			f.runUntil(tc.goneAt)
			assert.False(t, p.IsTerminating())
			assert.True(t, p.Deleted)
			if tc.killing {
				assert.Equal(t, []string{"kubelet Normal Killing pod/default/web: Stopping container c"}, f.events())
			}
		})
	}
}

// A stopped kubelet that starts again finishes the deletions whose grace
// period is over at once and the others when their period ends.
func TestResumeFinishes(t *testing.T) {
	f := newFixture(t, node("n1"))
	old := f.create("old", "n1")
	young := f.create("young", "n1")
	f.k.Stop("n1")
	f.env.Store.DeletePod(old, "kubectl", store.Deletion{Now: 0}, nil)
	f.runUntil(50 * time.Second)
	f.env.Store.DeletePod(young, "kubectl", store.Deletion{Now: f.env.Now()}, nil)
	f.runUntil(60 * time.Second)
	assert.True(t, old.IsTerminating())
	f.k.Resume("n1")
	assert.True(t, old.Deleted, "grace over at 30 s: gone when the kubelet returns")
	assert.True(t, young.IsTerminating())
	f.runUntil(79 * time.Second)
	assert.True(t, young.IsTerminating())
	f.runUntil(80 * time.Second)
	assert.True(t, young.Deleted)
}

// The kubelet's admission counts a Terminating pod's requests
// (filterOutInactivePods keeps pods whose termination is requested).
func TestAdmissionCountsTerminating(t *testing.T) {
	f := newFixture(t, node("n1"))
	old := f.create("old", "n1", cpu("3"))
	f.env.Store.DeletePod(old, "kubectl", store.Deletion{Now: 0}, nil)
	p := f.create("new", "n1", cpu("2"))
	assert.Equal(t, "OutOfcpu", p.StatusReason)
}
