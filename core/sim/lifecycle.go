package sim

import (
	"sort"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
)

// zoneRec is one zone of the node-lifecycle controller: its state, its
// NoExecute tainting queue and that queue's rate limiter.
type zoneRec struct {
	state   nodelifecycle.ZoneState
	size    int
	limiter *nodelifecycle.Limiter
	queue   []string // nodes waiting for a NoExecute taint, in queue order
}

// wantNoExecute is the NoExecute taint key the Ready condition calls for.
func wantNoExecute(n *core.Node) string { return nodelifecycle.NoExecuteTaintKey(n) }

func hasTaint(n *core.Node, key string, effect core.TaintEffect) bool {
	for _, t := range n.Spec.Taints {
		if t.Key == key && t.Effect == effect {
			return true
		}
	}
	return false
}

var noExecuteManaged = map[string]bool{core.TaintNodeNotReady: true, core.TaintNodeUnreachable: true}

// syncNoExecuteNow makes the managed NoExecute taints match the Ready
// condition at once (nodes of the scenario's starting state).
func (s *simulator) syncNoExecuteNow(n *core.Node) {
	var want []string
	if k := wantNoExecute(n); k != "" {
		want = []string{k}
	}
	s.syncTaints(n, core.TaintEffectNoExecute, noExecuteManaged, want)
}

// reconcileNoExecute is processTaintBaseEviction for one node: Ready=True
// removes the NoExecute taints at once; a node that already carries the
// other of not-ready/unreachable has it swapped at once; otherwise the
// node joins its zone's rate-limited tainting queue, which the tainter
// (the 100 ms doNoExecuteTaintingPass loop) serves right after this
// moment's passes. The caller runs afterNodeChange.
func (s *simulator) reconcileNoExecute(n *core.Node) {
	defer s.queueTainter(s.now)
	want := wantNoExecute(n)
	if want == "" || hasTaint(n, want, core.TaintEffectNoExecute) {
		s.syncNoExecuteNow(n)
		return
	}
	if hasTaint(n, core.TaintNodeNotReady, core.TaintEffectNoExecute) || hasTaint(n, core.TaintNodeUnreachable, core.TaintEffectNoExecute) {
		s.syncNoExecuteNow(n) // swap, not rate limited
		return
	}
	if s.allFull {
		return // master disruption mode: no NoExecute taints
	}
	z := s.zone(nodelifecycle.ZoneKey(n))
	for _, q := range z.queue {
		if q == n.Name {
			return
		}
	}
	z.queue = append(z.queue, n.Name)
}

// zone returns the zone record, creating it with a full 0.1/s bucket.
func (s *simulator) zone(key string) *zoneRec {
	z := s.zones[key]
	if z == nil {
		z = &zoneRec{state: nodelifecycle.StateInitial, limiter: nodelifecycle.NewLimiter(nodelifecycle.EvictionRate)}
		s.zones[key] = z
	}
	return z
}

// queueTainter makes the tainter run at time at (once per instant).
func (s *simulator) queueTainter(at time.Duration) {
	if s.tainterAt[int64(at)] {
		return
	}
	s.tainterAt[int64(at)] = true
	s.push(&item{at: at, kind: itemTainter})
}

// zoneCounts groups the counted nodes by zone key and computes each
// zone's state from the current Ready conditions.
func (s *simulator) zoneCounts() (states map[string]nodelifecycle.ZoneState, sizes map[string]int) {
	statuses := map[string][]core.ConditionStatus{}
	for _, n := range s.nodes {
		if nodelifecycle.Excluded(n) {
			continue
		}
		st := core.ConditionTrue
		if c := condition(n, core.NodeReady); c != nil {
			st = c.Status
		}
		k := nodelifecycle.ZoneKey(n)
		statuses[k] = append(statuses[k], st)
	}
	states, sizes = map[string]nodelifecycle.ZoneState{}, map[string]int{}
	for k, list := range statuses {
		_, states[k] = nodelifecycle.ComputeZoneState(list)
		sizes[k] = len(list)
	}
	return states, sizes
}

