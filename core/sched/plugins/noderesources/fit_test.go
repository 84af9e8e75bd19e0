package noderesources

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

func TestFilter(t *testing.T) {
	gpuNode := func(gpus string) *tu.Node {
		n := tu.MakeNode("n", "4000m", "8Gi")
		if gpus != "" {
			n.Alloc("nvidia.com/gpu", gpus)
		}
		return n
	}
	tests := []struct {
		name     string
		pod      *core.Pod
		node     *framework.NodeInfo
		wantCode framework.Code
		want     []string
	}{
		{name: "fits", pod: tu.MakePod("p", "1", "1Gi").P, node: tu.MakeNode("n", "4", "8Gi").Info(tu.MakePod("a", "2", "2Gi").P), wantCode: framework.Success},
		{name: "exactly fills the node", pod: tu.MakePod("p", "2", "6Gi").P, node: tu.MakeNode("n", "4", "8Gi").Info(tu.MakePod("a", "2", "2Gi").P), wantCode: framework.Success},
		{name: "insufficient cpu is resolvable", pod: tu.MakePod("p", "1000m", "1Gi").P,
			node: tu.MakeNode("n", "4000m", "8Gi").Info(tu.MakePod("filler", "3500m", "1Gi").P), wantCode: framework.Unschedulable, want: []string{"Insufficient cpu"}},
		{name: "cpu and memory together", pod: tu.MakePod("p", "1000m", "1Gi").P,
			node: tu.MakeNode("n", "4000m", "8Gi").Info(tu.MakePod("big", "3500m", "7.5Gi").P), wantCode: framework.Unschedulable, want: []string{"Insufficient cpu", "Insufficient memory"}},
		{name: "request larger than allocatable is unresolvable", pod: tu.MakePod("p", "5", "").P,
			node: tu.MakeNode("n", "4", "8Gi").Info(), wantCode: framework.UnschedulableAndUnresolvable, want: []string{"Insufficient cpu"}},
		{name: "too many pods is checked for a zero-request pod", pod: tu.MakePod("p", "", "").P,
			node: tu.MakeNode("n", "4", "8Gi").Alloc(core.ResourcePods, "1").Info(tu.MakePod("a", "", "").P), wantCode: framework.Unschedulable, want: []string{"Too many pods"}},
		{name: "too many pods plus cpu", pod: tu.MakePod("p", "4", "").P,
			node: tu.MakeNode("n", "4", "8Gi").Alloc(core.ResourcePods, "1").Info(tu.MakePod("a", "1", "").P), wantCode: framework.Unschedulable, want: []string{"Too many pods", "Insufficient cpu"}},
		{name: "node without pods allocatable admits nothing", pod: tu.MakePod("p", "", "").P,
			node: &framework.NodeInfo{Node: &core.Node{}}, wantCode: framework.Unschedulable, want: []string{"Too many pods"}},
		{name: "gpu on a node without gpus is unresolvable (S21)", pod: tu.MakePod("p", "", "").Req("nvidia.com/gpu", "1").P,
			node: gpuNode("").Info(), wantCode: framework.UnschedulableAndUnresolvable, want: []string{"Insufficient nvidia.com/gpu"}},
		{name: "all gpus used is resolvable (S21)", pod: tu.MakePod("p", "", "").Req("nvidia.com/gpu", "1").P,
			node: gpuNode("4").Info(tu.MakePod("g", "", "").Req("nvidia.com/gpu", "4").P), wantCode: framework.Unschedulable, want: []string{"Insufficient nvidia.com/gpu"}},
		{name: "ephemeral storage", pod: tu.MakePod("p", "", "").Req(core.ResourceEphemeralStorage, "2Gi").P,
			node:     tu.MakeNode("n", "4", "8Gi").Alloc(core.ResourceEphemeralStorage, "10Gi").Info(tu.MakePod("a", "", "").Req(core.ResourceEphemeralStorage, "9Gi").P),
			wantCode: framework.Unschedulable, want: []string{"Insufficient ephemeral-storage"}},
		{name: "scalar resources sorted by name, mixed codes", pod: tu.MakePod("p", "", "").Req("z.io/b", "1").Req("a.io/a", "1").P,
			node:     tu.MakeNode("n", "4", "8Gi").Alloc("z.io/b", "1").Info(tu.MakePod("a", "", "").Req("z.io/b", "1").P),
			wantCode: framework.UnschedulableAndUnresolvable, want: []string{"Insufficient a.io/a", "Insufficient z.io/b"}},
		{name: "zero extended request is ignored", pod: tu.MakePod("p", "", "").Req("nvidia.com/gpu", "0").P, node: gpuNode("").Info(), wantCode: framework.Success},
		{name: "terminal pods do not count", pod: tu.MakePod("p", "1", "").P,
			node: tu.MakeNode("n", "1", "8Gi").Info(func() *core.Pod { p := tu.MakePod("done", "1", "").P; p.Status.Phase = core.PodSucceeded; return p }()), wantCode: framework.Success},
		{name: "overhead counts", pod: func() *core.Pod { p := tu.MakePod("p", "900m", "").P; p.Spec.Overhead = tu.RL("cpu", "200m"); return p }(),
			node: tu.MakeNode("n", "1", "8Gi").Info(), wantCode: framework.UnschedulableAndUnresolvable, want: []string{"Insufficient cpu"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pl := New()
			st := framework.NewCycleState()
			_, s := pl.PreFilter(st, tc.pod, nil)
			require.Nil(t, s, "PreFilter")
			got := pl.Filter(st, tc.pod, tc.node)
			require.Equal(t, tc.wantCode, got.GetCode(), "code (%+v)", got)
			if got != nil {
				require.Equal(t, tc.want, got.Reasons, "reasons")
			}
			// Without PreFilter state the verdict is the same.
			again := pl.Filter(framework.NewCycleState(), tc.pod, tc.node)
			require.Equal(t, tc.wantCode, again.GetCode(), "stateless code")
		})
	}
}

