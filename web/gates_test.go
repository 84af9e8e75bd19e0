package web

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core/sim"
)

// The board names who added a toleration: "RuntimeClass <name>" is the
// RuntimeClass admission plugin with the class (core/admission's
// SourceRuntimeClass); its badge class drops the name.
func TestRuntimeClassSource(t *testing.T) {
	assert.Equal(t, "RuntimeClass gvisor", sourceShort("RuntimeClass gvisor"))
	assert.Equal(t, "runtimeclass", sourceClass("RuntimeClass gvisor"))
	assert.Equal(t, "daemonset-controller", sourceClass("DaemonSet controller"), "other sources keep their class")
	assert.Equal(t, Msg.SrcDefaultTolSeconds, sourceShort("DefaultTolerationSeconds"))
}

// A pending pod with scheduling gates shows them on its chip.
func TestPodViewGates(t *testing.T) {
	v := NewPodView(&sim.PodState{Name: "web", Phase: PhasePending, SchedulingGates: []string{"example.com/a", "b"}}, "")
	assert.Equal(t, "[example.com/a b]", v.Gates)
	v = NewPodView(&sim.PodState{Name: "web", Phase: PhasePending}, "")
	assert.Empty(t, v.Gates)
}

// The why panel's headline does not say "no node accepted it" of a gated
// pod: the scheduler never tried it.
func TestWhyGatedHeadline(t *testing.T) {
	gated := app.HTMLString(&WhyPanel{Pod: &sim.PodState{Name: "web", Phase: PhasePending, SchedulingGates: []string{"example.com/a"}}})
	assert.Contains(t, gated, Msg.WhyPendingGated)
	assert.NotContains(t, gated, Msg.WhyPending)
	plain := app.HTMLString(&WhyPanel{Pod: &sim.PodState{Name: "web", Phase: PhasePending}})
	assert.Contains(t, plain, Msg.WhyPending)
}
