package nodelifecycle

import (
	"sort"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
)

// zone is one zone of the controller: its state, its NoExecute tainting
// queue and that queue's rate limiter.
type zone struct {
	state   ZoneState
	size    int
	limiter *Limiter
	queue   []string // nodes waiting for a NoExecute taint, in queue order
}

// ReconcileNoExecute is processTaintBaseEviction for one node: Ready=True
// removes the NoExecute taints at once; a node that already carries the
// other of not-ready/unreachable has it swapped at once; otherwise the
// node joins its zone's rate-limited tainting queue, which the tainter
// (the 100 ms doNoExecuteTaintingPass loop) serves right after this
// moment's passes. The caller holds the node.
func (c *Controller) ReconcileNoExecute(name string) {
	defer c.queueTainter(c.env.Now())
	n := c.env.Store.Node(name)
	if n == nil {
		return
	}
	want := NoExecuteTaintKey(n)
	if want == "" || n.HasTaint(want, core.TaintEffectNoExecute) {
		c.syncNoExecuteNow(name)
		return
	}
	if n.HasTaint(core.TaintNodeNotReady, core.TaintEffectNoExecute) || n.HasTaint(core.TaintNodeUnreachable, core.TaintEffectNoExecute) {
		c.syncNoExecuteNow(name) // swap, not rate limited
		return
	}
	if c.allFull {
		return // master disruption mode: no NoExecute taints
	}
	z := c.zone(ZoneKey(n))
	for _, q := range z.queue {
		if q == name {
			return
		}
	}
	z.queue = append(z.queue, name)
}

// zone returns the zone record, creating it with a full 0.1/s bucket.
func (c *Controller) zone(key string) *zone {
	z := c.zones[key]
	if z == nil {
		z = &zone{state: StateInitial, limiter: NewLimiter(EvictionRate)}
		c.zones[key] = z
	}
	return z
}

// queueTainter makes the tainter run at time at (once per instant), in
// the frame of a step of that instant.
func (c *Controller) queueTainter(at time.Duration) {
	if c.tainterAt[int64(at)] {
		return
	}
	c.tainterAt[int64(at)] = true
	c.env.Clock.At(at, clock.FollowsStep, c.runTainter)
}

// ZoneStates groups the counted nodes by zone key and computes each
// zone's state from the current Ready conditions.
func (c *Controller) ZoneStates() (states map[string]ZoneState, sizes map[string]int) {
	statuses := map[string][]core.ConditionStatus{}
	for _, n := range c.env.Store.Nodes() {
		if Excluded(n) {
			continue
		}
		st := core.ConditionTrue
		if r := n.Condition(core.NodeReady); r != nil {
			st = r.Status
		}
		k := ZoneKey(n)
		statuses[k] = append(statuses[k], st)
	}
	states, sizes = map[string]ZoneState{}, map[string]int{}
	for k, list := range statuses {
		_, states[k] = ComputeZoneState(list)
		sizes[k] = len(list)
	}
	return states, sizes
}

// UpdateZones is handleDisruption: zone states and limiter swaps, and
// master disruption mode when every zone becomes fully disrupted (entered
// only on that transition: allWasFullyDisrupted starts out true, so a
// cluster that starts with every node down keeps evicting at the normal
// rate, as upstream).
func (c *Controller) UpdateZones() {
	states, sizes := c.ZoneStates()
	keys := sortedKeys(states)
	allFull := true
	for _, k := range keys {
		allFull = allFull && states[k] == StateFullDisruption
	}
	allWas := !c.zonesSeen || c.allWas
	first := !c.zonesSeen
	c.zonesSeen = true
	for _, k := range keys {
		c.zone(k).size = sizes[k]
	}
	switch {
	case allFull && allWas:
		// No transition: nothing changes.
	case allFull:
		c.enterMasterDisruption()
	case allWas:
		c.leaveMasterDisruption(first, keys, states)
	default:
		for _, k := range keys {
			z := c.zone(k)
			if z.state != states[k] {
				if z.state != StateInitial {
					c.env.Note("zone %s: %s → %s", zoneLabel(k), z.state, states[k])
				}
				z.state = states[k]
				z.limiter.Swap(c.env.Now(), QPS(z.state, z.size, false))
			}
		}
	}
	c.allWas = allFull
}

