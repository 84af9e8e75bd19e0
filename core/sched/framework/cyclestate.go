package framework

import "github.com/taints-playground/playground/core"

// CycleState carries data between the extension points of one scheduling
// cycle (upstream fwk.CycleState), plus memoized resource sums so that
// plugins which all need a node's requested resources compute them once.
// It is not safe for concurrent use.
type CycleState struct {
	data    map[string]any
	skip    map[string]bool
	podRes  map[*core.Pod]*PodResource
	nodeRes map[*NodeInfo]*NodeResources
}

// NewCycleState returns an empty state.
func NewCycleState() *CycleState {
	return &CycleState{
		data:    map[string]any{},
		skip:    map[string]bool{},
		podRes:  map[*core.Pod]*PodResource{},
		nodeRes: map[*NodeInfo]*NodeResources{},
	}
}

func (s *CycleState) ensure() {
	if s.data == nil {
		s.data = map[string]any{}
	}
	if s.skip == nil {
		s.skip = map[string]bool{}
	}
	if s.podRes == nil {
		s.podRes = map[*core.Pod]*PodResource{}
	}
	if s.nodeRes == nil {
		s.nodeRes = map[*NodeInfo]*NodeResources{}
	}
}

// Write stores v under key.
func (s *CycleState) Write(key string, v any) {
	if s == nil {
		return
	}
	s.ensure()
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
	s.ensure()
	s.skip[plugin] = true
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
	s.ensure()
	if r, ok := s.podRes[p]; ok {
		return r
	}
	r := ComputePodResource(p)
	s.podRes[p] = &r
	return &r
}

// NodeResources returns the memoized allocatable and requested sums of n.
// The memo is keyed by the *NodeInfo pointer: callers that change a node's
// pods must use a new NodeInfo (Clone) or call ForgetNode.
func (s *CycleState) NodeResources(n *NodeInfo) *NodeResources {
	if s == nil {
		r := s.computeNode(n)
		return &r
	}
	s.ensure()
	if r, ok := s.nodeRes[n]; ok {
		return r
	}
	r := s.computeNode(n)
	s.nodeRes[n] = &r
	return &r
}

// ForgetNode drops the memoized sums of n after its pod list changed.
func (s *CycleState) ForgetNode(n *NodeInfo) {
	if s != nil && s.nodeRes != nil {
		delete(s.nodeRes, n)
	}
}

func (s *CycleState) computeNode(n *NodeInfo) NodeResources {
	var out NodeResources
	if n == nil || n.Node == nil {
		return out
	}
	out.Allocatable = ResourceFromList(n.Node.Status.Allocatable)
	pods := n.ActivePods()
	out.NumPods = int64(len(pods))
	for _, p := range pods {
		var pr *PodResource
		if s == nil {
			r := ComputePodResource(p)
			pr = &r
		} else {
			pr = s.PodResources(p)
		}
		out.Requested.Add(&pr.Requests)
		out.NonZeroMilliCPU = satAdd(out.NonZeroMilliCPU, pr.NonZeroMilliCPU)
		out.NonZeroMemory = satAdd(out.NonZeroMemory, pr.NonZeroMemory)
	}
	return out
}
