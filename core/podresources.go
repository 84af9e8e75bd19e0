package core

import (
	"maps"
	"math/big"
	"slices"
	"time"
)

// DefaultTerminationGracePeriodSeconds is spec.terminationGracePeriodSeconds
// when a pod does not set it (v1.DefaultTerminationGracePeriodSeconds).
const DefaultTerminationGracePeriodSeconds = 30

// Epoch is the wall-clock time virtual time 0 stands for in the
// timestamps of API objects (creationTimestamp, deletionTimestamp, node
// condition times). Fixed, so output never depends on the real clock.
var Epoch = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// SetPodDefaults applies the API server's defaulting of a decoded Pod
// that changes scheduling (SetObjectDefaults_Pod, v1.37). With
// spec.hostNetwork, every container port without a hostPort gets its
// containerPort as hostPort (SetDefaults_Pod's defaultHostNetworkPorts), so
// NodePorts sees the ports the pod takes on its node. Every container and init
// container gets a request for each resource it lists in limits but not
// in requests, equal to the limit (SetDefaults_Pod) — cpu, memory,
// hugepages and extended resources alike — and every quantity of the
// containers' requests and limits and of spec.overhead is rounded up to a
// whole thousandth (SetDefaults_ResourceList: "400u" becomes "1m"). It
// runs on pods only: a workload's pod template keeps its form
// (SetDefaults_PodSpec has no requests-from-limits rule), each pod made
// from it is defaulted when created, before admission and validation.
// Slices and maps are copied before they change, so a pod that shares
// them with a template or a scenario leaves those as they were. A pod
// without spec.terminationGracePeriodSeconds gets
// DefaultTerminationGracePeriodSeconds (SetDefaults_PodSpec).
func SetPodDefaults(p *Pod) {
	if p == nil {
		return
	}
	if p.Spec.TerminationGracePeriodSeconds == nil {
		grace := int64(DefaultTerminationGracePeriodSeconds)
		p.Spec.TerminationGracePeriodSeconds = &grace
	}
	p.Spec.Containers = defaultContainers(p.Spec.Containers)
	p.Spec.InitContainers = defaultContainers(p.Spec.InitContainers)
	p.Spec.Overhead, _ = roundedList(p.Spec.Overhead)
	if p.Spec.HostNetwork {
		p.Spec.Containers = defaultHostNetworkPorts(p.Spec.Containers)
		p.Spec.InitContainers = defaultHostNetworkPorts(p.Spec.InitContainers)
	}
}

// defaultHostNetworkPorts returns cs with each port's hostPort set to its
// containerPort where it is 0 (defaultHostNetworkPorts), a copy when
// anything changes.
func defaultHostNetworkPorts(cs []Container) []Container {
	copied := false
	for i := range cs {
		clonedPorts := false
		for j, port := range cs[i].Ports {
			if port.HostPort != 0 {
				continue
			}
			if !copied {
				cs, copied = slices.Clone(cs), true
			}
			if !clonedPorts {
				cs[i].Ports, clonedPorts = slices.Clone(cs[i].Ports), true
			}
			cs[i].Ports[j].HostPort = port.ContainerPort
		}
	}
	return cs
}

// defaultContainers returns cs with the requests defaulted from the
// limits and both lists rounded, a copy when anything changes.
func defaultContainers(cs []Container) []Container {
	copied := false
	for i := range cs {
		lims, limsChanged := roundedList(cs[i].Resources.Limits)
		reqs, reqsChanged := roundedList(cs[i].Resources.Requests)
		for name, q := range lims {
			if _, ok := reqs[name]; ok {
				continue
			}
			if !reqsChanged {
				reqs, reqsChanged = maps.Clone(reqs), true
				if reqs == nil {
					reqs = make(ResourceList, len(lims))
				}
			}
			reqs[name] = q
		}
		if !limsChanged && !reqsChanged {
			continue
		}
		if !copied {
			cs, copied = slices.Clone(cs), true
		}
		cs[i].Resources.Limits, cs[i].Resources.Requests = lims, reqs
	}
	return cs
}

// roundedList is l with every quantity rounded up to thousandths
// (Quantity.RoundUpMilli), and whether that changed anything: l itself
// when nothing needs rounding, else a copy.
func roundedList(l ResourceList) (ResourceList, bool) {
	changed := false
	for name, q := range l {
		if q.ExactIn(true) {
			continue
		}
		if !changed {
			l, changed = maps.Clone(l), true
		}
		l[name] = q.RoundUpMilli()
	}
	return l, changed
}

