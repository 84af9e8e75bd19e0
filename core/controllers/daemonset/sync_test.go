package daemonset

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/clock/clocktest"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/controllers/replicaset"
	"github.com/taints-playground/playground/core/store"
)

const seed = 7

// fixture is the DaemonSet controller alone over a fake store, with the
// Manager wired as in the simulator and the default admission chain.
type fixture struct {
	t     *testing.T
	env   *controllers.Env
	mgr   *controllers.Manager
	names *rand.Rand
	notes []string
}

func newFixture(t *testing.T, nodes ...*core.Node) *fixture {
	f := &fixture{t: t, mgr: &controllers.Manager{}, names: rand.New(rand.NewSource(seed))}
	st := store.New()
	f.env = &controllers.Env{Store: st, Clock: clock.New(), Notes: func(n string) { f.notes = append(f.notes, n) },
		Admission: &admission.Chain{Objects: st, Config: admission.Config{NotReadySeconds: 300, UnreachableSeconds: 300}}}
	f.mgr.WatchPods(st, replicaset.ControllerName, ControllerName)
	for _, n := range nodes {
		st.CreateNode(n, true)
	}
	return f
}

func (f *fixture) start() { New(f.env, f.mgr, f.names) }

func (f *fixture) settle() {
	for i := 0; f.mgr.TakeWake(); i++ {
		require.Less(f.t, i, 100)
		f.mgr.Sync()
	}
}

// daemonSet stores DaemonSet kube-system/agent (no template tolerations,
// hostNetwork false) and settles.
func (f *fixture) daemonSet(edit ...func(ds *core.DaemonSet)) *core.DaemonSet {
	ds := &core.DaemonSet{}
	ds.Name, ds.Namespace = "agent", "kube-system"
	ds.Spec.Template.Labels = map[string]string{"app": "agent"}
	ds.Spec.Template.Spec.Containers = []core.Container{{Name: "a"}}
	for _, e := range edit {
		e(ds)
	}
	f.env.Store.CreateDaemonSet(ds)
	f.settle()
	return ds
}

// updateNode is a write to the node (a kubectl command).
func (f *fixture) updateNode(name string, edit func(n *core.Node)) {
	n := f.env.Store.Node(name).DeepCopy()
	edit(n)
	f.env.Store.UpdateNode(n)
	f.settle()
}

// daemonPods maps node → the live daemon pod for it.
func (f *fixture) daemonPods() map[string]*store.Pod {
	out := map[string]*store.Pod{}
	for _, p := range f.env.Store.Pods() {
		if p.DS != nil && !p.Deleted && p.Phase != store.PhaseEvicted {
			out[p.DaemonNode] = p
		}
	}
	return out
}

func (f *fixture) events() []string {
	var out []string
	for _, e := range f.env.Store.Events() {
		out = append(out, fmt.Sprintf("%s %s %s %s: %s", e.Source, e.Type, e.Reason, e.Object, e.Message))
	}
	return out
}

// s7Nodes is EXAMPLES.md S7's cluster: n1 plain, n2 cordoned (with the
// controller's taint), n3 dedicated=db:NoSchedule, n4 maint=x:NoExecute.
func s7Nodes() []*core.Node {
	return []*core.Node{
		node("n1"), cordoned("n2"),
		node("n3", core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule}),
		node("n4", core.Taint{Key: "maint", Value: "x", Effect: core.TaintEffectNoExecute}),
	}
}

