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
