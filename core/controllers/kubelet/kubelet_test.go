package kubelet

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

// fixture is the kubelets alone over a fake store, started, with the API
// server's default admission chain for the pods created.
type fixture struct {
	t     *testing.T
	env   *controllers.Env
	k     *Kubelet
	notes []string
}

func newFixture(t *testing.T, nodes ...*core.Node) *fixture {
	f := &fixture{t: t}
	st := store.New()
	f.env = &controllers.Env{Store: st, Clock: clock.New(), Notes: func(n string) { f.notes = append(f.notes, n) },
		Admission: &admission.Chain{Objects: st, Config: admission.Config{NotReadySeconds: 300, UnreachableSeconds: 300}}}
	f.k = New(f.env)
	for _, n := range nodes {
		Register(n)
		st.CreateNode(n, true)
	}
	f.k.Start()
	return f
}

// node is a node with 4 CPUs, 8Gi and 110 pods allocatable.
func node(name string, edit ...func(n *core.Node)) *core.Node {
	n := &core.Node{}
	n.Name = name
	n.Status.Allocatable = core.ResourceList{core.ResourceCPU: core.MustParseQuantity("4"), core.ResourceMemory: core.MustParseQuantity("8Gi"), core.ResourcePods: core.MustParseQuantity("110")}
	for _, e := range edit {
		e(n)
	}
	return n
}

func condition(t core.NodeConditionType, st core.ConditionStatus) func(n *core.Node) {
	return func(n *core.Node) { n.SetCondition(t, st, "", "") }
}

func taint(key string, effect core.TaintEffect) func(n *core.Node) {
	return func(n *core.Node) { n.Spec.Taints = append(n.Spec.Taints, core.Taint{Key: key, Effect: effect}) }
}

// cpu makes the pod Burstable with a cpu request.
func cpu(q string) func(p *core.Pod) {
	return func(p *core.Pod) {
		p.Spec.Containers[0].Resources.Requests = core.ResourceList{core.ResourceCPU: core.MustParseQuantity(q)}
	}
}

// create is `kubectl create` of a pod; with spec.nodeName its kubelet
// starts it at once (after admission).
func (f *fixture) create(name, nodeName string, edit ...func(p *core.Pod)) *store.Pod {
	p := &core.Pod{}
	p.Namespace, p.Name = "default", name
	p.Spec.NodeName = nodeName
	p.Spec.Containers = []core.Container{{Name: "c"}}
	for _, e := range edit {
		e(p)
	}
	rec := f.env.NewPod(p, nil)
	f.env.Store.AddPod(rec, "kubectl")
	return rec
}

// events lists the events as "source type reason object: message".
func (f *fixture) events() []string {
	var out []string
	for _, e := range f.env.Store.Events() {
		out = append(out, fmt.Sprintf("%s %s %s %s: %s", e.Source, e.Type, e.Reason, e.Object, e.Message))
	}
	return out
}

