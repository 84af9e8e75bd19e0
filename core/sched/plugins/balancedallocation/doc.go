// Package balancedallocation is the NodeResourcesBalancedAllocation score
// plugin (pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go,
// v1.37, resources cpu and memory), in its 1.36+ form that rewards the
// change of balance the pod brings to a node. It skips BestEffort pods.
// Default weight 1.
package balancedallocation
