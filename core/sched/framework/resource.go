package framework

import (
	"math"
	"slices"
	"strings"

	"github.com/taints-playground/playground/core"
)

// Default requests the scorers assume for a container that does not state
// one (schedutil.DefaultMilliCPURequest / DefaultMemoryRequest).
const (
	// DefaultMilliCPURequest is 100 millicores.
	DefaultMilliCPURequest int64 = 100
	// DefaultMemoryRequest is 200 MiB in bytes.
	DefaultMemoryRequest int64 = 200 * 1024 * 1024
)

// Resource is an amount of every resource the scheduler tracks (upstream
// framework.Resource): cpu in millicores, memory and ephemeral storage in
// bytes, the pod count, and scalar (extended, hugepages, prefixed native)
// resources in whole units.
type Resource struct {
	MilliCPU         int64
	Memory           int64
	EphemeralStorage int64
	AllowedPodNumber int64
	Scalar           map[core.ResourceName]int64
}

// Add adds o to r, saturating at math.MaxInt64 / math.MinInt64.
func (r *Resource) Add(o *Resource) {
	if r == nil || o == nil {
		return
	}
	r.MilliCPU = satAdd(r.MilliCPU, o.MilliCPU)
	r.Memory = satAdd(r.Memory, o.Memory)
	r.EphemeralStorage = satAdd(r.EphemeralStorage, o.EphemeralStorage)
	r.AllowedPodNumber = satAdd(r.AllowedPodNumber, o.AllowedPodNumber)
	for k, v := range o.Scalar {
		if r.Scalar == nil {
			r.Scalar = map[core.ResourceName]int64{}
		}
		r.Scalar[k] = satAdd(r.Scalar[k], v)
	}
}

// IsZero reports whether r requests nothing: cpu, memory, ephemeral storage
// zero and no scalar resources listed.
func (r *Resource) IsZero() bool {
	return r.MilliCPU == 0 && r.Memory == 0 && r.EphemeralStorage == 0 && len(r.Scalar) == 0
}

