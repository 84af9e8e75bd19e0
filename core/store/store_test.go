package store

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

func newNode(name string) *core.Node {
	n := &core.Node{}
	n.Name = name
	return n
}

// withTaint is a changed copy of n (stored nodes are never modified).
func withTaint(n *core.Node, key string) *core.Node {
	cp := n.DeepCopy()
	cp.Spec.Taints = append(cp.Spec.Taints, core.Taint{Key: key, Effect: core.TaintEffectNoExecute})
	return cp
}

func newPod(namespace, name string) *Pod {
	p := &core.Pod{}
	p.Namespace, p.Name = namespace, name
	return &Pod{Object: p, Phase: PhasePending}
}

func TestWatchersRunInRegistrationOrder(t *testing.T) {
	s := New()
	var got []string
	for _, name := range []string{"recorder", "kubelet", "taint-eviction"} {
		s.WatchPods(func(ev PodEvent) { got = append(got, "pod:"+name) })
		s.WatchNodes(func(ev NodeEvent) { got = append(got, "node:"+name) })
	}
	s.AddPod(newPod("default", "a"), "")
	s.CreateNode(newNode("n1"), false)
	assert.Equal(t, []string{
		"pod:recorder", "pod:kubelet", "pod:taint-eviction",
		"node:recorder", "node:kubelet", "node:taint-eviction",
	}, got)
}

// Old and New are the record before and after this write; Pod is the live
// record, which a watcher notified earlier may have written again since.
func TestPodEventSnapshotsAndLiveRecord(t *testing.T) {
	s := New()
	type seen struct {
		added           bool
		oldPhase, phase string
		livePhase       string
		by              string
	}
	var second []seen
	// The first watcher binds every new pod (as the kubelet starts a pod
	// that names its node): a nested write.
	s.WatchPods(func(ev PodEvent) {
		if ev.Added {
			s.UpdatePod(ev.Pod, "kubelet", func(p *Pod) { p.Node, p.Phase = "n1", PhaseRunning })
		}
	})
	s.WatchPods(func(ev PodEvent) {
		second = append(second, seen{ev.Added, ev.Old.Phase, ev.New.Phase, ev.Pod.Phase, ev.By})
	})
	p := newPod("default", "a")
	s.AddPod(p, "kubectl")
	// The nested update reaches the second watcher before the add does.
	require.Len(t, second, 2)
	assert.Equal(t, seen{false, PhasePending, PhaseRunning, PhaseRunning, "kubelet"}, second[0])
	assert.Equal(t, seen{true, "", PhasePending, PhaseRunning, "kubectl"}, second[1], "the add event keeps its snapshot; Pod is live")
	assert.Equal(t, PhaseRunning, p.Phase)
}

func TestAddedAndCreatedFlags(t *testing.T) {
	cases := []struct {
		name            string
		reserved, del   bool
		created, isLive bool
	}{
		{"a pod of the starting cluster", false, false, true, true},
		{"a pod a later step creates", true, false, false, false},
		{"a pod admission refused", false, true, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := New()
			var evs []PodEvent
			s.WatchPods(func(ev PodEvent) { evs = append(evs, ev) })
			p := newPod("default", "a")
			p.Reserved, p.Deleted = tc.reserved, tc.del
			s.AddPod(p, "")
			require.Len(t, evs, 1)
			assert.True(t, evs[0].Added)
			assert.Equal(t, tc.created, evs[0].Created)
			assert.Equal(t, tc.isLive, s.LivePod("default", "a") != nil)
			if tc.del {
				assert.Equal(t, 0, s.LivePods(), "a Deleted record is not counted live")
			} else {
				assert.Equal(t, 1, s.LivePods())
			}
		})
	}
}

