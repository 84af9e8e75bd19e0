package queue_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/sched/queue"
	"github.com/taints-playground/playground/core/store"
)

// Expected behaviour from upstream v1.37.2
// pkg/scheduler/framework/plugins/schedulinggates (PreEnqueue rejects a
// pod with gates; EventsToRegister: Pod/UpdatePodSchedulingGatesEliminated
// only, hint Queue) and pkg/scheduler/backend/queue (a pod PreEnqueue
// rejects waits in unschedulablePods, gated, with no attempt).

func gated(name string, gates ...string) *testutil.Pod {
	p := testutil.MakePod(name, "", "")
	for _, g := range gates {
		p.P.Spec.SchedulingGates = append(p.P.Spec.SchedulingGates, core.PodSchedulingGate{Name: g})
	}
	return p
}

// ungate stores the pod without its first gate.
func (f *fixture) ungate(p *store.Pod) {
	cp := p.Object.DeepCopy()
	cp.Spec.SchedulingGates = cp.Spec.SchedulingGates[1:]
	f.env.Store.UpdatePod(p, "kubectl", func(p *store.Pod) { p.Object = cp })
}

func TestGatedPodWaits(t *testing.T) {
	f := newFixture(t, 37)
	f.node(testutil.MakeNode("n1", "4", "8Gi").Taint("prep", "", core.TaintEffectNoSchedule))
	g := f.pod(gated("g", "example.com/a", "example.com/b"), 0)
	plain := f.pod(testutil.MakePod("plain", "", ""), 0)
	f.q.Add(g)
	f.q.Add(plain)
	assert.True(t, queue.Gated(g.Object))
	assert.Equal(t, store.QueueUnschedulable, g.Queue.State, "PreEnqueue keeps it out of activeQ")
	assert.Zero(t, g.Queue.Attempts)
	assert.Equal(t, []string{"plain"}, f.popAll())

	// A node event no longer blocks it: only SchedulingGates rejected it,
	// and that plugin registered for no node event.
	f.updateNode("n1", func(n *core.Node) { n.Spec.Taints = nil })
	f.q.Dispatch()
	assert.Equal(t, store.QueueUnschedulable, g.Queue.State)
	assert.Empty(t, f.popAll())

	// The periodic flush never retries it either.
	f.advance(sec(400))
	assert.Equal(t, store.QueueUnschedulable, g.Queue.State)

	// Removing one gate of two: still gated.
	f.ungate(g)
	assert.Equal(t, store.QueueUnschedulable, g.Queue.State)
	assert.Empty(t, f.popAll())

	// Removing the last one: UpdatePodSchedulingGatesEliminated, hint
	// Queue; no attempt was made, so no backoff: straight to activeQ.
	f.ungate(g)
	assert.False(t, queue.Gated(g.Object))
	assert.Equal(t, store.QueueActive, g.Queue.State)
	assert.Equal(t, []string{"g"}, f.popAll())
}

func TestGatedPodTolerationChangeKeepsItGated(t *testing.T) {
	f := newFixture(t, 37)
	g := f.pod(gated("g", "example.com/a"), 0)
	f.q.Add(g)
	cp := g.Object.DeepCopy()
	cp.Spec.Tolerations = append(cp.Spec.Tolerations, core.Toleration{Key: "k", Operator: core.TolerationOpExists})
	f.env.Store.UpdatePod(g, "kubectl", func(p *store.Pod) { p.Object = cp })
	assert.Equal(t, store.QueueUnschedulable, g.Queue.State, "PreEnqueue runs again on the way to activeQ")
	assert.Empty(t, f.popAll())
}