// EXAMPLES.md S7: pods for n1 and n2 only, each with the automatic
// tolerations (not-ready/unreachable NoExecute, the pressure and
// unschedulable NoSchedule ones, no seconds) and pinned to its node with
// matchFields metadata.name; DefaultTolerationSeconds adds nothing
// (EXAMPLES.md S17 #9). Events: SuccessfulCreate "Created pod: NAME".
func TestS7CreatesPodsForEligibleNodes(t *testing.T) {
	f := newFixture(t, s7Nodes()...)
	f.start()
	f.daemonSet()
	pods := f.daemonPods()
	require.Len(t, pods, 2)
	r := rand.New(rand.NewSource(seed))
	var want []string
	for _, n := range []string{"n1", "n2"} {
		p := pods[n]
		require.NotNil(t, p, n)
		name := "agent-" + replicaset.RandomSuffix(r)
		assert.Equal(t, name, p.Name())
		assert.Equal(t, "kube-system", p.Namespace())
		assert.Equal(t, store.PhasePending, p.Phase, "kube-scheduler places it")
		assert.Equal(t, "", p.Object.Spec.NodeName)
		assert.Equal(t, defaultDaemonTolerations, p.Object.Spec.Tolerations)
		assert.Equal(t, []string{admission.SourceDaemonSet, admission.SourceDaemonSet, admission.SourceDaemonSet,
			admission.SourceDaemonSet, admission.SourceDaemonSet, admission.SourceDaemonSet}, p.TolerationSources)
		req := p.Object.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution
		assert.Equal(t, []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: core.NodeSelectorOpIn, Values: []string{n}}}, req.NodeSelectorTerms[0].MatchFields)
		assert.Equal(t, "DaemonSet/agent", p.Owner())
		want = append(want, "daemonset-controller Normal SuccessfulCreate daemonset/kube-system/agent: Created pod: "+name)
	}
	assert.Equal(t, want, f.events())
	assert.True(t, f.mgr.TakeCreated())
	assert.Contains(t, f.notes, "daemon set agent created "+pods["n1"].Name()+" for n1")
}

// EXAMPLES.md S7 later: a NoSchedule taint lets the running pod continue;
// an untolerated NoExecute taint makes the controller delete it
// (SuccessfulDelete "Deleted pod: NAME") and create none again, not even
// while the old one is Terminating.
func TestS7NoScheduleStaysNoExecuteGoes(t *testing.T) {
	f := newFixture(t, s7Nodes()...)
	f.start()
	f.daemonSet()
	pods := f.daemonPods()
	for n, p := range pods {
		f.env.Store.UpdatePod(p, "default-scheduler", func(p *store.Pod) { p.Node, p.Phase = n, store.PhaseRunning })
	}
	f.settle()
	before := len(f.events())

	f.env.Clock.Set(100 * time.Second)
	f.updateNode("n1", func(n *core.Node) {
		n.Spec.Taints = append(n.Spec.Taints, core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule})
	})
	assert.True(t, pods["n1"].Running())
	assert.Len(t, f.events(), before)

	f.env.Clock.Set(200 * time.Second)
	f.updateNode("n2", func(n *core.Node) {
		n.Spec.Taints = append(n.Spec.Taints, core.Taint{Key: "maint", Value: "x", Effect: core.TaintEffectNoExecute})
	})
	// Deleted with the pod's 30 s grace period (RealPodControl.DeletePod
	// sends empty DeleteOptions): Terminating, no kubelet here to finish.
	assert.True(t, pods["n2"].IsTerminating())
	assert.Equal(t, 230*time.Second, pods["n2"].GraceEnd)
	assert.Equal(t, []string{"daemonset-controller Normal SuccessfulDelete daemonset/kube-system/agent: Deleted pod: " + pods["n2"].Name()}, f.events()[before:])
	assert.NotContains(t, f.daemonPods(), "n2", "not created again")
	f.mgr.Wake()
	f.settle()
	assert.NotContains(t, f.daemonPods(), "n2")
}

// The controller follows the nodes: one that joins, or whose labels now
// match the nodeSelector, gets its pod.
func TestFollowsNodes(t *testing.T) {
	f := newFixture(t, node("n1"), node("edge"))
	f.start()
	f.daemonSet(func(ds *core.DaemonSet) { ds.Spec.Template.Spec.NodeSelector = map[string]string{"role": "edge"} })
	assert.Empty(t, f.daemonPods())
	f.updateNode("edge", func(n *core.Node) { n.Labels["role"] = "edge" })
	assert.Contains(t, f.daemonPods(), "edge")
	joined := node("new")
	joined.Labels["role"] = "edge"
	f.env.Store.CreateNode(joined, false)
	f.settle()
	assert.Len(t, f.daemonPods(), 2)
	assert.Contains(t, f.daemonPods(), "new")
}

