package nodelifecycle

import (
	"math"
	"time"

	"github.com/taints-playground/playground/core"
)

// Zone states.
type ZoneState string

// The zone states of ComputeZoneState.
const (
	StateInitial           ZoneState = "Initial"
	StateNormal            ZoneState = "Normal"
	StatePartialDisruption ZoneState = "PartialDisruption"
	StateFullDisruption    ZoneState = "FullDisruption"
	LabelZone                        = "topology.kubernetes.io/zone"
	LabelRegion                      = "topology.kubernetes.io/region"
	LabelExcludeDisruption           = "node.kubernetes.io/exclude-disruption"
	zoneSep                          = ":\x00:"
)

// Defaults of kube-controller-manager.
const (
	EvictionRate              = 0.1
	SecondaryEvictionRate     = 0.01
	UnhealthyZoneThreshold    = 0.55
	LargeClusterSizeThreshold = 50
)

// ZoneKey is the zone a node belongs to: region and zone labels ("" for
// nodes without them).
func ZoneKey(n *core.Node) string {
	region, zone := n.Labels[LabelRegion], n.Labels[LabelZone]
	if region == "" && zone == "" {
		return ""
	}
	return region + zoneSep + zone
}

// ZoneName is a zone key for people: "region/zone", "zone", or "" for the
// unlabelled zone.
func ZoneName(key string) string {
	for i := 0; i+len(zoneSep) <= len(key); i++ {
		if key[i:i+len(zoneSep)] == zoneSep {
			region, zone := key[:i], key[i+len(zoneSep):]
			if region == "" {
				return zone
			}
			return region + "/" + zone
		}
	}
	return key
}

// Excluded reports whether the node is left out of zone counts.
func Excluded(n *core.Node) bool {
	_, ok := n.Labels[LabelExcludeDisruption]
	return ok
}

// ComputeZoneState returns the zone state from the Ready conditions'
// statuses of its nodes.
func ComputeZoneState(ready []core.ConditionStatus) (notReady int, state ZoneState) {
	readyNodes := 0
	for _, r := range ready {
		if r == core.ConditionTrue {
			readyNodes++
		} else {
			notReady++
		}
	}
	switch {
	case readyNodes == 0 && notReady > 0:
		return notReady, StateFullDisruption
	case notReady > 2 && float64(notReady)/float64(notReady+readyNodes) >= UnhealthyZoneThreshold:
		return notReady, StatePartialDisruption
	}
	return notReady, StateNormal
}

// QPS is the eviction (NoExecute tainting) rate of a zone in this state.
// allFull is master disruption mode (every zone FullDisruption).
func QPS(state ZoneState, zoneSize int, allFull bool) float64 {
	if allFull {
		return 0
	}
	switch state {
	case StatePartialDisruption:
		if zoneSize > LargeClusterSizeThreshold {
			return SecondaryEvictionRate
		}
		return 0
	}
	return EvictionRate
}

// Limiter is a token bucket with burst 1 on the virtual clock.
type Limiter struct {
	QPS float64
	// next is when the bucket holds a token again.
	next time.Duration
	// never is set for QPS ≤ 0.
	never bool
}

// NewLimiter returns a full bucket (one token) at rate qps.
func NewLimiter(qps float64) *Limiter {
	return &Limiter{QPS: qps, never: qps <= 0}
}

func (l *Limiter) interval() time.Duration {
	return time.Duration(math.Round(float64(time.Second) / l.QPS))
}

// TryAccept takes the token if there is one at now.
func (l *Limiter) TryAccept(now time.Duration) bool {
	if l.never {
		return false
	}
	if now < l.next {
		return false
	}
	l.next = now + l.interval()
	return true
}

// NextToken is when TryAccept will succeed next, and false for a limiter
// that never accepts.
func (l *Limiter) NextToken(now time.Duration) (time.Duration, bool) {
	if l.never {
		return 0, false
	}
	if now >= l.next {
		return now, true
	}
	return l.next, true
}

