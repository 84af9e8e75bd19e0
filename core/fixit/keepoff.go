package fixit

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core"
)

// Fates of a pod when a taint is added to its node.
const (
	// FateStays: it keeps running (NoSchedule never removes running pods;
	// a NoExecute taint it tolerates without tolerationSeconds).
	FateStays = "Stays"
	// FateEvictedNow: the taint-eviction controller deletes it at once.
	FateEvictedNow = "EvictedNow"
	// FateEvictedAfter: deleted when its tolerationSeconds run out (After).
	FateEvictedAfter = "EvictedAfter"
	// FateMirrorRecreated: a static pod's mirror pod, deleted like any
	// pod; the kubelet keeps the static pod running and creates its
	// mirror pod again.
	FateMirrorRecreated = "MirrorRecreated"
)

// PodOnNode is a pod on the node, as the board shows it.
type PodOnNode struct {
	// Pod is namespace/name.
	Pod string
	// Tolerations are the pod's tolerations as admitted.
	Tolerations []core.Toleration
	// Owner is "Kind/name" of its controller ("" for a bare pod).
	Owner string
	// Static marks a static pod's mirror pod.
	Static bool
}

// PodFate is what a taint does to one pod on the node.
type PodFate struct {
	Pod   string
	Owner string
	// Fate is one of the Fate constants; After the seconds of
	// FateEvictedAfter.
	Fate  string
	After int64
	// DaemonSet marks a DaemonSet pod that leaves: its controller does not
	// create it again on the node while the taint stays.
	DaemonSet bool
}

// KeepOffPlan is the proposal to keep a running pod off its node.
type KeepOffPlan struct {
	Node string
	// Taint is the taint to add, Command the kubectl command that adds it.
	Taint   core.Taint
	Command string
	// Impossible is set when the pod tolerates every taint of that effect
	// (a toleration with operator Exists and no key): no taint keeps it
	// off; Taint and Command are then empty.
	Impossible bool
	// Static is set when pod is a static pod's mirror pod: the kubelet
	// runs a static pod from its manifest whatever the node's taints (it
	// skips the taint admission check for it, and a NoExecute taint only
	// deletes the mirror pod, which it creates again), so no taint keeps
	// it off; Taint, Command and Pods are then empty.
	Static bool
	// Pods are the fates of the pods on the node, the pod itself first.
	Pods []PodFate
	// Moved counts the other pods that leave the node (evicted now or
	// later; mirror pods are not counted, their static pods stay).
	Moved int
}

// suggestions are the taints KeepOff tries, in order, with the value of
// the documentation's dedicated=<group> convention.
var suggestions = []core.Taint{
	{Key: "dedicated", Value: "other"},
	{Key: "dedicated", Value: "keep-off"},
	{Key: "keep-off"},
}

// KeepOff proposes a taint with effect (NoSchedule or NoExecute) on node
// that pod does not tolerate, and what it does to every pod on the node
// (pods, which may include pod). taints are the node's current taints;
// gate is the TaintTolerationComparisonOperators gate as the cluster has
// it.
func KeepOff(pod PodOnNode, node string, taints []core.Taint, pods []PodOnNode, effect core.TaintEffect, gate bool) (KeepOffPlan, error) {
	if effect != core.TaintEffectNoSchedule && effect != core.TaintEffectNoExecute {
		return KeepOffPlan{}, fmt.Errorf("fixit: effect %q: only NoSchedule and NoExecute keep a pod off a node", effect)
	}
	if node == "" {
		return KeepOffPlan{}, fmt.Errorf("fixit: pod %s runs on no node", pod.Pod)
	}
	if pod.Static {
		return KeepOffPlan{Node: node, Static: true}, nil
	}
	plan := KeepOffPlan{Node: node, Impossible: true}
	for _, s := range suggestions {
		t := s
		t.Effect = effect
		if onNode(taints, t) || core.TolerationsTolerateTaint(pod.Tolerations, &t, gate) {
			continue
		}
		plan.Taint, plan.Impossible = t, false
		plan.Command = "kubectl taint nodes " + node + " " + t.ToString()
		break
	}
	all := []PodOnNode{pod}
	for _, p := range pods {
		if p.Pod != pod.Pod {
			all = append(all, p)
		}
	}
	after := append(append([]core.Taint(nil), taints...), plan.Taint)
	for i, p := range all {
		f := PodFate{Pod: p.Pod, Owner: p.Owner, Fate: FateStays}
		if !plan.Impossible && effect == core.TaintEffectNoExecute {
			f.Fate, f.After = fate(p, after, gate)
		}
		f.DaemonSet = f.Fate != FateStays && f.Fate != FateMirrorRecreated && strings.HasPrefix(p.Owner, "DaemonSet/")
		if i > 0 && (f.Fate == FateEvictedNow || f.Fate == FateEvictedAfter) {
			plan.Moved++
		}
		plan.Pods = append(plan.Pods, f)
	}
	return plan, nil
}

// fate is the taint-eviction controller's decision for a pod on a node
// with taints (core.EvictionDecision), a mirror pod's deletion read as the
// kubelet creating it again.
func fate(p PodOnNode, taints []core.Taint, gate bool) (string, int64) {
	action, after := core.EvictionDecision(taints, p.Tolerations, gate)
	switch action {
	case core.EvictionNow:
		if p.Static {
			return FateMirrorRecreated, 0
		}
		return FateEvictedNow, 0
	case core.EvictionAfter:
		if p.Static {
			return FateMirrorRecreated, int64(after.Seconds())
		}
		return FateEvictedAfter, int64(after.Seconds())
	}
	return FateStays, 0
}

// onNode reports whether the node already has a taint with t's key and
// effect (kubectl taint refuses to add it again without --overwrite).
func onNode(taints []core.Taint, t core.Taint) bool {
	for i := range taints {
		if taints[i].Key == t.Key && taints[i].Effect == t.Effect {
			return true
		}
	}
	return false
}
