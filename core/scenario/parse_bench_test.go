package scenario

import (
	"testing"

	"github.com/taints-playground/playground/bench"
)

// BenchmarkParseLarge parses a 500-node, 2,000-pod scenario (the text of
// bench.Cluster(500, 2000)).
func BenchmarkParseLarge(b *testing.B) {
	data := []byte(bench.Cluster(500, 2000))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		s, err := Parse(data, "large.yaml")
		if err != nil {
			b.Fatal(err)
		}
		if len(s.Nodes) != 500 || len(s.Pods) != 2000 {
			b.Fatalf("%d nodes, %d pods", len(s.Nodes), len(s.Pods))
		}
	}
}