// updateZones is handleDisruption: zone states and limiter swaps, and
// master disruption mode when every zone becomes fully disrupted (entered
// only on that transition: allWasFullyDisrupted starts out true, so a
// cluster that starts with every node down keeps evicting at the normal
// rate, as upstream).
func (s *simulator) updateZones() {
	states, sizes := s.zoneCounts()
	keys := sortedKeys(states)
	allFull := true
	for _, k := range keys {
		allFull = allFull && states[k] == nodelifecycle.StateFullDisruption
	}
	allWas := !s.zonesSeen || s.allWas
	first := !s.zonesSeen
	s.zonesSeen = true
	for _, k := range keys {
		z := s.zone(k)
		z.size = sizes[k]
	}
	switch {
	case allFull && allWas:
		// No transition: nothing changes.
	case allFull:
		s.allFull = true
		s.note("every zone is fully disrupted: the node-lifecycle controller assumes the control plane lost the nodes, stops evicting and removes the NoExecute not-ready/unreachable taints (master disruption mode)")
		for _, n := range s.nodes {
			if hasTaint(n, core.TaintNodeNotReady, core.TaintEffectNoExecute) || hasTaint(n, core.TaintNodeUnreachable, core.TaintEffectNoExecute) {
				before := n.DeepCopy()
				s.syncTaints(n, core.TaintEffectNoExecute, noExecuteManaged, nil)
				s.afterNodeChange(before, n)
			}
		}
		for _, k := range sortedKeys(s.zones) {
			z := s.zones[k]
			z.queue = nil
			z.limiter.Swap(s.now, 0)
			z.state = nodelifecycle.StateFullDisruption
		}
	case allWas:
		if s.allFull && !first {
			s.note("a node is Ready again: the node-lifecycle controller leaves master disruption mode")
		}
		s.allFull = false
		if !first {
			// Leaving master disruption mode resets every probe timestamp
			// to now: a silent node not yet Unknown gets a full grace
			// period from now.
			for _, n := range s.nodes {
				if !s.silent[n.Name] {
					continue
				}
				if c := condition(n, core.NodeReady); c != nil && c.Status == core.ConditionUnknown {
					continue
				}
				s.stopGen[n.Name]++
				s.push(&item{at: nodelifecycle.UnknownAt(s.now, s.gracePeriod()), kind: itemUnknown, node: n.Name, gen: s.stopGen[n.Name]})
			}
		}
		for _, k := range keys {
			z := s.zone(k)
			z.state = states[k]
			z.limiter.Swap(s.now, nodelifecycle.QPS(z.state, z.size, false))
		}
		// Nodes still not ready queue up for their NoExecute taint again.
		for _, n := range s.nodes {
			if wantNoExecute(n) != "" && !first {
				s.reconcileNoExecute(n)
			}
		}
	default:
		for _, k := range keys {
			z := s.zone(k)
			if z.state != states[k] {
				if z.state != nodelifecycle.StateInitial {
					s.note("zone %s: %s → %s", zoneLabel(k), z.state, states[k])
				}
				z.state = states[k]
				z.limiter.Swap(s.now, nodelifecycle.QPS(z.state, z.size, false))
			}
		}
	}
	s.allWas = allFull
}

func zoneLabel(key string) string {
	if name := nodelifecycle.ZoneName(key); name != "" {
		return name
	}
	return "(no zone label)"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// runTainter is doNoExecuteTaintingPass: zone states first, then each
// zone's queue through its limiter, in queue order; a node that no
// longer needs the taint is dropped.
func (s *simulator) runTainter() {
	delete(s.tainterAt, int64(s.now))
	s.updateZones()
	for _, k := range sortedKeys(s.zones) {
		z := s.zones[k]
		var keep []string
		blocked := false
		for _, name := range z.queue {
			n := s.node(name)
			if n == nil {
				continue
			}
			want := wantNoExecute(n)
			if want == "" || hasTaint(n, want, core.TaintEffectNoExecute) {
				continue
			}
			if blocked || !z.limiter.TryAccept(s.now) {
				blocked = true
				keep = append(keep, name)
				continue
			}
			before := n.DeepCopy()
			s.syncNoExecuteNow(n)
			s.afterNodeChange(before, n)
		}
		z.queue = keep
		if len(keep) > 0 {
			if at, ok := z.limiter.NextToken(s.now); ok && at > s.now {
				s.queueTainter(at)
			} else if !ok {
				s.note("zone %s is %s: no NoExecute taint for %v while it stays so (eviction rate 0)", zoneLabel(k), z.state, keep)
			}
		}
	}
}

// nodeZone is the zone name and state a node shows on the board.
func (s *simulator) nodeZone(n *core.Node, states map[string]nodelifecycle.ZoneState) (string, string) {
	k := nodelifecycle.ZoneKey(n)
	st := states[k]
	if nodelifecycle.Excluded(n) {
		st = ""
	}
	if s.allFull && st != "" {
		return nodelifecycle.ZoneName(k), "AllZonesDown"
	}
	return nodelifecycle.ZoneName(k), string(st)
}

func zoneKeyOf(n *core.Node) string { return nodelifecycle.ZoneKey(n) }
