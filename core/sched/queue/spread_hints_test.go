package queue_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/store"
)

const podTopologySpread = "PodTopologySpread"

// spreadPod is a pending pod labelled app=web with a DoNotSchedule zone
// constraint selecting app=web.
func spreadPod() *testutil.Pod {
	p := testutil.MakePod("p", "", "")
	p.P.Labels = map[string]string{"app": "web"}
	p.P.Spec.TopologySpreadConstraints = []core.TopologySpreadConstraint{{MaxSkew: 1, TopologyKey: "zone",
		WhenUnsatisfiable: core.DoNotSchedule, LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}}}}
	return p
}

func withLabels(name string, labels map[string]string) *testutil.Pod {
	p := testutil.MakePod(name, "", "")
	p.P.Labels = labels
	return p
}

// deleteRunning stores a running pod on n1, fails the pending pod again
// (its bind may have moved it) and lets the backoff expire, then deletes
// the running pod.
func deleteLabelledRunning(labels map[string]string) func(f *fixture) {
	return func(f *fixture) {
		rec := f.running(withLabels("old", labels), "n1")
		f.q.Dispatch()
		pending := f.env.Store.Pods()[0]
		f.popAll()
		f.fail(pending, podTopologySpread)
		f.advance(f.env.Now() + sec(5))
		require.Equal(f.t, store.QueueUnschedulable, pending.Queue.State)
		f.env.Store.UpdatePod(rec, "kubectl", func(p *store.Pod) { p.Deleted = true })
	}
}

// PodTopologySpread's hints (plugin.go, v1.37.2): AssignedPod Add|Delete
// of a pod matching a DoNotSchedule constraint's selector in the pod's
// namespace; Node Add of a node with every topology key; node updates
// that change a key's presence or value, or the taints of a node with
// every key.
func TestPodTopologySpreadHints(t *testing.T) {
	web := map[string]string{"app": "web"}
	zoned := func() []*testutil.Node {
		return []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Label("zone", "a")}
	}
	cases := []hintCase{
		{name: "matching pod bound", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: func(f *fixture) { f.running(withLabels("new", web), "n1") }, moved: true},
		{name: "other pod bound", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: func(f *fixture) { f.running(withLabels("new", map[string]string{"app": "db"}), "n1") }},
		{name: "matching pod deleted", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: deleteLabelledRunning(web), moved: true},
		{name: "other pod deleted", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: deleteLabelledRunning(map[string]string{"app": "db"})},
		{name: "node with the key added", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: func(f *fixture) {
				f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").Label("zone", "b").N, false)
			}, moved: true},
		{name: "node without the key added", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: func(f *fixture) { f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").N, false) }},
		{name: "zone value changed", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "b")) }, moved: true},
		{name: "unrelated label", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: func(f *fixture) { f.updateNode("n1", setLabel("disk", "ssd")) }},
		{name: "taint added to a zoned node", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned(),
			event: func(f *fixture) {
				f.updateNode("n1", setTaints(core.Taint{Key: "a", Value: "1", Effect: core.TaintEffectNoSchedule}))
			}, moved: true},
		{name: "zone label added", rejected: []string{podTopologySpread}, pod: spreadPod(),
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "a")) }, moved: true},
	}
	runHints(t, 37, cases)
}

// Without hints (1.31): every AssignedPod Delete moves a pod
// PodTopologySpread rejected, and from 1.31 an AssignedPod Add too (PR
// #122627); before 1.31 a pod add does not.
func TestPodTopologySpreadWithoutHints(t *testing.T) {
	web := map[string]string{"app": "web"}
	zoned := []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Label("zone", "a")}
	other := map[string]string{"app": "db"}
	runHints(t, 31, []hintCase{
		{name: "any pod bound", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned,
			event: func(f *fixture) { f.running(withLabels("new", other), "n1") }, moved: true},
		{name: "any pod deleted", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned,
			event: deleteLabelledRunning(other), moved: true},
	})
	runHints(t, 30, []hintCase{
		{name: "pod bound", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned,
			event: func(f *fixture) { f.running(withLabels("new", web), "n1") }},
		{name: "any pod deleted", rejected: []string{podTopologySpread}, pod: spreadPod(), nodes: zoned,
			event: deleteLabelledRunning(other), moved: true},
	})
}
