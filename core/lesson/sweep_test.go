package lesson

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func column(t *testing.T, tab Table, name string) []string {
	t.Helper()
	for j, c := range tab.Columns {
		if c == name {
			var out []string
			for _, r := range tab.Rows {
				out = append(out, r[j])
			}
			return out
		}
	}
	require.Fail(t, "no such column", "no column %q in %q", name, tab.Columns)
	return nil
}

// TestSweepMatchesLesson: sweeping the lesson's own parameters gives the
// lesson's cells (the tables and the idle ratios quoted in its text).
func TestSweepMatchesLesson(t *testing.T) {
	tab, err := Sweep("tainted", []int{0, 1, 2, 3, 4, 5}, DefaultParams())
	require.NoError(t, err)
	lesson := TaintedTable()
	for j, c := range lesson.Columns[1:] {
		var want []string
		for _, r := range lesson.Rows {
			want = append(want, r[j+1])
		}
		assert.Equal(t, want, column(t, tab, c), "tainted sweep %s: want the lesson's", c)
	}
	tab, err = Sweep("window", []int{1, 4, 8}, DefaultParams())
	require.NoError(t, err)
	// "83.3 percent for a four-hour window, 66.7 percent for an eight-hour
	// window, 95.8 percent for a one-hour window."
	assert.Equal(t, []string{"95.8%", "83.3%", "66.7%"}, column(t, tab, "idle ratio"), "window sweep idle ratio")
	tab, err = Sweep("tolerating", ToleratingValues, DefaultParams())
	require.NoError(t, err)
	for _, c := range []struct {
		col  string
		want []string
	}{
		{"misplaced", []string{"0", "2", "3", "3", "3"}},
		{"general placed", []string{"15", "18", "18", "18", "18"}},
		{"batch placed", []string{"6", "4", "4", "4", "4"}},
		{"retained", []string{"0", "2", "3", "3", "3"}},
	} {
		assert.Equal(t, c.want, column(t, tab, c.col), "tolerating sweep %s", c.col)
	}
	tab, err = Sweep("effect", []int{0, 1, 2}, DefaultParams())
	require.NoError(t, err)
	for _, c := range []struct {
		col  string
		want []string
	}{
		{"effect", []string{"placement block", "deprioritization", "eviction block"}},
		{"general placed", []string{"15", "18", "15"}},
		{"misplaced", []string{"0", "3", "0"}},
		{"evicted", []string{"0", "0", "8"}},
		// The sweep counts unplaced pods for every effect (the lesson's
		// table prints a literal 0 for the first two rows).
		{"unplaced", []string{"3", "0", "3"}},
	} {
		assert.Equal(t, c.want, column(t, tab, c.col), "effect sweep %s", c.col)
	}
}

// TestSweepBeyondLesson: six to nine tainted nodes (FullTaintOrder). With
// six, d2, d5 and d8 stay untainted: three reading-collectors fill each
// (1260 of 1500), and no verifier (650) or billing pod (300) fits in the
// 240 units left, so 9 are placed on 3 nodes. With nine, nothing general
// is placed; the batch job still takes its three nodes (two 700-unit pods
// each), so the idle ratio is 1 − 12/216.
func TestSweepBeyondLesson(t *testing.T) {
	tab, err := Sweep("tainted", []int{6, 9}, DefaultParams())
	require.NoError(t, err)
	want := [][]string{
		{"6", "9", "9", "3", "0", "6", "0", "0", "144", "91.7%"},
		{"9", "0", "18", "0", "0", "6", "0", "0", "216", "94.4%"},
	}
	assert.Equal(t, want, tab.Rows, "rows")
	require.Len(t, tab.Series, len(SweepColumns), "series")
	assert.Equal(t, "general placed", tab.Series[0].Column, "series")
	require.Len(t, tab.Series[0].Points, 2, "series")
	assert.Equal(t, Point{X: 9, Y: 0, OK: true}, tab.Series[0].Points[1], "series")
	tab, err = Sweep("tainted", []int{0}, DefaultParams())
	require.NoError(t, err)
	p := tab.Series[len(tab.Series)-1].Points[0]
	assert.False(t, p.OK, "idle ratio with nothing reserved = %+v", p)
}

func TestSweepErrors(t *testing.T) {
	for _, c := range []struct {
		param  string
		values []int
		base   Params
		want   string
	}{
		{"colour", []int{1}, DefaultParams(), `unknown sweep parameter "colour"`},
		{"tainted", nil, DefaultParams(), "sweep parameter tainted: no values"},
		{"tainted", []int{10}, DefaultParams(), "sweep parameter tainted: value 10: parameter tainted = 10: want 0..9"},
		{"effect", []int{3}, DefaultParams(), "sweep parameter effect: value 3"},
		{"tolerating", []int{-1}, DefaultParams(), "parameter tolerating = -1: want 0..18"},
		{"window", []int{25}, DefaultParams(), "parameter window = 25: want 1..24 hours"},
		{"window", []int{4}, Params{}, "parameter effect"},
	} {
		t.Run(c.want, func(t *testing.T) {
			_, err := Sweep(c.param, c.values, c.base)
			assert.ErrorContains(t, err, c.want, "Sweep(%q, %v)", c.param, c.values)
		})
	}
}

// TestSweepProfile: under the teaching profile the sweep is the model's;
// under the default profile the tainted-node sweep's general nodes are
// those derived in TestDefaultProfileTables (9, 8, 7, 6, 5, 4) and, beyond
// the lesson, 3, 2, 1, 0 — LeastAllocated uses every untainted node.
func TestSweepProfile(t *testing.T) {
	values := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	a, err := Sweep("tainted", values, DefaultParams())
	require.NoError(t, err)
	b, err := SweepProfile("tainted", values, DefaultParams(), TeachingProfile)
	require.NoError(t, err)
	assert.Equal(t, a, b, "teaching profile sweep differs from the model's:\n%s\n%s", a.Text(), b.Text())
	d, err := SweepProfile("tainted", values, DefaultParams(), DefaultProfile)
	require.NoError(t, err)
	assert.Equal(t, []string{"9", "8", "7", "6", "5", "4", "3", "2", "1", "0"}, column(t, d, "general nodes"), "default profile general nodes")
	_, err = SweepProfile("tainted", values, DefaultParams(), "x")
	assert.ErrorContains(t, err, `unknown profile "x"`)
}
