// Package tainttoleration is the TaintToleration plugin
// (pkg/scheduler/framework/plugins/tainttoleration, v1.37).
//
// Filter rejects a node whose NoSchedule or NoExecute taints are not all
// tolerated. Score counts the node's PreferNoSchedule taints that the pod's
// PreferNoSchedule-or-empty-effect tolerations do not tolerate, and
// NormalizeScore reverses the counts so fewer intolerable taints score
// higher. Default weight 3. NewForVersion gives the pre-1.35 Filter reason
// naming the taint and drops Lt/Gt before 1.35.
package tainttoleration
