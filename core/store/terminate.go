package store

import (
	"time"

	"github.com/taints-playground/playground/core"
)

// Deletion is one request to delete a pod through the API server.
type Deletion struct {
	// Now is the virtual time of the request.
	Now time.Duration
	// GracePeriod is DeleteOptions.gracePeriodSeconds: nil takes the
	// pod's spec.terminationGracePeriodSeconds.
	GracePeriod *int64
	// Evict leaves the record Evicted on the board when the deletion
	// finishes (the taint-eviction controller, the eviction API, the
	// scheduler's preemption); otherwise it is Deleted (kubectl delete,
	// a workload controller).
	Evict bool
}

// GracePeriod is the grace period a deletion of p gets, in seconds:
// override, else spec.terminationGracePeriodSeconds (absent: 0); 0 for a
// pod bound to no node or already terminal (a Failed object the kubelet
// rejected); a negative one becomes 1. It mirrors
// podStrategy.CheckGracefulDelete (pkg/registry/core/pod/strategy.go)
// and the negative rule of rest.BeforeDelete, v1.37. A pod whose
// spec.nodeName names a node that does not exist counts as unbound here
// (upstream it would wait for that node's kubelet or the pod garbage
// collector).
func GracePeriod(p *Pod, override *int64) int64 {
	period := int64(0)
	switch {
	case override != nil:
		period = *override
	case p.Object.Spec.TerminationGracePeriodSeconds != nil:
		period = *p.Object.Spec.TerminationGracePeriodSeconds
	}
	if p.Node == "" || p.Failed || p.Phase == PhaseEvicted {
		period = 0
	}
	if period < 0 {
		period = 1
	}
	return period
}

// DeletePod deletes p through the API server, in one write with what
// mutate (may be nil) records of the deleter (a DisruptionTarget
// condition, EvictReason, Preempted). With a grace period (GracePeriod)
// the pod becomes Terminating: it leaves the Running phase (controllers
// replace it at once, as controller.FilterActivePods drops pods with a
// deletionTimestamp), its object gets metadata.deletionTimestamp (now +
// grace) and deletionGracePeriodSeconds, and it keeps its node's
// resources until its kubelet finishes the deletion (FinishTermination).
// With grace 0 it is gone at once: Evicted (d.Evict) or Deleted. A
// second deletion of a Terminating pod may only shorten the grace
// period, moving deletionTimestamp back (grace 0 finishes it now; a
// period already over leaves 1 s); a longer or equal one changes
// nothing. It mirrors rest.BeforeDelete (staging
// k8s.io/apiserver/pkg/registry/rest/delete.go) and the registry
// Store.Delete's immediate deletion when the grace period is 0, v1.37.
// It returns the grace period in force after the request.
func (s *Store) DeletePod(p *Pod, by string, d Deletion, mutate func(*Pod)) int64 {
	if p.IsTerminating() {
		return s.shorten(p, by, d)
	}
	period := GracePeriod(p, d.GracePeriod)
	s.UpdatePod(p, by, func(p *Pod) {
		if mutate != nil {
			mutate(p)
		}
		if period == 0 && !d.Evict {
			p.Deleted = true
			return
		}
		now := d.Now
		p.Phase, p.EvictedAt = PhaseEvicted, &now
		if period > 0 {
			p.Terminating, p.Remove = true, !d.Evict
			p.GraceEnd = d.Now + time.Duration(period)*time.Second
			p.Object = withDeletion(p.Object, p.GraceEnd, period)
		}
	})
	return period
}

// shorten is a second deletion of a Terminating pod (rest.BeforeDelete's
// path for an object that already has a deletionTimestamp).
func (s *Store) shorten(p *Pod, by string, d Deletion) int64 {
	cur := int64(0)
	if g := p.Object.DeletionGracePeriodSeconds; g != nil {
		cur = *g
	}
	if d.GracePeriod == nil || *d.GracePeriod >= cur {
		return cur
	}
	period := max(*d.GracePeriod, 0)
	if period == 0 {
		s.FinishTermination(p, by)
		return 0
	}
	ts := p.GraceEnd - time.Duration(cur-period)*time.Second
	end := ts
	if ts < d.Now {
		// The whole period is over: deletionTimestamp now, 1 s left for
		// the kubelet.
		ts, period = d.Now, 1
		end = d.Now + time.Second
	}
	s.UpdatePod(p, by, func(p *Pod) {
		p.GraceEnd = end
		p.Object = withDeletion(p.Object, ts, period)
	})
	return period
}

// withDeletion is a copy of obj with the deletion's metadata.
func withDeletion(obj *core.Pod, end time.Duration, period int64) *core.Pod {
	out := obj.DeepCopy()
	ts := core.Time{Time: core.Epoch.Add(end)}
	out.DeletionTimestamp = &ts
	out.DeletionGracePeriodSeconds = &period
	return out
}

// FinishTermination ends a Terminating pod's deletion now: the record is
// Deleted, or left Evicted when the deletion was an eviction, and its
// node's resources are free. The kubelet calls it when the grace period
// ends on a live node or when it returns to its node; a force deletion
// (the pod garbage collector, kubectl delete --force --grace-period=0)
// calls it at once. A pod that is not Terminating is left as it is.
func (s *Store) FinishTermination(p *Pod, by string) {
	if !p.IsTerminating() {
		return
	}
	s.UpdatePod(p, by, func(p *Pod) {
		p.Terminating = false
		if p.Remove {
			p.Deleted = true
		}
	})
}

// Holds reports whether the pod takes its node's resources: running, or
// Terminating there (upstream's scheduler cache and NodeInfo keep a pod
// until its delete event).
func (p *Pod) Holds() bool { return p.Running() || (p.Node != "" && p.IsTerminating()) }

// Freed reports whether a write gave the pod's node its resources back,
// as the scheduler's queue sees a pod delete event: the pod left its
// node (LeftNode) without staying Terminating, or its termination
// finished.
func Freed(old, new *Pod) bool {
	if new.IsTerminating() {
		return false
	}
	return LeftNode(old, new) || old.IsTerminating()
}

// HoldingOn lists the pods that hold node's resources (Holds), in
// binding order.
func (s *Store) HoldingOn(node string) []*Pod {
	var out []*Pod
	for _, p := range s.onNode[node] {
		if p.Node == node && p.Holds() {
			out = append(out, p)
		}
	}
	return out
}
