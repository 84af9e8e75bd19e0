package core

import (
	"math/big"
	"time"
)

// Deep copies of API objects.
//
// The DeepCopy methods are named after k8s.io/api's, but their result is
// what a JSON round trip of the object gives (json.Marshal, then
// json.Unmarshal into a new value), which is what the simulator used to
// copy objects with, at several hundred times the cost:
//
//   - every map, slice and pointer of the copy is new; nothing mutable is
//     shared with the original;
//   - an empty map or slice of an omitempty field comes back nil (JSON
//     omits it and reads nothing back); a list JSON always writes
//     (spec.containers, nodeSelectorTerms) keeps the difference between
//     nil (null) and empty ([]);
//   - a non-nil pointer is copied even when it points to a zero value
//     (omitempty does not omit it);
//   - times become UTC, truncated to whole seconds (RFC 3339 as Time
//     writes it), and a zero time becomes nil (Time writes null);
//   - quantities are immutable values and are shared, except the zero
//     Quantity{}, which JSON writes as "0" and reads back as the parsed
//     "0" (same value and text, different internals);
//   - a nil object copies to nil (JSON null read into a pointer).
//
// Two inputs the round trip does not survive are copied as they are:
// strings that are not valid UTF-8 (JSON would replace each invalid byte
// with U+FFFD; objects from YAML, JSON, links and the browser are always
// valid UTF-8), and times whose UTC year is outside 0–9999 (JSON writes a
// text time.Parse refuses, so the round trip failed).
//
// TestDeepCopyEqualsJSONRoundTrip checks all of this against encoding/json
// on randomly filled objects.

// DeepCopy returns a deep copy of n with JSON round-trip semantics (see
// above); nil gives nil.
func (n *Node) DeepCopy() *Node {
	if n == nil {
		return nil
	}
	out := &Node{TypeMeta: n.TypeMeta, ObjectMeta: copyMeta(n.ObjectMeta), Spec: n.Spec}
	out.Spec.Taints = copyEach(n.Spec.Taints, func(t *Taint) { t.TimeAdded = copyTime(t.TimeAdded) })
	out.Status.Capacity = copyResources(n.Status.Capacity)
	out.Status.Allocatable = copyResources(n.Status.Allocatable)
	out.Status.Conditions = copyEach(n.Status.Conditions, func(c *NodeCondition) {
		c.LastHeartbeatTime = copyTime(c.LastHeartbeatTime)
		c.LastTransitionTime = copyTime(c.LastTransitionTime)
	})
	out.Status.Images = copyEach(n.Status.Images, func(i *ContainerImage) { i.Names = copySlice(i.Names) })
	out.Status.Addresses = copySlice(n.Status.Addresses)
	out.Status.NodeInfo = n.Status.NodeInfo
	out.NotModelled = copySlice(n.NotModelled)
	return out
}

// DeepCopy returns a deep copy of p with JSON round-trip semantics (see
// above); nil gives nil.
func (p *Pod) DeepCopy() *Pod {
	if p == nil {
		return nil
	}
	out := &Pod{TypeMeta: p.TypeMeta, ObjectMeta: copyMeta(p.ObjectMeta), Spec: copySpec(&p.Spec), Status: p.Status}
	out.Status.Conditions = copySlice(p.Status.Conditions)
	return out
}

// DeepCopy returns a deep copy of s with JSON round-trip semantics (see
// above); nil gives nil.
func (s *PodSpec) DeepCopy() *PodSpec {
	if s == nil {
		return nil
	}
	out := copySpec(s)
	return &out
}

// DeepCopy returns a deep copy of t with JSON round-trip semantics (see
// above); nil gives nil.
func (t *PodTemplateSpec) DeepCopy() *PodTemplateSpec {
	if t == nil {
		return nil
	}
	return &PodTemplateSpec{ObjectMeta: copyMeta(t.ObjectMeta), Spec: copySpec(&t.Spec)}
}

