package queue_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/store"
)

// hintCase is one cluster event after a pod failed: whether the queue
// moves the pod out of unschedulablePods.
type hintCase struct {
	name string
	// rejected are the plugins that rejected the pod.
	rejected []string
	// pod is the pending pod (default: no requests, no tolerations).
	pod *testutil.Pod
	// nodes are the starting cluster (default: n1 with a=1:NoSchedule).
	nodes []*testutil.Node
	// event changes the cluster after the failure.
	event func(f *fixture)
	moved bool
}

func taintedN1() []*testutil.Node {
	return []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Taint("a", "1", core.TaintEffectNoSchedule)}
}

func setTaints(ts ...core.Taint) func(n *core.Node) {
	return func(n *core.Node) { n.Spec.Taints = ts }
}

func setLabel(k, v string) func(n *core.Node) {
	return func(n *core.Node) {
		if n.Labels == nil {
			n.Labels = map[string]string{}
		}
		n.Labels[k] = v
	}
}

// runHints fails each case's pod at t=0, sends the event at t=2 s (the
// 1 s backoff has expired, so a moved pod goes to activeQ) and dispatches.
func runHints(t *testing.T, minor int, cases []hintCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, minor)
			nodes := tc.nodes
			if nodes == nil {
				nodes = taintedN1()
			}
			for _, n := range nodes {
				f.node(n)
			}
			pod := tc.pod
			if pod == nil {
				pod = testutil.MakePod("p", "", "")
			}
			p := f.pod(pod, 0)
			f.q.Add(p)
			require.Equal(t, []string{"p"}, f.popAll())
			f.fail(p, tc.rejected...)
			f.advance(sec(2))
			tc.event(f)
			f.q.Dispatch()
			want := store.QueueUnschedulable
			if tc.moved {
				want = store.QueueActive
			}
			assert.Equal(t, want, p.Queue.State)
		})
	}
}

