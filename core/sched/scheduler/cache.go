package scheduler

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/store"
)

// cache is the scheduler's view of the nodes: a NodeInfo per node, in the
// store's node order, with the pods running there and those Terminating
// there (upstream's cache drops a pod only on its delete event, so a
// Terminating pod keeps its node's resources), rebuilt entry by
// entry when a node object is replaced or its pods change, and the
// sched.Snapshot the cycles schedule over.
type cache struct {
	st      *store.Store
	infos   []*sched.NodeInfo
	infoFor []*core.Node // the node object each of infos was built for
	// snap holds infos for the cycles, set entry by entry as NodeInfos
	// rebuilds them; nil until the first cycle.
	snap *sched.Snapshot
	// writes is the store's node write count infoFor was last compared at.
	writes uint64
	stale  map[string]bool
}

func (c *cache) init(st *store.Store) {
	c.st = st
	c.stale = map[string]bool{}
}

// markStale says a node's pods changed: its NodeInfo is rebuilt (as a new
// object, so per-cycle memos keyed by it never go stale).
func (c *cache) markStale(node string) {
	if node != "" {
		c.stale[node] = true
	}
}

func (c *cache) rebuild(i int) {
	n := c.st.Nodes()[i]
	var pods []*core.Pod
	for _, p := range c.st.HoldingOn(n.Name) {
		pods = append(pods, p.Object)
	}
	c.infos[i], c.infoFor[i] = sched.NewNodeInfo(n, pods...), n
	if c.snap != nil {
		c.snap.Set(i, c.infos[i])
	}
}

// NodeInfos is the scheduler's snapshot: every node in store order with
// the pods bound to it (running or Terminating), leaving skip out of its
// node.
func (c *cache) NodeInfos(skip *store.Pod) []*sched.NodeInfo {
	nodes := c.st.Nodes()
	if len(c.infos) != len(nodes) {
		c.infos = make([]*sched.NodeInfo, len(nodes))
		c.infoFor = make([]*core.Node, len(nodes))
		c.snap = nil
	}
	if w := c.st.NodeWrites(); w != c.writes || c.snap == nil {
		for i, n := range nodes {
			if c.infoFor[i] != n {
				c.rebuild(i)
			}
		}
		c.writes = w
	}
	if len(c.stale) > 0 {
		for name := range c.stale {
			if i, ok := c.st.NodeIndex(name); ok {
				c.rebuild(i)
			}
		}
		clear(c.stale)
	}
	if c.snap == nil {
		c.snap = sched.NewSnapshot(c.infos)
	}
	if skip == nil || skip.Node == "" {
		return c.infos
	}
	out := append([]*sched.NodeInfo(nil), c.infos...)
	if i, ok := c.st.NodeIndex(skip.Node); ok {
		var pods []*core.Pod
		for _, p := range c.st.HoldingOn(skip.Node) {
			if p != skip {
				pods = append(pods, p.Object)
			}
		}
		out[i] = sched.NewNodeInfo(nodes[i], pods...)
	}
	return out
}

// Pods are the pods the cache counts on the named node (queue.Cache).
func (s *Scheduler) Pods(node string) []*core.Pod {
	i, ok := s.st.NodeIndex(node)
	if !ok {
		return nil
	}
	infos := s.NodeInfos(nil)
	if i < len(infos) && infos[i].Node != nil && infos[i].Node.Name == node {
		return infos[i].Pods
	}
	return nil
}

// CycleOptions are the options of a cycle without ties (queue.Cache).
func (s *Scheduler) CycleOptions() sched.Options { return s.Options(nil) }
