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
	if !podExact(p) {
		non0 := core.PodRequestUnits(p, nonMissingDefaults)
		return PodResource{
			Requests:        ResourceFromUnits(core.PodRequestUnits(p, nil)),
			NonZeroMilliCPU: non0[core.ResourceCPU],
			NonZeroMemory:   non0[core.ResourceMemory],
		}
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
// As upstream, the quantities are summed exactly and each pod total is
// rounded up once: when every quantity is a whole number of units the
// sums are computed in int64 (podExact), otherwise on the exact values
// (core.PodRequestUnits).
func PodRequests(p *core.Pod, nonMissing bool) map[core.ResourceName]int64 {
	if p == nil {
		return map[core.ResourceName]int64{}
	}
	if !podExact(p) {
		if nonMissing {
			return core.PodRequestUnits(p, nonMissingDefaults)
		}
		return core.PodRequestUnits(p, nil)
	}
	req, non0 := podAmounts(p)
	if nonMissing {
		return non0.units()
	}
	return req.units()
}

// nonMissingDefaults is the scorers' NonMissingContainerRequests.
var nonMissingDefaults = core.ResourceList{
	core.ResourceCPU:    core.MustParseQuantity("100m"),
	core.ResourceMemory: core.MustParseQuantity("200Mi"),
}

// podExact reports whether every request and overhead quantity of p is a
// whole number of scheduler units, so that summing the rounded values
// gives upstream's rounded sum.
func podExact(p *core.Pod) bool {
	exact := func(rl core.ResourceList) bool {
		for name, q := range rl {
			if !q.ExactIn(name == core.ResourceCPU) {
				return false
			}
		}
		return true
	}
	for i := range p.Spec.Containers {
		if !exact(p.Spec.Containers[i].Resources.Requests) {
			return false
		}
	}
	for i := range p.Spec.InitContainers {
		if !exact(p.Spec.InitContainers[i].Resources.Requests) {
			return false
		}
	}
	return exact(p.Spec.Overhead)
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
