package lesson

import "testing"

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
		if err == nil && len(tab.Rows) != 2 {
			t.Errorf("%d rows for two values", len(tab.Rows))
		}
		if err := base.Validate(); err == nil {
			m, err := Measure(base)
			if err != nil || m.GeneralPlaced+m.Unplaced != TotalGeneral || m.BatchPlaced > 6 {
				t.Errorf("Measure(%+v) = %+v, %v", base, m, err)
			}
		}
	})
}