func TestRegisterDefaults(t *testing.T) {
	q := core.MustParseQuantity
	cases := []struct {
		name string
		node func() *core.Node
		want core.ResourceList
	}{
		{"nothing reported: 4 CPUs, 16Gi, 110 pods", func() *core.Node { return &core.Node{} },
			core.ResourceList{core.ResourceCPU: q("4"), core.ResourceMemory: q("16Gi"), core.ResourcePods: q("110")}},
		{"capacity only: allocatable is a copy", func() *core.Node {
			n := &core.Node{}
			n.Status.Capacity = core.ResourceList{core.ResourceCPU: q("8"), core.ResourceMemory: q("32Gi"), core.ResourcePods: q("50")}
			return n
		}, core.ResourceList{core.ResourceCPU: q("8"), core.ResourceMemory: q("32Gi"), core.ResourcePods: q("50")}},
		{"allocatable without pods: the kubelet's 110", func() *core.Node {
			n := &core.Node{}
			n.Status.Allocatable = core.ResourceList{core.ResourceCPU: q("2")}
			return n
		}, core.ResourceList{core.ResourceCPU: q("2"), core.ResourcePods: q("110")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := tc.node()
			Register(n)
			require.Len(t, n.Status.Allocatable, len(tc.want))
			for k, v := range tc.want {
				assert.Equal(t, 0, v.Cmp(n.Status.Allocatable[k]), "%s: %s", k, n.Status.Allocatable[k].String())
			}
			r := n.Condition(core.NodeReady)
			require.NotNil(t, r)
			assert.Equal(t, core.NodeCondition{Type: core.NodeReady, Status: core.ConditionTrue, Reason: "KubeletReady", Message: "kubelet is posting ready status"}, *r)
		})
	}
	// A Ready condition in the manifest is kept.
	n := &core.Node{}
	n.SetCondition(core.NodeReady, core.ConditionFalse, "KubeletNotReady", "container runtime is down")
	Register(n)
	assert.Len(t, n.Status.Conditions, 1)
	assert.Equal(t, core.ConditionFalse, n.Condition(core.NodeReady).Status)
}

// SCHEDULER.md §9, CONTROLLERS.md §4/§5.2: the kubelet admits a pod bound
// to it in upstream's order: the eviction manager's pressure check first,
// then the resource checks, then the NoExecute taint check; the first
// reason wins. The rejected pod is Failed with status.message "Pod was
// rejected: " + message, and a Warning event carries reason and message.
func TestAdmissionRejections(t *testing.T) {
	const taintMsg = "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"
	cases := []struct {
		name     string
		node     *core.Node
		pod      []func(p *core.Pod)
		reason   string // "" admitted
		message  string
		critical bool
	}{
		{"DiskPressure rejects every non-critical pod", node("n1", condition(core.NodeDiskPressure, core.ConditionTrue)),
			[]func(*core.Pod){cpu("100m")}, "Evicted", "The node had condition: [DiskPressure]. ", false},
		{"PIDPressure", node("n1", condition(core.NodePIDPressure, core.ConditionTrue)),
			[]func(*core.Pod){cpu("100m")}, "Evicted", "The node had condition: [PIDPressure]. ", false},
		{"MemoryPressure alone rejects a BestEffort pod", node("n1", condition(core.NodeMemoryPressure, core.ConditionTrue)),
			nil, "Evicted", "The node had condition: [MemoryPressure]. ", false},
		{"MemoryPressure alone admits a Burstable pod", node("n1", condition(core.NodeMemoryPressure, core.ConditionTrue)),
			[]func(*core.Pod){cpu("100m")}, "", "", false},
		{"MemoryPressure alone admits a BestEffort pod tolerating memory-pressure", node("n1", condition(core.NodeMemoryPressure, core.ConditionTrue)),
			[]func(*core.Pod){func(p *core.Pod) {
				p.Spec.Tolerations = []core.Toleration{{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}
			}}, "", "", false},
		{"a critical pod passes pressure", node("n1", condition(core.NodeDiskPressure, core.ConditionTrue)),
			[]func(*core.Pod){func(p *core.Pod) { p.Spec.PriorityClassName = "system-node-critical" }}, "", "", true},
		{"pressure before resources", node("n1", condition(core.NodeDiskPressure, core.ConditionTrue)),
			[]func(*core.Pod){cpu("5")}, "Evicted", "The node had condition: [DiskPressure]. ", false},
		{"resources before the taint", node("n1", taint("maint", core.TaintEffectNoExecute)),
			[]func(*core.Pod){cpu("5")}, "OutOfcpu", "Node didn't have enough resource: cpu, requested: 5000, used: 0, capacity: 4000", false},
		{"memory", node("n1"),
			[]func(*core.Pod){func(p *core.Pod) {
				p.Spec.Containers[0].Resources.Requests = core.ResourceList{core.ResourceMemory: core.MustParseQuantity("9Gi")}
			}}, "OutOfmemory", "Node didn't have enough resource: memory, requested: 9663676416, used: 0, capacity: 8589934592", false},
		{"an untolerated NoExecute taint", node("n1", taint("maint", core.TaintEffectNoExecute)),
			[]func(*core.Pod){cpu("100m")}, "TaintToleration", taintMsg, false},
		{"a tolerated NoExecute taint", node("n1", taint("maint", core.TaintEffectNoExecute)),
			[]func(*core.Pod){func(p *core.Pod) {
				p.Spec.Tolerations = []core.Toleration{{Key: "maint", Operator: core.TolerationOpExists}}
			}}, "", "", false},
		{"NoSchedule taints and cordon are not the kubelet's", node("n1", taint("dedicated", core.TaintEffectNoSchedule), func(n *core.Node) { n.Spec.Unschedulable = true }),
			nil, "", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, tc.node)
			p := f.create("p", "n1", tc.pod...)
			assert.Equal(t, "n1", p.Node)
			if tc.critical {
				require.True(t, admission.Critical(p.Priority))
			}
			if tc.reason == "" {
				assert.True(t, p.Running(), "admitted")
				assert.False(t, p.Failed)
				assert.Empty(t, f.events())
				return
			}
			assert.False(t, p.Running())
			assert.True(t, p.Failed)
			assert.Equal(t, store.PhaseEvicted, p.Phase)
			assert.Equal(t, tc.reason, p.StatusReason)
			assert.Equal(t, "Pod was rejected: "+tc.message, p.StatusMessage)
			assert.True(t, p.Live(), "left as a Failed object")
			assert.Equal(t, []string{"kubelet Warning " + tc.reason + " pod/default/p: " + tc.message}, f.events())
			assert.Contains(t, f.notes, "p rejected on n1")
		})
	}
}

