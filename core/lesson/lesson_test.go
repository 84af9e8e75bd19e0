package lesson

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The expected outputs below are copied from the lesson text
// (shared/seeds/taints-lesson.txt): the console output of taint.mjs and of
// toleration.mjs as the lesson publishes them.

const lessonTaintOutput = `model: 9 nodes x 1500 units = 13500; general workload 8580 units / 18 pods, nightly batch job 4200 units / 6 pods
SS15: the batch job runs 4 hours a day; a set-aside node waits the day's full 24 hours

tainted     general placed        unplaced   general nodes    batch placed  reserved h/day      idle ratio
0                       18               0               7               0               0               -
1                       18               0               7               2              24           83.3%
2                       18               0               7               4              48           83.3%
3                       15               3               6               6              72           83.3%
4                       13               5               5               6              96           87.5%
5                       11               7               4               6             120           90.0%
`

const lessonTolerationOutput = `the taint's three effects, one at a time (3 nodes set aside, toleration given correctly):
effect                    general placed       misplaced         evicted        unplaced
placement block                       15               0               0               0
deprioritization                      18               3               0               0
eviction block                        15               0               8               3

wrongly given toleration (3 nodes set aside, placement block):
general tolerating         misplaced  general placed    batch placed        retained
0                                  0              15               6               0
2                                  2              18               4               2
4                                  3              18               4               3
6                                  3              18               4               3
9                                  3              18               4               3

declarations read: 3 node taints + 24 pod toleration fields = 27; no item measures their correctness
`

func TestScriptOutputs(t *testing.T) {
	assert.Equal(t, lessonTaintOutput, TaintScriptText(), "taint.mjs output")
	assert.Equal(t, lessonTolerationOutput, TolerationScriptText(), "toleration.mjs output")
	assert.Equal(t, lessonTaintOutput+"\n"+lessonTolerationOutput, Text(), "Text()")
}

// cells splits a printed table into its rows of cells (the lesson's cells
// never contain two spaces in a row).
func cells(text string) [][]string {
	var out [][]string
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		var row []string
		for _, c := range strings.Split(line, "  ") {
			if c = strings.TrimSpace(c); c != "" {
				row = append(row, c)
			}
		}
		out = append(out, row)
	}
	return out
}

// TestCellForCell compares every cell, so a failure names the cell.
func TestCellForCell(t *testing.T) {
	for _, c := range []struct {
		name string
		tab  Table
		want string
	}{
		{"tainted-node sweep", TaintedTable(), lessonTaintOutput[strings.Index(lessonTaintOutput, "tainted "):]},
		{"three effects", EffectsTable(), lessonTolerationOutput[strings.Index(lessonTolerationOutput, "effect ") : strings.Index(lessonTolerationOutput, "\n\n")+1]},
		{"wrong toleration", TolerationTable(), lessonTolerationOutput[strings.Index(lessonTolerationOutput, "general tolerating") : strings.Index(lessonTolerationOutput, "\n\ndeclarations")+1]},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := cells(c.want)
			got := append([][]string{c.tab.Columns}, c.tab.Rows...)
			require.Len(t, got, len(want), "lines")
			for i := range want {
				if !assert.Len(t, got[i], len(want[i]), "line %d: %q, want %q", i, got[i], want[i]) {
					continue
				}
				for j := range want[i] {
					assert.Equal(t, want[i][j], got[i][j], "row %q column %q", want[i][0], want[0][j])
				}
			}
		})
	}
}

func TestToFixed1(t *testing.T) {
	for x, want := range map[float64]string{
		83.33333333333334: "83.3", 87.5: "87.5", 90: "90.0", 0.25: "0.3", 0.35: "0.3", // 0.35 is 0.34999… in binary
		1.45: "1.4", 2.5: "2.5", 0.05: "0.1", 99.95: "100.0", 0: "0.0", -0.25: "-0.3", 95.83333333333334: "95.8", 66.66666666666667: "66.7",
	} {
		t.Run(fmt.Sprint(x), func(t *testing.T) {
			assert.Equal(t, want, toFixed1(x))
		})
	}
}
