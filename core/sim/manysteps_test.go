package sim

import (
	"fmt"
	"strings"
	"testing"

	"github.com/taints-playground/playground/core/scenario"
)

// manyStepsScenario is a small cluster with n `kubectl taint` steps, one
// second apart, each adding a new NoSchedule taint to the same node.
func manyStepsScenario(tb testing.TB, n int) *scenario.Scenario {
	tb.Helper()
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Node\nmetadata: {name: nd}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: other}\n")
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%d}\nspec:\n  containers: [{name: c, image: x}]\n", i)
	}
	b.WriteString("---\nkind: Scenario\nname: many\nsteps:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- {at: %ds, run: kubectl taint nodes nd k%d=v:NoSchedule}\n", i+1, i)
	}
	s, err := scenario.Parse([]byte(b.String()), "many.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// BenchmarkManySteps runs 1,000 taint steps on one node.
func BenchmarkManySteps(b *testing.B) {
	s := manyStepsScenario(b, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Run(s); err != nil {
			b.Fatal(err)
		}
	}
}

// Many steps keep their detail only within DetailBudget, and a Limited
// frame's detail comes on demand. (The speed of many steps is measured by
// BenchmarkManySteps: before that work, 1,000 steps took seconds and 3,000
// did not finish in two minutes.)
func TestManyStepsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000 steps")
	}
	s := manyStepsScenario(t, 1000)
	// Without frame verification (verify_test.go), which recomputes every
	// state and runs the scenario twice.
	defer func(v bool) { verifyFrames = v }(verifyFrames)
	verifyFrames = false
	res, err := Run(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Frames) != 1001 {
		t.Fatalf("%d frames", len(res.Frames))
	}
	first, last := res.Frames[1], res.Frames[len(res.Frames)-1]
	if p := first.Pods[0]; p.Why == nil || p.Why.Limited || p.Describe == "" || first.Nodes[0].Describe == "" {
		t.Errorf("early frames keep their detail: %+v", p.Why)
	}
	p := last.Pods[0]
	if p.Why == nil || !p.Why.Limited || p.Why.Summary == "" || p.Describe != "" || last.Nodes[0].Describe != "" {
		t.Fatalf("the last frame is beyond DetailBudget: %+v", p.Why)
	}
	if len(last.Nodes[0].Taints) != 1000 {
		t.Errorf("last frame's node has %d taints", len(last.Nodes[0].Taints))
	}
	// The detail of a Limited frame on demand equals what a run with
	// detail there computes.
	why, describe, err := res.Explain(last.Index, p.Namespace, p.Name)
	if err != nil || why == nil || why.Limited || len(why.Nodes) != 2 || !strings.Contains(describe, "Name:             "+p.Name) {
		t.Fatalf("Explain: %+v %q %v", why, describe, err)
	}
	nd, err := res.DescribeNode(last.Index, "nd")
	if err != nil || !strings.Contains(nd, "k999=v:NoSchedule") {
		t.Errorf("DescribeNode: %v\n%.300s", err, nd)
	}
	if _, _, err := res.Explain(len(res.Frames), "default", "p0"); err == nil {
		t.Error("frame out of range accepted")
	}
	if _, _, err := res.Explain(last.Index, "default", "nosuch"); err == nil {
		t.Error("unknown pod accepted")
	}
}
