package queue_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/clock/clocktest"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/sched/queue"
	"github.com/taints-playground/playground/core/store"
)

// Upstream plugin names (pkg/scheduler/framework/plugins/names).
const (
	taintToleration   = "TaintToleration"
	nodeUnschedulable = "NodeUnschedulable"
	nodeAffinity      = "NodeAffinity"
	nodeResourcesFit  = "NodeResourcesFit"
)

// fakeCache is the queue.Cache of the tests: the pods the scheduler would
// count on each node, and cycle options for one release.
type fakeCache struct {
	pods    map[string][]*core.Pod
	version core.Version
}

func (c *fakeCache) Pods(node string) []*core.Pod { return c.pods[node] }

func (c *fakeCache) CycleOptions() sched.Options { return sched.Options{Version: c.version} }

// fixture is one queue over a real store and clock, no simulator.
type fixture struct {
	t     *testing.T
	env   *controllers.Env
	cache *fakeCache
	q     *queue.Queue
}

func newFixture(t *testing.T, minor int) *fixture {
	t.Helper()
	st := store.New()
	v := core.Version{Minor: minor}
	env := &controllers.Env{Store: st, Clock: clock.New(), Version: v, Admission: &admission.Chain{Objects: st}}
	c := &fakeCache{pods: map[string][]*core.Pod{}, version: v}
	return &fixture{t: t, env: env, cache: c, q: queue.New(env, c)}
}

// node stores a node of the starting cluster (no watch event).
func (f *fixture) node(n *testutil.Node) *core.Node {
	f.env.Store.CreateNode(n.N, true)
	return n.N
}

// pod stores a pending pod record.
func (f *fixture) pod(p *testutil.Pod, prio int32) *store.Pod {
	p.P.Spec.Priority = &prio
	rec := &store.Pod{Object: p.P, Priority: prio, Phase: store.PhasePending, CreatedAt: f.env.Now()}
	f.env.Store.AddPod(rec, "")
	return rec
}

// running stores a pod bound to node and running there.
func (f *fixture) running(p *testutil.Pod, node string) *store.Pod {
	p.P.Spec.NodeName = node
	rec := &store.Pod{Object: p.P, Node: node, Phase: store.PhaseRunning}
	f.env.Store.AddPod(rec, "")
	f.cache.pods[node] = append(f.cache.pods[node], p.P)
	return rec
}

// advance fires every timer due up to and including to, in order, and
// leaves the clock at to.
func (f *fixture) advance(to time.Duration) { clocktest.Advance(f.env.Clock, to, nil) }

// fail records a failed attempt rejected by the named plugins on n1.
func (f *fixture) fail(p *store.Pod, plugins ...string) {
	res := &sched.Result{Rejected: map[string]*sched.Status{}}
	for i, pl := range plugins {
		res.Rejected["n"+string(rune('1'+i))] = &sched.Status{Plugin: pl, Code: sched.UnschedulableAndUnresolvable}
	}
	f.q.Failed(p, res)
}

// popAll pops every pod the queue hands out now, by name.
func (f *fixture) popAll() []string {
	var out []string
	for p := f.q.Pop(); p != nil; p = f.q.Pop() {
		out = append(out, p.Name())
		require.Less(f.t, len(out), 100, "Pop never returns nil")
	}
	return out
}

// updateNode stores a changed copy of the named node.
func (f *fixture) updateNode(name string, change func(n *core.Node)) {
	n := f.env.Store.Node(name).DeepCopy()
	change(n)
	f.env.Store.UpdateNode(n)
}

func sec(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
