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
		{80, English.Terminating},
		{200, English.Terminating},
	} {
		v := NewPodView(p, "")
		Clock{Now: tc.now}.Grace(p, &v)
		html := app.HTMLString(app.Div().Body(podChip(v)))
		assert.Contains(t, html, tc.want, "at %v", tc.now)
		assert.Contains(t, html, "is-terminating", "at %v", tc.now)
	}
}
