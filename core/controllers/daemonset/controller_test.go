package daemonset

import (
	"testing"

	"github.com/taints-playground/playground/core"
)

// EXAMPLES.md S7: pods for n1 (plain) and n2 (cordoned) only; the n2 pod is
// removed once an untolerated NoExecute taint arrives; a NoSchedule taint on
// n1 lets its pod continue.
func TestPlanS7(t *testing.T) {
	node := func(name string, unsched bool, taints ...core.Taint) *core.Node {
		n := &core.Node{}
		n.Name = name
		n.Spec.Unschedulable = unsched
		if unsched {
			taints = append(taints, core.Taint{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule})
		}
		n.Spec.Taints = taints
		return n
	}
	ds := &core.DaemonSet{}
	ds.Name, ds.Namespace = "agent", "kube-system"
	ds.Spec.Template.Labels = map[string]string{"app": "agent"}
	tmpl := TemplatePod(ds)
	nodes := []*core.Node{
		node("n1", false),
		node("n2", true),
		node("n3", false, core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule}),
		node("n4", false, core.Taint{Key: "maint", Value: "x", Effect: core.TaintEffectNoExecute}),
	}
	create, remove := Plan(nodes, tmpl, map[string]bool{}, false)
	if len(create) != 2 || create[0] != "n1" || create[1] != "n2" || len(remove) != 0 {
		t.Fatalf("create %v remove %v", create, remove)
	}
	nodes[0].Spec.Taints = []core.Taint{{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule}}
	nodes[1].Spec.Taints = append(nodes[1].Spec.Taints, core.Taint{Key: "maint", Value: "x", Effect: core.TaintEffectNoExecute})
	create, remove = Plan(nodes, tmpl, map[string]bool{"n1": true, "n2": true}, false)
	if len(create) != 0 || len(remove) != 1 || remove[0] != "n2" {
		t.Fatalf("create %v remove %v", create, remove)
	}
	p := NewDaemonPod(tmpl, "n1")
	if !IsControlledBy(p, ds) {
		t.Fatal("owner")
	}
}
