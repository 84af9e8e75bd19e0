package kubectl

import (
	"time"

	"github.com/taints-playground/playground/core"
)

// Cluster is the API server kubectl talks to: the simulated cluster
// implements it for step commands and the console; tests use a fake.
// Pods are returned as the API returns them: status filled in,
// metadata.uid unique, metadata.creationTimestamp set (DescribeEpoch plus
// the virtual time), metadata.deletionTimestamp set on a pod deleted but
// still Terminating, and a controller ownerReference for the controller
// that manages the pod.
type Cluster interface {
	Nodes
	// Pod returns the pod namespace/name that exists as an API object.
	Pod(namespace, name string) (*core.Pod, bool)
	// Pods lists a namespace's pods, Terminating ones included, in
	// creation order; "" lists every namespace's (metav1.NamespaceAll).
	Pods(namespace string) []*core.Pod
	// NodePods lists the pods bound to a node, Terminating ones
	// included, in binding order.
	NodePods(node string) []*core.Pod
	// DescribedNode is the node as `kubectl describe node` sees it: its
	// conditions with their heartbeat and transition times, and the pods
	// counted on it.
	DescribedNode(name string) (*core.Node, []NodePod, bool)
	// Events lists every event, in the order they happened.
	Events() []core.Event
	// Now is the cluster's clock (virtual time since t=0).
	Now() time.Duration

	// DeletePod deletes the pod namespace/name with DeleteOptions'
	// gracePeriodSeconds (nil: the pod's own grace period).
	DeletePod(namespace, name string, gracePeriod *int64) error
	// EvictPod is the eviction API (policy/v1 Eviction) for the pod
	// namespace/name whose metadata.uid is uid: ErrDisruptionBudget when
	// a PodDisruptionBudget allows no disruption (unless skipBudgets),
	// ErrGone when that pod no longer runs.
	EvictPod(namespace, name, uid string, skipBudgets bool) error
	// Scale sets spec.replicas of a "deployment" or "replicaset" (the
	// scale subresource).
	Scale(kind, namespace, name string, replicas int32) error
	// PatchPod applies a patch of type json, merge or strategic to the
	// live pod namespace/name as the API server does (the pod-update
	// validation included) and reports whether the pod changed; dryRun
	// checks without storing.
	PatchPod(namespace, name, patchType string, patch []byte, dryRun bool) (bool, error)
	// Decode reads a manifest stream (kubectl's -f) into objects.
	Decode(manifest string) (*Manifest, error)
	// Apply creates one object of a manifest or updates the existing one,
	// and returns kubectl's word for what it did: created, configured or
	// unchanged.
	Apply(obj any) (string, error)
	// Narrate tells the simulation, for people, what the command is doing
	// beyond what it prints (a drain that waits, say).
	Narrate(msg string)
}

// Manifest is a manifest stream's objects, in document order per kind.
type Manifest struct {
	Namespaces           []*core.Namespace
	PriorityClasses      []*core.PriorityClass
	RuntimeClasses       []*core.RuntimeClass
	PodDisruptionBudgets []*core.PodDisruptionBudget
	Nodes                []*core.Node
	Deployments          []*core.Deployment
	ReplicaSets          []*core.ReplicaSet
	DaemonSets           []*core.DaemonSet
	Pods                 []*core.Pod
}

// Errors of EvictPod.
var (
	// ErrDisruptionBudget: the eviction would violate a
	// PodDisruptionBudget (HTTP 429).
	ErrDisruptionBudget = &apiError{reason: "TooManyRequests", msg: "Cannot evict pod as it would violate the pod's disruption budget."}
	// ErrGone: the pod is not running any more.
	ErrGone = &apiError{reason: "NotFound", msg: "the pod is gone"}
)

// controllerOf is metav1.GetControllerOf: the pod's controller
// ownerReference, or nil.
func controllerOf(p *core.Pod) *core.OwnerReference {
	for i := range p.OwnerReferences {
		if o := &p.OwnerReferences[i]; o.Controller != nil && *o.Controller {
			return o
		}
	}
	return nil
}

// created is a pod's creation time on the virtual clock.
func created(p *core.Pod) time.Duration {
	if p.CreationTimestamp.IsZero() {
		return 0
	}
	return p.CreationTimestamp.Sub(DescribeEpoch)
}
