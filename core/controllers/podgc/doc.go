// Package podgc is the pod garbage collector (k8s.io/kubernetes
// pkg/controller/podgc, v1.37; kube-controller-manager's
// `pod-garbage-collector-controller`). It lists every pod and node once
// per pass (gcCheckPeriod, 20 s; the first pass runs as the controller
// starts, wait.UntilWithContext) and force-deletes, with grace period 0:
//
//   - terminated pods (phase Succeeded or Failed) beyond
//     --terminated-pod-gc-threshold (12500 by default; ≤ 0 turns the rule
//     off), evicted ones first, then the oldest;
//   - Terminating pods on a node that is not Ready and has a taint with
//     the key node.kubernetes.io/out-of-service (any value and effect);
//   - pods bound to a node that no longer exists, once the node has been
//     missing for the quarantine (40 s: the pass that first sees it
//     missing queues it for 40 s, and a later pass finds it ready, checks
//     the API server once more and deletes);
//   - Terminating pods that were never scheduled.
//
// Before deleting, a pod not yet Succeeded or Failed is patched to Failed;
// only an orphaned pod also gets the DisruptionTarget condition (reason
// DeletionByPodGC, message "PodGC: node no longer exists"). The
// controller emits no Kubernetes events (it only logs), so here it
// narrates what it did.
//
// Decide is one pass as a pure function; Controller runs the passes on
// the simulator's clock. The rules are the same in every supported
// release (1.26–1.37) with default feature gates.
package podgc
