package framework

import (
	"testing"

	"github.com/taints-playground/playground/core"
)

// PodMemo keeps its values while the pod list stays the same and starts
// empty after AddPod, RemovePod, a new list, truncation, Invalidate, or for
// a copy whose pods differ.
func TestPodMemo(t *testing.T) {
	a, b, c := podReq("a", "1", ""), podReq("b", "1", ""), podReq("c", "1", "")
	n := NewNodeInfo(nodeWith("4", "8Gi"), a, b)
	n.PodMemo()["k"] = 1
	if v, ok := n.PodMemo()["k"]; !ok || v != 1 {
		t.Fatal("memo lost with the same pods")
	}
	same := *n
	if _, ok := same.PodMemo()["k"]; !ok {
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
		n.PodMemo()["k"] = 1
		s.do(n)
		if _, ok := n.PodMemo()["k"]; ok {
			t.Errorf("%s: memo kept", s.name)
		}
	}
	orig := NewNodeInfo(nodeWith("4", "8Gi"), a)
	orig.PodMemo()["k"] = 1
	cp := *orig
	cp.AddPod(b)
	cp.PodMemo()["k"] = 2
	if v := orig.PodMemo()["k"]; v != 1 {
		t.Errorf("the copy's memo reached the original: %d", v)
	}
	var nilInfo *NodeInfo
	nilInfo.PodMemo()["k"] = 1
}
