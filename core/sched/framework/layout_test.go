package framework

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// A NodeInfo header fits one 64-byte cache line and the resource part of
// its sums two: a cycle over thousands of nodes is bound by the lines it
// touches. The topology labels, read only when spreading applies, follow.
func TestNodeInfoLayout(t *testing.T) {
	assert.LessOrEqual(t, unsafe.Sizeof(NodeInfo{}), uintptr(64), "NodeInfo bytes")
	var s nodeSums
	assert.LessOrEqual(t, unsafe.Offsetof(s.n)+unsafe.Sizeof(s.n), uintptr(128), "the resource sums' end")
	assert.GreaterOrEqual(t, unsafe.Offsetof(s.topo), unsafe.Offsetof(s.n), "the topology labels come before the resource sums")
}

// A NodeInfo copied by value keeps its own sums when the copy gains a pod,
// even the pod its list already ends with.
func TestNodeInfoCopyAddPod(t *testing.T) {
	a := podReq("a", "500m", "1Gi")
	orig := NewNodeInfo(nodeWith("4", "8Gi"), a)
	cp := *orig
	cp.AddPod(a)
	assert.Equal(t, int64(500), orig.Resources().Requested.MilliCPU, "original after the copy's AddPod: cpu")
	assert.Equal(t, int64(1000), cp.Resources().Requested.MilliCPU, "copy after AddPod: cpu")
	// A node replaced in place is noticed too.
	other := nodeWith("8", "8Gi")
	orig.Node = other
	assert.Equal(t, int64(8000), orig.Resources().Allocatable.MilliCPU, "after replacing the node: allocatable cpu")
}

// Topology reads the hostname and zone labels with the sums: a node
// replaced in place is noticed, a clone keeps them, nil gives zero.
func TestNodeInfoTopology(t *testing.T) {
	n := nodeWith("4", "8Gi")
	n.Labels = map[string]string{LabelHostname: "a", LabelTopologyZone: "z1"}
	ni := NewNodeInfo(n)
	assert.Equal(t, Topology{Zone: "z1", HasZone: true, HasHostname: true}, ni.Topology())
	assert.Equal(t, Topology{Zone: "z1", HasZone: true, HasHostname: true}, ni.Clone().Topology(), "clone")
	other := nodeWith("4", "8Gi")
	other.Labels = map[string]string{LabelTopologyZone: ""}
	ni.Node = other
	assert.Equal(t, Topology{HasZone: true}, ni.Topology(), "after replacing the node")
	lit := &NodeInfo{Node: nodeWith("1", "1Gi")}
	assert.Equal(t, Topology{}, lit.Topology(), "unlabelled node")
	var none *NodeInfo
	assert.Equal(t, Topology{}, none.Topology(), "nil NodeInfo")
}
