package balancedallocation

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
			require.Nil(t, pl.PreScore(st, tc.pod, []*framework.NodeInfo{tc.node}), "PreScore")
			got, s := pl.Score(st, tc.pod, tc.node)
			require.Nil(t, s, "Score status")
			require.Equal(t, tc.want, got, "Score")
			again, _ := pl.Score(framework.NewCycleState(), tc.pod, tc.node)
			require.Equal(t, tc.want, again, "stateless Score")
		})
	}
}

func TestPreScoreSkipsBestEffort(t *testing.T) {
	pl := New()
	assert.True(t, pl.PreScore(framework.NewCycleState(), tu.MakePod("be", "", "").P, nil).IsSkip(), "BestEffort PreScore must Skip")
	assert.Nil(t, pl.PreScore(framework.NewCycleState(), tu.MakePod("b", "1m", "").P, nil), "Burstable PreScore")
	// Extended resources alone still count as BestEffort for this plugin.
	assert.True(t, pl.PreScore(framework.NewCycleState(), tu.MakePod("g", "", "").Req("nvidia.com/gpu", "1").P, nil).IsSkip(), "gpu-only PreScore must Skip")
}

func TestFormulaPieces(t *testing.T) {
	tests := []struct {
		name                   string
		requested, allocatable []int64
		want                   int64
	}{
		// (0.6, 0.7): std 0.05 → 95; (0.2, 0.6): std 0.2 → 80.
		{"BalanceScore(0.6,0.7)", []int64{6000, 7 << 30}, []int64{10000, 10 << 30}, 95},
		{"BalanceScore(0.2,0.6)", []int64{2000, 6 << 30}, []int64{10000, 10 << 30}, 80},
		// Population std for three resources: fractions 0, 0.5, 1 → std 0.408 → 59.
		{"three resources", []int64{0, 5, 10}, []int64{10, 10, 10}, 59},
		{"capped fraction", []int64{5, 20}, []int64{10, 10}, 75},
		{"zero allocatable skipped", []int64{5, 5}, []int64{0, 10}, 100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, BalanceScore(tc.requested, tc.allocatable))
		})
	}
	// The lowest score: the pod moves a perfectly balanced node to the
	// worst balance.
	assert.Equal(t, int64(50), ChangeScore(50, 100), "ChangeScore(50,100)")
	// Integer division truncates: 50 + 9/2 = 54.
	assert.Equal(t, int64(54), ChangeScore(59, 100), "ChangeScore(59,100)")
}
