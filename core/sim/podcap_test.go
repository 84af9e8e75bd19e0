package sim

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core/scenario"
)

// TestStepsCannotBypassThePodCap: a tiny scenario whose steps ask for
// two billion replicas is refused at the step, before any pod exists,
// instead of creating pods until memory runs out.
func TestStepsCannotBypassThePodCap(t *testing.T) {
	res := run(t, `kind: Scenario
name: big
until: 10s
steps:
- {at: 1s, run: kubectl scale deployment web --replicas=2000000000}
- at: 2s
  run: kubectl apply -f -
  manifest: |
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: huge}
    spec:
      replicas: 2000000000
      selector: {matchLabels: {app: huge}}
      template:
        metadata: {labels: {app: huge}}
        spec:
          containers: [{name: c, image: nginx}]
`+nodeDocs("n", 1, "")+fmt.Sprintf(webDeployment, 1))
	want := map[string]string{
		"kubectl scale deployment web --replicas=2000000000": "error: --replicas=2000000000: too large: 2000000000 replicas; the playground simulates at most 50000 pods",
		"kubectl apply -f -": "error: deployment.apps/huge: too large: 2000000000 replicas; the playground simulates at most 50000 pods",
	}
	for _, f := range res.Frames {
		if w, ok := want[f.Step]; ok {
			if f.Output != w {
				t.Errorf("%s: output %q, want %q", f.Step, f.Output, w)
			}
			delete(want, f.Step)
		}
	}
	if len(want) > 0 {
		t.Errorf("steps without a frame: %v", want)
	}
	if n := len(res.Frames[len(res.Frames)-1].Pods); n != 1 {
		t.Errorf("%d pods at the end, want the 1 replica of web", n)
	}
}

// TestLivePodCapStopsTheRun: pods created during the run (here a scale
// within the replica limit) count against the cap on pods at once; going
// over it ends the run with the cap's error (the limit is lowered to 5
// for the test).
func TestLivePodCapStopsTheRun(t *testing.T) {
	defer func(f func(int, time.Duration) error) { checkLivePods = f }(checkLivePods)
	checkLivePods = func(n int, at time.Duration) error {
		if n > 5 {
			return scenario.CheckLivePods(scenario.MaxPods+n, at)
		}
		return nil
	}
	s, err := scenario.Parse([]byte(`kind: Scenario
name: grow
until: 60s
steps:
- {at: 5s, run: kubectl scale deployment web --replicas=8}
`+nodeDocs("n", 1, "")+fmt.Sprintf(webDeployment, 2)), "grow.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(s)
	if err == nil || res != nil {
		t.Fatalf("Run = %v, %v; want the pod cap's error", res, err)
	}
	for _, want := range []string{"too large: by virtual time 5s the cluster has", "at most 50000 pods at once"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// TestSummaryListsAtMostMaxSummaryNotes: the t=0 frame of 30 pods lists
// 12 of the scheduling notes and counts the rest.
func TestSummaryListsAtMostMaxSummaryNotes(t *testing.T) {
	var b strings.Builder
	b.WriteString(nodeDocs("n", 2, ""))
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "---\nkind: Pod\nmetadata: {name: p%02d}\nspec: {containers: [{name: c, image: nginx}]}\n", i)
	}
	res := run(t, b.String())
	sum := res.Frames[0].Summary
	if !strings.HasSuffix(sum, "; … and 18 more") || strings.Count(sum, "; ") != 12 {
		t.Errorf("summary %q: want 12 notes and '; … and 18 more'", sum)
	}
	if !strings.HasPrefix(sum, "t=0s: p00 scheduled to ") {
		t.Errorf("summary %q", sum)
	}
}
