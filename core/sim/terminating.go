package sim

import "github.com/taints-playground/playground/core"

// Terminating pods (SCHEDULER.md §3.3): a pod deleted while its node is not
// Ready keeps its API object, with a deletionTimestamp, until the node's
// kubelet returns and confirms the containers stopped (or a force delete).
// Until then kubectl get pods shows it as Terminating and it is still one
// of the node's pods.

// RemovalReason values of PodState.Reason for a pod removed from its node
// by someone other than the kubelet (the kubelet's own rejections keep
// their status.reason: TaintToleration, Evicted, OutOfcpu, …).
const (
	// ReasonDeletionByTaintManager: the taint-eviction controller deleted
	// it (its DisruptionTarget condition's reason).
	ReasonDeletionByTaintManager = "DeletionByTaintManager"
	// ReasonEvictionByEvictionAPI: kubectl drain evicted it.
	ReasonEvictionByEvictionAPI = "EvictionByEvictionAPI"
	// ReasonPreempted: the scheduler preempted it (the victim's event
	// reason).
	ReasonPreempted = "Preempted"
)

// markTerminating records, when a pod is removed from its node, whether
// the node is not Ready then: the deletion cannot complete and the pod
// stays Terminating. Kubelet rejections are excluded: the kubelet that
// rejected the pod is there to finish it.
func (s *simulator) markTerminating(p *podRec) {
	if p.node == "" || p.statusReason != "" {
		return
	}
	c := condition(s.node(p.node), core.NodeReady)
	if c == nil || c.Status == core.ConditionTrue {
		return
	}
	if s.term == nil {
		s.term = map[*podRec]bool{}
	}
	s.touch(p)
	s.term[p] = true
}

// terminating reports whether p is deleted but still Terminating.
func (s *simulator) terminating(p *podRec) bool {
	return s.term[p] && !p.deleted && !p.failed && p.statusReason == "" && p.phase == PhaseEvicted
}

// kubeletReturned finishes the deletions pending on node: its kubelet
// posts Ready again.
func (s *simulator) kubeletReturned(node string) {
	for p := range s.term {
		if p.node == node {
			s.touch(p)
			delete(s.term, p)
		}
	}
}

// terminatingOn lists the Terminating pods of a node, in binding order.
func (s *simulator) terminatingOn(node string) []*podRec {
	if len(s.term) == 0 {
		return nil
	}
	var out []*podRec
	for _, p := range s.onNode[node] {
		if p.node == node && s.terminating(p) {
			out = append(out, p)
		}
	}
	return out
}

// removalReason is PodState.Reason for a pod removed from its node without
// a kubelet status reason.
func (s *simulator) removalReason(p *podRec) string {
	switch {
	case p.statusReason != "":
		return p.statusReason
	case p.phase != PhaseEvicted:
		return ""
	case p.disruption != nil:
		return p.disruption.Reason
	case p.preempted:
		return ReasonPreempted
	}
	return ""
}
