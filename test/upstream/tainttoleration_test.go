package upstream

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/tainttoleration"
	fwk "k8s.io/kube-scheduler/framework"
	upframework "k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/feature"
	uptt "k8s.io/kubernetes/pkg/scheduler/framework/plugins/tainttoleration"
)

// TestTaintTolerationFilterMatchesUpstream runs the TaintToleration Filter
// of the playground and of kube-scheduler on the same pods and nodes and
// requires the same code and reasons.
func TestTaintTolerationFilterMatchesUpstream(t *testing.T) {
	ctx := context.Background()
	pl, err := uptt.New(ctx, nil, nil, feature.Features{})
	require.NoError(t, err)
	up := pl.(fwk.FilterPlugin)
	ours := tainttoleration.New(false)
	secs := int64(30)
	taints := []core.Taint{
		{Key: "dedicated", Value: "gpu", Effect: core.TaintEffectNoSchedule},
		{Key: "spot", Effect: core.TaintEffectNoExecute},
		{Key: "soft", Value: "x", Effect: core.TaintEffectPreferNoSchedule},
	}
	tolerations := [][]core.Toleration{
		nil,
		{{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "gpu", Effect: core.TaintEffectNoSchedule}},
		{{Key: "dedicated", Operator: core.TolerationOpExists}},
		{{Operator: core.TolerationOpExists}},
		{{Key: "spot", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &secs}},
	}
	for ti := range 1 << len(taints) {
		node := &core.Node{ObjectMeta: core.ObjectMeta{Name: "n"}}
		for i, tn := range taints {
			if ti&(1<<i) != 0 {
				node.Spec.Taints = append(node.Spec.Taints, tn)
			}
		}
		for _, tols := range tolerations {
			pod := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "p", Namespace: "default"}, Spec: core.PodSpec{Tolerations: tols}}
			v1pod, err := ToV1Pod(pod)
			require.NoError(t, err)
			v1node, err := ToV1Node(node)
			require.NoError(t, err)
			ni := upframework.NewNodeInfo()
			ni.SetNode(v1node)
			want := up.Filter(ctx, upframework.NewCycleState(), v1pod, ni)
			got := ours.Filter(framework.NewCycleState(), pod, framework.NewNodeInfo(node))
			require.Equal(t, want.Code().String(), got.GetCode().String(), "taints %v tolerations %v", node.Spec.Taints, tols)
			require.Equal(t, upReasons(want), reasonsOf(got), "taints %v tolerations %v", node.Spec.Taints, tols)
		}
	}
}

func reasonsOf(s *framework.Status) []string {
	if s == nil {
		return nil
	}
	return s.Reasons
}

func upReasons(s *fwk.Status) []string {
	if s == nil {
		return nil
	}
	return s.Reasons()
}
