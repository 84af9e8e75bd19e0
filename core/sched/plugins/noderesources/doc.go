// Package noderesources is the NodeResourcesFit plugin
// (pkg/scheduler/framework/plugins/noderesources, v1.37, default
// LeastAllocated strategy with cpu and memory weighted 1 each).
//
// Filter compares the pod's requests with the node's allocatable minus what
// the node's pods request and reports every shortage. Score prefers nodes
// with more free cpu and memory, counting 100m / 200Mi for containers that
// request nothing. Default weight 1.
package noderesources
