package framework

import (
	"testing"

	"github.com/taints-playground/playground/core"
)

// The pod memo keeps its values while the pod list stays the same and is
// empty after AddPod, RemovePod, a new list, truncation, appending,
// Invalidate, or for a copy whose pods differ.
func TestPodMemo(t *testing.T) {
	a, b, c := podReq("a", "1", ""), podReq("b", "1", ""), podReq("c", "1", "")
	k, k2 := NewMemoKey(), NewMemoKey()
	if k == k2 {
		t.Fatal("NewMemoKey repeated a key")
	}
	n := NewNodeInfo(nodeWith("4", "8Gi"), a, b)
	if _, ok := n.Memo(k); ok {
		t.Fatal("a new NodeInfo has a memo")
	}
	n.SetMemo(k, 1)
	n.SetMemo(k2, 2)
	if v, ok := n.Memo(k); !ok || v != 1 {
		t.Fatal("memo lost with the same pods")
	}
	if v, ok := n.Memo(k2); !ok || v != 2 {
		t.Fatal("second key lost")
	}
	same := *n
	if _, ok := same.Memo(k); !ok {
		t.Fatal("a copy with the same pods does not share the memo")
	}
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
		n.SetMemo(k, 1)
		s.do(n)
		if _, ok := n.Memo(k); ok {
			t.Errorf("%s: memo kept", s.name)
		}
	}
	orig := NewNodeInfo(nodeWith("4", "8Gi"), a)
	orig.SetMemo(k, 1)
	cp := *orig
	cp.AddPod(b)
	cp.SetMemo(k, 2)
	if v, _ := orig.Memo(k); v != 1 {
		t.Errorf("the copy's memo reached the original: %d", v)
	}
	// Past maxMemo values the memo starts over; the last one is kept.
	var last MemoKey
	for i := 0; i <= maxMemo; i++ {
		last = NewMemoKey()
		orig.SetMemo(last, int64(i))
	}
	if v, ok := orig.Memo(last); !ok || v != maxMemo {
		t.Errorf("last value after overflow: %d %v", v, ok)
	}
	var nilInfo *NodeInfo
	nilInfo.SetMemo(k, 1)
	if _, ok := nilInfo.Memo(k); ok {
		t.Error("nil NodeInfo has a memo")
	}
}
