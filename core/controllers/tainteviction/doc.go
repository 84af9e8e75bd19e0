// Package tainteviction is the decision logic of the taint-eviction
// controller (k8s.io/kubernetes pkg/controller/tainteviction, v1.37; its
// own controller `taint-eviction-controller` since 1.29, GA in 1.34).
//
// The simulator calls Decide whenever the controller would process a pod:
// the node's list of NoExecute taints changed, or the pod's tolerations or
// node changed. For each NoExecute taint the first tolerating toleration in
// pod order is used; a taint nobody tolerates evicts now; otherwise the
// minimum tolerationSeconds of the used tolerations decides (≤ 0: now;
// none set: never). A new timer fires at now + d, now being the moment the
// controller processes the event (taint.timeAdded is ignored). An existing
// timer is never moved (upstream compares CreatedAt+d with now+d, which
// keeps any timer created before now: issues #102993, #108982), so later
// toleration edits or newly tolerated taints leave the deadline alone,
// while an untolerated taint still evicts at once. The timer is cancelled
// only when no NoExecute taint is left or every one is tolerated forever.
//
// Firing patches the pod with condition DisruptionTarget=True (reason
// DeletionByTaintManager, message "Taint manager: deleting due to NoExecute
// taint") and deletes it without looking at PodDisruptionBudgets; the event
// is `Normal TaintManagerEviction "Marking for deletion Pod ns/name"`, and
// a cancelled timer gives `"Cancelling deletion of Pod ns/name"`.
package tainteviction
