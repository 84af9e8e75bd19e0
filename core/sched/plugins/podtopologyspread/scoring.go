package podtopologyspread

import (
	"math"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
)

// explicitScoreState is PreScore's state for a pod with its own
// topologySpreadConstraints (the ScheduleAnyway ones).
type explicitScoreState struct {
	constraints []constraint
	// ignored[i] says the i-th scored node lacks a topology key: its
	// score is 0 and it is left out of normalization.
	ignored []bool
	// counts[i] maps each value of constraint i's key among the scored,
	// not ignored nodes to its matching pods (not used for hostname).
	counts  []map[string]int64
	weights []float64
}

// explicitState returns the explicit PreScore state of state, nil if
// PreScore stored the system-default one or none.
func (pl *PodTopologySpread) explicitState(state *framework.CycleState) *explicitScoreState {
	if pl.scoreState == state {
		return pl.explicit
	}
	v, _ := state.Read(preScoreStateKey)
	e, _ := v.(*explicitScoreState)
	return e
}

// preScoreExplicit is PreScore for a pod with its own constraints (mirrors
// initPreScoreState and PreScore with requireAllTopologies, v1.37): only
// the ScheduleAnyway constraints score, and none means Skip. A scored node
// missing any of their topology keys is ignored. The weight of a
// constraint is log(size+2), size being the number of distinct values
// among the other scored nodes (the number of those nodes for hostname).
// The counts come from every node of the snapshot that has all keys and
// passes the constraint's inclusion policies, for the values among the
// scored nodes only.
func (pl *PodTopologySpread) preScoreExplicit(state *framework.CycleState, pod *core.Pod, nodes, all []*framework.NodeInfo) *framework.Status {
	cs := pl.feats.filterConstraints(pod.Spec.TopologySpreadConstraints, pod.Labels, core.ScheduleAnyway)
	if len(cs) == 0 {
		return framework.NewStatus(framework.Skip)
	}
	e := &explicitScoreState{constraints: cs, ignored: make([]bool, len(nodes)), counts: make([]map[string]int64, len(cs)), weights: make([]float64, len(cs))}
	for i := range cs {
		e.counts[i] = map[string]int64{}
	}
	considered := 0
	for j, n := range nodes {
		if n == nil || n.Node == nil || !nodeLabelsMatchSpreadConstraints(n.Node.Labels, cs) {
			e.ignored[j] = true
			continue
		}
		considered++
		for i := range cs {
			v := n.Node.Labels[cs[i].TopologyKey]
			if _, ok := e.counts[i][v]; !ok && cs[i].TopologyKey != LabelHostname {
				e.counts[i][v] = 0
			}
		}
	}
	for i := range cs {
		size := len(e.counts[i])
		if cs[i].TopologyKey == LabelHostname {
			size = considered
		}
		e.weights[i] = topologyNormalizingWeight(size)
	}
	ra := nodeaffinity.GetRequiredNodeAffinity(pod)
	ns := namespaceOf(pod)
	for _, n := range all {
		if n == nil || n.Node == nil || !nodeLabelsMatchSpreadConstraints(n.Node.Labels, cs) {
			continue
		}
		for i := range cs {
			c := &cs[i]
			if !pl.feats.matchNodeInclusionPolicies(c, pod, n.Node, &ra) {
				continue
			}
			v := n.Node.Labels[c.TopologyKey]
			if _, ok := e.counts[i][v]; ok {
				e.counts[i][v] += int64(countPodsMatchSelector(n, &c.Selector, ns))
			}
		}
	}
	state.Write(preScoreStateKey, e)
	pl.scoreState, pl.pre, pl.explicit = state, nil, e
	return nil
}

// score is Score for the explicit constraints: 0 for an ignored node,
// else round(Σ count·weight + maxSkew-1) over the constraints, the
// hostname count being the node's own matching pods (mirrors
// PodTopologySpread.Score, v1.37).
func (e *explicitScoreState) score(node *framework.NodeInfo, ns string) int64 {
	if !nodeLabelsMatchSpreadConstraints(node.Node.Labels, e.constraints) {
		return 0
	}
	var score float64
	for i := range e.constraints {
		c := &e.constraints[i]
		v := node.Node.Labels[c.TopologyKey]
		var cnt int64
		if c.TopologyKey == LabelHostname {
			cnt = int64(countPodsMatchSelector(node, &c.Selector, ns))
		} else {
			cnt = e.counts[i][v]
		}
		score += float64(cnt)*e.weights[i] + float64(c.MaxSkew-1)
	}
	return int64(math.Round(score))
}