// enterMasterDisruption: the controller assumes the control plane lost
// the nodes, removes the NoExecute not-ready/unreachable taints and
// taints nothing until some node is Ready again.
func (c *Controller) enterMasterDisruption() {
	c.allFull = true
	c.env.Note("every zone is fully disrupted: the node-lifecycle controller assumes the control plane lost the nodes, stops evicting and removes the NoExecute not-ready/unreachable taints (master disruption mode)")
	for _, n := range c.env.Store.Nodes() {
		if n.HasTaint(core.TaintNodeNotReady, core.TaintEffectNoExecute) || n.HasTaint(core.TaintNodeUnreachable, core.TaintEffectNoExecute) {
			c.env.Store.Hold(n.Name)
			c.write(n.Name, core.TaintEffectNoExecute, noExecuteManaged, func(*core.Node) []string { return nil })
			c.env.Store.Release(n.Name)
		}
	}
	now := c.env.Now()
	for _, k := range sortedKeys(c.zones) {
		z := c.zones[k]
		z.queue = nil
		z.limiter.Swap(now, 0)
		z.state = StateFullDisruption
	}
}

// leaveMasterDisruption resets every probe timestamp to now (a silent node
// not yet Unknown gets a full grace period from now), restores the zones'
// rates and queues the nodes still not ready for their NoExecute taint.
func (c *Controller) leaveMasterDisruption(first bool, keys []string, states map[string]ZoneState) {
	if c.allFull && !first {
		c.env.Note("a node is Ready again: the node-lifecycle controller leaves master disruption mode")
	}
	c.allFull = false
	now := c.env.Now()
	if !first {
		for _, n := range c.env.Store.Nodes() {
			if !c.silent[n.Name] {
				continue
			}
			if r := n.Condition(core.NodeReady); r != nil && r.Status == core.ConditionUnknown {
				continue
			}
			c.stopGen[n.Name]++
			c.unknownAt(n.Name, c.unknownAfter(now))
		}
	}
	for _, k := range keys {
		z := c.zone(k)
		z.state = states[k]
		z.limiter.Swap(now, QPS(z.state, z.size, false))
	}
	if first {
		return
	}
	for _, n := range c.env.Store.Nodes() {
		if NoExecuteTaintKey(n) != "" {
			// Not a change the watchers see: upstream leaves the taints to
			// the next pass.
			c.env.Store.Quietly(n.Name, func() { c.ReconcileNoExecute(n.Name) })
		}
	}
}

func zoneLabel(key string) string {
	if name := ZoneName(key); name != "" {
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
func (c *Controller) runTainter() {
	now := c.env.Now()
	delete(c.tainterAt, int64(now))
	c.UpdateZones()
	for _, k := range sortedKeys(c.zones) {
		z := c.zones[k]
		var keep []string
		blocked := false
		for _, name := range z.queue {
			n := c.env.Store.Node(name)
			if n == nil {
				continue
			}
			want := NoExecuteTaintKey(n)
			if want == "" || n.HasTaint(want, core.TaintEffectNoExecute) {
				continue
			}
			if blocked || !z.limiter.TryAccept(now) {
				blocked = true
				keep = append(keep, name)
				continue
			}
			c.env.Store.Hold(name)
			c.syncNoExecuteNow(name)
			c.env.Store.Release(name)
		}
		z.queue = keep
		if len(keep) > 0 {
			if at, ok := z.limiter.NextToken(now); ok && at > now {
				c.queueTainter(at)
			} else if !ok {
				c.env.Note("zone %s is %s: no NoExecute taint for %v while it stays so (eviction rate 0)", zoneLabel(k), z.state, keep)
			}
		}
	}
}

// ZoneState is the state a node of zone key shows on the board ("" for a
// node left out of the counts; AllZonesDown in master disruption mode).
func (c *Controller) ZoneState(key string, excluded bool, states map[string]ZoneState) string {
	if excluded {
		return ""
	}
	st := states[key]
	if c.allFull && st != "" {
		return "AllZonesDown"
	}
	return string(st)
}

// Queued is, per zone key, the nodes waiting in that zone's NoExecute
// tainting queue (nil when none waits).
func (c *Controller) Queued() map[string]map[string]bool {
	var out map[string]map[string]bool
	for k, z := range c.zones {
		if len(z.queue) == 0 {
			continue
		}
		if out == nil {
			out = map[string]map[string]bool{}
		}
		set := make(map[string]bool, len(z.queue))
		for _, name := range z.queue {
			set[name] = true
		}
		out[k] = set
	}
	return out
}
