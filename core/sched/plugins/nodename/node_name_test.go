package nodename

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

func TestFilter(t *testing.T) {
	node := &framework.NodeInfo{Node: &core.Node{ObjectMeta: core.ObjectMeta{Name: "n1"}}}
	tests := []struct {
		name     string
		nodeName string
		want     *framework.Status
	}{
		{"no nodeName", "", nil},
		{"same node", "n1", nil},
		{"other node", "n2", framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReason)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pod := &core.Pod{Spec: core.PodSpec{NodeName: tc.nodeName}}
			got := New().Filter(nil, pod, node)
			if tc.want == nil {
				assert.Nil(t, got)
				return
			}
			require.NotNil(t, got)
			assert.Equal(t, tc.want.Code, got.Code)
			assert.Equal(t, tc.want.Message(), got.Message())
		})
	}
	assert.Nil(t, New().Filter(nil, nil, node), "nil pod")
	assert.Equal(t, "node(s) didn't match the requested node name", ErrReason)
	assert.Equal(t, "NodeName", New().Name())
}
