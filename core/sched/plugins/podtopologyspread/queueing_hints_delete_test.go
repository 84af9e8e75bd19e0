package podtopologyspread

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
)

// TestSchedulableAfterNodeDelete: isSchedulableAfterNodeChange's Node/Delete
// case (v1.37) queues the pod when the deleted node carried every
// topology key of its constraints.
func TestSchedulableAfterNodeDelete(t *testing.T) {
	pod := spreadPod(tsc(1, "zone", core.DoNotSchedule, fooSelector))
	cases := []struct {
		name string
		gone *core.Node
		want bool
	}{
		{"deleted node in a zone", node("node-a", "zone", "zone1"), true},
		{"deleted node without the key", node("node-z", "rack", "r1"), false},
		{"nothing", nil, false},
	}
	pl := New()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, pl.SchedulableAfterNodeChange(pod, tc.gone, nil))
		})
	}
}
