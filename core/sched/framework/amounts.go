package framework

import "github.com/taints-playground/playground/core"

// Presence bits of amounts' fixed fields.
const (
	hasCPU uint8 = 1 << iota
	hasMem
	hasEph
	hasPods
)

// amounts is one container's (or an aggregate's) requests in scheduler
// units, without maps for the four well-known resources; it lets
// ComputePodResource convert each quantity once and aggregate both the
// plain and the non-missing variant of PodRequests in one pass.
type amounts struct {
	cpu, mem, eph, pods int64
	has                 uint8
	other               map[core.ResourceName]int64
}

func amountsOf(rl core.ResourceList) amounts {
	var a amounts
	for name, q := range rl {
		switch name {
		case core.ResourceCPU:
			a.cpu, a.has = q.MilliValue(), a.has|hasCPU
		case core.ResourceMemory:
			a.mem, a.has = q.Value(), a.has|hasMem
		case core.ResourceEphemeralStorage:
			a.eph, a.has = q.Value(), a.has|hasEph
		case core.ResourcePods:
			a.pods, a.has = q.Value(), a.has|hasPods
		default:
			if a.other == nil {
				a.other = map[core.ResourceName]int64{}
			}
			a.other[name] = q.Value()
		}
	}
	return a
}

func (a amounts) withDefaults() amounts {
	if a.has&hasCPU == 0 {
		a.cpu, a.has = DefaultMilliCPURequest, a.has|hasCPU
	}
	if a.has&hasMem == 0 {
		a.mem, a.has = DefaultMemoryRequest, a.has|hasMem
	}
	return a
}

func (a *amounts) add(b amounts) {
	a.cpu = satAdd(a.cpu, b.cpu)
	a.mem = satAdd(a.mem, b.mem)
	a.eph = satAdd(a.eph, b.eph)
	a.pods = satAdd(a.pods, b.pods)
	a.has |= b.has
	for k, v := range b.other {
		if a.other == nil {
			a.other = map[core.ResourceName]int64{}
		}
		a.other[k] = satAdd(a.other[k], v)
	}
}

func (a amounts) clone() amounts {
	if a.other != nil {
		m := make(map[core.ResourceName]int64, len(a.other))
		for k, v := range a.other {
			m[k] = v
		}
		a.other = m
	}
	return a
}

// maxWith sets each resource of a to the larger of a's and b's, where a
// resource a lacks takes b's value (as upstream maxResourceList).
func (a *amounts) maxWith(b amounts) {
	pick := func(dst *int64, v int64, bit uint8) {
		if b.has&bit == 0 {
			return
		}
		if a.has&bit == 0 || v > *dst {
			*dst = v
		}
		a.has |= bit
	}
	pick(&a.cpu, b.cpu, hasCPU)
	pick(&a.mem, b.mem, hasMem)
	pick(&a.eph, b.eph, hasEph)
	pick(&a.pods, b.pods, hasPods)
	for k, v := range b.other {
		if a.other == nil {
			a.other = map[core.ResourceName]int64{}
		}
		if cur, ok := a.other[k]; !ok || v > cur {
			a.other[k] = v
		}
	}
}

// podAmounts aggregates the pod's containers as PodRequests does, for the
// plain and the non-missing variant at once.
func podAmounts(p *core.Pod) (req, non0 amounts) {
	var sidecars, sidecars0, initMax, initMax0 amounts
	for i := range p.Spec.Containers {
		a := amountsOf(p.Spec.Containers[i].Resources.Requests)
		req.add(a)
		non0.add(a.withDefaults())
	}
	for i := range p.Spec.InitContainers {
		c := &p.Spec.InitContainers[i]
		a := amountsOf(c.Resources.Requests)
		a0 := a.withDefaults()
		if core.IsRestartableInitContainer(c) {
			req.add(a)
			non0.add(a0)
			sidecars.add(a)
			sidecars0.add(a0)
			initMax.maxWith(sidecars)
			initMax0.maxWith(sidecars0)
			continue
		}
		combined, combined0 := a.clone(), a0.clone()
		combined.add(sidecars)
		combined0.add(sidecars0)
		initMax.maxWith(combined)
		initMax0.maxWith(combined0)
	}
	req.maxWith(initMax)
	non0.maxWith(initMax0)
	over := amountsOf(p.Spec.Overhead)
	req.add(over)
	non0.add(over)
	return req, non0
}

func (a amounts) resource() Resource {
	r := Resource{MilliCPU: a.cpu, Memory: a.mem, EphemeralStorage: a.eph, AllowedPodNumber: a.pods}
	for k, v := range a.other {
		if IsScalarResourceName(k) {
			if r.Scalar == nil {
				r.Scalar = map[core.ResourceName]int64{}
			}
			r.Scalar[k] = v
		}
	}
	return r
}

// units is the amounts as a map of the resources present.
func (a amounts) units() map[core.ResourceName]int64 {
	out := make(map[core.ResourceName]int64, len(a.other)+4)
	for _, f := range []struct {
		bit  uint8
		name core.ResourceName
		v    int64
	}{{hasCPU, core.ResourceCPU, a.cpu}, {hasMem, core.ResourceMemory, a.mem}, {hasEph, core.ResourceEphemeralStorage, a.eph}, {hasPods, core.ResourcePods, a.pods}} {
		if a.has&f.bit != 0 {
			out[f.name] = f.v
		}
	}
	for k, v := range a.other {
		out[k] = v
	}
	return out
}
