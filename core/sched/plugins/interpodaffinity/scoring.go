package interpodaffinity

import (
	"math"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

const preScoreStateKey = "PreScore" + Name

// scoreMap is the score of each topology value per topology key.
type scoreMap map[string]map[string]int64

// preScoreState is what PreScore computed for the cycle.
type preScoreState struct {
	topologyScore scoreMap
}

// scorer accumulates one cycle's scoreMap (upstream processTerm and
// processExistingPod).
type scorer struct {
	*matcher
	pod             *core.Pod
	namespaceLabels map[string]string
	scores          scoreMap
}

// add adds weight to node's domain of t when target matches t, a term of
// owner, and node has the topology key.
func (c *scorer) add(t *core.PodAffinityTerm, weight int64, owner, target *core.Pod, mode nsMode, node *core.Node) {
	if !c.termMatches(t, owner, target, mode, c.namespaceLabels) {
		return
	}
	v, ok := node.Labels[t.TopologyKey]
	if !ok {
		return
	}
	if c.scores == nil {
		c.scores = scoreMap{}
	}
	if c.scores[t.TopologyKey] == nil {
		c.scores[t.TopologyKey] = map[string]int64{}
	}
	c.scores[t.TopologyKey][v] += weight
}

func (c *scorer) addWeighted(terms []core.WeightedPodAffinityTerm, sign int64, owner, target *core.Pod, mode nsMode, node *core.Node) {
	for i := range terms {
		c.add(&terms[i].PodAffinityTerm, sign*int64(terms[i].Weight), owner, target, mode, node)
	}
}

// existingPod adds what existing pod q on node contributes: the incoming
// pod's preferred terms matching q, q's required affinity terms matching
// the incoming pod (hardPodAffinityWeight) and q's preferred terms
// matching it; anti-affinity terms subtract. Nodes without labels add
// nothing.
func (c *scorer) existingPod(q *core.Pod, node *core.Node) {
	if len(node.Labels) == 0 {
		return
	}
	c.addWeighted(preferredAffinity(c.pod), 1, c.pod, q, nsListed, node)
	c.addWeighted(preferredAntiAffinity(c.pod), -1, c.pod, q, nsListed, node)
	req := requiredAffinity(q)
	for i := range req {
		c.add(&req[i], HardPodAffinityWeight, q, c.pod, nsOfExisting, node)
	}
	c.addWeighted(preferredAffinity(q), 1, q, c.pod, nsOfExisting, node)
	c.addWeighted(preferredAntiAffinity(q), -1, q, c.pod, nsOfExisting, node)
}

// PreScore sums the weights per topology pair over the existing pods of
// every node of the snapshot (only those with pod affinity when the
// incoming pod has no preferred terms), and returns Skip when no term
// matched anywhere (mirrors (*InterPodAffinity).PreScore, v1.37).
func (pl *InterPodAffinity) PreScore(state *framework.CycleState, pod *core.Pod, nodes []*framework.NodeInfo) *framework.Status {
	all := pl.all
	if all == nil {
		all = nodes
	}
	hasConstraints := len(preferredAffinity(pod)) > 0 || len(preferredAntiAffinity(pod)) > 0
	c := &scorer{matcher: &pl.matcher, pod: pod}
	c.namespaceLabels, _ = pl.namespaces(namespaceOf(pod))
	if pl.noPodAffinity && !hasConstraints {
		all = nil // no existing pod's terms to score
	}
	for _, n := range all {
		if n == nil || n.Node == nil {
			continue
		}
		if !hasConstraints && nodeFlags(n)&flagAffinity == 0 {
			continue
		}
		for _, q := range n.Pods {
			if active(q) && (hasConstraints || hasPodAffinity(q)) {
				c.existingPod(q, n.Node)
			}
		}
	}
	if len(c.scores) == 0 && pl.preScoreSkip {
		return framework.NewStatus(framework.Skip)
	}
	state.Write(preScoreStateKey, &preScoreState{topologyScore: c.scores})
	return nil
}

// Score adds up the scores of the node's topology pairs (mirrors
// (*InterPodAffinity).Score).
func (pl *InterPodAffinity) Score(state *framework.CycleState, _ *core.Pod, node *framework.NodeInfo) (int64, *framework.Status) {
	s := readPreScore(state)
	if s == nil || node == nil || node.Node == nil {
		return 0, nil
	}
	var score int64
	for key, values := range s.topologyScore {
		if v, ok := node.Node.Labels[key]; ok {
			score += values[v]
		}
	}
	return score, nil
}

// NormalizeScore maps the scores linearly from [min, max] onto
// [0, MaxNodeScore], truncating; all equal gives 0 (mirrors
// (*InterPodAffinity).NormalizeScore). Nothing changes when no term
// matched anywhere.
func (pl *InterPodAffinity) NormalizeScore(state *framework.CycleState, _ *core.Pod, scores []int64) *framework.Status {
	s := readPreScore(state)
	if s == nil || len(s.topologyScore) == 0 {
		return nil
	}
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, v := range scores {
		lo, hi = min(lo, v), max(hi, v)
	}
	diff := hi - lo
	for i, v := range scores {
		f := float64(0)
		if diff > 0 {
			f = float64(framework.MaxNodeScore) * (float64(v-lo) / float64(diff))
		}
		scores[i] = int64(f)
	}
	return nil
}

func readPreScore(state *framework.CycleState) *preScoreState {
	raw, _ := state.Read(preScoreStateKey)
	s, _ := raw.(*preScoreState)
	return s
}
