package sched

import (
	"sync"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/plugins/imagelocality"
)

// scratch is the working memory of one Schedule call that never reaches
// its Result: the snapshot (kept between calls, see snapshot), the
// filter pass's marks and feasible list, and the score plugins' raw and
// normalized scores. Schedule takes one from scratchPool and puts it back
// when it returns, so concurrent calls never share one, and a Result
// never aliases it.
//
// It is one part of how a cycle stays cheap at thousands of nodes, where
// the cost is allocation and cache misses: the hot path allocates only
// what its Result keeps. The snapshot is kept between calls and updated in
// place when the caller passes the same NodeInfos again (replacing some,
// as the simulation does; Snapshot skips even that comparison); NodeInfo
// keeps its resource sums precomputed; score plugins keep their PreScore
// state in the plugin; the statuses of one cycle's TaintToleration and
// NodeAffinity rejections are shared; the Filter pass warms the next
// nodes' memory together (NodeInfo.Warm); Options.SkipBreakdown drops the
// per-node breakdown for callers that act on the decision only; and under
// WebAssembly each cycle yields once so the garbage collector gets to run
// (yield_wasm.go). bench_large_test.go measures 5,000 nodes and reports ns
// per (pod, node) Filter evaluation.
type scratch struct {
	// kept is the snapshot of the previous call's node list.
	kept nodeSnapshot
	// images counts the cycle's snapshot nodes per image name: kept's or
	// a Snapshot's (set by the caller of scheduleAll).
	images imagelocality.Counter

	absent    []*NodeInfo
	rejected  []rejection
	passed    []bool
	feasible  []*NodeInfo
	raw, norm []int64
	total     []int64
	// warm keeps what NodeInfo.Warm returned, so its reads stay.
	warm   uintptr
	active []weightedScore
}

// rejection is a node the Filter pass rejected and the reported status.
type rejection struct {
	node   *NodeInfo
	status *Status
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func getScratch() *scratch { return scratchPool.Get().(*scratch) }

// release drops the per-call references (the node list stays for the
// next call's snapshot) and returns c to the pool.
func (c *scratch) release() {
	clear(c.feasible)
	c.feasible = c.feasible[:0]
	clear(c.active)
	c.active = c.active[:0]
	clear(c.absent)
	c.absent = c.absent[:0]
	clear(c.rejected)
	c.rejected = c.rejected[:0]
	c.images = nil
	scratchPool.Put(c)
}

// snapshot drops nil entries, nodes without a Node object and later
// entries repeating an earlier node's name (a scheduler snapshot is keyed
// by name).
//
// When nodes has the same length as the list the previous snapshot was
// built from and every entry is the same NodeInfo with the same Node, or
// one whose node has the same name as before (the simulator replaces the
// NodeInfos of the nodes that changed and keeps the others), the previous
// snapshot is updated in place: comparing pointers instead of
// deduplicating 5,000 names every cycle. Anything else rebuilds it. The
// result is valid until c is released.
func (c *scratch) snapshot(nodes []*NodeInfo) []*NodeInfo {
	return c.kept.snapshot(nodes)
}

// nodeSnapshot is a snapshot and the node list it was built from: in is
// that list, nodes the Node pointer of each entry then (nil for a nil
// entry), pos the index in out of each entry (-1 when it was left out).
//
// images counts out's nodes per image name for ImageLocality; it is built
// on first use (NumNodes) and kept up to date by set.
type nodeSnapshot struct {
	in    []*NodeInfo
	nodes []*core.Node
	pos   []int32
	out   []*NodeInfo
	table []int32

	images      imagelocality.Index
	imagesBuilt bool
}

// NumNodes returns the number of the snapshot's nodes listing the image
// name (imagelocality.Counter), counting them all on first use.
func (c *nodeSnapshot) NumNodes(name string) int {
	if !c.imagesBuilt {
		c.images.Reset()
		for _, n := range c.out {
			c.images.Add(n.Node)
		}
		c.imagesBuilt = true
	}
	return c.images.NumNodes(name)
}

// snapshot updates the snapshot to nodes (see scratch.snapshot).
func (c *nodeSnapshot) snapshot(nodes []*NodeInfo) []*NodeInfo {
	if c.out != nil && len(nodes) == len(c.in) && c.update(nodes) {
		return c.out
	}
	c.build(nodes)
	return c.out
}

// update carries the changes of nodes over to the snapshot, and reports
// false when one may change which entries it keeps.
func (c *nodeSnapshot) update(nodes []*NodeInfo) bool {
	in, seen := c.in[:len(nodes)], c.nodes[:len(nodes)]
	for i, n := range nodes {
		if n == in[i] && (n == nil || n.Node == seen[i]) {
			continue
		}
		if !c.set(i, n) {
			return false
		}
	}
	return true
}

// set makes entry i of the list n, and reports false when that may change
// which entries the snapshot keeps (n or the entry before has no node, or
// the node's name changed): the snapshot must then be rebuilt.
func (c *nodeSnapshot) set(i int, n *NodeInfo) bool {
	var node *core.Node
	if n != nil {
		node = n.Node
	}
	old := c.nodes[i]
	if node == nil || old == nil || node.Name != old.Name {
		return false
	}
	c.in[i], c.nodes[i] = n, node
	if p := c.pos[i]; p >= 0 {
		c.out[p] = n
		if c.imagesBuilt && node != old {
			c.images.Remove(old)
			c.images.Add(node)
		}
	}
	return true
}

// build makes the snapshot from scratch. Names are deduplicated with a
// small open-addressing hash set over NodeInfo.NameHash rather than a Go
// map.
func (c *nodeSnapshot) build(nodes []*NodeInfo) {
	c.imagesBuilt = false
	c.in = append(c.in[:0], nodes...)
	c.nodes = resize(c.nodes, len(nodes))
	c.pos = resize(c.pos, len(nodes))
	out := c.out[:0]
	clear(c.out[:cap(c.out)])
	size := 16
	for size < 2*len(nodes) {
		size <<= 1
	}
	c.table = resize(c.table, size)
	clear(c.table)
	table := c.table // index into out, plus one; 0 = empty
	mask := uint32(size - 1)
next:
	for i, n := range nodes {
		c.pos[i] = -1
		c.nodes[i] = nil
		if n == nil || n.Node == nil {
			continue
		}
		c.nodes[i] = n.Node
		h := n.NameHash()
		for j := h & mask; ; j = (j + 1) & mask {
			k := table[j]
			if k == 0 {
				table[j] = int32(len(out) + 1)
				c.pos[i] = int32(len(out))
				out = append(out, n)
				continue next
			}
			if o := out[k-1]; o.NameHash() == h && o.Node.Name == n.Node.Name {
				continue next
			}
		}
	}
	if out == nil {
		out = []*NodeInfo{}
	}
	c.out = out
}

// resize returns s with length n, reusing its array when large enough.
// The contents are unspecified.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
