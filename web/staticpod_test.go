package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/taints-playground/playground/core/sim"
)

// A static pod's mirror gets the "static pod" badge with its tooltip, and
// while the kubelet re-creates it the note says when; the why panel says
// the kubelet runs it whatever the taints.
func TestStaticPodChipAndWhy(t *testing.T) {
	evicted, back := 10.0, 11.0
	p := &sim.PodState{Name: "etcd-cp-1", Namespace: "kube-system", Node: "cp-1", Phase: PhaseEvicted, Static: true, EvictedAt: &evicted, MirrorAt: &back}
	v := NewPodView(p, "")
	if v.StaticNode != "cp-1" || v.Note != "new mirror at t=11s" {
		t.Fatalf("view %+v", v)
	}
	html := app.HTMLString(podChip(v))
	if !strings.Contains(html, `class="pod-static"`) || !strings.Contains(html, "Static pod: the kubelet on cp-1 runs it from a manifest file") {
		t.Errorf("chip: %s", html)
	}
	why := app.HTMLString(&WhyPanel{Pod: p})
	if !strings.Contains(why, "why-static") {
		t.Errorf("why: %s", why)
	}
	plain := NewPodView(&sim.PodState{Name: "web", Node: "n1", Phase: PhaseRunning}, "")
	if plain.StaticNode != "" || strings.Contains(app.HTMLString(podChip(plain)), "pod-static") {
		t.Error("a plain pod has no static badge")
	}
}
