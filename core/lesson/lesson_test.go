package lesson

import (
	"strings"
	"testing"
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
	if got := TaintScriptText(); got != lessonTaintOutput {
		t.Errorf("taint.mjs output:\n%s\nwant:\n%s", got, lessonTaintOutput)
	}
	if got := TolerationScriptText(); got != lessonTolerationOutput {
		t.Errorf("toleration.mjs output:\n%s\nwant:\n%s", got, lessonTolerationOutput)
	}
	if got, want := Text(), lessonTaintOutput+"\n"+lessonTolerationOutput; got != want {
		t.Errorf("Text() differs")
	}
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
		want := cells(c.want)
		got := append([][]string{c.tab.Columns}, c.tab.Rows...)
		if len(got) != len(want) {
			t.Fatalf("%s: %d lines, want %d", c.name, len(got), len(want))
		}
		for i := range want {
			if len(got[i]) != len(want[i]) {
				t.Errorf("%s line %d: %q, want %q", c.name, i, got[i], want[i])
				continue
			}
			for j := range want[i] {
				if got[i][j] != want[i][j] {
					t.Errorf("%s row %q column %q = %q, want %q", c.name, want[i][0], want[0][j], got[i][j], want[i][j])
				}
			}
		}
	}
}

func TestToFixed1(t *testing.T) {
	for x, want := range map[float64]string{
		83.33333333333334: "83.3", 87.5: "87.5", 90: "90.0", 0.25: "0.3", 0.35: "0.3", // 0.35 is 0.34999… in binary
		1.45: "1.4", 2.5: "2.5", 0.05: "0.1", 99.95: "100.0", 0: "0.0", -0.25: "-0.3", 95.83333333333334: "95.8", 66.66666666666667: "66.7",
	} {
		if got := toFixed1(x); got != want {
			t.Errorf("toFixed1(%v) = %q, want %q", x, got, want)
		}
	}
}
