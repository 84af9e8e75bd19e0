package balancedallocation

import (
	"math"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in breakdowns.
const Name = "NodeResourcesBalancedAllocation"

// Weight is the plugin's weight in the default profile.
const Weight int64 = 1

const preScoreStateKey = "PreScore" + Name

// BalancedAllocation is the plugin. The zero value is the v1.37 plugin.
type BalancedAllocation struct {
	// absolute scores S_with alone, as before 1.36.
	absolute bool
	// scoreBestEffort scores pods without cpu/memory requests, as before
	// 1.33.
	scoreBestEffort bool
	// state and req remember what PreScore stored, so Score does not read
	// the cycle state once per node.
	state *framework.CycleState
	req   *podRequest
}

var (
	_ framework.PreScorePlugin = (*BalancedAllocation)(nil)
	_ framework.ScorePlugin    = (*BalancedAllocation)(nil)
)

// New returns the plugin.
func New() *BalancedAllocation { return &BalancedAllocation{} }

// NewForVersion returns the plugin as Kubernetes v runs it:
//   - before 1.36 the score is BalanceScore(node requested + pod) alone;
//     1.36 (PR #135573) made it ChangeScore, the change of balance;
//   - before 1.33 BestEffort pods (no cpu and no memory request) are scored
//     too; 1.33 (PR #130260, fixing issue #129138) made PreScore Skip them.
func NewForVersion(v core.Version) *BalancedAllocation {
	return &BalancedAllocation{absolute: !v.AtLeast(36), scoreBestEffort: !v.AtLeast(33)}
}

// Name returns Name.
func (*BalancedAllocation) Name() string { return Name }

type podRequest struct {
	milliCPU, memory int64
}

func requestOf(pod *core.Pod) podRequest {
	u := framework.PodRequests(pod, false)
	return podRequest{milliCPU: u[core.ResourceCPU], memory: u[core.ResourceMemory]}
}

// PreScore returns Skip for a pod whose actual cpu and memory requests are
// both 0 (a BestEffort pod, since 1.33); otherwise it stores them.
func (pl *BalancedAllocation) PreScore(state *framework.CycleState, pod *core.Pod, _ []*framework.NodeInfo) *framework.Status {
	r := requestOf(pod)
	if r.milliCPU == 0 && r.memory == 0 && !pl.scoreBestEffort {
		return framework.NewStatus(framework.Skip)
	}
	state.Write(preScoreStateKey, &r)
	pl.state, pl.req = state, &r
	return nil
}

// BalanceScore is int64((1-std)*100) where std is the population standard
// deviation of requested[i]/allocatable[i] (each capped at 1, resources with
// allocatable 0 left out), computed in float64 in upstream's operation
// order; for two resources std = |(f0-f1)/2| (balancedResourceScore).
func BalanceScore(requested, allocatable []int64) int64 {
	// Up to 8 resources the fractions live on the stack.
	var buf [8]float64
	fractions := buf[:0]
	var total float64
	for i := range requested {
		if i >= len(allocatable) || allocatable[i] == 0 {
			continue
		}
		f := float64(requested[i]) / float64(allocatable[i])
		if f > 1 {
			f = 1
		}
		total += f
		fractions = append(fractions, f)
	}
	std := 0.0
	if len(fractions) == 2 {
		std = math.Abs((fractions[0] - fractions[1]) / 2)
	} else if len(fractions) > 2 {
		mean := total / float64(len(fractions))
		var sum float64
		for _, f := range fractions {
			sum = sum + (f-mean)*(f-mean)
		}
		std = math.Sqrt(sum / float64(len(fractions)))
	}
	return int64((1 - std) * float64(framework.MaxNodeScore))
}

// ChangeScore is the 1.36+ score 50 + (50 + with - without)/2 in int64
// arithmetic, where with = BalanceScore(node requested + pod) and without =
// BalanceScore(node requested) (balancedResourceScorer).
func ChangeScore(with, without int64) int64 {
	return framework.MaxNodeScore/2 + (framework.MaxNodeScore/2+with-without)/2
}

// Score returns ChangeScore (BalanceScore with the pod before 1.36) for cpu and memory, using actual requests (no
// 100m/200Mi defaults) of the node's pods and of the incoming pod.
func (pl *BalancedAllocation) Score(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) (int64, *framework.Status) {
	if node == nil || node.Node == nil {
		return 0, nil
	}
	var req *podRequest
	if pl.req != nil && pl.state == state {
		req = pl.req
	} else if v, ok := state.Read(preScoreStateKey); ok {
		req, _ = v.(*podRequest)
	}
	if req == nil {
		r := requestOf(pod)
		if r.milliCPU == 0 && r.memory == 0 && !pl.scoreBestEffort {
			return 0, nil
		}
		req = &r
	}
	nr := state.NodeResources(node)
	alloc := [2]int64{nr.Allocatable.MilliCPU, nr.Allocatable.Memory}
	used := [2]int64{nr.Requested.MilliCPU, nr.Requested.Memory}
	add := [2]int64{req.milliCPU, req.memory}
	var allocated, requested [2]int64
	for i := range alloc {
		if alloc[i] == 0 {
			continue
		}
		allocated[i] = used[i]
		requested[i] = allocated[i] + add[i]
	}
	with := BalanceScore(requested[:], alloc[:])
	if pl.absolute {
		return with, nil
	}
	return ChangeScore(with, BalanceScore(allocated[:], alloc[:])), nil
}
