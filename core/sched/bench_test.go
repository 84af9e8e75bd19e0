package sched

import (
	"fmt"
	"testing"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

// BenchmarkSchedule schedules one pod over 1,000 nodes carrying a mix of
// NoSchedule, NoExecute and PreferNoSchedule taints and four pods each.
func BenchmarkSchedule(b *testing.B) {
	nodes := make([]*NodeInfo, 1000)
	for i := range nodes {
		n := tu.MakeNode(fmt.Sprintf("node-%04d", i), "16", "64Gi").Label("zone", fmt.Sprintf("z%d", i%3))
		switch i % 5 {
		case 0:
			n.Taint("dedicated", "gpu", core.TaintEffectNoSchedule)
		case 1:
			n.Taint("spot", "true", core.TaintEffectPreferNoSchedule).Taint("team", "a", core.TaintEffectPreferNoSchedule)
		case 2:
			n.Taint("maint", "x", core.TaintEffectNoExecute)
		case 3:
			n.Taint("spot", "true", core.TaintEffectPreferNoSchedule)
		}
		var pods []*core.Pod
		for j := 0; j < 4; j++ {
			pods = append(pods, tu.MakePod(fmt.Sprintf("p-%d-%d", i, j), fmt.Sprintf("%dm", 100*(j+1)+i%7), fmt.Sprintf("%dMi", 256*(j+1))).P)
		}
		nodes[i] = n.Info(pods...)
	}
	pod := tu.MakePod("incoming", "500m", "1Gi").DefaultTolerations().
		Tol("dedicated", core.TolerationOpEqual, "gpu", core.TaintEffectNoSchedule).
		PreferredTerm(50, tu.Term(tu.Expr("zone", core.NodeSelectorOpIn, "z1"))).P
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := Schedule(pod, nodes, Options{})
		if r.NodeName == "" {
			b.Fatalf("unschedulable: %s", r.Message)
		}
	}
}