// A template toleration equal to one the pod keeps is the user's.
func TestTemplateTolerationSources(t *testing.T) {
	f := newFixture(t, node("n1", core.Taint{Key: "dedicated", Effect: core.TaintEffectNoSchedule}))
	f.start()
	f.daemonSet(func(ds *core.DaemonSet) {
		ds.Spec.Template.Spec.Tolerations = []core.Toleration{{Key: "dedicated", Operator: core.TolerationOpExists}}
	})
	p := f.daemonPods()["n1"]
	require.NotNil(t, p)
	require.Len(t, p.TolerationSources, 7)
	assert.Equal(t, admission.SourceUser, p.TolerationSources[0])
	assert.Equal(t, admission.SourceDaemonSet, p.TolerationSources[1])
}

// The ReplicaSet and DaemonSet controllers draw generated names from one
// generator, in the order they create pods.
func TestSharedNameGenerator(t *testing.T) {
	f := newFixture(t, node("n1"))
	replicaset.New(f.env, f.mgr, f.names)
	f.start()
	rs := &core.ReplicaSet{}
	rs.Name, rs.Namespace = "web", "default"
	rs.Spec.Template.Spec.Containers = []core.Container{{Name: "c"}}
	f.env.Store.CreateReplicaSet(rs, nil)
	f.daemonSet()
	r := rand.New(rand.NewSource(seed))
	first, second := replicaset.RandomSuffix(r), replicaset.RandomSuffix(r)
	var got []string
	for _, p := range f.env.Store.Pods() {
		got = append(got, p.Name())
	}
	assert.Equal(t, []string{"web-" + first, "agent-" + second}, got)
}

// Admission refusing the pod: Warning FailedCreate "Error creating: …".
func TestFailedCreate(t *testing.T) {
	f := newFixture(t, node("n1"))
	f.start()
	f.daemonSet(func(ds *core.DaemonSet) { ds.Spec.Template.Spec.PriorityClassName = "missing" })
	assert.Empty(t, f.env.Store.Pods())
	evs := f.env.Store.Events()
	require.Len(t, evs, 1)
	assert.Equal(t, core.EventWarning, evs[0].Type)
	assert.Equal(t, "FailedCreate", evs[0].Reason)
	assert.Equal(t, "daemonset/kube-system/agent", evs[0].Object)
	assert.Regexp(t, `^Error creating: .*no PriorityClass with name missing was found$`, evs[0].Message)
}

// Pods of the starting cluster owned by the DaemonSet are adopted for the
// node they name: that node gets no second pod.
func TestAdopt(t *testing.T) {
	f := newFixture(t, node("n1"), node("n2"))
	yes := true
	p := &core.Pod{}
	p.Namespace, p.Name = "kube-system", "agent-old"
	p.Spec.NodeName = "n1"
	p.OwnerReferences = []core.OwnerReference{{Kind: "DaemonSet", Name: "agent", Controller: &yes}}
	f.env.Store.AddPod(&store.Pod{Object: p, Node: "n1", Phase: store.PhaseRunning, Direct: true}, "")
	c := New(f.env, f.mgr, f.names)
	ds := &core.DaemonSet{}
	ds.Name, ds.Namespace = "agent", "kube-system"
	f.env.Store.CreateDaemonSet(ds)
	c.Adopt()
	f.settle()
	pods := f.daemonPods()
	assert.Equal(t, "agent-old", pods["n1"].Name())
	assert.Contains(t, pods, "n2")
	assert.Len(t, f.env.Store.Pods(), 2)
}

// rejectEveryPod is the scheduler binding every new daemon pod to node and
// the node's kubelet rejecting it at once (a DiskPressure node).
func (f *fixture) rejectEveryPod(node string) {
	f.env.Store.WatchPods(func(ev store.PodEvent) {
		if ev.Added && ev.By == ControllerName {
			f.env.Store.UpdatePod(ev.Pod, "default-scheduler", func(p *store.Pod) { p.Node, p.Phase = node, store.PhaseRunning })
			f.env.Store.UpdatePod(ev.Pod, "kubelet", func(p *store.Pod) {
				p.Phase, p.Failed, p.StatusReason = store.PhaseEvicted, true, "Evicted"
			})
		}
	})
}

