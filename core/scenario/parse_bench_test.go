package scenario

import (
	"fmt"
	"strings"
	"testing"
)

// largeScenario is a scenario of n nodes and p pods, written like the
// bench package's Cluster (not imported: bench depends on this package's
// users), with a Scenario document of six steps.
func largeScenario(n, p int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "kind: Scenario\nname: cluster-%dx%d\noptions: {seed: 1}\nsteps:\n", n, p)
	for k := 0; k < 6; k++ {
		fmt.Fprintf(&b, "- {at: %ds, run: kubectl taint nodes n%d step%d=true:NoExecute}\n", 10*(k+1), k*7, k)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "---\nkind: Node\nmetadata: {name: n%d, labels: {zone: z%d}}\n", i, i%3)
		switch {
		case i%10 == 0:
			b.WriteString("spec: {taints: [{key: dedicated, value: db, effect: NoSchedule}]}\n")
		case i%7 == 0:
			b.WriteString("spec: {taints: [{key: spot, value: \"true\", effect: PreferNoSchedule}]}\n")
		}
		b.WriteString("status: {allocatable: {cpu: \"32\", memory: 128Gi, pods: \"110\"}}\n")
	}
	for i := 0; i < p; i++ {
		fmt.Fprintf(&b, "---\nkind: Pod\nmetadata: {name: p%d}\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m, memory: 1Gi}}}]\n", i)
		switch i % 5 {
		case 0:
			b.WriteString("  tolerations: [{key: spot, operator: Exists, effect: PreferNoSchedule}]\n")
		case 1:
			b.WriteString("  tolerations: [{key: dedicated, operator: Equal, value: db, effect: NoSchedule}]\n")
		}
	}
	return b.String()
}

// BenchmarkParseLarge parses a 500-node, 2,000-pod scenario (the text of
// bench.Cluster(500, 2000)).
func BenchmarkParseLarge(b *testing.B) {
	data := []byte(largeScenario(500, 2000))
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