// From 1.32 a pod moves only when a rejecting plugin registered for the
// event (EventsToRegister, v1.37.2) and its QueueingHint says Queue.
func TestQueueingHints(t *testing.T) {
	ssd := testutil.MakePod("p", "", "").NodeSelector("disk", "ssd")
	runHints(t, 37, []hintCase{
		// TaintToleration: Node Add|UpdateNodeTaint; Queue when the node's
		// NoSchedule/NoExecute taints go from untolerated to tolerated.
		{name: "TaintToleration: taint removed", rejected: []string{taintToleration},
			event: func(f *fixture) { f.updateNode("n1", setTaints()) }, moved: true},
		{name: "TaintToleration: taint becomes PreferNoSchedule", rejected: []string{taintToleration},
			event: func(f *fixture) {
				f.updateNode("n1", setTaints(core.Taint{Key: "a", Value: "1", Effect: core.TaintEffectPreferNoSchedule}))
			}, moved: true},
		{name: "TaintToleration: another untolerated taint", rejected: []string{taintToleration},
			event: func(f *fixture) {
				f.updateNode("n1", setTaints(core.Taint{Key: "b", Value: "1", Effect: core.TaintEffectNoSchedule}))
			}},
		{name: "TaintToleration: NoSchedule replaced by untolerated NoExecute", rejected: []string{taintToleration},
			event: func(f *fixture) {
				f.updateNode("n1", setTaints(core.Taint{Key: "b", Value: "1", Effect: core.TaintEffectNoExecute}))
			}},
		{name: "TaintToleration: label change is not registered", rejected: []string{taintToleration},
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "a")) }},
		{name: "TaintToleration: untainted node added", rejected: []string{taintToleration},
			event: func(f *fixture) { f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").N, false) }, moved: true},
		{name: "TaintToleration: tainted node added", rejected: []string{taintToleration},
			event: func(f *fixture) {
				f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").Taint("a", "1", core.TaintEffectNoExecute).N, false)
			}},
		{name: "TaintToleration: the pod's tolerations change", rejected: []string{taintToleration},
			event: func(f *fixture) {
				p := f.env.Store.Pods()[0]
				f.env.Store.UpdatePod(p, "kubectl", func(p *store.Pod) {
					o := p.Object.DeepCopy()
					o.Spec.Tolerations = append(o.Spec.Tolerations, core.Toleration{Key: "a", Operator: core.TolerationOpExists})
					p.Object = o
				})
			}, moved: true},

		// NodeUnschedulable: Node Add|UpdateNodeTaint; Queue when the node
		// becomes schedulable or a schedulable node is added.
		{name: "NodeUnschedulable: uncordon", rejected: []string{nodeUnschedulable},
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Cordon()},
			event: func(f *fixture) {
				f.updateNode("n1", func(n *core.Node) { n.Spec.Unschedulable = false })
			}, moved: true},
		{name: "NodeUnschedulable: label on the cordoned node", rejected: []string{nodeUnschedulable},
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Cordon()},
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "a")) }},
		{name: "NodeUnschedulable: schedulable node added", rejected: []string{nodeUnschedulable},
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Cordon()},
			event: func(f *fixture) { f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").N, false) }, moved: true},
		{name: "NodeUnschedulable: unschedulable node added", rejected: []string{nodeUnschedulable},
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Cordon()},
			event: func(f *fixture) { f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").Cordon().N, false) }},

		// NodeAffinity: Node Add|UpdateNodeLabel; Queue when the required
		// affinity (nodeSelector) newly matches.
		{name: "NodeAffinity: matching label added", rejected: []string{nodeAffinity}, pod: ssd,
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) { f.updateNode("n1", setLabel("disk", "ssd")) }, moved: true},
		{name: "NodeAffinity: other label added", rejected: []string{nodeAffinity}, pod: ssd,
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) { f.updateNode("n1", setLabel("disk", "hdd")) }},
		{name: "NodeAffinity: node that already matched gets a label", rejected: []string{nodeAffinity}, pod: ssd,
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Label("disk", "ssd")},
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "a")) }},
		{name: "NodeAffinity: taint change is not registered", rejected: []string{nodeAffinity}, pod: ssd,
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Label("disk", "ssd").Taint("a", "1", core.TaintEffectNoSchedule)},
			event: func(f *fixture) { f.updateNode("n1", setTaints()) }},
		{name: "NodeAffinity: matching node added", rejected: []string{nodeAffinity}, pod: ssd,
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) {
				f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").Label("disk", "ssd").N, false)
			}, moved: true},

		// NodeResourcesFit: AssignedPod Delete (any deletion of a scheduled
		// pod) and Node Add|UpdateNodeAllocatable.
		{name: "NodeResourcesFit: a scheduled pod is deleted", rejected: []string{nodeResourcesFit},
			pod: testutil.MakePod("p", "3", ""), nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) {
				v := f.running(testutil.MakePod("v", "2", ""), "n1")
				f.env.Store.UpdatePod(v, "kubectl", func(p *store.Pod) { p.Deleted = true })
			}, moved: true},
		{name: "NodeResourcesFit: a node the pod fits is added", rejected: []string{nodeResourcesFit},
			pod: testutil.MakePod("p", "3", ""), nodes: []*testutil.Node{testutil.MakeNode("n1", "1", "8Gi")},
			event: func(f *fixture) { f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").N, false) }, moved: true},
		{name: "NodeResourcesFit: label change is not registered", rejected: []string{nodeResourcesFit},
			pod: testutil.MakePod("p", "3", ""), nodes: []*testutil.Node{testutil.MakeNode("n1", "1", "8Gi")},
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "a")) }},

		// Several rejecting plugins: one Queue is enough.
		{name: "two plugins, one helped", rejected: []string{taintToleration, nodeAffinity}, pod: ssd,
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Taint("a", "1", core.TaintEffectNoSchedule), testutil.MakeNode("n2", "4", "8Gi")},
			event: func(f *fixture) { f.updateNode("n2", setLabel("disk", "ssd")) }, moved: true},
	})
}