// copyMeta is a method-less helper on purpose: a DeepCopy method on the
// embedded ObjectMeta would be promoted to every object that has none and
// copy only its metadata.
func copyMeta(m ObjectMeta) ObjectMeta {
	out := m
	out.Labels = copyStrings(m.Labels)
	out.Annotations = copyStrings(m.Annotations)
	out.OwnerReferences = copyEach(m.OwnerReferences, func(r *OwnerReference) { r.Controller = copyPtr(r.Controller) })
	out.CreationTimestamp = copyTime(m.CreationTimestamp)
	out.DeletionTimestamp = copyTime(m.DeletionTimestamp)
	out.DeletionGracePeriodSeconds = copyPtr(m.DeletionGracePeriodSeconds)
	return out
}

func copySpec(s *PodSpec) PodSpec {
	out := *s
	out.NodeSelector = copyStrings(s.NodeSelector)
	out.Affinity = copyAffinity(s.Affinity)
	out.Tolerations = copyEach(s.Tolerations, func(t *Toleration) { t.TolerationSeconds = copyPtr(t.TolerationSeconds) })
	out.InitContainers = copyContainers(s.InitContainers, true)
	out.Containers = copyContainers(s.Containers, false)
	out.Overhead = copyResources(s.Overhead)
	out.Priority = copyPtr(s.Priority)
	out.PreemptionPolicy = copyPtr(s.PreemptionPolicy)
	out.Volumes = copyEach(s.Volumes, func(v *Volume) {
		if v.EmptyDir != nil {
			e := *v.EmptyDir
			if e.SizeLimit != nil {
				q := copyQuantity(*e.SizeLimit)
				e.SizeLimit = &q
			}
			v.EmptyDir = &e
		}
		v.HostPath = copyPtr(v.HostPath)
	})
	out.TerminationGracePeriodSeconds = copyPtr(s.TerminationGracePeriodSeconds)
	out.TopologySpreadConstraints = copyEach(s.TopologySpreadConstraints, func(c *TopologySpreadConstraint) {
		c.LabelSelector = copySelector(c.LabelSelector)
		c.MinDomains = copyPtr(c.MinDomains)
		c.NodeAffinityPolicy = copyPtr(c.NodeAffinityPolicy)
		c.NodeTaintsPolicy = copyPtr(c.NodeTaintsPolicy)
		c.MatchLabelKeys = copySlice(c.MatchLabelKeys)
	})
	out.SchedulingGates = copySlice(s.SchedulingGates)
	out.RuntimeClassName = copyPtr(s.RuntimeClassName)
	out.NotModelled = copySlice(s.NotModelled)
	return out
}

// copyContainers copies cs; omitEmpty says an empty list becomes nil
// (initContainers), otherwise it stays empty (containers, always written).
func copyContainers(cs []Container, omitEmpty bool) []Container {
	if cs == nil || (omitEmpty && len(cs) == 0) {
		return nil
	}
	out := make([]Container, len(cs))
	for i, c := range cs {
		c.Resources.Requests = copyResources(c.Resources.Requests)
		c.Resources.Limits = copyResources(c.Resources.Limits)
		c.Ports = copySlice(c.Ports)
		c.RestartPolicy = copyPtr(c.RestartPolicy)
		out[i] = c
	}
	return out
}

func copyAffinity(a *Affinity) *Affinity {
	if a == nil {
		return nil
	}
	out := &Affinity{}
	if na := a.NodeAffinity; na != nil {
		out.NodeAffinity = &NodeAffinity{}
		if r := na.RequiredDuringSchedulingIgnoredDuringExecution; r != nil {
			out.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution = &NodeSelector{NodeSelectorTerms: copyTerms(r.NodeSelectorTerms)}
		}
		out.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution = copyEach(na.PreferredDuringSchedulingIgnoredDuringExecution,
			func(p *PreferredSchedulingTerm) { p.Preference = copyTerm(p.Preference) })
	}
	if pa := a.PodAffinity; pa != nil {
		out.PodAffinity = &PodAffinity{
			RequiredDuringSchedulingIgnoredDuringExecution:  copyPodAffinityTerms(pa.RequiredDuringSchedulingIgnoredDuringExecution),
			PreferredDuringSchedulingIgnoredDuringExecution: copyWeightedTerms(pa.PreferredDuringSchedulingIgnoredDuringExecution),
		}
	}
	if pa := a.PodAntiAffinity; pa != nil {
		out.PodAntiAffinity = &PodAntiAffinity{
			RequiredDuringSchedulingIgnoredDuringExecution:  copyPodAffinityTerms(pa.RequiredDuringSchedulingIgnoredDuringExecution),
			PreferredDuringSchedulingIgnoredDuringExecution: copyWeightedTerms(pa.PreferredDuringSchedulingIgnoredDuringExecution),
		}
	}
	return out
}

