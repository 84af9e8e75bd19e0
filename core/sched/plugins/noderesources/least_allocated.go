package noderesources

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

const preScoreStateKey = "PreScore" + Name

// nonZeroRequest is the pod's cpu (millicores) and memory (bytes) with
// 100m / 200Mi for every container that does not request them.
type nonZeroRequest struct {
	milliCPU, memory int64
}

// PreScore stores the pod's non-zero cpu and memory requests; it never
// skips.
func (pl *Fit) PreScore(state *framework.CycleState, pod *core.Pod, _ []*framework.NodeInfo) *framework.Status {
	r := nonZeroOf(pod)
	state.Write(preScoreStateKey, &r)
	pl.scoreState, pl.nonZero = state, &r
	return nil
}

func nonZeroOf(pod *core.Pod) nonZeroRequest {
	u := framework.PodRequests(pod, true)
	return nonZeroRequest{milliCPU: u[core.ResourceCPU], memory: u[core.ResourceMemory]}
}

// LeastRequestedScore is (capacity-requested)*100/capacity with integer
// division, 0 when capacity is 0 or requested exceeds it (upstream
// leastRequestedScore).
func LeastRequestedScore(requested, capacity int64) int64 {
	if capacity == 0 || requested > capacity {
		return 0
	}
	return (capacity - requested) * framework.MaxNodeScore / capacity
}

// Score is the LeastAllocated score in [0, 100]: for cpu and memory
// (weight 1 each) LeastRequestedScore(node non-zero requested + pod
// non-zero request, allocatable), skipping a resource whose allocatable is
// 0, then the weighted mean with integer division (leastResourceScorer).
func (pl *Fit) Score(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) (int64, *framework.Status) {
	if node == nil || node.Node == nil {
		return 0, nil
	}
	var req *nonZeroRequest
	if pl.nonZero != nil && pl.scoreState == state {
		req = pl.nonZero
	} else if v, ok := state.Read(preScoreStateKey); ok {
		req, _ = v.(*nonZeroRequest)
	}
	if req == nil {
		r := nonZeroOf(pod)
		req = &r
	}
	nr := state.NodeResources(node)
	var sum, weights int64
	if a := nr.Allocatable.MilliCPU; a != 0 {
		sum += LeastRequestedScore(nr.NonZeroMilliCPU+req.milliCPU, a)
		weights++
	}
	if a := nr.Allocatable.Memory; a != 0 {
		sum += LeastRequestedScore(nr.NonZeroMemory+req.memory, a)
		weights++
	}
	if weights == 0 {
		return 0, nil
	}
	return sum / weights, nil
}
