package web

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core/sim"
)

// A static pod's mirror gets the "static pod" badge with its tooltip, and
// while the kubelet re-creates it the chip stays on the node, Running (the
// static pod never stopped; the deleted mirror, Terminating, is replaced),
// with a note saying when the new mirror comes; the why panel says the
// kubelet runs it whatever the taints.
func TestStaticPodChipAndWhy(t *testing.T) {
	evicted, back, end := 10.0, 11.0, 40.0
	p := &sim.PodState{Name: "etcd-cp-1", Namespace: "kube-system", Node: "cp-1", Phase: PhaseEvicted, Static: true,
		EvictedAt: &evicted, MirrorAt: &back, Terminating: true, GraceEnd: &end}
	v := NewPodView(p, "")
	Clock{Now: 10}.Grace(p, &v)
	assert.Equal(t, "cp-1", v.StaticNode)
	assert.Equal(t, "mirror deleted, new one at t=11s", v.Note)
	assert.Equal(t, PhaseRunning, v.Phase)
	assert.True(t, v.Mirror)
	g := GroupPods(&sim.Frame{Nodes: []*sim.NodeState{{Name: "cp-1"}}, Pods: []*sim.PodState{p}})
	assert.Len(t, g.OnNode["cp-1"], 1, "the static pod runs on cp-1 while its mirror is re-created")
	assert.Empty(t, g.Evicted)
	html := app.HTMLString(podChip(v))
	assert.Contains(t, html, `class="pod-static"`)
	assert.Contains(t, html, "Static pod: the kubelet on cp-1 runs it from a manifest file")
	assert.NotContains(t, html, "is-terminating", "the static pod is not terminating")
	assert.NotContains(t, html, "grace period")
	assert.Contains(t, html, `<span class="pod-phase">Terminating</span>`, "the mirror's status, as kubectl shows it")
	why := app.HTMLString(&WhyPanel{Pod: p})
	assert.Contains(t, why, "why-static")
	assert.Contains(t, why, "The static pod runs on cp-1; its mirror pod is Terminating")
	plain := NewPodView(&sim.PodState{Name: "web", Node: "n1", Phase: PhaseRunning}, "")
	assert.Empty(t, plain.StaticNode)
	assert.NotContains(t, app.HTMLString(podChip(plain)), "pod-static", "a plain pod has no static badge")
}
