package presets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/sim"
)

// TestLessonOutOfService: the new §6 row 23. n1 stops at 10 s (Unknown
// and unreachable:NoExecute at 65 s); the out-of-service taint at 110 s
// is untolerated, so tainteviction evicts both pods at once; they stay
// Terminating (no kubelet) until podgc gcTerminating's pass at 120 s
// (gcCheckPeriod 20 s from t=0) force-deletes them. The ReplicaSet does
// not count terminating pods: its replacements run on n2 from 110 s.
func TestLessonOutOfService(t *testing.T) {
	res := runPreset(t, "mc-out-of-service")
	frameAt := func(sec float64) sim.Frame {
		f := res.Frames[0]
		for _, x := range res.Frames {
			if x.At <= sec {
				f = x
			}
		}
		return f
	}
	var old, replacements []string
	for _, p := range frameAt(119).Pods {
		switch {
		case p.Phase == "Evicted":
			assert.Equal(t, "n1", p.Node, p.Name)
			assert.Equal(t, 110.0, val(p.EvictedAt), p.Name)
			assert.True(t, p.Terminating, "%s Terminating at 119 s", p.Name)
			old = append(old, p.Name)
		case p.Phase == "Running":
			assert.Equal(t, "n2", p.Node, p.Name)
			assert.Equal(t, 110.0, val(p.ScheduledAt), p.Name)
			replacements = append(replacements, p.Name)
		}
	}
	require.Len(t, old, 2)
	require.Len(t, replacements, 2)
	for _, name := range old {
		evs := podEvents(res, "pod/default/"+name)
		require.NotEmpty(t, evs)
		assert.Equal(t, ev{110, "Normal", "TaintManagerEviction", "pod/default/" + name, marking + name}, evs[len(evs)-1])
	}
	f := frameAt(120)
	assert.Equal(t, 120.0, f.At)
	for _, p := range f.Pods {
		assert.False(t, p.Terminating, "%s force-deleted at 120 s", p.Name)
	}
	last := res.Frames[len(res.Frames)-1]
	for _, name := range old {
		assert.NotContains(t, last.Output, name, "kubectl get pods at 125 s")
	}
}