// A Reserved record becomes an API object when a write unreserves it;
// other writes are neither Added nor Created.
func TestUnreservingCreates(t *testing.T) {
	s := New()
	var evs []PodEvent
	s.WatchPods(func(ev PodEvent) { evs = append(evs, ev) })
	p := newPod("default", "later")
	p.Reserved = true
	s.AddPod(p, "")
	s.UpdatePod(p, "", func(p *Pod) { p.Reserved, p.CreatedAt = false, 30*time.Second })
	s.UpdatePod(p, "default-scheduler", func(p *Pod) { p.Node, p.Phase = "n1", PhaseRunning })
	require.Len(t, evs, 3)
	assert.False(t, evs[1].Added)
	assert.True(t, evs[1].Created)
	assert.False(t, evs[2].Added)
	assert.False(t, evs[2].Created)
	assert.Same(t, p, s.LivePod("default", "later"))
}

// Writes to a held node are stored at once but seen by the watchers as one
// change, from the node as it was at Hold to the node at Release.
func TestHoldReleaseCoalescesIntoOneEvent(t *testing.T) {
	s := New()
	var evs []NodeEvent
	s.WatchNodes(func(ev NodeEvent) { evs = append(evs, ev) })
	orig := newNode("n1")
	s.CreateNode(orig, true)
	require.Empty(t, evs, "a quiet creation is not seen")

	s.Hold("n1")
	assert.True(t, s.Held("n1"))
	first := withTaint(orig, "a")
	s.UpdateNode(first)
	second := withTaint(first, "b")
	s.UpdateNode(second)
	assert.Same(t, second, s.Node("n1"), "the store has the latest object while held")
	assert.Empty(t, evs)

	s.Release("n1")
	assert.False(t, s.Held("n1"))
	require.Len(t, evs, 1)
	assert.Same(t, orig, evs[0].Old)
	assert.Same(t, second, evs[0].New)

	s.Release("n1")
	assert.Len(t, evs, 1, "releasing a node not held does nothing")

	// Hold twice keeps the first object; Release without writes still
	// notifies (Old and New the same).
	s.Hold("n1")
	s.Hold("n1")
	s.Release("n1")
	require.Len(t, evs, 2)
	assert.Same(t, second, evs[1].Old)
	assert.Same(t, second, evs[1].New)
	assert.Equal(t, uint64(3), s.NodeWrites(), "one creation and two updates")
}

func TestQuietly(t *testing.T) {
	s := New()
	var evs []NodeEvent
	s.WatchNodes(func(ev NodeEvent) { evs = append(evs, ev) })
	orig := newNode("n1")
	s.CreateNode(orig, false)
	require.Len(t, evs, 1)
	assert.Nil(t, evs[0].Old, "a node added has no Old")

	quiet := withTaint(orig, "a")
	s.Quietly("n1", func() { s.UpdateNode(quiet) })
	assert.Len(t, evs, 1, "no watcher sees a quiet write")
	assert.Same(t, quiet, s.Node("n1"))
	assert.False(t, s.Held("n1"))

	// Inside a Hold the write is part of the change Release reports.
	s.Hold("n1")
	inner := withTaint(quiet, "b")
	s.Quietly("n1", func() { s.UpdateNode(inner) })
	assert.True(t, s.Held("n1"), "Quietly leaves an outer Hold in place")
	s.Release("n1")
	require.Len(t, evs, 2)
	assert.Same(t, quiet, evs[1].Old)
	assert.Same(t, inner, evs[1].New)
}

func TestUpdateUnknownNodeIsIgnored(t *testing.T) {
	s := New()
	called := false
	s.WatchNodes(func(NodeEvent) { called = true })
	s.UpdateNode(newNode("ghost"))
	assert.False(t, called)
	assert.Nil(t, s.Node("ghost"))
	assert.Equal(t, uint64(0), s.ResourceVersion())
}

func TestNodeLookups(t *testing.T) {
	s := New()
	for _, name := range []string{"zeta", "alpha", "mid"} {
		s.CreateNode(newNode(name), true)
	}
	assert.Equal(t, []string{"alpha", "mid", "zeta"}, s.SortedNodeNames())
	names := []string{}
	for _, n := range s.Nodes() {
		names = append(names, n.Name)
	}
	assert.Equal(t, []string{"zeta", "alpha", "mid"}, names, "Nodes is creation order")
	i, ok := s.NodeIndex("mid")
	assert.True(t, ok)
	assert.Equal(t, 2, i)
	_, ok = s.NodeIndex("nope")
	assert.False(t, ok)
}