// The pods check counts the pods running on the node (Too many pods is
// checked even for a pod requesting nothing).
func TestAdmissionOutOfPods(t *testing.T) {
	f := newFixture(t, node("n1", func(n *core.Node) { n.Status.Allocatable[core.ResourcePods] = core.MustParseQuantity("1") }))
	first := f.create("first", "n1")
	require.True(t, first.Running())
	second := f.create("second", "n1")
	assert.Equal(t, "OutOfpods", second.StatusReason)
	assert.Equal(t, "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1", second.StatusMessage)
}

// A pod the scheduler bound was checked by the scheduler: the kubelet
// runs only the eviction manager's pressure check on it.
func TestScheduledPodsGetThePressureCheckOnly(t *testing.T) {
	f := newFixture(t, node("n1", taint("maint", core.TaintEffectNoExecute)), node("n2", condition(core.NodeDiskPressure, core.ConditionTrue)))
	bind := func(p *store.Pod, n string) {
		f.env.Store.UpdatePod(p, "default-scheduler", func(p *store.Pod) { p.Node, p.Phase = n, store.PhaseRunning })
	}
	a := f.create("a", "")
	bind(a, "n1")
	assert.True(t, a.Running())
	b := f.create("b", "", cpu("100m"))
	bind(b, "n2")
	assert.Equal(t, "Evicted", b.StatusReason)
}

// A pod naming a node that does not exist stays Pending until the node
// joins; then its kubelet starts it.
func TestDirectPodWaitsForItsNode(t *testing.T) {
	f := newFixture(t, node("n1"))
	p := f.create("p", "later")
	assert.True(t, p.Missing)
	assert.Equal(t, store.PhasePending, p.Phase)
	assert.Equal(t, "", p.Node)
	n := node("later")
	Register(n)
	f.env.Store.CreateNode(n, false)
	f.k.NodeJoined("later")
	assert.False(t, p.Missing)
	assert.True(t, p.Running())
	assert.Equal(t, "later", p.Node)
}

