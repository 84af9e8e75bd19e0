package sim

import (
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// nodeTimes keeps the virtual times behind a node's condition timestamps,
// which kubectl describe node prints (frames leave them out):
//
//   - stoppedAt: when the node's kubelet last posted status before going
//     silent (`node NODE stop`); a live kubelet posts all the time, so its
//     conditions' LastHeartbeatTime is the moment described.
//   - since: per condition type, when its status last changed
//     (LastTransitionTime); a condition never changed dates from t=0.
type nodeTimes struct {
	stoppedAt map[string]time.Duration
	since     map[string]map[core.NodeConditionType]time.Duration
}

// kubeletStopped records the kubelet's last status report on node.
func (s *simulator) kubeletStopped(node string) {
	if s.times.stoppedAt == nil {
		s.times.stoppedAt = map[string]time.Duration{}
	}
	s.times.stoppedAt[node] = s.now
}

// kubeletPosting forgets a stop: the kubelet reports again.
func (s *simulator) kubeletPosting(node string) { delete(s.times.stoppedAt, node) }

// conditionTransitions records, for every condition whose status differs
// between before and after (or that after adds), that it changed now.
func (s *simulator) conditionTransitions(before, after *core.Node) {
	for _, c := range after.Status.Conditions {
		if b := condition(before, c.Type); b != nil && b.Status == c.Status {
			continue
		}
		if s.times.since == nil {
			s.times.since = map[string]map[core.NodeConditionType]time.Duration{}
		}
		m := s.times.since[after.Name]
		if m == nil {
			m = map[core.NodeConditionType]time.Duration{}
			s.times.since[after.Name] = m
		}
		m[c.Type] = s.now
		if c.Type == core.NodeReady && c.Status == core.ConditionTrue {
			s.kubeletReturned(after.Name)
		}
	}
}

// withConditionTimes returns a copy of n whose conditions carry their
// LastHeartbeatTime and LastTransitionTime as wall-clock times
// (kubectl.DescribeEpoch plus the virtual time). As in the node-lifecycle
// controller's tryUpdateNodeHealth, a condition it marked Unknown keeps the
// kubelet's last heartbeat and gets the mark as its transition time.
func (s *simulator) withConditionTimes(n *core.Node) *core.Node {
	c := n.DeepCopy()
	heartbeat := s.now
	if at, ok := s.times.stoppedAt[n.Name]; ok {
		heartbeat = at
	} else if r := condition(n, core.NodeReady); r != nil && r.Status == core.ConditionUnknown {
		// Marked Unknown without a recorded stop (`node NODE unreachable`):
		// the last heartbeat is the controller's mark.
		heartbeat = s.times.since[n.Name][core.NodeReady]
	}
	stamp := func(d time.Duration) *core.Time { return &core.Time{Time: kubectl.DescribeEpoch.Add(d)} }
	for i := range c.Status.Conditions {
		cond := &c.Status.Conditions[i]
		cond.LastHeartbeatTime = stamp(heartbeat)
		cond.LastTransitionTime = stamp(s.times.since[n.Name][cond.Type])
	}
	return c
}
