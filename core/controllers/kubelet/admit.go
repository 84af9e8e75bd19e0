package kubelet

import (
	"fmt"
	"maps"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/store"
)

// admit runs the kubelet's admission on a pod just bound to its node, in
// upstream's order (pkg/kubelet/lifecycle): the eviction manager first
// (DiskPressure or PIDPressure reject every non-critical pod;
// MemoryPressure alone rejects BestEffort pods that do not tolerate
// node.kubernetes.io/memory-pressure), then, for a pod bound by
// spec.nodeName (the scheduler checked the rest), the resource predicate
// and the NoExecute-taint predicate, which generalFilter skips for a
// static pod (kubetypes.IsStaticPod: the mirror annotation here). A
// rejected pod is left Failed on the node (the taint-eviction controller
// deletes it when the node has a NoExecute taint it does not tolerate).
func (k *Kubelet) admit(p *store.Pod) {
	n := k.env.Store.Node(p.Node)
	if !critical(p) {
		if msg, bad := k.pressure(p, n); bad {
			k.env.Emit(Source, core.EventWarning, "Evicted", "pod/"+p.Ref(), msg)
			k.reject(p, "Evicted", msg, "the kubelet on "+p.Node+" rejected it at admission: Pod was rejected: "+msg)
			return
		}
	}
	if !p.Direct {
		return
	}
	if reason, msg, bad := k.outOfResource(p, n); bad {
		k.env.Emit(Source, core.EventWarning, reason, "pod/"+p.Ref(), msg)
		k.reject(p, reason, msg, "the kubelet on "+p.Node+" rejected it at admission: Pod was rejected: "+msg)
		return
	}
	if IsMirrorPod(p.Object) {
		return
	}
	if t, bad := core.FindMatchingUntoleratedTaint(n.Spec.Taints, p.Object.Spec.Tolerations, core.NoExecuteTaintsFilter, k.env.Gate); bad {
		// pkg/kubelet/lifecycle/predicate.go: PredicateFailureError
		// "Predicate %s failed: %s" with ErrReasonNotMatch; rejectPod
		// prefixes "Pod was rejected: " for status.message and uses the
		// predicate name as reason (SCHEDULER.md §9).
		const msg = "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"
		k.env.Emit(Source, core.EventWarning, "TaintToleration", "pod/"+p.Ref(), msg)
		k.reject(p, "TaintToleration", msg, fmt.Sprintf("the kubelet on %s rejected it (Pod was rejected: %s: %s is not tolerated) and the taint-eviction controller deleted it", p.Node, msg, t.ToString()))
	}
}

// pressure is the eviction manager's admission check: the message of a
// rejection ("The node had condition: [DiskPressure]. ").
func (k *Kubelet) pressure(p *store.Pod, n *core.Node) (string, bool) {
	return PressureRejection(p.Object, n, k.env.Gate)
}

// PressureRejection is the eviction manager's admission check of pod on
// node n (pkg/kubelet/eviction/eviction_manager.go, managerImpl.Admit):
// under DiskPressure or PIDPressure it rejects every pod, under
// MemoryPressure alone a BestEffort pod that does not tolerate
// node.kubernetes.io/memory-pressure:NoSchedule. It returns the message
// of the rejection ("The node had condition: [DiskPressure]. "). The
// caller skips it for critical pods (see Critical).
func PressureRejection(pod *core.Pod, n *core.Node, gate bool) (string, bool) {
	if n == nil {
		return "", false
	}
	var conds []string
	for _, t := range []core.NodeConditionType{core.NodeMemoryPressure, core.NodeDiskPressure, core.NodePIDPressure} {
		if c := n.Condition(t); c != nil && c.Status == core.ConditionTrue {
			conds = append(conds, string(t))
		}
	}
	reject := len(conds) > 0
	if len(conds) == 1 && conds[0] == string(core.NodeMemoryPressure) {
		reject = core.PodQOSClass(pod) == core.PodQOSBestEffort && !core.TolerationsTolerateTaint(pod.Spec.Tolerations,
			&core.Taint{Key: core.TaintNodeMemoryPressure, Effect: core.TaintEffectNoSchedule}, gate)
	}
	if !reject {
		return "", false
	}
	return fmt.Sprintf("The node had condition: [%s]. ", strings.Join(conds, " ")), true
}

// Critical reports whether the eviction manager admits pod whatever the
// node's pressure (kubelettypes.IsCriticalPod: a static pod's mirror pod
// or a priority of at least system-cluster-critical's).
func Critical(pod *core.Pod) bool {
	return IsMirrorPod(pod) || (pod.Spec.Priority != nil && admission.Critical(*pod.Spec.Priority))
}

// reject leaves the pod Failed (status.reason and status.message, "Pod
// was rejected: " + msg) and gone from the board's node.
func (k *Kubelet) reject(p *store.Pod, reason, msg, why string) {
	now := k.env.Now()
	k.env.Store.UpdatePod(p, Source, func(p *store.Pod) {
		p.StatusReason, p.StatusMessage = reason, "Pod was rejected: "+msg
		p.Phase, p.EvictedAt, p.EvictReason = store.PhaseEvicted, &now, why
		p.Failed = true
	})
	k.env.Note("%s rejected on %s", p.Name(), p.Node)
}

// outOfResource is the kubelet's resource admission check for a pod bound
// by spec.nodeName: the first resource, in the order pods, cpu, memory,
// ephemeral-storage, then extended resources by name, whose request does
// not fit next to the running pods. reason is "OutOf<resource>", msg the
// InsufficientResourceError text.
func (k *Kubelet) outOfResource(p *store.Pod, n *core.Node) (reason, msg string, bad bool) {
	used := map[core.ResourceName]int64{}
	for _, q := range k.env.Store.Pods() {
		if q != p && q.Holds() && q.Node == n.Name {
			for name, v := range q.Requests() {
				used[name] += v
			}
			used[core.ResourcePods]++
		}
	}
	alloc := map[core.ResourceName]int64{}
	for name, q := range n.Status.Allocatable {
		alloc[name] = store.QuantityValue(name, q)
	}
	req := maps.Clone(p.Requests())
	req[core.ResourcePods] = 1
	names := append([]core.ResourceName{core.ResourcePods, core.ResourceCPU, core.ResourceMemory, core.ResourceEphemeralStorage}, sortedExtended(req)...)
	for _, name := range names {
		r := req[name]
		if r == 0 {
			continue
		}
		if used[name]+r > alloc[name] {
			return "OutOf" + string(name), fmt.Sprintf("Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d", name, r, used[name], alloc[name]), true
		}
	}
	return "", "", false
}