// CONTROLLERS.md §5.1/§5.3: a daemon pod the kubelet rejected (Failed) is
// deleted with Warning FailedDaemonPod "Found failed daemon pod NS/NAME on
// node NODE, will try to kill it" and replaced at once; the deletions are
// backed off 1 s, 2 s, 4 s, …
func TestFailedDaemonPodIsDeletedAndReplaced(t *testing.T) {
	f := newFixture(t, node("n1"))
	f.start()
	f.rejectEveryPod("n1")
	f.daemonSet()
	var failed []string
	for _, e := range f.env.Store.Events() {
		if e.Reason == "FailedDaemonPod" {
			failed = append(failed, e.Message)
		}
	}
	first := f.env.Store.Pods()[0]
	assert.Equal(t, []string{"Found failed daemon pod kube-system/" + first.Name() + " on node n1, will try to kill it"}, failed)
	assert.True(t, first.Deleted)
	assert.Len(t, f.env.Store.Pods(), 2, "D1 deleted, D2 created at t=0")
}

// CONTROLLERS.md §5.3 (daemon_controller.go podsShouldBeOnNode with
// flowcontrol.Backoff, v1.37): with every replacement rejected at once,
// the failed pods are deleted at t = 2^k − 1 (back-off 1, 2, 4, … s after
// each deletion), until the 900 s cap: 511 + 512 = 1023, then every 900 s.
func TestFailedDaemonPodBackoffTimeline(t *testing.T) {
	f := newFixture(t, node("n1"))
	f.start()
	f.rejectEveryPod("n1")
	f.daemonSet()
	clocktest.Advance(f.env.Clock, 3000*time.Second, f.settle)
	var at []float64
	created := 0
	for _, e := range f.env.Store.Events() {
		switch e.Reason {
		case ReasonFailedDaemonPod:
			at = append(at, e.At)
		case ReasonSuccessfulCreate:
			created++
		}
	}
	assert.Equal(t, []float64{0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 1923, 2823}, at)
	assert.Equal(t, len(at)+1, created, "one replacement per deletion, after the first pod")
}

// flowcontrol.Backoff's expiry: an entry not stepped for more than 30 min
// starts again at 1 s; requeues keep the earliest time.
func TestBackoffEntries(t *testing.T) {
	b := backoff{}
	k := backoffKey{node: "n1"}
	assert.False(t, b.inBackOffSinceUpdate(k, 0), "no entry")
	b.next(k, 0)
	assert.Equal(t, time.Second, b.get(k))
	assert.True(t, b.inBackOffSinceUpdate(k, 0))
	assert.False(t, b.inBackOffSinceUpdate(k, time.Second), "1 s since the update is not less than 1 s")
	for range 12 {
		b.next(k, time.Second)
	}
	assert.Equal(t, BackoffMax, b.get(k), "capped at 15 min")
	b.next(k, 30*time.Minute+time.Second)
	assert.Equal(t, BackoffMax, b.get(k), "30 min since the update: not expired, stays at the cap")
	b.next(k, time.Hour+time.Second+time.Nanosecond)
	assert.Equal(t, time.Second, b.get(k), "more than 30 min: an expired entry starts again")
	b.gc(90*time.Minute + time.Second + time.Nanosecond)
	assert.Len(t, b, 1, "30 min exactly: kept")
	b.gc(90*time.Minute + time.Second + 2*time.Nanosecond)
	assert.Empty(t, b)
}

// DeletionAt says when a Failed daemon pod in back-off goes.
func TestDeletionAt(t *testing.T) {
	f := newFixture(t, node("n1"))
	c := New(f.env, f.mgr, f.names)
	f.rejectEveryPod("n1")
	f.daemonSet()
	pods := f.env.Store.Pods()
	require.Len(t, pods, 2)
	_, ok := c.DeletionAt(pods[0])
	assert.False(t, ok, "deleted at 0 s")
	at, ok := c.DeletionAt(pods[1])
	assert.True(t, ok)
	assert.Equal(t, time.Second, at)
}
