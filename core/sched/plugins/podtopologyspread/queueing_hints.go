package podtopologyspread

import (
	"github.com/taints-playground/playground/core"
)

// The plugin's queueing hints (plugin.go, v1.37): which cluster events
// may make a pod it rejected schedulable. It registers AssignedPod
// Add|UpdatePodLabel|Delete, TargetPod UpdatePodToleration|UpdatePodLabel
// and Node Add|Delete|UpdateNodeLabel|UpdateNodeTaint. Only DoNotSchedule
// constraints reject, so the hints read those (getConstraints).

// SchedulableAfterAssignedPodChange reports whether a pod bound to a node
// (changed, added or deleted) may help pod: a bound pod in pod's namespace
// whose labels match one of pod's DoNotSchedule constraints was added or
// deleted (mirrors isSchedulableAfterAssignedPodChange, v1.37; the
// playground does not change a bound pod's labels, so no update case).
func (pl *PodTopologySpread) SchedulableAfterAssignedPodChange(pod, changed *core.Pod) bool {
	if pod == nil || changed == nil || namespaceOf(changed) != namespaceOf(pod) {
		return false
	}
	return podLabelsMatchSpreadConstraints(pl.getConstraints(pod), changed.Labels)
}

// SchedulableAfterNodeChange reports whether a node added (before nil),
// updated or deleted (after nil) may help pod: a new or deleted node
// carrying every topology key of pod's DoNotSchedule constraints; an
// update that gives or takes away one of those keys, or, on a node
// carrying them all, changes a key's value or the taints (mirrors
// isSchedulableAfterNodeChange, v1.37).
func (pl *PodTopologySpread) SchedulableAfterNodeChange(pod *core.Pod, before, after *core.Node) bool {
	if pod == nil || (before == nil && after == nil) {
		return false
	}
	cs := pl.getConstraints(pod)
	if after == nil {
		// Node/Delete: the deleted node matched the constraints.
		return nodeLabelsMatchSpreadConstraints(before.Labels, cs)
	}
	now := nodeLabelsMatchSpreadConstraints(after.Labels, cs)
	if before == nil {
		return now
	}
	if nodeLabelsMatchSpreadConstraints(before.Labels, cs) != now {
		return true
	}
	if !now {
		return false
	}
	for i := range cs {
		if before.Labels[cs[i].TopologyKey] != after.Labels[cs[i].TopologyKey] {
			return true
		}
	}
	return !sameTaints(before.Spec.Taints, after.Spec.Taints)
}

// sameTaints is equality.Semantic.DeepEqual of two taint lists (order
// matters; timeAdded compared by value).
func sameTaints(a, b []core.Taint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Key != y.Key || x.Value != y.Value || x.Effect != y.Effect || (x.TimeAdded == nil) != (y.TimeAdded == nil) ||
			(x.TimeAdded != nil && !x.TimeAdded.Equal(y.TimeAdded.Time)) {
			return false
		}
	}
	return true
}
