package store_test

import (
	"fmt"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/store"
)

// Components register watches; every write notifies them before it
// returns. A held node's writes reach them as one change at Release.
func Example() {
	st := store.New()
	st.WatchNodes(func(ev store.NodeEvent) {
		fmt.Printf("node %s: %d taint(s) -> %d\n", ev.New.Name, len(ev.Old.Spec.Taints), len(ev.New.Spec.Taints))
	})
	st.WatchPods(func(ev store.PodEvent) {
		fmt.Printf("pod %s by %q: %s -> %s (added %v)\n", ev.Pod.Ref(), ev.By, ev.Old.Phase, ev.New.Phase, ev.Added)
	})

	n := &core.Node{}
	n.Name = "n1"
	st.CreateNode(n, true) // the starting cluster: listed, not watched

	// kubectl cordon and the node-lifecycle controller's taint: one change.
	st.Hold("n1")
	cordoned := st.Node("n1").DeepCopy()
	cordoned.Spec.Unschedulable = true
	st.UpdateNode(cordoned)
	tainted := cordoned.DeepCopy()
	tainted.Spec.Taints = []core.Taint{{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule}}
	st.UpdateNode(tainted)
	st.Release("n1")

	p := &core.Pod{}
	p.Namespace, p.Name = "default", "web"
	rec := &store.Pod{Object: p, Phase: store.PhasePending}
	st.AddPod(rec, "kubectl")
	st.UpdatePod(rec, "default-scheduler", func(p *store.Pod) { p.Node, p.Phase = "n2", store.PhaseRunning })
	fmt.Println("running on n2:", len(st.Running("n2")), "resourceVersion:", st.ResourceVersion())
	// Output:
	// node n1: 0 taint(s) -> 1
	// pod default/web by "kubectl":  -> Pending (added true)
	// pod default/web by "default-scheduler": Pending -> Running (added false)
	// running on n2: 1 resourceVersion: 5
}