// LivePod finds the one record of a name that is an API object: a pod
// evicted and created again under the same name has two records.
func TestLivePodAmongRecordsOfOneName(t *testing.T) {
	s := New()
	old := newPod("default", "web")
	s.AddPod(old, "")
	s.UpdatePod(old, "taint-eviction-controller", func(p *Pod) { p.Node, p.Phase = "n1", PhaseEvicted })
	assert.Nil(t, s.LivePod("default", "web"), "an evicted pod is gone from the API")
	again := newPod("default", "web")
	s.AddPod(again, "")
	assert.Same(t, again, s.LivePod("default", "web"))
	assert.Equal(t, []*Pod{old, again}, s.Named("default", "web"))
	assert.Nil(t, s.LivePod("other", "web"), "names are per namespace")

	// A pod the kubelet rejected stays as a Failed object.
	failed := newPod("default", "rejected")
	failed.Phase, failed.Failed = PhaseEvicted, true
	s.AddPod(failed, "")
	assert.Same(t, failed, s.LivePod("default", "rejected"))
}

func TestRunningBoundToTerminatingOn(t *testing.T) {
	s := New()
	a, b, c, d := newPod("default", "a"), newPod("default", "b"), newPod("default", "c"), newPod("default", "d")
	for _, p := range []*Pod{a, b, c, d} {
		s.AddPod(p, "")
	}
	bind := func(p *Pod, node string) {
		s.UpdatePod(p, "default-scheduler", func(p *Pod) { p.Node, p.Phase = node, PhaseRunning })
	}
	// Binding order differs from creation order.
	bind(c, "n1")
	bind(a, "n1")
	bind(b, "n2")
	bind(d, "n1")
	assert.Equal(t, []*Pod{c, a, d}, s.Running("n1"))
	// d is evicted while n1 is not Ready: Terminating.
	s.UpdatePod(d, "taint-eviction-controller", func(p *Pod) { p.Phase = PhaseEvicted })
	s.UpdatePod(d, "kubelet", func(p *Pod) { p.Terminating = true })
	// c is deleted.
	s.UpdatePod(c, "kubectl", func(p *Pod) { p.Deleted = true })
	assert.Equal(t, []*Pod{a}, s.Running("n1"))
	assert.Equal(t, []*Pod{c, a, d}, s.BoundTo("n1"), "BoundTo keeps pods that left")
	assert.Equal(t, []*Pod{d}, s.TerminatingOn("n1"))
	assert.Empty(t, s.TerminatingOn("n2"))
	assert.Equal(t, []*Pod{b}, s.Running("n2"))
	assert.Equal(t, 3, s.LivePods(), "the deleted record is not live")
}

func TestIsTerminating(t *testing.T) {
	base := func() *Pod {
		p := newPod("default", "p")
		p.Node, p.Phase, p.Terminating = "n1", PhaseEvicted, true
		return p
	}
	assert.True(t, base().IsTerminating())
	p := base()
	p.Deleted = true
	assert.False(t, p.IsTerminating(), "force-deleted")
	p = base()
	p.Failed, p.StatusReason = true, "Evicted"
	assert.False(t, p.IsTerminating(), "a kubelet rejection is not waiting for the kubelet")
	p = base()
	p.Phase = PhaseRunning
	assert.False(t, p.IsTerminating())
}