// Swap replaces the limiter with one of rate qps (SwapLimiter): nothing
// changes when the rate is the same; a fresh bucket is drained at once
// when the old limiter had no token to give.
func (l *Limiter) Swap(now time.Duration, qps float64) {
	if qps == l.QPS {
		return
	}
	oldHadToken := l.TryAccept(now)
	*l = *NewLimiter(qps)
	if !l.never && !oldHadToken {
		l.TryAccept(now)
	}
}

// Timing defaults of kube-controller-manager and the releases that changed
// them.
const (
	// MonitorPeriod is --node-monitor-period.
	MonitorPeriod = 5 * time.Second
	// GracePeriodSince is the first minor release with a 50 s
	// --node-monitor-grace-period (PR #126287); 40 s before.
	GracePeriodSince = 32
	// NoExecuteSamePassSince is the first minor release that queues the
	// NoExecute taint in the pass that marks a node Unknown (PR #120816);
	// before, the next pass did.
	NoExecuteSamePassSince = 34
)

// GracePeriod is --node-monitor-grace-period for a minor release.
func GracePeriod(minor int) time.Duration {
	if minor >= GracePeriodSince {
		return 50 * time.Second
	}
	return 40 * time.Second
}

// UnknownAt is when a node whose last heartbeat was observed at last is
// marked Unknown: the first monitor pass strictly after last + grace.
func UnknownAt(last, grace time.Duration) time.Duration {
	return (last+grace)/MonitorPeriod*MonitorPeriod + MonitorPeriod
}

// conditionTaints maps the NoSchedule taint keys the controller owns to
// the condition status that calls for them (doNoScheduleTaintingPass).
var conditionTaints = []struct {
	key    string
	cond   core.NodeConditionType
	status core.ConditionStatus
}{
	{core.TaintNodeNotReady, core.NodeReady, core.ConditionFalse},
	{core.TaintNodeUnreachable, core.NodeReady, core.ConditionUnknown},
	{core.TaintNodeMemoryPressure, core.NodeMemoryPressure, core.ConditionTrue},
	{core.TaintNodeDiskPressure, core.NodeDiskPressure, core.ConditionTrue},
	{core.TaintNodePIDPressure, core.NodePIDPressure, core.ConditionTrue},
	{core.TaintNodeNetworkUnavailable, core.NodeNetworkUnavailable, core.ConditionTrue},
}

// NoScheduleTaintKeys are the NoSchedule taints the node's conditions and
// spec.unschedulable call for, in the node's condition order, then
// node.kubernetes.io/unschedulable.
func NoScheduleTaintKeys(n *core.Node) []string {
	var want []string
	for _, c := range n.Status.Conditions {
		for _, m := range conditionTaints {
			if c.Type == m.cond && c.Status == m.status {
				want = append(want, m.key)
			}
		}
	}
	if n.Spec.Unschedulable {
		want = append(want, core.TaintNodeUnschedulable)
	}
	return want
}

// ManagedNoScheduleKeys are the NoSchedule taint keys the controller
// reconciles (adds and removes).
func ManagedNoScheduleKeys() map[string]bool {
	out := map[string]bool{core.TaintNodeUnschedulable: true}
	for _, m := range conditionTaints {
		out[m.key] = true
	}
	return out
}

// NoExecuteTaintKey is the NoExecute taint the Ready condition calls for:
// not-ready for False, unreachable for Unknown, "" for True or none.
func NoExecuteTaintKey(n *core.Node) string {
	for _, c := range n.Status.Conditions {
		if c.Type != core.NodeReady {
			continue
		}
		switch c.Status {
		case core.ConditionFalse:
			return core.TaintNodeNotReady
		case core.ConditionUnknown:
			return core.TaintNodeUnreachable
		}
	}
	return ""
}