// Before 1.32 (SchedulerQueueingHints off) every plugin registers Node
// Add|Update without a hint, and a node event moves a pod only if
// preCheckForNode passes on the node: AdmissionCheck (resources, node
// affinity, node name, ports) and no untolerated NoSchedule taint —
// NoExecute taints are not looked at (v1.31.0 eventhandlers.go).
func TestPreCheckBefore132(t *testing.T) {
	runHints(t, 31, []hintCase{
		{name: "NoSchedule replaced by untolerated NoExecute", rejected: []string{taintToleration},
			event: func(f *fixture) {
				f.updateNode("n1", setTaints(core.Taint{Key: "b", Value: "1", Effect: core.TaintEffectNoExecute}))
			}, moved: true},
		{name: "label change on the still tainted node", rejected: []string{taintToleration},
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "a")) }},
		{name: "label change on an untainted node the pod fits", rejected: []string{taintToleration},
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Taint("a", "1", core.TaintEffectNoSchedule), testutil.MakeNode("n2", "4", "8Gi")},
			event: func(f *fixture) { f.updateNode("n2", setLabel("zone", "a")) }, moved: true},
		{name: "taint removed but the pod does not fit the node", rejected: []string{taintToleration},
			pod:   testutil.MakePod("p", "2", ""),
			nodes: []*testutil.Node{testutil.MakeNode("n1", "1", "8Gi").Taint("a", "1", core.TaintEffectNoSchedule)},
			event: func(f *fixture) { f.updateNode("n1", setTaints()) }},
		{name: "node added that fails the nodeSelector", rejected: []string{taintToleration},
			pod:   testutil.MakePod("p", "", "").NodeSelector("disk", "ssd"),
			event: func(f *fixture) { f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").N, false) }},
		{name: "a scheduled pod is deleted (no preCheck for pod events)", rejected: []string{nodeResourcesFit},
			pod: testutil.MakePod("p", "3", ""), nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) {
				v := f.running(testutil.MakePod("v", "2", ""), "n1")
				f.env.Store.UpdatePod(v, "kubectl", func(p *store.Pod) { p.Deleted = true })
			}, moved: true},
	})
	// The same "taint removed, pod too big" event with hints: the
	// TaintToleration hint looks at taints only.
	runHints(t, 37, []hintCase{{name: "1.37: taint removed, pod too big", rejected: []string{taintToleration},
		pod:   testutil.MakePod("p", "2", ""),
		nodes: []*testutil.Node{testutil.MakeNode("n1", "1", "8Gi").Taint("a", "1", core.TaintEffectNoSchedule)},
		event: func(f *fixture) { f.updateNode("n1", setTaints()) }, moved: true}})
}

// A pod moved while its backoff runs waits in backoffQ. Before 1.33 it
// reaches activeQ when the backoff expires (flushBackoffQCompleted); from
// 1.33 (SchedulerPopFromBackoffQ) Pop hands it out at once when activeQ is
// empty.
func TestBackoffQ(t *testing.T) {
	for _, tc := range []struct {
		minor   int
		popNow  bool
		popAt1s bool
	}{{32, false, true}, {33, true, false}, {37, true, false}} {
		f := newFixture(t, tc.minor)
		f.node(taintedN1()[0])
		p := f.pod(testutil.MakePod("p", "", ""), 0)
		f.q.Add(p)
		require.Equal(t, []string{"p"}, f.popAll())
		f.fail(p, taintToleration) // t=0, backoff until 1 s
		f.advance(sec(0.5))
		f.updateNode("n1", setTaints())
		f.q.Dispatch()
		require.Equal(t, store.QueueBackoff, p.Queue.State, "1.%d", tc.minor)
		if tc.popNow {
			assert.Equal(t, []string{"p"}, f.popAll(), "1.%d pops from backoffQ", tc.minor)
			continue
		}
		assert.Nil(t, f.q.Pop(), "1.%d waits for the backoff", tc.minor)
		f.advance(sec(1))
		assert.Equal(t, store.QueueActive, p.Queue.State, "1.%d: backoff expired", tc.minor)
		assert.Equal(t, []string{"p"}, f.popAll())
	}
}

// From 1.33 activeQ still comes first, and backoffQ hands out the earliest
// backoff expiry first.
func TestPopFromBackoffQOrder(t *testing.T) {
	f := newFixture(t, 37)
	f.node(taintedN1()[0])
	late := f.pod(testutil.MakePod("late", "", ""), 0)
	early := f.pod(testutil.MakePod("early", "", ""), 0)
	active := f.pod(testutil.MakePod("active", "", ""), 0)
	f.fail(late, taintToleration)
	f.fail(late, taintToleration) // second attempt at t=0: backoff until 2 s
	f.fail(early, taintToleration)
	f.updateNode("n1", setTaints())
	f.q.Dispatch()
	require.Equal(t, store.QueueBackoff, late.Queue.State)
	require.Equal(t, store.QueueBackoff, early.Queue.State)
	f.q.Add(active)
	assert.Equal(t, []string{"active", "early", "late"}, f.popAll())
}