// IsRestartableInitContainer reports whether an init container is a
// sidecar (restartPolicy: Always), which keeps running beside the app
// containers.
func IsRestartableInitContainer(c *Container) bool {
	return c.RestartPolicy != nil && *c.RestartPolicy == "Always"
}

// exactList is a resource list as exact rational amounts.
type exactList map[ResourceName]*big.Rat

func (l exactList) add(o exactList) {
	for k, v := range o {
		if cur, ok := l[k]; ok {
			cur.Add(cur, v)
		} else {
			l[k] = new(big.Rat).Set(v)
		}
	}
}

func (l exactList) maxWith(o exactList) {
	for k, v := range o {
		if cur, ok := l[k]; !ok || v.Cmp(cur) > 0 {
			l[k] = new(big.Rat).Set(v)
		}
	}
}

// exactOf converts a resource list; with nonMissing, a resource of
// nonMissing the list lacks takes nonMissing's amount (applyNonMissing).
func exactOf(rl, nonMissing ResourceList) exactList {
	out := make(exactList, len(rl)+len(nonMissing))
	for k, q := range rl {
		out[k] = q.rat()
	}
	for k, q := range nonMissing {
		if _, ok := rl[k]; !ok {
			out[k] = q.rat()
		}
	}
	return out
}

// rat is the exact value (a fresh copy; 0 when unset).
func (q Quantity) rat() *big.Rat {
	if q.v == nil {
		return new(big.Rat)
	}
	return new(big.Rat).Set(q.v)
}

// aggregateContainers sums the app containers and the sidecars and takes,
// per resource, at least what any init container needs while it runs
// beside the sidecars declared before it (component-helpers
// aggregateContainerResourcesByFn, v0.37).
func aggregateContainers(p *Pod, list func(*Container) ResourceList, nonMissing ResourceList) exactList {
	result := exactList{}
	for i := range p.Spec.Containers {
		result.add(exactOf(list(&p.Spec.Containers[i]), nonMissing))
	}
	sidecars, initMax := exactList{}, exactList{}
	for i := range p.Spec.InitContainers {
		c := &p.Spec.InitContainers[i]
		r := exactOf(list(c), nonMissing)
		if IsRestartableInitContainer(c) {
			result.add(r)
			sidecars.add(r)
			r = sidecars
		} else {
			r.add(sidecars)
		}
		initMax.maxWith(r)
	}
	result.maxWith(initMax)
	return result
}

// PodRequestUnits is the pod's effective request per resource, computed
// exactly on the quantities and rounded once per resource into units
// (millicores for cpu, whole units rounded up for the rest), as
// component-helpers resource.PodRequests (v0.37) followed by the
// scheduler's Resource.Add: app containers and sidecars summed, at least
// the largest init-container need, plus spec.overhead. nonMissing (the
// scorers' NonMissingContainerRequests) fills in a container's missing
// resources. Pod-level resources (spec.resources, PodLevelResources) are
// not modelled.
func PodRequestUnits(p *Pod, nonMissing ResourceList) map[ResourceName]int64 {
	if p == nil {
		return map[ResourceName]int64{}
	}
	reqs := aggregateContainers(p, func(c *Container) ResourceList { return c.Resources.Requests }, nonMissing)
	reqs.add(exactOf(p.Spec.Overhead, nil))
	return reqs.units()
}

// PodLimitUnits is the pod's effective limit per resource, as
// component-helpers resource.PodLimits (v0.37): aggregated like the
// requests, with spec.overhead added only to the non-zero limits.
func PodLimitUnits(p *Pod) map[ResourceName]int64 {
	if p == nil {
		return map[ResourceName]int64{}
	}
	lims := aggregateContainers(p, func(c *Container) ResourceList { return c.Resources.Limits }, nil)
	for k, q := range p.Spec.Overhead {
		if cur, ok := lims[k]; ok && cur.Sign() != 0 {
			cur.Add(cur, q.rat())
		}
	}
	return lims.units()
}

// units rounds each amount to units: millicores for cpu, whole units
// otherwise, away from zero and saturating, as Quantity.MilliValue and
// Value do.
func (l exactList) units() map[ResourceName]int64 {
	out := make(map[ResourceName]int64, len(l))
	for k, v := range l {
		if k == ResourceCPU {
			v = new(big.Rat).Mul(v, big.NewRat(1000, 1))
		}
		out[k] = ceilToInt64(v)
	}
	return out
}
