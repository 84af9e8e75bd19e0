package store

import (
	"strconv"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Pod phases as the board shows them.
const (
	PhasePending = "Pending"
	PhaseRunning = "Running"
	// PhaseEvicted marks a pod the taint-eviction controller, the eviction
	// API or the scheduler removed, or one the kubelet rejected at
	// admission; upstream it is gone (or Failed), the board keeps it. A
	// pod deleted with a grace period is Evicted and Terminating until its
	// deletion finishes.
	PhaseEvicted = "Evicted"
)

// Pod is the stored record of one pod: the API object as admitted and the
// status the simulated components report. Readers treat a record as
// read-only; every change goes through Store.UpdatePod, which notifies the
// watchers. Object is never changed in place: a write that changes the
// pod object stores a new one.
type Pod struct {
	// Object is the pod as admitted (default tolerations appended,
	// spec.priority resolved); Status.NominatedNodeName is set by
	// preemption.
	Object *core.Pod
	// Index is the record's position in the store: creation order (file
	// order for the scenario's pods).
	Index    int
	Priority int32

	// Node is the node the pod is bound to ("" while Pending); Phase is
	// Pending, Running or Evicted.
	Node  string
	Phase string
	// Direct: created with spec.nodeName (never scheduled); Missing:
	// spec.nodeName names no node (yet).
	Direct, Missing bool
	// Reserved: a Pod of the scenario file that a `create pod` step
	// creates later; until then it is not an API object.
	Reserved bool
	// Deleted: gone from the API (and from the board).
	Deleted bool
	// Failed: rejected by the kubelet and left as a Failed object.
	Failed bool
	// Terminating: deleted with a grace period while bound to a node (the
	// object has a deletionTimestamp); the kubelet finishes the deletion
	// when the grace period ends, or when it returns to a node that was
	// not Ready (see IsTerminating, Store.DeletePod).
	Terminating bool
	// GraceEnd is when the grace period of a Terminating pod ends (its
	// deletionTimestamp, or 1 s after it when a shortened period was
	// already over); Remove says the deletion was a delete, not an
	// eviction: the record is Deleted, not left Evicted, when it
	// finishes.
	GraceEnd time.Duration
	Remove   bool
	// Preempted: the scheduler removed it for a higher-priority pod.
	Preempted bool

	CreatedAt   time.Duration
	ScheduledAt *time.Duration
	EvictedAt   *time.Duration
	// EvictReason says, for people, why the pod left its node.
	EvictReason string
	// FailedMessage is the last FailedScheduling message ("" once bound).
	FailedMessage string
	// StatusReason and StatusMessage are status.reason and status.message
	// when the kubelet rejected the pod.
	StatusReason, StatusMessage string
	// DisruptionTarget is the condition set before the pod's deletion.
	DisruptionTarget *core.PodCondition

	// TolerationSources says who added each toleration (parallel to
	// Object.Spec.Tolerations).
	TolerationSources []string
	// AdmitErr is the admission rejection ("" when admitted);
	// AdmitForbidden marks a Forbidden status (the Priority plugin).
	AdmitErr       string
	AdmitForbidden bool

	// RS and DS are the controller the pod belongs to (adopted through
	// its controller ownerReference, or created by it); DaemonNode is the
	// node a daemon pod is for.
	RS         *ReplicaSet
	DS         *core.DaemonSet
	DaemonNode string

	// Queue is where the scheduling queue holds the pod.
	Queue QueueStatus
	// Eviction is the taint-eviction controller's pending deletion.
	Eviction *Eviction

	rv uint64
	// written is the record as its last write left it, kept when the
	// store checks writes (Store.CheckWrites).
	written *Pod
	// req caches Requests for reqFor.
	req    map[core.ResourceName]int64
	reqFor *core.Pod
}

// QueueState is the scheduling queue's sub-queue holding a pod.
type QueueState int

// Scheduling-queue states (PriorityQueue's three sub-queues).
const (
	QueueNone          QueueState = iota // bound, deleted, or not kube-scheduler's
	QueueActive                          // activeQ
	QueueBackoff                         // backoffQ
	QueueUnschedulable                   // unschedulablePods
)

// String is the sub-queue's upstream name ("" for QueueNone).
func (q QueueState) String() string {
	switch q {
	case QueueActive:
		return "activeQ"
	case QueueBackoff:
		return "backoffQ"
	case QueueUnschedulable:
		return "unschedulablePods"
	}
	return ""
}

// QueueStatus is what the scheduling queue reports of a pod.
type QueueStatus struct {
	State QueueState
	// Since is the queue timestamp: arrival, then the last failed attempt.
	Since time.Duration
	// Attempts counts failed scheduling attempts.
	Attempts     int
	BackoffUntil time.Duration
	// Flushed is when the periodic flush last moved the pod.
	Flushed time.Duration
}

// Eviction is a scheduled NoExecute deletion (the taint-eviction
// controller's TimedWorker).
type Eviction struct {
	ID      uint64
	Created time.Duration
	FireAt  time.Duration
	// Taint names, for people, the taint whose toleration time runs out.
	Taint string
}

// Ref is namespace/name.
func (p *Pod) Ref() string { return p.Object.Namespace + "/" + p.Object.Name }

// UID is the pod's metadata.uid as the simulated API server returns it:
// the manifest's when it has one, else "uid-N" with N the record's
// position in the store.
func (p *Pod) UID() string {
	if p.Object.UID != "" {
		return p.Object.UID
	}
	return "uid-" + strconv.Itoa(p.Index)
}

// Name is the pod's name.
func (p *Pod) Name() string { return p.Object.Name }

// Namespace is the pod's namespace.
func (p *Pod) Namespace() string { return p.Object.Namespace }

// ResourceVersion counts the writes of the whole store up to the record's
// last write.
func (p *Pod) ResourceVersion() uint64 { return p.rv }

// Running reports whether the pod runs on a node: bound, Running, not
// deleted.
func (p *Pod) Running() bool { return !p.Deleted && p.Phase == PhaseRunning && p.Node != "" }

// Live reports whether the pod exists as an API object: created, not
// deleted, and not removed by eviction or preemption (a pod the kubelet
// rejected stays as a Failed object).
func (p *Pod) Live() bool {
	return !p.Deleted && !p.Reserved && (p.Phase != PhaseEvicted || p.Failed)
}

// Visible reports whether the board shows the pod.
func (p *Pod) Visible() bool { return !p.Deleted && !p.Reserved }

// IsTerminating reports whether the pod was deleted with a grace period
// and its deletion has not finished (Store.DeletePod,
// Store.FinishTermination); a kubelet rejection never is.
func (p *Pod) IsTerminating() bool {
	return p.Terminating && !p.Deleted && !p.Failed && p.StatusReason == "" && p.Phase == PhaseEvicted
}

// Owner names the pod's controller for the board:
// "ReplicaSet/web-7d4b9c8f6", "DaemonSet/agent", or the kind and name of
// its controller ownerReference ("" for a bare pod).
func (p *Pod) Owner() string {
	kind, name := p.OwnerRef()
	if kind == "" {
		return ""
	}
	return kind + "/" + name
}

// OwnerRef is the kind and name Owner joins.
func (p *Pod) OwnerRef() (kind, name string) {
	switch {
	case p.RS != nil:
		return "ReplicaSet", p.RS.Object.Name
	case p.DS != nil:
		return "DaemonSet", p.DS.Name
	}
	for _, o := range p.Object.OwnerReferences {
		if o.Controller != nil && *o.Controller {
			return o.Kind, o.Name
		}
	}
	return "", ""
}

// Requests is the pod's effective request per resource, in board units
// (millicores for cpu, whole units for the rest): the scheduler's
// framework.PodRequests (component-helpers resource.PodRequests: app
// containers and sidecars, init containers, overhead), computed once per
// pod object; callers must not modify the map.
func (p *Pod) Requests() map[core.ResourceName]int64 {
	if p.reqFor != p.Object || p.req == nil {
		p.req, p.reqFor = framework.PodRequests(p.Object, false), p.Object
	}
	return p.req
}

// QuantityValue converts a quantity to board units: millicores for cpu,
// whole units (bytes for memory) for the rest.
func QuantityValue(name core.ResourceName, q core.Quantity) int64 {
	if name == core.ResourceCPU {
		return q.MilliValue()
	}
	return q.Value()
}

// LeftNode reports whether a write took the pod off its node, as the
// components that count a node's pods see it: a running pod stopped
// running, or a pod was evicted (a DisruptionTarget condition appeared:
// the eviction API also takes a Failed pod's object away).
func LeftNode(old, new *Pod) bool {
	return (old.Running() && !new.Running()) || (new.DisruptionTarget != nil && old.DisruptionTarget == nil)
}
