package nodelifecycle

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers"
)

var _ controllers.Restarter = (*Controller)(nil)

// Event of a node the controller sees for the first time
// (monitorNodeHealth's added nodes).
const (
	ReasonRegisteredNode = "RegisteredNode"
)

// Stop is kube-controller-manager stopping: the controller's memory is
// lost — nodeHealthMap (the probe times behind the grace periods),
// knownNodeSet, the zones' states and NoExecute tainting queues with
// their rate limiters, the queued monitor passes. The timers already on
// the clock find their generation gone and do nothing.
func (c *Controller) Stop() {
	c.epoch++
	c.passQ = map[string]bool{}
	for name := range c.stopGen {
		c.stopGen[name]++
	}
	c.zones = map[string]*zone{}
	c.allFull, c.allWas, c.zonesSeen = false, false, false
}

// Start is the new leader's first monitorNodeHealth pass, which runs at
// once (wait.UntilWithContext; the passes then follow every 5 s from the
// restart): every node is new to it, so it records RegisteredNode ("Registered
// Node NAME in Controller") and markNodeAsReachable removes the
// not-ready and unreachable NoExecute taints from every node, healthy or
// not. tryUpdateNodeHealth has no probe time for the node and takes now
// ("Missing timestamp for Node. Assuming now as a timestamp"), so a node
// whose kubelet went silent gets its whole grace period again, counted
// from the restart. processTaintBaseEviction then queues each node whose
// Ready is False or Unknown in its zone's fresh NoExecute tainting queue,
// which (after handleDisruption sets the zones' states, from Initial)
// adds the taint again with a new timeAdded, through a full token bucket
// of burst 1: one node per zone at once, the next 10 s later. The node
// add events also run doNoScheduleTaintingPass on every node. Mirrors
// nodelifecycle.(*Controller).monitorNodeHealth, tryUpdateNodeHealth,
// markNodeAsReachable and processTaintBaseEviction, v1.37.
func (c *Controller) Start() {
	now := c.env.Now()
	c.phase = now % MonitorPeriod
	nodes := c.env.Store.Nodes()
	for _, n := range nodes {
		c.env.Emit(ControllerName, core.EventNormal, ReasonRegisteredNode, "node/"+n.Name, "Registered Node "+n.Name+" in Controller")
		c.write(n.Name, core.TaintEffectNoExecute, noExecuteManaged, func(*core.Node) []string { return nil })
	}
	for _, n := range nodes {
		if c.silent[n.Name] {
			if r := n.Condition(core.NodeReady); r == nil || r.Status != core.ConditionUnknown {
				c.unknownAt(n.Name, c.unknownAfter(now))
			}
		}
		c.ReconcileNoSchedule(n.Name)
		c.ReconcileNoExecute(n.Name)
	}
}
