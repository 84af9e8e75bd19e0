package lesson

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzSweep: any parameter name, values and base either give a table with
// one row per value or an error; nothing panics.
func FuzzSweep(f *testing.F) {
	f.Add("tainted", 3, 0, "block", 0, 4)
	f.Add("effect", 2, 9, "evict", 18, 24)
	f.Add("window", -1, 10, "", -5, 0)
	f.Add("tolerating", 19, 3, "deprioritize", 2, 1)
	f.Fuzz(func(t *testing.T, param string, v, tainted int, effect string, tolerating, window int) {
		base := Params{Tainted: tainted, Effect: Effect(effect), Tolerating: tolerating, WindowHours: window}
		tab, err := Sweep(param, []int{v, v + 1}, base)
		if err == nil {
			assert.Len(t, tab.Rows, 2, "rows for two values")
		}
		if err := base.Validate(); err == nil {
			m, err := Measure(base)
			require.NoError(t, err, "Measure(%+v)", base)
			assert.Equal(t, TotalGeneral, m.GeneralPlaced+m.Unplaced, "Measure(%+v) = %+v: general placed + unplaced", base, m)
			assert.LessOrEqual(t, m.BatchPlaced, 6, "Measure(%+v) = %+v: batch placed", base, m)
		}
	})
}