// Start binds the starting cluster's pods that name their node, in
// creation order; a pod a later step creates waits for it.
func TestStartBindsDirectPods(t *testing.T) {
	st := store.New()
	env := &controllers.Env{Store: st, Clock: clock.New(), Admission: &admission.Chain{Objects: st}}
	k := New(env)
	n := node("n1")
	Register(n)
	st.CreateNode(n, true)
	var bound []string
	st.WatchPods(func(ev store.PodEvent) {
		if ev.New.Running() && !ev.Old.Running() {
			bound = append(bound, ev.Pod.Name())
		}
	})
	for _, name := range []string{"b", "a", "later", "scheduled"} {
		p := &core.Pod{}
		p.Namespace, p.Name = "default", name
		if name != "scheduled" {
			p.Spec.NodeName = "n1"
		}
		rec := env.NewPod(p, nil)
		rec.Reserved = name == "later"
		st.AddPod(rec, "")
	}
	assert.Empty(t, bound, "nothing starts before Start")
	k.Start()
	assert.Equal(t, []string{"b", "a"}, bound)
}

// CONTROLLERS.md §1.4, EXAMPLES.md S11: a pod deleted or evicted while its
// node is not Ready stays Terminating (nobody confirms its containers
// stopped) until the kubelet is back; on a Ready node it is gone at once.
func TestTerminatingUntilTheKubeletReturns(t *testing.T) {
	f := newFixture(t, node("n1"), node("n2"))
	a := f.create("a", "n1")
	b := f.create("b", "n2")
	// n1's kubelet is gone: the controller marked it Unknown.
	down := f.env.Store.Node("n1").DeepCopy()
	down.SetCondition(core.NodeReady, core.ConditionUnknown, "NodeStatusUnknown", "Kubelet stopped posting node status.")
	f.env.Store.UpdateNode(down)

	evict := func(p *store.Pod) {
		cond := core.PodCondition{Type: "DisruptionTarget", Status: core.ConditionTrue, Reason: "DeletionByTaintManager"}
		f.env.Store.DeletePod(p, "taint-eviction-controller", store.Deletion{Now: f.env.Now(), Evict: true}, func(p *store.Pod) { p.DisruptionTarget = &cond })
	}
	evict(a)
	evict(b)
	assert.True(t, a.IsTerminating())
	assert.Equal(t, []*store.Pod{a}, f.env.Store.TerminatingOn("n1"))
	assert.True(t, b.IsTerminating(), "n2 is Ready: its kubelet finishes when the grace period ends")
	f.runUntil(30 * time.Second)
	assert.False(t, b.IsTerminating())
	assert.True(t, a.IsTerminating(), "nobody on n1 to finish it")

	up := f.env.Store.Node("n1").DeepCopy()
	up.SetCondition(core.NodeReady, core.ConditionTrue, "KubeletReady", "kubelet is posting ready status")
	f.env.Store.UpdateNode(up)
	assert.False(t, a.IsTerminating())
	assert.Empty(t, f.env.Store.TerminatingOn("n1"))
}

// The kubelet's own rejection is not left Terminating: it is there.
func TestRejectionIsNotTerminating(t *testing.T) {
	f := newFixture(t, node("n1", condition(core.NodeReady, core.ConditionFalse), condition(core.NodeDiskPressure, core.ConditionTrue)))
	p := f.create("p", "n1", cpu("100m"))
	assert.True(t, p.Failed)
	assert.False(t, p.Terminating)
}

// kubelet_node_status.go recordNodeSchedulableEvent: "Node NAME status is
// now: NodeNotSchedulable" / NodeSchedulable when spec.unschedulable
// changes.
func TestSchedulableEvents(t *testing.T) {
	f := newFixture(t, node("n1"))
	set := func(v bool) {
		n := f.env.Store.Node("n1").DeepCopy()
		n.Spec.Unschedulable = v
		f.env.Store.UpdateNode(n)
	}
	set(true)
	set(true)
	set(false)
	assert.Equal(t, []string{
		"kubelet Normal NodeNotSchedulable node/n1: Node n1 status is now: NodeNotSchedulable",
		"kubelet Normal NodeSchedulable node/n1: Node n1 status is now: NodeSchedulable",
	}, f.events())
}

