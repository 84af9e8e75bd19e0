package framework

import "github.com/taints-playground/playground/core"

// CycleState carries data between the extension points of one scheduling
// cycle (upstream fwk.CycleState), plus memoized pod requests. Node sums
// live in the NodeInfo itself. It is not safe for concurrent use.
type CycleState struct {
	data    map[string]any
	skip    map[string]bool
	skipGen int
	podRes  map[*core.Pod]*PodResource
}

// NewCycleState returns an empty state. Its maps are made on first write.
func NewCycleState() *CycleState {
	return &CycleState{}
}

// Write stores v under key.
func (s *CycleState) Write(key string, v any) {
	if s == nil {
		return
	}
	if s.data == nil {
		s.data = make(map[string]any, 8)
	}
	s.data[key] = v
}

// Read returns the value stored under key.
func (s *CycleState) Read(key string) (any, bool) {
	if s == nil || s.data == nil {
		return nil, false
	}
	v, ok := s.data[key]
	return v, ok
}

// SetSkipFilter records that plugin's PreFilter returned Skip.
func (s *CycleState) SetSkipFilter(plugin string) {
	if s == nil {
		return
	}
	if s.skip == nil {
		s.skip = map[string]bool{}
	}
	s.skip[plugin] = true
	s.skipGen++
}

// SkipGeneration counts SetSkipFilter calls, so callers can cache
// SkipFilter answers until it changes.
func (s *CycleState) SkipGeneration() int {
	if s == nil {
		return 0
	}
	return s.skipGen
}

// SkipFilter reports whether plugin's Filter is to be skipped.
func (s *CycleState) SkipFilter(plugin string) bool {
	return s != nil && s.skip[plugin]
}

// PodResources returns the memoized requests of p (see ComputePodResource).
func (s *CycleState) PodResources(p *core.Pod) *PodResource {
	if s == nil {
		r := ComputePodResource(p)
		return &r
	}
	if r, ok := s.podRes[p]; ok {
		return r
	}
	if s.podRes == nil {
		s.podRes = map[*core.Pod]*PodResource{}
	}
	r := ComputePodResource(p)
	s.podRes[p] = &r
	return &r
}

// NodeResources returns the allocatable and requested sums of n, which n
// keeps precomputed (see NodeInfo). The result must not be modified.
func (s *CycleState) NodeResources(n *NodeInfo) *NodeResources {
	return n.Resources()
}

// ForgetNode drops the precomputed sums of n after its pod list changed in
// a way NodeInfo cannot notice (see NodeInfo.Invalidate).
func (s *CycleState) ForgetNode(n *NodeInfo) {
	n.Invalidate()
}

// computeNode sums n's allocatable and its active pods' requests.
func computeNode(n *NodeInfo) NodeResources {
	var out NodeResources
	if n == nil || n.Node == nil {
		return out
	}
	out.Allocatable = ResourceFromList(n.Node.Status.Allocatable)
	for _, p := range n.Pods {
		if !isActive(p) {
			continue
		}
		pr := ComputePodResource(p)
		out.addPod(&pr)
	}
	return out
}

// addPod adds one active pod's requests to the sums.
func (r *NodeResources) addPod(pr *PodResource) {
	r.NumPods++
	r.Requested.Add(&pr.Requests)
	r.NonZeroMilliCPU = satAdd(r.NonZeroMilliCPU, pr.NonZeroMilliCPU)
	r.NonZeroMemory = satAdd(r.NonZeroMemory, pr.NonZeroMemory)
}

// clone returns a copy of r that shares no maps with it.
func (r NodeResources) clone() NodeResources {
	r.Allocatable.Scalar = cloneScalar(r.Allocatable.Scalar)
	r.Requested.Scalar = cloneScalar(r.Requested.Scalar)
	return r
}

func cloneScalar(m map[core.ResourceName]int64) map[core.ResourceName]int64 {
	if m == nil {
		return nil
	}
	out := make(map[core.ResourceName]int64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// StateData is cycle state that must be copied, not shared, when the
// state is cloned (upstream fwk.StateData).
type StateData interface {
	Clone() StateData
}

// Clone returns a copy of s for a dry run (preemption, nominated pods):
// values implementing StateData are cloned, the others shared; the Skip
// marks are copied and the memoized pod requests shared.
func (s *CycleState) Clone() *CycleState {
	if s == nil {
		return nil
	}
	c := &CycleState{skipGen: s.skipGen, podRes: s.podRes}
	if s.data != nil {
		c.data = make(map[string]any, len(s.data))
		for k, v := range s.data {
			if d, ok := v.(StateData); ok {
				v = d.Clone()
			}
			c.data[k] = v
		}
	}
	if s.skip != nil {
		c.skip = make(map[string]bool, len(s.skip))
		for k, v := range s.skip {
			c.skip[k] = v
		}
	}
	return c
}
