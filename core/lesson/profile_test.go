package lesson

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTeachingProfileReproducesLesson: the lesson's cluster as Nodes and
// Pods, scheduled by core/sched/teaching, gives the lesson's output
// exactly (the literals copied from the lesson in lesson_test.go).
func TestTeachingProfileReproducesLesson(t *testing.T) {
	tab, err := ProfileTables(TeachingProfile)
	require.NoError(t, err)
	assert.Equal(t, lessonTaintOutput+"\n"+lessonTolerationOutput, tab.Text(), "teaching profile: want the lesson's output")
}

// faithfulOutput is what kube-scheduler's default profile (v1.37) does with
// the same cluster, pods arriving in the lesson's order, derived by hand
// from the upstream rules:
//
//   - Filters as in the model: NodeResourcesFit (1500m per node), the
//     untolerated NoSchedule taint, the batch pods' nodeSelector.
//   - Scores: the pods are bare (no controller), so PodTopologySpread's
//     default spreading skips them; cpu and memory requests are in the
//     same ratio to allocatable on every node, so BalancedAllocation is
//     equal everywhere; no preferred affinity; TaintToleration's score
//     only counts PreferNoSchedule taints. What ranks the nodes is
//     LeastAllocated: the emptiest feasible node wins, and ties go to the
//     first node in node order (a nil Rand).
//
// Tainted-node sweep (the untainted nodes in order; C collector 420, V
// verifier 650, B billing 300):
//
//	0: one C per node d0..d8, V on d0..d5 (1070), B on d6..d8 (720): 18 placed, 9 nodes.
//	1: d1..d8: C each, the 9th C on d1 (840); V on d2..d7; B on d8, d8, d1: 18 on 8 nodes;
//	   2 batch pods on d0 (1 batch node, 1 − 4/24 = 83.3%).
//	2: d1,d2,d4..d8: C each, C on d1, d2; V on d4..d8 and d1 (1490); B on d2, d4, d5: 18 on 7;
//	   batch 2 + 2.
//	3: d1,d2,d4,d5,d7,d8: C each, C on d1,d2,d4; V on d5,d7,d8 then d1,d2,d4 (1490);
//	   B on d5,d7,d8 (1370): 18 on 6; batch 6 on 3 nodes.
//	4: d2,d4,d5,d7,d8: C each, C on d2,d4,d5,d7 (840); V on d8 then d2,d4,d5,d7 (1490);
//	   the 6th V finds no 650; one B on d8 (1370), two B find no 300: 15 placed, 3 unplaced.
//	   Batch: one per set-aside node d0,d1,d3,d6, then d0, d1: 4 batch nodes, 16/96 → 83.3%.
//	5: d2,d5,d7,d8: C each, C again on each, the 9th on d2 (1260); V on d5,d7,d8 (1490);
//	   three V and three B do not fit: 12 placed, 6 unplaced. Batch on d0,d1,d3,d4,d6, then
//	   d0: 5 batch nodes, 20/120 → 83.3%.
//
// Effects (d0, d3, d6 set aside):
//
//	placement block = row 3 above: 18 placed, none misplaced.
//	PreferNoSchedule: TaintToleration normalizes the intolerable-taint
//	  counts in reverse (untainted 100, tainted 0) with weight 3 = 300,
//	  more than LeastAllocated's whole range (0..100, weight 1), so the
//	  untainted nodes come first while a pod fits there — and all 18 do
//	  (row 3): 18 placed, 0 misplaced.
//	NoExecute afterwards: placed as row 0, so d0 (C1, V1), d3 (C4, V4),
//	  d6 (C7, B1) are evicted: 6. Again, in that order: C1 → d7 (780 free),
//	  V1 → d8 (the only 650 left), C4 → d1, V4 → no node with 650 free,
//	  C7 → d2, B1 → d4: 17 placed, 1 unplaced.
//
// Wrongly given toleration (the first n collectors tolerate; d0, d3, d6
// set aside, NoSchedule):
//
//	n=2: C1 ties over the nine empty nodes → d0; C2 → d1. The rest fit on
//	  the untainted nodes. Misplaced 1 (C1). Batch: d3, d6 empty take 2
//	  each, d0 has 1080 free: one more: 5. Retained (placed as row 0, then
//	  NoExecute): C1 stays on d0: 1.
//	n=4: C1..C4 → d0..d3 (ties in node order): C1 on d0 and C4 on d3
//	  misplaced, 2; batch 2 (d6) + 1 + 1 = 4; retained 2.
//	n=6: C1..C6 → d0..d5: still C1 and C4; 2, batch 4, retained 2.
//	n=9: C1..C9 → d0..d8: C1, C4, C7 misplaced, 3; one batch pod per
//	  set-aside node, 3; retained 3.
//
// In every row the general workload fits (18 placed).
const faithfulOutput = `model: 9 nodes x 1500 units = 13500; general workload 8580 units / 18 pods, nightly batch job 4200 units / 6 pods
SS15: the batch job runs 4 hours a day; a set-aside node waits the day's full 24 hours

tainted     general placed        unplaced   general nodes    batch placed  reserved h/day      idle ratio
0                       18               0               9               0               0               -
1                       18               0               8               2              24           83.3%
2                       18               0               7               4              48           83.3%
3                       18               0               6               6              72           83.3%
4                       15               3               5               6              96           83.3%
5                       12               6               4               6             120           83.3%

the taint's three effects, one at a time (3 nodes set aside, toleration given correctly):
effect                    general placed       misplaced         evicted        unplaced
placement block                       18               0               0               0
deprioritization                      18               0               0               0
eviction block                        17               0               6               1

wrongly given toleration (3 nodes set aside, placement block):
general tolerating         misplaced  general placed    batch placed        retained
0                                  0              18               6               0
2                                  1              18               5               1
4                                  2              18               4               2
6                                  2              18               4               2
9                                  3              18               3               3

declarations read: 3 node taints + 24 pod toleration fields = 27; no item measures their correctness
`