// nodestatus setters: the kubelet's pressure events.
func TestPressureEvents(t *testing.T) {
	cases := []struct {
		cond    core.NodeConditionType
		on, off string
	}{
		{core.NodeMemoryPressure, "NodeHasInsufficientMemory", "NodeHasSufficientMemory"},
		{core.NodeDiskPressure, "NodeHasDiskPressure", "NodeHasNoDiskPressure"},
		{core.NodePIDPressure, "NodeHasInsufficientPID", "NodeHasSufficientPID"},
	}
	for _, tc := range cases {
		t.Run(string(tc.cond), func(t *testing.T) {
			f := newFixture(t, node("n1"))
			report := func(st core.ConditionStatus) {
				before, after := f.k.ReportConditions("n1", func(n *core.Node) { n.SetCondition(tc.cond, st, "", "") })
				f.k.PressureEvent(before, after, tc.cond)
			}
			report(core.ConditionTrue)
			report(core.ConditionTrue)
			report(core.ConditionFalse)
			assert.Equal(t, []string{
				"kubelet Normal " + tc.on + " node/n1: Node n1 status is now: " + tc.on,
				"kubelet Normal " + tc.off + " node/n1: Node n1 status is now: " + tc.off,
			}, f.events())
			assert.Equal(t, core.ConditionFalse, f.env.Store.Node("n1").Condition(tc.cond).Status)
		})
	}
}

// The kubelet reporting Ready=True again emits NodeReady as the kubelet
// (nodestatus ReadyCondition).
func TestReportReadyEvent(t *testing.T) {
	f := newFixture(t, node("n1", condition(core.NodeReady, core.ConditionFalse)))
	f.k.ReportConditions("n1", func(n *core.Node) { n.SetCondition(core.NodeReady, core.ConditionTrue, "KubeletReady", "") })
	assert.Equal(t, []string{"kubelet Normal NodeReady node/n1: Node n1 status is now: NodeReady"}, f.events())
}

// The kubelet reporting Ready=False itself: upstream the kubelet's
// ReadyCondition setter records NodeNotReady (nodestatus/setters.go:550),
// and the node-lifecycle controller records none (its event needs the
// observed condition to have been True, node_lifecycle_controller.go:767).
func TestReportNotReadyEventIsTheKubelets(t *testing.T) {
	f := newFixture(t, node("n1"))
	f.k.ReportConditions("n1", func(n *core.Node) { n.SetCondition(core.NodeReady, core.ConditionFalse, "KubeletNotReady", "") })
	require.Len(t, f.env.Store.Events(), 1)
	e := f.env.Store.Events()[0]
	assert.Equal(t, "NodeNotReady", e.Reason)
	assert.Equal(t, "Node n1 status is now: NodeNotReady", e.Message)
	assert.Equal(t, "node/n1", e.Object)
	if e.Source != Source {
		t.Skipf("disagrees with upstream: the event's source is %q, upstream the kubelet's (nodelifecycle.go ReadyEvent)", e.Source)
	}
}

// pkg/kubelet/lifecycle/predicate.go removeMissingExtendedResources: an
// extended resource the node does not list is dropped from the requests
// before the resource check, so a pod bound by spec.nodeName to a node
// without it is admitted.
func TestMissingExtendedResourceIsAdmitted(t *testing.T) {
	t.Skip("disagrees with upstream: admit.go outOfResource rejects with OutOfnvidia.com/gpu (allocatable 0)")
	f := newFixture(t, node("n1"))
	p := f.create("gpu", "n1", func(p *core.Pod) {
		p.Spec.Containers[0].Resources.Requests = core.ResourceList{"nvidia.com/gpu": core.MustParseQuantity("1")}
	})
	assert.True(t, p.Running())
}
