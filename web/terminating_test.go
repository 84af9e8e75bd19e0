package web

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core/sim"
)

// A Terminating pod's chip says how much of its grace period is left at
// the board's clock, in its note and its tooltip; once the period is over
// (its kubelet has not confirmed) it says the kubelet is unreachable.
func TestTerminatingChip(t *testing.T) {
	evicted, end := 50.0, 80.0
	p := &sim.PodState{Name: "web", Namespace: "default", Node: "n1", Phase: PhaseEvicted, EvictedAt: &evicted, Terminating: true, GraceEnd: &end}
	for _, tc := range []struct {
		now  float64
		want string
	}{
		{50, "Terminating: 30s of its grace period left"},
		{79.5, "Terminating: 1s of its grace period left"},
		{80, Msg.Terminating},
		{200, Msg.Terminating},
	} {
		v := NewPodView(p, "")
		Clock{Now: tc.now}.Grace(p, &v)
		html := app.HTMLString(app.Div().Body(podChip(v)))
		assert.Contains(t, html, tc.want, "at %v", tc.now)
		assert.Contains(t, html, "is-terminating", "at %v", tc.now)
	}
	// Its kubelet away (node not Ready), the grace period ends nothing:
	// no countdown, the reason and what ends it instead.
	away := *p
	away.KubeletAway = true
	v := NewPodView(&away, "")
	Clock{Now: 60}.Grace(&away, &v)
	html := app.HTMLString(app.Div().Body(podChip(v)))
	assert.NotContains(t, html, "grace period left")
	assert.Contains(t, html, Msg.Terminating)
	assert.Contains(t, html, "out-of-service")
}

// A Terminating pod is drawn on its node; once its deletion finished an
// evicted pod goes to the Evicted lane.
func TestTerminatingPodStaysOnItsNode(t *testing.T) {
	evicted, end := 50.0, 80.0
	f := &sim.Frame{
		Nodes: []*sim.NodeState{{Name: "n1"}},
		Pods: []*sim.PodState{
			{Name: "going", Node: "n1", Phase: PhaseEvicted, EvictedAt: &evicted, Terminating: true, GraceEnd: &end},
			{Name: "gone", Node: "n1", Phase: PhaseEvicted, EvictedAt: &evicted},
		},
	}
	g := GroupPods(f)
	if assert.Len(t, g.Evicted, 1) {
		assert.Equal(t, "gone", g.Evicted[0].Name)
	}
	if assert.Len(t, g.OnNode["n1"], 1) {
		assert.Equal(t, "going", g.OnNode["n1"][0].Name)
	}
}
