package replicaset

import "github.com/taints-playground/playground/core"

// The typed deep copy of a pod template spec. It gives what the JSON round
// trip it replaces gave: every map, slice and pointer is new, and an empty
// map or slice of an omitempty field comes back nil (as JSON omits it and
// reads nothing back); Containers and NodeSelectorTerms, which JSON always
// writes, keep an empty non-nil list. Quantities are immutable values and
// are copied as values.

func copySpec(s core.PodSpec) core.PodSpec {
	out := s
	out.NodeSelector = copyOmitMap(s.NodeSelector)
	out.Affinity = copyAffinity(s.Affinity)
	out.Tolerations = copyTolerations(s.Tolerations)
	out.InitContainers = copyContainers(s.InitContainers, true)
	out.Containers = copyContainers(s.Containers, false)
	out.Overhead = copyResources(s.Overhead)
	out.Priority = copyPtr(s.Priority)
	out.PreemptionPolicy = copyPtr(s.PreemptionPolicy)
	out.Volumes = copyVolumes(s.Volumes)
	out.TerminationGracePeriodSeconds = copyPtr(s.TerminationGracePeriodSeconds)
	return out
}

func copyPtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func copyOmitMap(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	return copyMap(m)
}

func copyResources(l core.ResourceList) core.ResourceList {
	if len(l) == 0 {
		return nil
	}
	out := make(core.ResourceList, len(l))
	for k, v := range l {
		out[k] = v
	}
	return out
}

func copyTolerations(ts []core.Toleration) []core.Toleration {
	if len(ts) == 0 {
		return nil
	}
	out := make([]core.Toleration, len(ts))
	for i, t := range ts {
		t.TolerationSeconds = copyPtr(t.TolerationSeconds)
		out[i] = t
	}
	return out
}

// copyContainers copies cs; omitEmpty says an empty list becomes nil.
func copyContainers(cs []core.Container, omitEmpty bool) []core.Container {
	if cs == nil || (omitEmpty && len(cs) == 0) {
		return nil
	}
	out := make([]core.Container, len(cs))
	for i, c := range cs {
		c.Resources.Requests = copyResources(c.Resources.Requests)
		c.Resources.Limits = copyResources(c.Resources.Limits)
		if len(c.Ports) == 0 {
			c.Ports = nil
		} else {
			c.Ports = append([]core.ContainerPort(nil), c.Ports...)
		}
		c.RestartPolicy = copyPtr(c.RestartPolicy)
		out[i] = c
	}
	return out
}

func copyVolumes(vs []core.Volume) []core.Volume {
	if len(vs) == 0 {
		return nil
	}
	out := make([]core.Volume, len(vs))
	for i, v := range vs {
		if v.EmptyDir != nil {
			e := *v.EmptyDir
			e.SizeLimit = copyPtr(e.SizeLimit)
			v.EmptyDir = &e
		}
		v.HostPath = copyPtr(v.HostPath)
		out[i] = v
	}
	return out
}

func copyAffinity(a *core.Affinity) *core.Affinity {
	if a == nil {
		return nil
	}
	out := &core.Affinity{}
	if na := a.NodeAffinity; na != nil {
		out.NodeAffinity = &core.NodeAffinity{}
		if r := na.RequiredDuringSchedulingIgnoredDuringExecution; r != nil {
			out.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution = &core.NodeSelector{NodeSelectorTerms: copyTerms(r.NodeSelectorTerms)}
		}
		if ps := na.PreferredDuringSchedulingIgnoredDuringExecution; len(ps) > 0 {
			cp := make([]core.PreferredSchedulingTerm, len(ps))
			for i, p := range ps {
				cp[i] = core.PreferredSchedulingTerm{Weight: p.Weight, Preference: copyTerm(p.Preference)}
			}
			out.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution = cp
		}
	}
	return out
}

// copyTerms copies a nodeSelectorTerms list, which JSON always writes.
func copyTerms(ts []core.NodeSelectorTerm) []core.NodeSelectorTerm {
	if ts == nil {
		return nil
	}
	out := make([]core.NodeSelectorTerm, len(ts))
	for i, t := range ts {
		out[i] = copyTerm(t)
	}
	return out
}

func copyTerm(t core.NodeSelectorTerm) core.NodeSelectorTerm {
	return core.NodeSelectorTerm{MatchExpressions: copyRequirements(t.MatchExpressions), MatchFields: copyRequirements(t.MatchFields)}
}

func copyRequirements(rs []core.NodeSelectorRequirement) []core.NodeSelectorRequirement {
	if len(rs) == 0 {
		return nil
	}
	out := make([]core.NodeSelectorRequirement, len(rs))
	for i, r := range rs {
		if len(r.Values) == 0 {
			r.Values = nil
		} else {
			r.Values = append([]string(nil), r.Values...)
		}
		out[i] = r
	}
	return out
}