func TestFitsDetails(t *testing.T) {
	st := framework.NewCycleState()
	node := tu.MakeNode("n", "4000m", "8Gi").Info(tu.MakePod("filler", "3500m", "1Gi").P)
	req := framework.ResourceFromUnits(framework.PodRequests(tu.MakePod("p", "1000m", "1Gi").P, false))
	got := Fits(&req, st.NodeResources(node))
	want := []InsufficientResource{{ResourceName: core.ResourceCPU, Reason: ReasonInsufficientCPU, Requested: 1000, Used: 3500, Capacity: 4000}}
	assert.Equal(t, want, got, "Fits")
}

// TestLeastAllocatedScore covers SCHEDULER.md §1.5 (43 and 78) and the
// 100m/200Mi defaults.
func TestLeastAllocatedScore(t *testing.T) {
	tests := []struct {
		name string
		pod  *core.Pod
		node *framework.NodeInfo
		want int64
	}{
		{"§1.5 43", tu.MakePod("p", "1000m", "1Gi").P, tu.MakeNode("n", "4000m", "8Gi").Info(tu.MakePod("a", "2000m", "2Gi").P), 43},
		{"§1.5 78: BestEffort pod on the node counts 100m/200Mi", tu.MakePod("p", "1000m", "1Gi").P, tu.MakeNode("n", "4000m", "8Gi").Info(tu.MakePod("be", "", "").P), 78},
		{"empty node, 500m/512Mi pod (S3)", tu.MakePod("p", "500m", "512Mi").P, tu.MakeNode("n", "4000m", "8Gi").Info(), 90},
		{"BestEffort incoming pod counts 100m/200Mi", tu.MakePod("p", "", "").P, tu.MakeNode("n", "1000m", "1000Mi").Info(), 85},
		{"over-committed resource scores 0", tu.MakePod("p", "5", "1Gi").P, tu.MakeNode("n", "4", "2Gi").Info(), 25},
		{"S5 n1", tu.MakePod("p", "1000m", "1Gi").P, tu.MakeNode("n1", "10000m", "10Gi").Info(tu.MakePod("a", "1000m", "4Gi").P), 65},
		{"S5 n2", tu.MakePod("p", "1000m", "1Gi").P, tu.MakeNode("n2", "10000m", "10Gi").Info(tu.MakePod("a", "3000m", "3Gi").P), 60},
		{"no allocatable at all", tu.MakePod("p", "1", "").P, &framework.NodeInfo{Node: &core.Node{}}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pl := New()
			st := framework.NewCycleState()
			require.Nil(t, pl.PreScore(st, tc.pod, []*framework.NodeInfo{tc.node}), "PreScore")
			got, s := pl.Score(st, tc.pod, tc.node)
			require.Nil(t, s, "Score status")
			require.Equal(t, tc.want, got, "Score")
		})
	}
	assert.Equal(t, int64(0), LeastRequestedScore(5, 0), "LeastRequestedScore(5, 0)")
	assert.Equal(t, int64(0), LeastRequestedScore(3, 2), "LeastRequestedScore(3, 2)")
	assert.Equal(t, int64(75), LeastRequestedScore(1, 4), "LeastRequestedScore(1, 4)")
}
