package nodename

import (
	"testing"

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
			if (got == nil) != (tc.want == nil) || (got != nil && (got.Code != tc.want.Code || got.Message() != tc.want.Message())) {
				t.Errorf("Filter = %+v, want %+v", got, tc.want)
			}
		})
	}
	if s := New().Filter(nil, nil, node); s != nil {
		t.Errorf("nil pod: %+v", s)
	}
	if ErrReason != "node(s) didn't match the requested node name" || New().Name() != "NodeName" {
		t.Errorf("constants changed")
	}
}