func copyPodAffinityTerms(ts []PodAffinityTerm) []PodAffinityTerm {
	return copyEach(ts, copyPodAffinityTerm)
}

func copyWeightedTerms(ts []WeightedPodAffinityTerm) []WeightedPodAffinityTerm {
	return copyEach(ts, func(w *WeightedPodAffinityTerm) { copyPodAffinityTerm(&w.PodAffinityTerm) })
}

// copyPodAffinityTerm replaces t's mutable parts with copies.
func copyPodAffinityTerm(t *PodAffinityTerm) {
	t.LabelSelector = copySelector(t.LabelSelector)
	t.NamespaceSelector = copySelector(t.NamespaceSelector)
	t.Namespaces = copySlice(t.Namespaces)
	t.MatchLabelKeys = copySlice(t.MatchLabelKeys)
	t.MismatchLabelKeys = copySlice(t.MismatchLabelKeys)
}

// copyTerms copies a nodeSelectorTerms list, which JSON always writes.
func copyTerms(ts []NodeSelectorTerm) []NodeSelectorTerm {
	if ts == nil {
		return nil
	}
	out := make([]NodeSelectorTerm, len(ts))
	for i, t := range ts {
		out[i] = copyTerm(t)
	}
	return out
}

func copyTerm(t NodeSelectorTerm) NodeSelectorTerm {
	return NodeSelectorTerm{MatchExpressions: copyRequirements(t.MatchExpressions), MatchFields: copyRequirements(t.MatchFields)}
}

func copyRequirements(rs []NodeSelectorRequirement) []NodeSelectorRequirement {
	return copyEach(rs, func(r *NodeSelectorRequirement) { r.Values = copySlice(r.Values) })
}

// copySlice copies an omitempty slice of plain values: empty gives nil.
func copySlice[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append([]T(nil), s...)
}

// copyEach copies an omitempty slice whose elements hold pointers, maps
// or slices, handing each copied element to fix to copy those: empty
// gives nil.
func copyEach[T any](s []T, fix func(*T)) []T {
	out := copySlice(s)
	for i := range out {
		fix(&out[i])
	}
	return out
}

// copyStrings copies an omitempty map: empty gives nil.
func copyStrings(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// copyResources copies an omitempty resource list: empty gives nil.
func copyResources(l ResourceList) ResourceList {
	if len(l) == 0 {
		return nil
	}
	out := make(ResourceList, len(l))
	for k, v := range l {
		out[k] = copyQuantity(v)
	}
	return out
}

// copyQuantity is q as JSON writes and reads it back: the same value (a
// quantity is immutable and keeps the text it was parsed from, which
// parses back to the same quantity), except that the zero Quantity{} is
// written "0" and comes back as the parsed "0".
func copyQuantity(q Quantity) Quantity {
	if q.s == "" {
		return newQuantity(new(big.Rat), "0", false)
	}
	return q
}

func copyPtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// copyTime is a *Time as JSON writes and reads it back: RFC 3339 in UTC,
// whole seconds; the zero time is null.
func copyTime(t *Time) *Time {
	if t == nil || t.IsZero() {
		return nil
	}
	return &Time{Time: t.UTC().Truncate(time.Second)}
}

// copySelector copies a label selector (nil stays nil).
func copySelector(s *LabelSelector) *LabelSelector {
	if s == nil {
		return nil
	}
	return &LabelSelector{
		MatchLabels:      copyStrings(s.MatchLabels),
		MatchExpressions: copyEach(s.MatchExpressions, func(r *LabelSelectorRequirement) { r.Values = copySlice(r.Values) }),
	}
}
