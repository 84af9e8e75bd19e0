// Package disruption computes what the eviction API (policy/v1 Eviction,
// used by `kubectl drain`) asks of PodDisruptionBudgets: how many pods a
// budget lets go right now (status.disruptionsAllowed as the disruption
// controller, pkg/controller/disruption, would compute it) and the refusal
// text "Cannot evict pod as it would violate the pod's disruption budget."
// Taint eviction and preemption do not go through it.
package disruption
