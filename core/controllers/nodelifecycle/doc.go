// Package nodelifecycle holds the zone logic of the node-lifecycle
// controller (k8s.io/kubernetes pkg/controller/nodelifecycle, v1.37):
// zone keys, zone disruption states (ComputeZoneState), the per-zone
// eviction rate (setLimiterInZone, HealthyQPSFunc, ReducedQPSFunc) and a
// deterministic token bucket with burst 1 for the NoExecute tainting
// queue (RateLimitedTimedQueue with flowcontrol's token bucket, including
// SwapLimiter's draining of the fresh bucket when the old one had no
// token).
//
// Per zone, nodes whose Ready condition is not True count as not ready:
// FullDisruption when none is ready and some are not, PartialDisruption
// when more than two are not ready and they are at least 55 % of the
// zone, Normal otherwise. The limiter is 0.1 nodes/s in Normal and
// FullDisruption zones; in PartialDisruption 0.01/s for zones of more
// than 50 nodes and 0 (no new NoExecute taints) otherwise. When every
// zone is in FullDisruption the controller enters master disruption mode:
// all not-ready/unreachable NoExecute taints are removed and every
// limiter is 0, until some node is Ready again.
//
// The simulator (core/sim) runs the monitor passes every 5 s, applies the
// NoSchedule taints at once and passes NoExecute taints through these
// limiters right after each pass (the 100 ms tainter loop), so zone states
// are evaluated before the tainter runs. The condition taints are the
// controller's whoever added them: a NoSchedule one the conditions do not
// call for goes in the update that added it, a not-ready or unreachable
// NoExecute one on a node whose Ready condition does not call for it at
// the next monitor pass (TaintsWritten).
package nodelifecycle
