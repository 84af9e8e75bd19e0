package framework

import (
	"testing"
	"unsafe"
)

// A NodeInfo header fits one 64-byte cache line and its sums two: a cycle
// over thousands of nodes is bound by the lines it touches.
func TestNodeInfoLayout(t *testing.T) {
	if s := unsafe.Sizeof(NodeInfo{}); s > 64 {
		t.Errorf("NodeInfo is %d bytes, want at most 64", s)
	}
	if s := unsafe.Sizeof(nodeSums{}); s > 128 {
		t.Errorf("nodeSums is %d bytes, want at most 128", s)
	}
}

// A NodeInfo copied by value keeps its own sums when the copy gains a pod,
// even the pod its list already ends with.
func TestNodeInfoCopyAddPod(t *testing.T) {
	a := podReq("a", "500m", "1Gi")
	orig := NewNodeInfo(nodeWith("4", "8Gi"), a)
	cp := *orig
	cp.AddPod(a)
	if got := orig.Resources().Requested.MilliCPU; got != 500 {
		t.Errorf("original after the copy's AddPod: cpu %d, want 500", got)
	}
	if got := cp.Resources().Requested.MilliCPU; got != 1000 {
		t.Errorf("copy after AddPod: cpu %d, want 1000", got)
	}
	// A node replaced in place is noticed too.
	other := nodeWith("8", "8Gi")
	orig.Node = other
	if got := orig.Resources().Allocatable.MilliCPU; got != 8000 {
		t.Errorf("after replacing the node: allocatable cpu %d, want 8000", got)
	}
}
