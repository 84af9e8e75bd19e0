package bench

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

func parse(tb testing.TB, text string) *scenario.Scenario {
	tb.Helper()
	s, err := scenario.Parse([]byte(text), "bench.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func runBench(b *testing.B, s *scenario.Scenario) {
	b.ReportAllocs()
	frames := 0
	for i := 0; i < b.N; i++ {
		res, err := sim.Run(s)
		if err != nil {
			b.Fatal(err)
		}
		frames = len(res.Frames)
	}
	b.ReportMetric(float64(frames), "frames")
}

// BenchmarkStorm500 is the NoExecute storm: 500 nodes, 2,000 pods, one
// hour of virtual time (bench.Storm).
func BenchmarkStorm500(b *testing.B) {
	s := parse(b, Storm(500, 2000, time.Hour))
	b.ResetTimer()
	runBench(b, s)
}

// BenchmarkStormSmall is the same storm at 50 nodes and 200 pods over ten
// minutes, for quick profiles.
func BenchmarkStormSmall(b *testing.B) {
	s := parse(b, Storm(50, 200, 10*time.Minute))
	b.ResetTimer()
	runBench(b, s)
}

// TestStormParses keeps the generators valid (a seed-only check; make
// test never runs the benchmarks).
func TestStormParses(t *testing.T) {
	for _, text := range []string{Storm(50, 200, 10*time.Minute), Storm(500, 2000, time.Hour), Cluster(500, 2000), Paste(5000, 10000)} {
		s := parse(t, text)
		if err := s.CheckCaps(); err != nil {
			t.Fatal(err)
		}
	}
}

// BenchmarkStormMid is the storm at 300 nodes and 1,000 pods over 20
// minutes (still above sim.ExplainLimit, so frames carry summaries): the
// size used for before/after comparisons.
func BenchmarkStormMid(b *testing.B) {
	s := parse(b, Storm(300, 1000, 20*time.Minute))
	b.ResetTimer()
	runBench(b, s)
}

// TestFrameCap: a scenario within the parse caps whose frames would hold
// more node and pod states than scenario.MaxFrameSlots (11 nodes, 25,000
// pods that no scheduler takes, 1,000 frames from 500 `wait` steps) is
// stopped with the cap's error instead of running the page out of memory.
func TestFrameCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("kind: Scenario\nname: frames\nsteps:\n")
	for i := 1; i <= 500; i++ {
		fmt.Fprintf(&b, "- {at: %ds, run: wait 1s}\n", 2*i)
	}
	for i := 0; i < 11; i++ {
		fmt.Fprintf(&b, "---\nkind: Node\nmetadata: {name: n%d}\n", i)
	}
	for d := 0; d < 50; d++ {
		fmt.Fprintf(&b, `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: idle%d}
spec:
  replicas: 500
  selector: {matchLabels: {app: idle%d}}
  template:
    metadata: {labels: {app: idle%d}}
    spec:
      schedulerName: nobody
      containers: [{name: c, image: nginx}]
`, d, d, d)
	}
	s := parse(t, b.String())
	_, err := sim.Run(s)
	if err == nil || !strings.Contains(err.Error(), "too large: ") || !strings.Contains(err.Error(), fmt.Sprintf("at most %d", scenario.MaxFrameSlots)) {
		t.Fatalf("Run: %v; want the frame cap's error", err)
	}
	t.Log(err)
}

// BenchmarkCluster500Page is what the page does with the 500-node,
// 2,000-pod scenario of the page benchmark (Cluster) before its first
// board: parse the text and run it.
func BenchmarkCluster500Page(b *testing.B) {
	text := Cluster(500, 2000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := sim.Run(parse(b, text)); err != nil {
			b.Fatal(err)
		}
	}
}
