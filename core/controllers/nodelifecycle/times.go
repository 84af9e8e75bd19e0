package nodelifecycle

import (
	"time"

	"github.com/taints-playground/playground/core"
)

// times keeps the virtual times behind a node's condition timestamps,
// which kubectl describe node prints (frames leave them out):
//
//   - stoppedAt: when the node's kubelet last posted status before going
//     silent; a live kubelet posts all the time, so its conditions'
//     LastHeartbeatTime is the moment described.
//   - since: per condition type, when its status last changed
//     (LastTransitionTime); a condition never changed dates from t=0.
type times struct {
	stoppedAt map[string]time.Duration
	since     map[string]map[core.NodeConditionType]time.Duration
}

// transitions records, for every condition whose status differs between
// before and after (or that after adds), that it changed now.
func (t *times) transitions(before, after *core.Node, now time.Duration) {
	for _, c := range after.Status.Conditions {
		if b := before.Condition(c.Type); b != nil && b.Status == c.Status {
			continue
		}
		if t.since == nil {
			t.since = map[string]map[core.NodeConditionType]time.Duration{}
		}
		m := t.since[after.Name]
		if m == nil {
			m = map[core.NodeConditionType]time.Duration{}
			t.since[after.Name] = m
		}
		m[c.Type] = now
	}
}

// WithConditionTimes returns a copy of n whose conditions carry their
// LastHeartbeatTime and LastTransitionTime as wall-clock times (epoch plus
// the virtual time). As in tryUpdateNodeHealth, a condition the
// controller marked Unknown keeps the kubelet's last heartbeat and gets
// the mark as its transition time.
func (c *Controller) WithConditionTimes(n *core.Node, epoch time.Time) *core.Node {
	cp := n.DeepCopy()
	heartbeat := c.env.Now()
	if at, ok := c.times.stoppedAt[n.Name]; ok {
		heartbeat = at
	} else if r := n.Condition(core.NodeReady); r != nil && r.Status == core.ConditionUnknown {
		// Marked Unknown without a recorded stop (`node NODE unreachable`):
		// the last heartbeat is the controller's mark.
		heartbeat = c.times.since[n.Name][core.NodeReady]
	}
	stamp := func(d time.Duration) *core.Time { return &core.Time{Time: epoch.Add(d)} }
	for i := range cp.Status.Conditions {
		cond := &cp.Status.Conditions[i]
		cond.LastHeartbeatTime = stamp(heartbeat)
		cond.LastTransitionTime = stamp(c.times.since[n.Name][cond.Type])
	}
	return cp
}
