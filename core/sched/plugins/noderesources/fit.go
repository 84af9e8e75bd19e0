package noderesources

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in statuses and messages.
const Name = "NodeResourcesFit"

// Reasons (exact upstream text). Extended resources use
// "Insufficient " + the resource name, e.g. "Insufficient nvidia.com/gpu".
const (
	ReasonTooManyPods               = "Too many pods"
	ReasonInsufficientCPU           = "Insufficient cpu"
	ReasonInsufficientMemory        = "Insufficient memory"
	ReasonInsufficientEphemeralDisk = "Insufficient ephemeral-storage"
	// ReasonInsufficientPrefix prefixes the resource name for scalar resources.
	ReasonInsufficientPrefix = "Insufficient "
)

// Weight is the plugin's weight in the default profile.
const Weight int64 = 1

const preFilterStateKey = "PreFilter" + Name

// Fit is the plugin. The zero value is ready to use.
type Fit struct {
	// reqState and req remember the request PreFilter stored, so Filter
	// does not read the cycle state once per node.
	reqState *framework.CycleState
	req      *framework.Resource
	// scoreState and nonZero remember what PreScore stored, likewise for
	// Score.
	scoreState *framework.CycleState
	nonZero    *nonZeroRequest
}

var (
	_ framework.PreFilterPlugin = (*Fit)(nil)
	_ framework.FilterPlugin    = (*Fit)(nil)
	_ framework.PreScorePlugin  = (*Fit)(nil)
	_ framework.ScorePlugin     = (*Fit)(nil)
)

// New returns the plugin.
func New() *Fit { return &Fit{} }

// Name returns Name.
func (*Fit) Name() string { return Name }

// PreFilter computes the pod's requests (framework.PodRequests, no
// defaults for missing requests) and stores them in state. It never
// rejects or skips.
func (pl *Fit) PreFilter(state *framework.CycleState, pod *core.Pod, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	r := framework.ResourceFromUnits(framework.PodRequests(pod, false))
	state.Write(preFilterStateKey, &r)
	pl.reqState, pl.req = state, &r
	return nil, nil
}

func (pl *Fit) podRequest(state *framework.CycleState, pod *core.Pod) *framework.Resource {
	if pl.req != nil && pl.reqState == state {
		return pl.req
	}
	if v, ok := state.Read(preFilterStateKey); ok {
		if r, ok := v.(*framework.Resource); ok && r != nil {
			return r
		}
	}
	r := framework.ResourceFromUnits(framework.PodRequests(pod, false))
	return &r
}

// InsufficientResource is one shortage found by Fits. Requested is the
// pod's request, Used what the node's pods already request, Capacity the
// node's allocatable, all in the resource's unit (millicores for cpu,
// bytes for memory and ephemeral-storage, a count otherwise).
// Unresolvable is set when the request alone exceeds allocatable, so
// evicting pods could never help.
type InsufficientResource struct {
	ResourceName core.ResourceName
	Reason       string
	Requested    int64
	Used         int64
	Capacity     int64
	Unresolvable bool
}

// Fits returns every shortage of node for a pod requesting podReq
// (upstream fitsRequest), in this order: pods (checked even for a pod that
// requests nothing), then — unless the pod requests nothing at all — cpu,
// memory, ephemeral-storage, and the scalar resources with a non-zero
// request in byte-wise name order (upstream iterates a map).
func Fits(podReq *framework.Resource, nr *framework.NodeResources) []InsufficientResource {
	var out []InsufficientResource
	alloc, used := &nr.Allocatable, &nr.Requested
	if nr.NumPods+1 > alloc.AllowedPodNumber {
		out = append(out, InsufficientResource{ResourceName: core.ResourcePods, Reason: ReasonTooManyPods,
			Requested: 1, Used: nr.NumPods, Capacity: alloc.AllowedPodNumber})
	}
	if podReq.IsZero() {
		return out
	}
	check := func(name core.ResourceName, reason string, req, allocatable, usedAmount int64) {
		if req > 0 && req > allocatable-usedAmount {
			out = append(out, InsufficientResource{ResourceName: name, Reason: reason, Requested: req,
				Used: usedAmount, Capacity: allocatable, Unresolvable: req > allocatable})
		}
	}
	check(core.ResourceCPU, ReasonInsufficientCPU, podReq.MilliCPU, alloc.MilliCPU, used.MilliCPU)
	check(core.ResourceMemory, ReasonInsufficientMemory, podReq.Memory, alloc.Memory, used.Memory)
	check(core.ResourceEphemeralStorage, ReasonInsufficientEphemeralDisk, podReq.EphemeralStorage, alloc.EphemeralStorage, used.EphemeralStorage)
	for _, name := range podReq.ScalarNames() {
		req := podReq.Scalar[name]
		if req == 0 {
			continue
		}
		check(name, ReasonInsufficientPrefix+string(name), req, alloc.Scalar[name], used.Scalar[name])
	}
	return out
}

// fitsAll reports whether Fits(podReq, nr) finds no shortage, without
// allocating: the common case of Filter.
func fitsAll(podReq *framework.Resource, nr *framework.NodeResources) bool {
	alloc, used := &nr.Allocatable, &nr.Requested
	if nr.NumPods+1 > alloc.AllowedPodNumber {
		return false
	}
	if podReq.IsZero() {
		return true
	}
	short := func(req, allocatable, usedAmount int64) bool {
		return req > 0 && req > allocatable-usedAmount
	}
	if short(podReq.MilliCPU, alloc.MilliCPU, used.MilliCPU) ||
		short(podReq.Memory, alloc.Memory, used.Memory) ||
		short(podReq.EphemeralStorage, alloc.EphemeralStorage, used.EphemeralStorage) {
		return false
	}
	for name, req := range podReq.Scalar {
		if short(req, alloc.Scalar[name], used.Scalar[name]) {
			return false
		}
	}
	return true
}

// Filter returns nil when the node has room for the pod; otherwise a
// status listing every shortage's reason, with code
// UnschedulableAndUnresolvable if any shortage is unresolvable (request >
// allocatable) and Unschedulable otherwise (upstream Fit.Filter).
func (pl *Fit) Filter(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) *framework.Status {
	if node == nil || node.Node == nil {
		return nil
	}
	req, nr := pl.podRequest(state, pod), state.NodeResources(node)
	if fitsAll(req, nr) {
		return nil
	}
	ins := Fits(req, nr)
	if len(ins) == 0 {
		return nil
	}
	code := framework.Unschedulable
	reasons := make([]string, 0, len(ins))
	for _, r := range ins {
		reasons = append(reasons, r.Reason)
		if r.Unresolvable {
			code = framework.UnschedulableAndUnresolvable
		}
	}
	return framework.NewStatus(code, reasons...)
}
