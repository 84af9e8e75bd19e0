package main

import (
	"strings"
	"testing"
)

// lessonOutput is the console output of the lesson's taint.mjs, a blank
// line, and toleration.mjs's, copied from shared/seeds/taints-lesson.txt.
const lessonOutput = `model: 9 nodes x 1500 units = 13500; general workload 8580 units / 18 pods, nightly batch job 4200 units / 6 pods
SS15: the batch job runs 4 hours a day; a set-aside node waits the day's full 24 hours

tainted     general placed        unplaced   general nodes    batch placed  reserved h/day      idle ratio
0                       18               0               7               0               0               -
1                       18               0               7               2              24           83.3%
2                       18               0               7               4              48           83.3%
3                       15               3               6               6              72           83.3%
4                       13               5               5               6              96           87.5%
5                       11               7               4               6             120           90.0%

the taint's three effects, one at a time (3 nodes set aside, toleration given correctly):
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

func TestTablesLesson(t *testing.T) {
	for _, args := range [][]string{
		{"tables", "regional-network"},
		{"tables", "regional-network", "--profile", "teaching"},
		{"tables", "--profile=teaching", "regional-network"},
	} {
		code, out, errs := runArgs(t, "", args...)
		if code != 0 || errs != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errs)
		}
		if out != lessonOutput {
			t.Errorf("%q printed:\n%s\nwant the lesson's:\n%s", args, out, lessonOutput)
		}
	}
}

// TestTablesDefaultProfile: the lesson's tables first, labelled as the
// teaching profile, then the default profile's (the values derived in
// core/lesson's TestDefaultProfileTables), then the differing cells.
func TestTablesDefaultProfile(t *testing.T) {
	code, out, errs := runArgs(t, "", "tables", "regional-network", "--profile", "default")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	teach := "== teaching profile (the lesson's model: first feasible node in node order, a toleration is yes or no, no scores) ==\n\n"
	if !strings.HasPrefix(out, teach+lessonOutput+"\n== default profile (kube-scheduler v1.37") {
		t.Fatalf("output does not start with the labelled lesson tables:\n%s", out)
	}
	for _, want := range []string{
		"0                       18               0               9               0               0               -\n",
		"5                       12               6               4               6             120           83.3%\n",
		"eviction block                        17               0               6               1\n",
		"2                                  1              18               5               1\n",
		"== where the default profile differs from the teaching model (24 cells) ==\n",
		"tainted / 0 / general nodes: teaching 7, default 9\n",
		"effects / eviction block / evicted: teaching 8, default 6\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestTablesErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tables"}, "give a lesson name: regional-network"},
		{[]string{"tables", "lesson-2"}, `unknown lesson "lesson-2"; known: regional-network`},
		{[]string{"tables", "regional-network", "--profile"}, "--profile needs teaching or default"},
		{[]string{"tables", "regional-network", "--profile", "fast"}, `unknown profile "fast"`},
		{[]string{"tables", "regional-network", "--json"}, "unknown flag --json"},
		{[]string{"tables", "regional-network", "other"}, "one lesson at a time"},
	} {
		code, out, errs := runArgs(t, "", c.args...)
		if code != exitInvalid || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	if code, out, _ := runArgs(t, "", "tables", "--help"); code != 0 || !strings.Contains(out, "sim tables regional-network") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
}

// TestTablesSeed: with --seed the default profile's tainted-node table is
// unchanged (tied nodes are interchangeable there, see core/lesson's
// TestDefaultProfileSeeded) and the label names the seed.
func TestTablesSeed(t *testing.T) {
	code, out, errs := runArgs(t, "", "tables", "regional-network", "--profile", "default", "--seed", "3")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"score ties broken at random with seed 3 ==\n",
		"5                       12               6               4               6             120           83.3%\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, args := range [][]string{
		{"tables", "regional-network", "--seed", "3"},
		{"tables", "regional-network", "--profile", "default", "--seed", "x"},
		{"tables", "regional-network", "--profile", "default", "--seed"},
	} {
		if code, _, errs := runArgs(t, "", args...); code != exitInvalid || !strings.Contains(errs, "--seed needs") {
			t.Errorf("%q: exit %d, %q", args, code, errs)
		}
	}
}
