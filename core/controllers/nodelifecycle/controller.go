package nodelifecycle

import (
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

// ControllerName is the controller's event source (kubectl describe's
// From column for NodeNotReady).
const ControllerName = "node-controller"

// UnknownMessage is the condition message for a node whose kubelet went
// silent (tryUpdateNodeHealth).
const UnknownMessage = "Kubelet stopped posting node status."

// Controller is the node-lifecycle controller's loop
// (pkg/controller/nodelifecycle Controller): the NoSchedule taints that
// mirror conditions and spec.unschedulable, the monitor passes that
// follow a Ready change with its NoExecute taint, the grace period after
// which a silent kubelet's node turns Unknown, and the zones' rate-limited
// NoExecute tainting (zones.go). The kubelet's status reports and kubectl
// writes call it at once (ReconcileNoSchedule, ReadyReported); it sets
// its own timers for the rest.
type Controller struct {
	env *controllers.Env

	passQ map[string]bool // nodes with a monitor pass queued
	epoch uint64          // bumped by a restart: older queued passes do nothing
	// phase is where the monitor passes fall in their 5 s period: 0 from
	// the start, the restart's offset after a restart (the new process's
	// first pass runs when it starts, the next ones every 5 s from there).
	phase   time.Duration
	stopGen map[string]uint64 // per node: bumped when the kubelet stops or posts again
	silent  map[string]bool   // nodes whose kubelet stopped and has not posted since
	times   times             // condition heartbeats and transitions (times.go)

	zones     map[string]*zone
	allFull   bool // master disruption mode: every zone FullDisruption
	allWas    bool // every zone was fully disrupted at the last update
	zonesSeen bool // UpdateZones ran once
	tainterAt map[int64]bool
}

// New starts the controller: it watches nodes for condition transitions.
func New(env *controllers.Env) *Controller {
	c := &Controller{
		env:       env,
		passQ:     map[string]bool{},
		stopGen:   map[string]uint64{},
		silent:    map[string]bool{},
		zones:     map[string]*zone{},
		tainterAt: map[int64]bool{},
	}
	env.Store.WatchNodes(c.nodeChanged)
	return c
}

// GracePeriod is --node-monitor-grace-period for the simulated release:
// 50 s from 1.32 (PR #126287), 40 s before.
func (c *Controller) GracePeriod() time.Duration { return GracePeriod(c.env.Version.OrDefault().Minor) }

// Register is the controller's first look at a node of the starting
// cluster or one joining it, before it is stored: its condition taints
// at once, without the rate limiter.
func (c *Controller) Register(n *core.Node) {
	n.Spec.Taints = c.syncTaints(n, core.TaintEffectNoSchedule, ManagedNoScheduleKeys(), NoScheduleTaintKeys(n))
	n.Spec.Taints = c.syncTaints(n, core.TaintEffectNoExecute, noExecuteManaged, wantList(n))
}

// ReconcileNoSchedule is doNoScheduleTaintingPass for one node: the
// NoSchedule taints its conditions and spec.unschedulable call for,
// missing ones appended in condition order, stale ones removed.
func (c *Controller) ReconcileNoSchedule(name string) {
	c.write(name, core.TaintEffectNoSchedule, ManagedNoScheduleKeys(), func(n *core.Node) []string { return NoScheduleTaintKeys(n) })
}

var noExecuteManaged = map[string]bool{core.TaintNodeNotReady: true, core.TaintNodeUnreachable: true}

func wantList(n *core.Node) []string {
	if k := NoExecuteTaintKey(n); k != "" {
		return []string{k}
	}
	return nil
}

// syncNoExecuteNow makes the managed NoExecute taints match the Ready
// condition at once.
func (c *Controller) syncNoExecuteNow(name string) {
	c.write(name, core.TaintEffectNoExecute, noExecuteManaged, wantList)
}

// write stores the node with its managed taints of one effect made
// exactly what want says (no write when they already are).
func (c *Controller) write(name string, effect core.TaintEffect, managed map[string]bool, want func(*core.Node) []string) {
	n := c.env.Store.Node(name)
	if n == nil {
		return
	}
	taints := c.syncTaints(n, effect, managed, want(n))
	if core.SameTaints(taints, n.Spec.Taints) {
		return
	}
	cp := n.DeepCopy()
	cp.Spec.Taints = taints
	c.env.Store.UpdateNode(cp)
}

// syncTaints returns n's taints with the managed ones of one effect made
// exactly want (removed ones first, in list order, then added ones at the
// end, in want order), narrating each change.
func (c *Controller) syncTaints(n *core.Node, effect core.TaintEffect, managed map[string]bool, want []string) []core.Taint {
	wanted := map[string]bool{}
	for _, k := range want {
		wanted[k] = true
	}
	kept := n.Spec.Taints[:0:0]
	for _, t := range n.Spec.Taints {
		if t.Effect == effect && managed[t.Key] && !wanted[t.Key] {
			c.env.Note("the node-lifecycle controller removed %s from %s", t.ToString(), n.Name)
			continue
		}
		kept = append(kept, t)
	}
	for _, k := range want {
		found := false
		for _, t := range kept {
			if t.Key == k && t.Effect == effect {
				found = true
			}
		}
		if !found {
			t := core.Taint{Key: k, Effect: effect}
			kept = append(kept, t)
			c.env.Note("the node-lifecycle controller added %s to %s", t.ToString(), n.Name)
		}
	}
	return kept
}

// ReadyReported is the controller seeing the kubelet report the Ready
// condition (whatever its value): the NoExecute taint follows at the next
// monitor pass, or now when a pass is due this very moment.
func (c *Controller) ReadyReported(name string) {
	now := c.env.Now()
	at := c.passAtOrAfter(now)
	if at == now {
		c.ReconcileNoExecute(name)
		return
	}
	c.queuePass(name, at)
}

// TaintsWritten is a client writing the node (kubectl taint, patch,
// apply). doNoScheduleTaintingPass reacts to every node update at once
// (ReconcileNoSchedule, which the caller runs); the NoExecute condition
// taints are only looked at by the monitor pass
// (monitorNodeHealth → processTaintBaseEviction → markNodeAsReachable,
// every --node-monitor-period): a not-ready or unreachable NoExecute
// taint the Ready condition does not call for, whoever added it, is
// removed or swapped at the next pass. Passes fall on multiples of
// MonitorPeriod; the pass of the write's own instant is taken to have run
// before it, so the pass is the first strictly after now (0 < delay ≤
// 5 s). A node missing the taint its condition calls for is left alone:
// upstream's tainting queue still remembers the node it tainted
// (UniqueQueue keeps it in its set until markNodeAsReachable), so a
// hand-removed taint is not added back while the node stays not Ready.
func (c *Controller) TaintsWritten(name string) {
	n := c.env.Store.Node(name)
	if n == nil {
		return
	}
	want := NoExecuteTaintKey(n)
	for _, t := range n.Spec.Taints {
		if t.Effect == core.TaintEffectNoExecute && noExecuteManaged[t.Key] && t.Key != want {
			now := c.env.Now()
			c.queuePass(name, now/MonitorPeriod*MonitorPeriod+MonitorPeriod)
			return
		}
	}
}

// queuePass sets the node's monitor pass (one at a time per node).
func (c *Controller) queuePass(name string, at time.Duration) {
	if c.passQ[name] {
		return
	}
	c.passQ[name] = true
	epoch := c.epoch
	c.env.Clock.At(at, clock.Work, func() { c.pass(name, epoch) })
}

// pass is a monitor pass reaching a node: its NoExecute taint follows
// its Ready condition (unless the controller restarted since it was
// queued).
func (c *Controller) pass(name string, epoch uint64) {
	if epoch != c.epoch {
		return
	}
	delete(c.passQ, name)
	if c.env.Store.Node(name) == nil {
		return
	}
	c.env.Store.Hold(name)
	c.ReconcileNoExecute(name)
	c.env.Store.Release(name)
}

// Heartbeat is the kubelet posting status again: a pending Unknown
// transition is dropped.
func (c *Controller) Heartbeat(name string) {
	c.stopGen[name]++
	delete(c.silent, name)
	delete(c.times.stoppedAt, name)
}

// KubeletStopped is the kubelet's last status report before it went
// silent: the node turns Unknown at the first pass strictly after the
// grace period. It returns that moment.
func (c *Controller) KubeletStopped(name string) time.Duration {
	now := c.env.Now()
	at := c.unknownAfter(now)
	c.stopGen[name]++
	c.silent[name] = true
	if c.times.stoppedAt == nil {
		c.times.stoppedAt = map[string]time.Duration{}
	}
	c.times.stoppedAt[name] = now
	c.unknownAt(name, at)
	return at
}

// unknownAt sets the grace-period check of a silent node.
func (c *Controller) unknownAt(name string, at time.Duration) {
	gen := c.stopGen[name]
	c.env.Clock.At(at, clock.Work, func() { c.graceExpired(name, gen) })
}

// graceExpired is the pass that finds the kubelet silent for longer than
// the grace period (unless it posted since, or the node is Unknown).
func (c *Controller) graceExpired(name string, gen uint64) {
	n := c.env.Store.Node(name)
	if n == nil || c.stopGen[name] != gen {
		return
	}
	if r := n.Condition(core.NodeReady); r != nil && r.Status == core.ConditionUnknown {
		return
	}
	c.env.Note("%s: no heartbeat for more than %s", name, clock.Format(c.GracePeriod()))
	c.env.Store.Hold(name)
	c.MarkUnknown(name)
	c.env.Store.Release(name)
}

// MarkUnknown is tryUpdateNodeHealth finding the kubelet silent: Ready,
// MemoryPressure, DiskPressure and PIDPressure become Unknown with reason
// NodeStatusUnknown (NetworkUnavailable is left alone; a simulated
// kubelet has posted all four, so a missing one is added the same way
// rather than as NodeStatusNeverUpdated). unreachable:NoSchedule follows
// at once; unreachable:NoExecute in the same pass from 1.34 (PR #120816),
// at the next 5 s pass before. The caller holds the node.
func (c *Controller) MarkUnknown(name string) {
	before := c.env.Store.Node(name)
	n := before.DeepCopy()
	for _, t := range []core.NodeConditionType{core.NodeReady, core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure} {
		if cond := n.Condition(t); cond == nil || cond.Status != core.ConditionUnknown {
			n.SetCondition(t, core.ConditionUnknown, "NodeStatusUnknown", UnknownMessage)
		}
	}
	c.env.Store.UpdateNode(n)
	ReadyEvent(c.env, before, n)
	c.ReconcileNoSchedule(name)
	if c.env.Version.AtLeast(NoExecuteSamePassSince) {
		c.ReconcileNoExecute(name)
		return
	}
	now := c.env.Now()
	c.queuePass(name, c.passAfter(now))
}

// passAtOrAfter is the first monitor pass at t or later.
func (c *Controller) passAtOrAfter(t time.Duration) time.Duration {
	return (t-c.phase+MonitorPeriod-1)/MonitorPeriod*MonitorPeriod + c.phase
}

// passAfter is the first monitor pass strictly after t.
func (c *Controller) passAfter(t time.Duration) time.Duration {
	return (t-c.phase)/MonitorPeriod*MonitorPeriod + MonitorPeriod + c.phase
}

// unknownAfter is UnknownAt on the controller's pass grid: the first
// pass strictly after a heartbeat observed at last plus the grace period.
func (c *Controller) unknownAfter(last time.Duration) time.Duration {
	return UnknownAt(last-c.phase, c.GracePeriod()) + c.phase
}

// ReadyEvent emits NodeReady (the kubelet's) or NodeNotReady (this
// controller's) when the Ready condition changes between True and not
// True.
func ReadyEvent(env *controllers.Env, before, after *core.Node) {
	if before.Ready() == after.Ready() {
		return
	}
	reason, source := "NodeNotReady", ControllerName
	if after.Ready() {
		reason, source = "NodeReady", "kubelet"
	}
	env.Emit(source, core.EventNormal, reason, "node/"+after.Name, "Node "+after.Name+" status is now: "+reason)
}

// nodeChanged records condition transitions (LastTransitionTime).
func (c *Controller) nodeChanged(ev store.NodeEvent) {
	if ev.Old != nil {
		c.times.transitions(ev.Old, ev.New, c.env.Now())
	}
}
