// Package balancedallocation is the NodeResourcesBalancedAllocation score
// plugin (pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go,
// v1.37, resources cpu and memory), in its 1.36+ form that rewards the
// change of balance the pod brings to a node. It skips BestEffort pods.
// NewForVersion gives the older forms: the absolute balance score before
// 1.36 (PR #135573) and BestEffort pods scored before 1.33 (PR #130260).
// Default weight 1.
package balancedallocation
