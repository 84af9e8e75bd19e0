// Package daemonset is the placement part of the DaemonSet controller
// (k8s.io/kubernetes pkg/controller/daemon, v1.37): which nodes get a
// daemon pod at all, which existing daemon pods may keep running, the
// tolerations every daemon pod gets automatically and the required node
// affinity that pins a daemon pod to its node.
//
// The controller decides with its own predicates, not with kube-scheduler:
// nodeSelector and required node affinity must match and every NoSchedule
// and NoExecute taint must be tolerated to start a pod; a running pod may
// continue while only NoSchedule taints are untolerated. Because the
// automatic tolerations include node.kubernetes.io/unschedulable, daemon
// pods ignore cordon. The pods it creates are then scheduled by
// kube-scheduler like any pod, pinned with matchFields metadata.name In
// [node] (see NewDaemonPod), so the scheduler's NodeAffinity PreFilter
// narrows them to that one node.
//
// A daemon pod its kubelet rejects (Failed) is deleted and replaced after
// a per-node back-off, 1 s doubling up to 15 min, with a FailedDaemonPod
// event (backoff.go).
//
// Rollouts, surge, status, hashes and histories are not modelled.
package daemonset
