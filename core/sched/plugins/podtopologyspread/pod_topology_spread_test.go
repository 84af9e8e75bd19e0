package podtopologyspread

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
)

// NormalizeScore is upstream's 100·(max+min-s)/max with integer division,
// 100 everywhere when the maximum is 0.
func TestNormalizeScore(t *testing.T) {
	pl := New()
	for _, tc := range []struct{ in, want []int64 }{
		{[]int64{12, 9, 9, 7}, []int64{58, 83, 83, 100}},
		{[]int64{0, 0}, []int64{100, 100}},
		{[]int64{5, 5}, []int64{100, 100}},
		{[]int64{10, 0}, []int64{0, 100}},
		{nil, nil},
	} {
		t.Run(fmt.Sprint(tc.in), func(t *testing.T) {
			got := append([]int64(nil), tc.in...)
			pl.NormalizeScore(nil, nil, got)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestDefaultSelector(t *testing.T) {
	yes, no := true, false
	pod := func(labels map[string]string, refs ...core.OwnerReference) *core.Pod {
		return &core.Pod{ObjectMeta: core.ObjectMeta{Labels: labels, OwnerReferences: refs}}
	}
	l := map[string]string{"app": "web", "pod-template-hash": "abc"}
	sel, ok := DefaultSelector(pod(l, core.OwnerReference{Kind: "ReplicaSet", Controller: &yes}))
	assert.True(t, ok, "ReplicaSet pod")
	assert.Equal(t, l, sel, "ReplicaSet pod")
	for name, p := range map[string]*core.Pod{
		"nil":            nil,
		"no owner":       pod(l),
		"not controller": pod(l, core.OwnerReference{Kind: "ReplicaSet", Controller: &no}),
		"controller nil": pod(l, core.OwnerReference{Kind: "StatefulSet"}),
		"DaemonSet":      pod(l, core.OwnerReference{Kind: "DaemonSet", Controller: &yes}),
		"no labels":      pod(nil, core.OwnerReference{Kind: "ReplicaSet", Controller: &yes}),
	} {
		t.Run(name, func(t *testing.T) {
			_, ok := DefaultSelector(p)
			assert.False(t, ok, "got default constraints")
		})
	}
}
