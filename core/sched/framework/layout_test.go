package framework

import (
	"testing"
	"unsafe"
)

// A NodeInfo header fits one 64-byte cache line and the resource part of
// its sums two: a cycle over thousands of nodes is bound by the lines it
// touches. The topology labels, read only when spreading applies, follow.
func TestNodeInfoLayout(t *testing.T) {
	if s := unsafe.Sizeof(NodeInfo{}); s > 64 {
		t.Errorf("NodeInfo is %d bytes, want at most 64", s)
	}
	var s nodeSums
	if end := unsafe.Offsetof(s.n) + unsafe.Sizeof(s.n); end > 128 {
		t.Errorf("the resource sums end at byte %d, want at most 128", end)
	}
	if unsafe.Offsetof(s.topo) < unsafe.Offsetof(s.n) {
		t.Errorf("the topology labels come before the resource sums")
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

// Topology reads the hostname and zone labels with the sums: a node
// replaced in place is noticed, a clone keeps them, nil gives zero.
func TestNodeInfoTopology(t *testing.T) {
	n := nodeWith("4", "8Gi")
	n.Labels = map[string]string{LabelHostname: "a", LabelTopologyZone: "z1"}
	ni := NewNodeInfo(n)
	if got, want := ni.Topology(), (Topology{Zone: "z1", HasZone: true, HasHostname: true}); got != want {
		t.Errorf("Topology() = %+v, want %+v", got, want)
	}
	if got, want := ni.Clone().Topology(), (Topology{Zone: "z1", HasZone: true, HasHostname: true}); got != want {
		t.Errorf("clone: Topology() = %+v, want %+v", got, want)
	}
	other := nodeWith("4", "8Gi")
	other.Labels = map[string]string{LabelTopologyZone: ""}
	ni.Node = other
	if got, want := ni.Topology(), (Topology{HasZone: true}); got != want {
		t.Errorf("after replacing the node: Topology() = %+v, want %+v", got, want)
	}
	lit := &NodeInfo{Node: nodeWith("1", "1Gi")}
	if got := lit.Topology(); got != (Topology{}) {
		t.Errorf("unlabelled node: Topology() = %+v", got)
	}
	var none *NodeInfo
	if got := none.Topology(); got != (Topology{}) {
		t.Errorf("nil NodeInfo: Topology() = %+v", got)
	}
}
