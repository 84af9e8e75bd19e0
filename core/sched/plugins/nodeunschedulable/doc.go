// Package nodeunschedulable is the NodeUnschedulable filter plugin
// (pkg/scheduler/framework/plugins/nodeunschedulable): a node with
// spec.unschedulable (kubectl cordon) only accepts pods that tolerate the
// synthetic taint node.kubernetes.io/unschedulable:NoSchedule. It reads the
// spec field, not the taint the node-lifecycle controller adds.
package nodeunschedulable
