package sched

import "github.com/taints-playground/playground/core"

// Snapshot is a node list that a caller keeps between scheduling cycles
// and changes entry by entry, as kube-scheduler's cache refreshes its
// snapshot with only the nodes that changed (Cache.UpdateSnapshot).
// ScheduleSnapshot then skips the comparison of every entry with the
// previous cycle's that Schedule makes: at 5,000 nodes that pass costs
// more than the Filter plugins of the nodes a cycle examines under
// js/wasm.
//
// The NodeInfos stay the caller's: changing one's pods in place is seen
// by the next cycle (NodeInfo keys its sums on the pod list), but a
// NodeInfo whose Node is replaced must be Set again. A Snapshot is not
// safe for concurrent use. The zero value is an empty snapshot.
type Snapshot struct {
	list  []*NodeInfo
	s     nodeSnapshot
	built bool // s is up to date with list
}

// NewSnapshot returns a snapshot of nodes (the slice is copied; entries
// as for Schedule: nil entries, nodes without a Node object and later
// repeats of a node name are left out).
func NewSnapshot(nodes []*NodeInfo) *Snapshot {
	return &Snapshot{list: append([]*NodeInfo(nil), nodes...)}
}

// Len returns the number of entries, including those left out.
func (s *Snapshot) Len() int { return len(s.list) }

// Set makes entry i the NodeInfo n: 0 ≤ i < Len() replaces an entry,
// i == Len() appends one, and any other i is ignored. Replacing an entry
// with a NodeInfo for a node of the same name costs O(1); anything else
// rebuilds the snapshot in the next cycle.
func (s *Snapshot) Set(i int, n *NodeInfo) {
	switch {
	case i >= 0 && i < len(s.list):
		s.list[i] = n
		if s.built && !s.s.set(i, n) {
			s.built = false
		}
	case i == len(s.list):
		s.list = append(s.list, n)
		s.built = false
	}
}

// nodes returns the snapshot's nodes, valid until the next Set.
func (s *Snapshot) nodes() []*NodeInfo {
	if !s.built {
		s.s.build(s.list)
		s.built = true
	}
	return s.s.out
}

// ScheduleSnapshot is Schedule over the nodes of snap: the same result as
// Schedule(pod, nodes, opts) with the list of entries snap holds. A nil
// snap is an empty snapshot. It never panics.
func ScheduleSnapshot(pod *core.Pod, snap *Snapshot, opts Options) Result {
	if snap == nil {
		snap = &Snapshot{}
	}
	yield()
	c := getScratch()
	defer c.release()
	all := snap.nodes()
	c.images = &snap.s
	return scheduleAll(pod, all, opts, c)
}