// ScalarNames returns the scalar resource names in byte-wise order.
// It returns nil when there are none, without allocating.
func (r *Resource) ScalarNames() []core.ResourceName {
	if len(r.Scalar) == 0 {
		return nil
	}
	names := make([]core.ResourceName, 0, len(r.Scalar))
	for k := range r.Scalar {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// Get returns the amount of one resource in its unit (millicores for cpu).
func (r *Resource) Get(name core.ResourceName) int64 {
	switch name {
	case core.ResourceCPU:
		return r.MilliCPU
	case core.ResourceMemory:
		return r.Memory
	case core.ResourceEphemeralStorage:
		return r.EphemeralStorage
	case core.ResourcePods:
		return r.AllowedPodNumber
	}
	return r.Scalar[name]
}

// ResourceFromList converts a resource list (a node's allocatable, a pod's
// summed requests) as upstream Resource.Add does: cpu via MilliValue,
// memory, ephemeral-storage and pods via Value, scalar resources via Value;
// other names are ignored.
func ResourceFromList(rl core.ResourceList) Resource {
	var r Resource
	for name, q := range rl {
		switch name {
		case core.ResourceCPU:
			r.MilliCPU = satAdd(r.MilliCPU, q.MilliValue())
		case core.ResourceMemory:
			r.Memory = satAdd(r.Memory, q.Value())
		case core.ResourceEphemeralStorage:
			r.EphemeralStorage = satAdd(r.EphemeralStorage, q.Value())
		case core.ResourcePods:
			r.AllowedPodNumber = satAdd(r.AllowedPodNumber, q.Value())
		default:
			if IsScalarResourceName(name) {
				if r.Scalar == nil {
					r.Scalar = map[core.ResourceName]int64{}
				}
				r.Scalar[name] = satAdd(r.Scalar[name], q.Value())
			}
		}
	}
	return r
}

// PodResource is what one pod takes from a node: its requests (the Fit
// filter's view) and its non-zero cpu/memory (the LeastAllocated scorer's
// view, where a container without a cpu or memory request counts
// DefaultMilliCPURequest / DefaultMemoryRequest).
type PodResource struct {
	Requests        Resource
	NonZeroMilliCPU int64
	NonZeroMemory   int64
}

// ComputePodResource returns p's requests (PodRequests) and non-zero cpu and
// memory (PodRequests with defaults for missing container requests), as
// upstream PodInfo.CalculateResource. A nil pod takes nothing.
func ComputePodResource(p *core.Pod) PodResource {
	if p == nil {
		return PodResource{}
	}
	req, non0 := podAmounts(p)
	return PodResource{
		Requests:        req.resource(),
		NonZeroMilliCPU: non0.cpu,
		NonZeroMemory:   non0.mem,
	}
}

// ResourceFromUnits converts per-resource amounts already in scheduler units
// (millicores for cpu, whole units otherwise; see PodRequests) into a
// Resource, keeping only the names the scheduler tracks.
func ResourceFromUnits(u map[core.ResourceName]int64) Resource {
	var r Resource
	for name, v := range u {
		switch name {
		case core.ResourceCPU:
			r.MilliCPU = v
		case core.ResourceMemory:
			r.Memory = v
		case core.ResourceEphemeralStorage:
			r.EphemeralStorage = v
		case core.ResourcePods:
			r.AllowedPodNumber = v
		default:
			if IsScalarResourceName(name) {
				if r.Scalar == nil {
					r.Scalar = map[core.ResourceName]int64{}
				}
				r.Scalar[name] = v
			}
		}
	}
	return r
}

// quantityUnits converts a quantity into scheduler units: millicores for
// cpu, whole units (rounded up) for everything else.
func quantityUnits(name core.ResourceName, q core.Quantity) int64 {
	if name == core.ResourceCPU {
		return q.MilliValue()
	}
	return q.Value()
}

// PodRequests returns the pod's effective requests per resource name, in
// scheduler units (millicores for cpu, bytes for memory and
// ephemeral-storage, whole units otherwise), with the formula of
// component-helpers resource.PodRequests (v0.37):
//
//	max( Σ app containers + Σ restartable ("sidecar") init containers,
//	     max over init containers i of (i's request + sidecars declared before i,
//	                                    or, for a sidecar, all sidecars up to i) )
//	+ spec.overhead
//
// per resource. With nonMissing, a container (app or init) that does not
// list cpu or memory counts DefaultMilliCPURequest / DefaultMemoryRequest
// for it (an explicit "0" stays 0).
//
// Each container's quantity is rounded up to a unit before summing, where
// upstream sums exact quantities and rounds the pod total once; the two
// differ only for sub-millicore cpu or fractional-byte requests.
func PodRequests(p *core.Pod, nonMissing bool) map[core.ResourceName]int64 {
	result := map[core.ResourceName]int64{}
	if p == nil {
		return result
	}
	containerReqs := func(c *core.Container) map[core.ResourceName]int64 {
		m := make(map[core.ResourceName]int64, len(c.Resources.Requests)+2)
		for name, q := range c.Resources.Requests {
			m[name] = quantityUnits(name, q)
		}
		if nonMissing {
			if _, ok := c.Resources.Requests[core.ResourceCPU]; !ok {
				m[core.ResourceCPU] = DefaultMilliCPURequest
			}
			if _, ok := c.Resources.Requests[core.ResourceMemory]; !ok {
				m[core.ResourceMemory] = DefaultMemoryRequest
			}
		}
		return m
	}
	addTo := func(dst, src map[core.ResourceName]int64) {
		for k, v := range src {
			dst[k] = satAdd(dst[k], v)
		}
	}
	maxInto := func(dst, src map[core.ResourceName]int64) {
		for k, v := range src {
			if cur, ok := dst[k]; !ok || v > cur {
				dst[k] = v
			}
		}
	}
	for i := range p.Spec.Containers {
		addTo(result, containerReqs(&p.Spec.Containers[i]))
	}
	sidecars := map[core.ResourceName]int64{}
	initMax := map[core.ResourceName]int64{}
	for i := range p.Spec.InitContainers {
		c := &p.Spec.InitContainers[i]
		reqs := containerReqs(c)
		if c.RestartPolicy != nil && *c.RestartPolicy == "Always" {
			addTo(result, reqs)
			addTo(sidecars, reqs)
			snapshot := make(map[core.ResourceName]int64, len(sidecars))
			addTo(snapshot, sidecars)
			reqs = snapshot
		} else {
			combined := make(map[core.ResourceName]int64, len(reqs)+len(sidecars))
			addTo(combined, reqs)
			addTo(combined, sidecars)
			reqs = combined
		}
		maxInto(initMax, reqs)
	}
	maxInto(result, initMax)
	for name, q := range p.Spec.Overhead {
		result[name] = satAdd(result[name], quantityUnits(name, q))
	}
	return result
}

// IsScalarResourceName reports whether the scheduler tracks name as a scalar
// resource (schedutil.IsScalarResourceName): an extended resource
// (example.com/foo), a hugepages-* or attachable-volumes-* name, or a name
// in the kubernetes.io/ namespace.
func IsScalarResourceName(name core.ResourceName) bool {
	s := string(name)
	return IsExtendedResourceName(name) || strings.HasPrefix(s, "hugepages-") ||
		strings.Contains(s, "kubernetes.io/") || strings.HasPrefix(s, "attachable-volumes-")
}

// IsExtendedResourceName reports whether name is an extended resource
// (v1helper.IsExtendedResourceName): fully qualified (it has a '/'), outside
// the kubernetes.io/ namespace, not starting with "requests.", and
// "requests."+name is a valid qualified name.
func IsExtendedResourceName(name core.ResourceName) bool {
	s := string(name)
	if !strings.Contains(s, "/") || strings.Contains(s, "kubernetes.io/") || strings.HasPrefix(s, "requests.") {
		return false
	}
	return IsQualifiedName("requests." + s)
}

func satAdd(a, b int64) int64 {
	s := a + b
	if a > 0 && b > 0 && s < 0 {
		return math.MaxInt64
	}
	if a < 0 && b < 0 && s >= 0 {
		return math.MinInt64
	}
	return s
}

// NodeResources is a node's allocatable and what its active pods take.
type NodeResources struct {
	Allocatable     Resource
	Requested       Resource
	NumPods         int64
	NonZeroMilliCPU int64
	NonZeroMemory   int64
}
