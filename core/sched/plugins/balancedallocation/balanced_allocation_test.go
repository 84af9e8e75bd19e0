package balancedallocation

import (
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

// TestScore uses SCHEDULER.md §1.5 (82, 73), EXAMPLES.md S5 (75) and the
// expected values of upstream's balanced_allocation_test.go (v1.37:
// 68/75, 73/74, 73/70, 100/50, 62/62), whose memory quantities are plain
// byte counts.
func TestScore(t *testing.T) {
	twoCtr := func() *core.Pod { return tu.MakePod("p", "1000m", "2000").Container("2000m", "3000").P }
	cpuOnly := func() *core.Pod { return tu.MakePod("e", "1000m", "").Container("2000m", "").P }
	tests := []struct {
		name string
		pod  *core.Pod
		node *framework.NodeInfo
		want int64
	}{
		{"§1.5 82", tu.MakePod("p", "4000m", "1Gi").P, tu.MakeNode("n", "10000m", "10Gi").Info(tu.MakePod("a", "2000m", "6Gi").P), 82},
		{"§1.5 73 empty node", tu.MakePod("p", "500m", "512Mi").P, tu.MakeNode("n", "4000m", "8Gi").Info(), 73},
		{"S5 n1 balance unchanged", tu.MakePod("p", "1000m", "1Gi").P, tu.MakeNode("n1", "10000m", "10Gi").Info(tu.MakePod("a", "1000m", "4Gi").P), 75},
		{"S5 n2 balance unchanged", tu.MakePod("p", "1000m", "1Gi").P, tu.MakeNode("n2", "10000m", "10Gi").Info(tu.MakePod("a", "3000m", "3Gi").P), 75},
		{"upstream: differently sized nodes 1", twoCtr(), tu.MakeNode("node1", "4000m", "10000").Info(), 68},
		{"upstream: differently sized nodes 2", twoCtr(), tu.MakeNode("node2", "6000m", "10000").Info(), 75},
		{"upstream: pods scheduled 1", twoCtr(), tu.MakeNode("node1", "10000m", "20000").Info(cpuOnly()), 73},
		{"upstream: pods scheduled 2", twoCtr(), tu.MakeNode("node2", "10000m", "20000").Info(twoCtr()), 74},
		{"upstream: differently sized 2", twoCtr(), tu.MakeNode("node2", "10000m", "50000").Info(twoCtr()), 70},
		{"upstream: max score", tu.MakePod("p", "", "2000").Container("", "3000").P, tu.MakeNode("node1", "3000m", "5000").Info(cpuOnly()), 100},
		{"upstream: min score", tu.MakePod("p", "", "2000").Container("", "3000").P, tu.MakeNode("node2", "3000m", "5000").Info(), 50},
		{"upstream: at capacity 1", cpuOnly(), tu.MakeNode("node1", "6000m", "10000").Info(cpuOnly()), 62},
		{"upstream: at capacity 2", cpuOnly(), tu.MakeNode("node2", "6000m", "10000").Info(twoCtr()), 62},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pl := New()
			st := framework.NewCycleState()
			if s := pl.PreScore(st, tc.pod, []*framework.NodeInfo{tc.node}); s != nil {
				t.Fatalf("PreScore %+v", s)
			}
			got, s := pl.Score(st, tc.pod, tc.node)
			if s != nil || got != tc.want {
				t.Fatalf("Score = %d (%+v), want %d", got, s, tc.want)
			}
			if again, _ := pl.Score(framework.NewCycleState(), tc.pod, tc.node); again != tc.want {
				t.Fatalf("stateless Score = %d", again)
			}
		})
	}
}

func TestPreScoreSkipsBestEffort(t *testing.T) {
	pl := New()
	if s := pl.PreScore(framework.NewCycleState(), tu.MakePod("be", "", "").P, nil); !s.IsSkip() {
		t.Errorf("BestEffort PreScore = %+v, want Skip", s)
	}
	if s := pl.PreScore(framework.NewCycleState(), tu.MakePod("b", "1m", "").P, nil); s != nil {
		t.Errorf("Burstable PreScore = %+v, want nil", s)
	}
	// Extended resources alone still count as BestEffort for this plugin.
	if s := pl.PreScore(framework.NewCycleState(), tu.MakePod("g", "", "").Req("nvidia.com/gpu", "1").P, nil); !s.IsSkip() {
		t.Errorf("gpu-only PreScore = %+v, want Skip", s)
	}
}

func TestFormulaPieces(t *testing.T) {
	// (0.6, 0.7): std 0.05 → 95; (0.2, 0.6): std 0.2 → 80.
	if got := BalanceScore([]int64{6000, 7 << 30}, []int64{10000, 10 << 30}); got != 95 {
		t.Errorf("BalanceScore(0.6,0.7) = %d", got)
	}
	if got := BalanceScore([]int64{2000, 6 << 30}, []int64{10000, 10 << 30}); got != 80 {
		t.Errorf("BalanceScore(0.2,0.6) = %d", got)
	}
	// Population std for three resources: fractions 0, 0.5, 1 → std 0.408 → 59.
	if got := BalanceScore([]int64{0, 5, 10}, []int64{10, 10, 10}); got != 59 {
		t.Errorf("three resources = %d", got)
	}
	if got := BalanceScore([]int64{5, 20}, []int64{10, 10}); got != 75 {
		t.Errorf("capped fraction = %d", got)
	}
	if got := BalanceScore([]int64{5, 5}, []int64{0, 10}); got != 100 {
		t.Errorf("zero allocatable skipped = %d", got)
	}
	// The lowest score: the pod moves a perfectly balanced node to the
	// worst balance.
	if got := ChangeScore(50, 100); got != 50 {
		t.Errorf("ChangeScore(50,100) = %d", got)
	}
	// Integer division truncates: 50 + 9/2 = 54.
	if got := ChangeScore(59, 100); got != 54 {
		t.Errorf("ChangeScore(59,100) = %d, want 54", got)
	}
}