func TestLeftNode(t *testing.T) {
	running := Pod{Object: &core.Pod{}, Node: "n1", Phase: PhaseRunning}
	cond := &core.PodCondition{Type: "DisruptionTarget", Status: core.ConditionTrue}
	cases := []struct {
		name     string
		old, new func(p Pod) Pod
		want     bool
	}{
		{"no change", nil, nil, false},
		{"deleted", nil, func(p Pod) Pod { p.Deleted = true; return p }, true},
		{"evicted", nil, func(p Pod) Pod { p.Phase, p.DisruptionTarget = PhaseEvicted, cond; return p }, true},
		{"rejected by the kubelet", nil, func(p Pod) Pod { p.Phase, p.Failed = PhaseEvicted, true; return p }, true},
		{"a Failed pod evicted (DisruptionTarget appears)",
			func(p Pod) Pod { p.Phase, p.Failed = PhaseEvicted, true; return p },
			func(p Pod) Pod { p.Phase, p.Failed, p.DisruptionTarget = PhaseEvicted, true, cond; return p }, true},
		{"a Pending pod deleted",
			func(p Pod) Pod { p.Node, p.Phase = "", PhasePending; return p },
			func(p Pod) Pod { p.Node, p.Phase, p.Deleted = "", PhasePending, true; return p }, false},
	}
	id := func(p Pod) Pod { return p }
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, n := id, id
			if tc.old != nil {
				o = tc.old
			}
			if tc.new != nil {
				n = tc.new
			}
			old, new := o(running), n(running)
			assert.Equal(t, tc.want, LeftNode(&old, &new))
		})
	}
}

// Every write bumps the store's resourceVersion; a pod record carries the
// version of its last write.
func TestResourceVersion(t *testing.T) {
	s := New()
	assert.Equal(t, uint64(0), s.ResourceVersion())
	s.CreateNode(newNode("n1"), true)
	assert.Equal(t, uint64(1), s.ResourceVersion(), "quiet writes count")
	p := newPod("default", "a")
	s.AddPod(p, "")
	assert.Equal(t, uint64(2), p.ResourceVersion())
	s.Hold("n1")
	s.UpdateNode(withTaint(s.Node("n1"), "x"))
	assert.Equal(t, uint64(3), s.ResourceVersion(), "held writes count")
	s.Release("n1")
	assert.Equal(t, uint64(3), s.ResourceVersion(), "Release is no write")
	s.Emit(core.Event{Reason: "Scheduled"})
	assert.Equal(t, uint64(4), s.ResourceVersion())
	s.UpdatePod(p, "", func(p *Pod) { p.Phase = PhaseRunning })
	assert.Equal(t, uint64(5), p.ResourceVersion())
	s.PutNamespace(&core.Namespace{})
	assert.Equal(t, uint64(6), s.ResourceVersion())
	assert.Equal(t, uint64(5), p.ResourceVersion(), "unchanged by other writes")
}

func TestEventsInOrder(t *testing.T) {
	s := New()
	s.Emit(core.Event{Reason: "TaintManagerEviction", Message: "Marking for deletion Pod default/a"})
	s.Emit(core.Event{Reason: "Scheduled"})
	require.Len(t, s.Events(), 2)
	assert.Equal(t, "TaintManagerEviction", s.Events()[0].Reason)
	assert.Equal(t, "Scheduled", s.Events()[1].Reason)
}

func TestIndexIsCreationOrder(t *testing.T) {
	s := New()
	for i, name := range []string{"a", "b", "c"} {
		p := newPod("default", name)
		s.AddPod(p, "")
		assert.Equal(t, i, p.Index)
	}
	assert.Len(t, s.Pods(), 3)
}

func TestCheckUnwrittenFindsChangesOutsideUpdatePod(t *testing.T) {
	st := New()
	st.CheckWrites()
	p := &Pod{Object: &core.Pod{}}
	p.Object.Namespace, p.Object.Name = "default", "web"
	st.AddPod(p, "")
	require.NoError(t, st.CheckUnwritten())
	st.UpdatePod(p, "", func(p *Pod) { p.Phase = PhaseRunning })
	require.NoError(t, st.CheckUnwritten())
	_ = p.Requests() // caches are not writes
	require.NoError(t, st.CheckUnwritten())
	p.Node = "n1" // bypasses the store: no watcher saw it
	assert.EqualError(t, st.CheckUnwritten(), "pod default/web was changed outside Store.UpdatePod")
}