func TestDefaultProfileTables(t *testing.T) {
	tab, err := ProfileTables(DefaultProfile)
	require.NoError(t, err)
	assert.Equal(t, faithfulOutput, tab.Text(), "default profile")
}

func TestCompare(t *testing.T) {
	ds, err := Compare()
	require.NoError(t, err)
	type cell struct{ table, row, column, teaching, def string }
	var got []cell
	for _, d := range ds {
		got = append(got, cell{d.Table, d.Row, d.Column, d.Teaching, d.Default})
		assert.NotEmpty(t, d.Why, "%+v has no reason", d)
	}
	want := []cell{
		{"tainted", "0", "general nodes", "7", "9"},
		{"tainted", "1", "general nodes", "7", "8"},
		{"tainted", "3", "general placed", "15", "18"},
		{"tainted", "3", "unplaced", "3", "0"},
		{"tainted", "4", "general placed", "13", "15"},
		{"tainted", "4", "unplaced", "5", "3"},
		{"tainted", "4", "idle ratio", "87.5%", "83.3%"},
		{"tainted", "5", "general placed", "11", "12"},
		{"tainted", "5", "unplaced", "7", "6"},
		{"tainted", "5", "idle ratio", "90.0%", "83.3%"},
		{"effects", "placement block", "general placed", "15", "18"},
		{"effects", "deprioritization", "misplaced", "3", "0"},
		{"effects", "eviction block", "general placed", "15", "17"},
		{"effects", "eviction block", "evicted", "8", "6"},
		{"effects", "eviction block", "unplaced", "3", "1"},
		{"toleration", "0", "general placed", "15", "18"},
		{"toleration", "2", "misplaced", "2", "1"},
		{"toleration", "2", "batch placed", "4", "5"},
		{"toleration", "2", "retained", "2", "1"},
		{"toleration", "4", "misplaced", "3", "2"},
		{"toleration", "4", "retained", "3", "2"},
		{"toleration", "6", "misplaced", "3", "2"},
		{"toleration", "6", "retained", "3", "2"},
		{"toleration", "9", "batch placed", "4", "3"},
	}
	assert.Equal(t, want, got, "differences")
	assert.Contains(t, DifferencesText(ds), "tainted / 0 / general nodes: teaching 7, default 9\n    The default profile scores NodeResourcesFit (LeastAllocated)", "DifferencesText")
}

// TestMeasureProfile: the real-object sweep agrees with the model under the
// teaching profile at every point of every parameter's range.
func TestMeasureProfile(t *testing.T) {
	for k := 0; k <= NodeCount; k++ {
		for _, e := range Effects {
			for _, n := range []int{0, 1, 3, 9, 18} {
				p := Params{Tainted: k, Effect: e, Tolerating: n, WindowHours: 4}
				t.Run(fmt.Sprintf("tainted %d %s tolerating %d", k, e, n), func(t *testing.T) {
					a, err := Measure(p)
					require.NoError(t, err)
					b, err := MeasureProfile(p, TeachingProfile)
					require.NoError(t, err)
					assert.Equal(t, a, b, "the model, the teaching profile")
				})
			}
		}
	}
	_, err := MeasureProfile(DefaultParams(), "fastest")
	assert.ErrorContains(t, err, `unknown profile "fastest"`)
}

// TestDefaultProfileSeeded: with random tie-breaks (the simulator's
// options.seed) the tainted-node table and the placement-block and
// deprioritization rows stay as derived above. The argument: the general
// pods may use only untainted nodes there, and nodes tied on score have
// the same usage, so any choice among them leaves the same multiset of
// usages and the same counts. Under the eviction block all nine nodes are
// untainted when the general pods arrive, so a tie can put a verifier or a
// billing pod on a node that is set aside later: evicted stays 6 (every
// node holds two pods) but what fits again may change, as may the
// wrongly-tolerating rows, where a tolerating pod's tie may or may not fall
// on a set-aside node.
func TestDefaultProfileSeeded(t *testing.T) {
	want, err := ProfileTables(DefaultProfile)
	require.NoError(t, err)
	for seed := int64(1); seed <= 20; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			got, err := ProfileTablesSeeded(DefaultProfile, seed)
			require.NoError(t, err)
			assert.Equal(t, want.Tainted, got.Tainted, "tainted-node table:\n%s", got.Text())
			assert.Equal(t, want.Effects.Rows[:2], got.Effects.Rows[:2], "placement-block and deprioritization rows:\n%s", got.Text())
			assert.Equal(t, "6", got.Effects.Rows[2][3], "eviction block evicted")
		})
	}
	teach, err := ProfileTablesSeeded(TeachingProfile, 7)
	require.NoError(t, err)
	assert.Equal(t, lessonTaintOutput+"\n"+lessonTolerationOutput, teach.Text(), "the teaching profile depends on the seed")
}
