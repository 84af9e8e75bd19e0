package sim

import (
	"time"

	"github.com/taints-playground/playground/core"
)

// cloneNode is a deep copy of n equal to what a JSON round trip gives
// (the API's copy semantics the simulator used to get from encoding/json):
// empty maps and slices become nil, times become UTC whole seconds and a
// zero time nil. Quantities are immutable values and are shared. It is
// several hundred times cheaper than the round trip, which dominated runs
// with many steps.
func cloneNode(n *core.Node) *core.Node {
	out := &core.Node{}
	if n == nil {
		return out
	}
	out.TypeMeta = n.TypeMeta
	out.ObjectMeta = cloneMeta(n.ObjectMeta)
	out.Spec = n.Spec
	out.Spec.Taints = nil
	if len(n.Spec.Taints) > 0 {
		out.Spec.Taints = make([]core.Taint, len(n.Spec.Taints))
		for i, t := range n.Spec.Taints {
			t.TimeAdded = cloneTime(t.TimeAdded)
			out.Spec.Taints[i] = t
		}
	}
	out.Status.Capacity = cloneResources(n.Status.Capacity)
	out.Status.Allocatable = cloneResources(n.Status.Allocatable)
	if len(n.Status.Conditions) > 0 {
		out.Status.Conditions = make([]core.NodeCondition, len(n.Status.Conditions))
		for i, c := range n.Status.Conditions {
			c.LastHeartbeatTime = cloneTime(c.LastHeartbeatTime)
			c.LastTransitionTime = cloneTime(c.LastTransitionTime)
			out.Status.Conditions[i] = c
		}
	}
	return out
}

func cloneMeta(m core.ObjectMeta) core.ObjectMeta {
	out := m
	out.Labels = cloneStrings(m.Labels)
	out.Annotations = cloneStrings(m.Annotations)
	out.OwnerReferences = nil
	if len(m.OwnerReferences) > 0 {
		out.OwnerReferences = make([]core.OwnerReference, len(m.OwnerReferences))
		for i, r := range m.OwnerReferences {
			if r.Controller != nil {
				v := *r.Controller
				r.Controller = &v
			}
			out.OwnerReferences[i] = r
		}
	}
	out.CreationTimestamp = cloneTime(m.CreationTimestamp)
	return out
}

func cloneStrings(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func cloneResources(l core.ResourceList) core.ResourceList {
	if len(l) == 0 {
		return nil
	}
	out := make(core.ResourceList, len(l))
	for k, v := range l {
		out[k] = v
	}
	return out
}

// cloneTime is a *core.Time as JSON writes and reads it back: RFC 3339 in
// UTC, whole seconds; the zero time is null.
func cloneTime(t *core.Time) *core.Time {
	if t == nil || t.IsZero() {
		return nil
	}
	return &core.Time{Time: t.UTC().Truncate(time.Second)}
}
