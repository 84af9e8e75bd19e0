package web

import (
	"testing"

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
	assert.Equal(t, English.SrcDefaultTolSeconds, sourceShort("DefaultTolerationSeconds"))
}

// A pending pod with scheduling gates shows them on its chip.
func TestPodViewGates(t *testing.T) {
	v := NewPodView(&sim.PodState{Name: "web", Phase: PhasePending, SchedulingGates: []string{"example.com/a", "b"}}, "")
	assert.Equal(t, "[example.com/a b]", v.Gates)
	v = NewPodView(&sim.PodState{Name: "web", Phase: PhasePending}, "")
	assert.Empty(t, v.Gates)
}
