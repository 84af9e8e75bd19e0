package nodeunschedulable

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

func TestFilter(t *testing.T) {
	tests := []struct {
		name          string
		unschedulable bool
		tolerations   []core.Toleration
		gate          bool
		wantReject    bool
	}{
		{name: "schedulable node", unschedulable: false},
		{name: "cordoned, no tolerations", unschedulable: true, wantReject: true},
		{name: "cordoned, tolerate everything", unschedulable: true,
			tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}},
		{name: "cordoned, DaemonSet toleration", unschedulable: true,
			tolerations: []core.Toleration{{Key: core.TaintNodeUnschedulable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}},
		{name: "cordoned, Equal with empty value matches the synthetic taint", unschedulable: true,
			tolerations: []core.Toleration{{Key: core.TaintNodeUnschedulable, Operator: core.TolerationOpEqual}}},
		{name: "cordoned, wrong effect", unschedulable: true, wantReject: true,
			tolerations: []core.Toleration{{Key: core.TaintNodeUnschedulable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}}},
		{name: "cordoned, value mismatch", unschedulable: true, wantReject: true,
			tolerations: []core.Toleration{{Key: core.TaintNodeUnschedulable, Value: "true"}}},
		{name: "taint alone does not matter to this plugin", unschedulable: false,
			tolerations: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			node := &framework.NodeInfo{Node: &core.Node{Spec: core.NodeSpec{
				Unschedulable: tc.unschedulable,
				Taints:        []core.Taint{{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule}},
			}}}
			pod := &core.Pod{Spec: core.PodSpec{Tolerations: tc.tolerations}}
			got := New(tc.gate).Filter(nil, pod, node)
			if !tc.wantReject {
				require.Nil(t, got, "want success")
				return
			}
			require.NotNil(t, got, "want rejection")
			assert.Equal(t, framework.UnschedulableAndUnresolvable, got.Code)
			assert.Equal(t, "node(s) were unschedulable", got.Message())
		})
	}
	assert.Nil(t, New(false).Filter(nil, nil, nil), "nil node must pass")
	assert.Nil(t, New(false).Filter(nil, nil, &framework.NodeInfo{}), "node without a Node must pass")
}
