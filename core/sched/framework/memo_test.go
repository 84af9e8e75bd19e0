package framework

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

// The pod memo keeps its values while the pod list stays the same and is
// empty after AddPod, RemovePod, a new list, truncation, appending,
// Invalidate, or for a copy whose pods differ.
func TestPodMemo(t *testing.T) {
	a, b, c := podReq("a", "1", ""), podReq("b", "1", ""), podReq("c", "1", "")
	k, k2 := NewMemoKey(), NewMemoKey()
	require.NotEqual(t, k, k2, "NewMemoKey repeated a key")
	n := NewNodeInfo(nodeWith("4", "8Gi"), a, b)
	_, ok := n.Memo(k)
	require.False(t, ok, "a new NodeInfo has a memo")
	n.SetMemo(k, 1)
	n.SetMemo(k2, 2)
	v, ok := n.Memo(k)
	require.True(t, ok, "memo lost with the same pods")
	require.Equal(t, int64(1), v, "memo with the same pods")
	v, ok = n.Memo(k2)
	require.True(t, ok, "second key lost")
	require.Equal(t, int64(2), v, "second key")
	same := *n
	_, ok = same.Memo(k)
	require.True(t, ok, "a copy with the same pods does not share the memo")
	steps := []struct {
		name string
		do   func(*NodeInfo)
	}{
		{"AddPod", func(n *NodeInfo) { n.AddPod(c) }},
		{"RemovePod", func(n *NodeInfo) { n.RemovePod(a) }},
		{"new list, same length and ends", func(n *NodeInfo) { n.Pods = append([]*core.Pod(nil), n.Pods...) }},
		{"truncate", func(n *NodeInfo) { n.Pods = n.Pods[:len(n.Pods)-1] }},
		{"append", func(n *NodeInfo) { n.Pods = append(n.Pods, c) }},
		{"Invalidate", func(n *NodeInfo) { n.Invalidate() }},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			n.SetMemo(k, 1)
			s.do(n)
			_, ok := n.Memo(k)
			assert.False(t, ok, "memo kept")
		})
	}
	orig := NewNodeInfo(nodeWith("4", "8Gi"), a)
	orig.SetMemo(k, 1)
	cp := *orig
	cp.AddPod(b)
	cp.SetMemo(k, 2)
	v, _ = orig.Memo(k)
	assert.Equal(t, int64(1), v, "the copy's memo reached the original")
	// Past maxMemo values the memo starts over; the last one is kept.
	var last MemoKey
	for i := 0; i <= maxMemo; i++ {
		last = NewMemoKey()
		orig.SetMemo(last, int64(i))
	}
	v, ok = orig.Memo(last)
	assert.True(t, ok, "last value after overflow kept")
	assert.Equal(t, int64(maxMemo), v, "last value after overflow")
	var nilInfo *NodeInfo
	nilInfo.SetMemo(k, 1)
	_, ok = nilInfo.Memo(k)
	assert.False(t, ok, "nil NodeInfo has a memo")
}
