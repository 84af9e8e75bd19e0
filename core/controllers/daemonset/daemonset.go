package daemonset

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
)

// ObjectNameField is the node field daemon pods are pinned with
// (metav1.ObjectNameField).
const ObjectNameField = "metadata.name"

// DaemonSetTolerations returns tmpl with the tolerations the controller
// adds to every daemon pod (util.AddOrUpdateDaemonPodTolerations), in this
// order, each {key, operator: Exists, effect} without tolerationSeconds:
//
//	node.kubernetes.io/not-ready           NoExecute
//	node.kubernetes.io/unreachable         NoExecute
//	node.kubernetes.io/disk-pressure       NoSchedule
//	node.kubernetes.io/memory-pressure     NoSchedule
//	node.kubernetes.io/pid-pressure        NoSchedule
//	node.kubernetes.io/unschedulable       NoSchedule
//	node.kubernetes.io/network-unavailable NoSchedule  (hostNetwork only)
//
// Each is added as v1helper.AddOrUpdateTolerationInPodSpec does: a template
// toleration that is the same entry by MatchToleration (key, operator,
// value and effect, literally) is replaced in place — dropping its
// tolerationSeconds — unless it is already identical (then the list is left
// as it is); with no such entry the toleration is appended. tmpl is not
// modified; the result is a new slice.
func DaemonSetTolerations(tmpl []core.Toleration, hostNetwork bool) []core.Toleration {
	out := append([]core.Toleration(nil), tmpl...)
	add := func(key string, effect core.TaintEffect) {
		out = addOrUpdateToleration(out, core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: effect})
	}
	add(core.TaintNodeNotReady, core.TaintEffectNoExecute)
	add(core.TaintNodeUnreachable, core.TaintEffectNoExecute)
	add(core.TaintNodeDiskPressure, core.TaintEffectNoSchedule)
	add(core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule)
	add(core.TaintNodePIDPressure, core.TaintEffectNoSchedule)
	add(core.TaintNodeUnschedulable, core.TaintEffectNoSchedule)
	if hostNetwork {
		add(core.TaintNodeNetworkUnavailable, core.TaintEffectNoSchedule)
	}
	return out
}

// addOrUpdateToleration is AddOrUpdateTolerationInPodSpec on a list: every
// entry matching t (MatchToleration) is replaced by t; if one of them
// already equals t, including tolerationSeconds, the list is returned
// unchanged; with no match t is appended.
func addOrUpdateToleration(list []core.Toleration, t core.Toleration) []core.Toleration {
	out := make([]core.Toleration, 0, len(list)+1)
	updated := false
	for i := range list {
		if t.MatchToleration(&list[i]) {
			if sameSeconds(t.TolerationSeconds, list[i].TolerationSeconds) {
				return list
			}
			out = append(out, t)
			updated = true
			continue
		}
		out = append(out, list[i])
	}
	if !updated {
		out = append(out, t)
	}
	return out
}

func sameSeconds(a, b *int64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// NodeShouldRunDaemonPod is the controller's NodeShouldRunDaemonPod for a
// DaemonSet whose pod template is podTemplate (its namespace, labels and
// spec): shouldRun says a daemon pod should be created on node;
// shouldContinueRunning says an existing one may stay. gate is the
// TaintTolerationComparisonOperators feature gate (Lt/Gt tolerations).
//
//   - a template spec.nodeName naming another node, or a nodeSelector or
//     required node affinity the node does not match (parse errors ignored,
//     as upstream): (false, false);
//   - some NoSchedule or NoExecute taint not tolerated by the template's
//     tolerations plus DaemonSetTolerations: shouldRun is false, and
//     shouldContinueRunning is true only if every NoExecute taint is
//     tolerated;
//   - otherwise (true, true).
//
// A nil node or template gives (false, false).
func NodeShouldRunDaemonPod(node *core.Node, podTemplate *core.Pod, gate bool) (shouldRun, shouldContinueRunning bool) {
	if node == nil || podTemplate == nil {
		return false, false
	}
	if n := podTemplate.Spec.NodeName; n != "" && n != node.Name {
		return false, false
	}
	ra := nodeaffinity.GetRequiredNodeAffinity(podTemplate)
	if !ra.Match(node) {
		return false, false
	}
	tols := DaemonSetTolerations(podTemplate.Spec.Tolerations, podTemplate.Spec.HostNetwork)
	if _, untolerated := core.FindMatchingUntoleratedTaint(node.Spec.Taints, tols, core.DoNotScheduleTaintsFilter, gate); !untolerated {
		return true, true
	}
	_, untoleratedNoExecute := core.FindMatchingUntoleratedTaint(node.Spec.Taints, tols, core.NoExecuteTaintsFilter, gate)
	return false, !untoleratedNoExecute
}

// NewDaemonPod returns the pod the controller creates for nodeName from
// podTemplate: a copy with DaemonSetTolerations applied and the required
// node affinity replaced by a single term matchFields metadata.name In
// [nodeName] (util.ReplaceDaemonSetPodNodeNameNodeAffinity): any required
// terms of the template are dropped (the controller already checked them),
// preferred terms and spec.nodeSelector are kept. spec.nodeName stays
// as in the template (normally empty): the pod goes through kube-scheduler.
// The copy has its own tolerations and affinity; containers, labels and
// other maps are shared with the template. A nil template gives nil.
func NewDaemonPod(podTemplate *core.Pod, nodeName string) *core.Pod {
	if podTemplate == nil {
		return nil
	}
	p := *podTemplate
	p.Spec.Tolerations = DaemonSetTolerations(podTemplate.Spec.Tolerations, podTemplate.Spec.HostNetwork)
	p.Spec.Affinity = ReplaceNodeNameNodeAffinity(podTemplate.Spec.Affinity, nodeName)
	return &p
}

// ReplaceNodeNameNodeAffinity returns a copy of affinity whose required
// node affinity is exactly one term, matchFields metadata.name In
// [nodeName], keeping everything else (upstream
// ReplaceDaemonSetPodNodeNameNodeAffinity, without modifying its argument).
func ReplaceNodeNameNodeAffinity(affinity *core.Affinity, nodeName string) *core.Affinity {
	sel := &core.NodeSelector{NodeSelectorTerms: []core.NodeSelectorTerm{{
		MatchFields: []core.NodeSelectorRequirement{{Key: ObjectNameField, Operator: core.NodeSelectorOpIn, Values: []string{nodeName}}},
	}}}
	out := &core.Affinity{}
	if affinity != nil {
		*out = *affinity
	}
	na := &core.NodeAffinity{}
	if out.NodeAffinity != nil {
		*na = *out.NodeAffinity
	}
	na.RequiredDuringSchedulingIgnoredDuringExecution = sel
	out.NodeAffinity = na
	return out
}
