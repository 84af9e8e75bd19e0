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

// BenchmarkParsePaste parses the 5,000-node, 10,000-pod paste (the text of
// bench.Paste(5000, 10000): a NodeList and a PodList).
func BenchmarkParsePaste(b *testing.B) {
	data := []byte(bench.Paste(5000, 10000))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		s, err := Parse(data, "paste.yaml")
		if err != nil {
			b.Fatal(err)
		}
		if len(s.Nodes) != 5000 || len(s.Pods) != 10000 {
			b.Fatalf("%d nodes, %d pods", len(s.Nodes), len(s.Pods))
		}
	}
}
