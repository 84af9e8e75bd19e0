package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/taints-playground/playground/core/sim"
)

// A static pod's mirror gets the "static pod" badge with its tooltip, and
// while the kubelet re-creates it the chip stays on the node, Running (the
// static pod never stopped), with a note saying when the new mirror comes;
// the why panel says the kubelet runs it whatever the taints.
func TestStaticPodChipAndWhy(t *testing.T) {
	evicted, back := 10.0, 11.0
	p := &sim.PodState{Name: "etcd-cp-1", Namespace: "kube-system", Node: "cp-1", Phase: PhaseEvicted, Static: true, EvictedAt: &evicted, MirrorAt: &back}
	v := NewPodView(p, "")
	if v.StaticNode != "cp-1" || v.Note != "mirror deleted, new one at t=11s" || v.Phase != PhaseRunning {
		t.Fatalf("view %+v", v)
	}
	g := GroupPods(&sim.Frame{Nodes: []*sim.NodeState{{Name: "cp-1"}}, Pods: []*sim.PodState{p}})
	if len(g.OnNode["cp-1"]) != 1 || len(g.Evicted) != 0 {
		t.Errorf("the static pod runs on cp-1 while its mirror is re-created: %+v", g)
	}
	html := app.HTMLString(podChip(v))
	if !strings.Contains(html, `class="pod-static"`) || !strings.Contains(html, "Static pod: the kubelet on cp-1 runs it from a manifest file") {
		t.Errorf("chip: %s", html)
	}
	why := app.HTMLString(&WhyPanel{Pod: p})
	if !strings.Contains(why, "why-static") || !strings.Contains(why, "Running on cp-1.") {
		t.Errorf("why: %s", why)
	}
	plain := NewPodView(&sim.PodState{Name: "web", Node: "n1", Phase: PhaseRunning}, "")
	if plain.StaticNode != "" || strings.Contains(app.HTMLString(podChip(plain)), "pod-static") {
		t.Error("a plain pod has no static badge")
	}
}
