package interpodaffinity

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Filter reasons (exact upstream text).
const (
	// ErrReasonExistingAntiAffinityRulesNotMatch: an existing pod's
	// required anti-affinity rejects the incoming pod in the node's domain.
	ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules"
	// ErrReasonAffinityRulesNotMatch: the pod's required affinity is not
	// met in the node's domains.
	ErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules"
	// ErrReasonAntiAffinityRulesNotMatch: the pod's required anti-affinity
	// matches a pod in the node's domains.
	ErrReasonAntiAffinityRulesNotMatch = "node(s) didn't match pod anti-affinity rules"
)

const preFilterStateKey = "PreFilter" + Name

// topologyPair is a node label: a topology key and its value.
type topologyPair struct {
	key, value string
}

// pairCounts counts matched terms per topology pair
// (topologyToMatchedTermCount); it never holds a zero count.
type pairCounts map[topologyPair]int64

// update adds value for node's pair of key, if node has the label (the
// map is made on first use).
func (m *pairCounts) update(node *core.Node, key string, value int64) {
	v, ok := node.Labels[key]
	if !ok {
		return
	}
	if *m == nil {
		*m = pairCounts{}
	}
	p := topologyPair{key, v}
	if (*m)[p] += value; (*m)[p] == 0 {
		delete(*m, p)
	}
}

// preFilterState is what PreFilter computed for the cycle.
type preFilterState struct {
	pod                  *core.Pod
	affinity, antiAffin  []core.PodAffinityTerm
	namespaceLabels      map[string]string
	existingAntiAffinity pairCounts
	affinityCounts       pairCounts
	antiAffinityCounts   pairCounts
	all                  []*framework.NodeInfo
	// byName indexes all, built the first time a modified node is seen.
	byName map[string]*framework.NodeInfo
}

// PreFilter counts the topology pairs Filter checks over every node of
// the snapshot and returns Skip when the pod has no required terms and no
// existing pod's required anti-affinity matches it (mirrors
// (*InterPodAffinity).PreFilter, v1.37, fast path off).
func (pl *InterPodAffinity) PreFilter(state *framework.CycleState, pod *core.Pod, nodes []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	pl.all = nodes
	m := &pl.matcher
	s := &preFilterState{pod: pod, affinity: requiredAffinity(pod), antiAffin: requiredAntiAffinity(pod), all: nodes}
	s.namespaceLabels, _ = pl.namespaces(namespaceOf(pod))
	hasTerms := len(s.affinity) > 0 || len(s.antiAffin) > 0
	if pl.noPodAffinity && !hasTerms {
		nodes = nil // no existing anti-affinity to count
	}
	for _, n := range nodes {
		if n == nil || n.Node == nil {
			continue
		}
		f := nodeFlags(n)
		if f&flagRequiredAnti == 0 && !hasTerms {
			continue
		}
		for _, q := range n.Pods {
			if active(q) {
				s.count(m, q, n.Node, 1)
			}
		}
	}
	if pl.preFilterSkip && len(s.existingAntiAffinity) == 0 && !hasTerms {
		return nil, framework.NewStatus(framework.Skip)
	}
	state.Write(preFilterStateKey, s)
	return nil, nil
}

// count adds (or with value -1 removes) existing pod q on node to the
// three counts (preFilterState.updateWithPod).
func (s *preFilterState) count(m *matcher, q *core.Pod, node *core.Node, value int64) {
	anti := requiredAntiAffinity(q)
	for i := range anti {
		if m.termMatches(&anti[i], q, s.pod, nsOfExisting, s.namespaceLabels) {
			s.existingAntiAffinity.update(node, anti[i].TopologyKey, value)
		}
	}
	if m.matchesAll(s.affinity, s.pod, q, nsListed) {
		for i := range s.affinity {
			s.affinityCounts.update(node, s.affinity[i].TopologyKey, value)
		}
	}
	for i := range s.antiAffin {
		if m.termMatches(&s.antiAffin[i], s.pod, q, nsListed, nil) {
			s.antiAffinityCounts.update(node, s.antiAffin[i].TopologyKey, value)
		}
	}
}

// view is the counts as one node sees them: the cycle's counts plus, for
// a modified copy of a snapshot node, the difference its pods make.
type view struct {
	s     *preFilterState
	delta *preFilterState
}

func (v view) get(base func(*preFilterState) pairCounts, p topologyPair) int64 {
	c := base(v.s)[p]
	if v.delta != nil {
		c += base(v.delta)[p]
	}
	return c
}

// size is the number of pairs with a non-zero count.
func (v view) size(base func(*preFilterState) pairCounts) int {
	n := len(base(v.s))
	if v.delta == nil {
		return n
	}
	orig := base(v.s)
	for p, d := range base(v.delta) {
		was := orig[p]
		switch {
		case was != 0 && was+d == 0:
			n--
		case was == 0 && d != 0:
			n++
		}
	}
	return n
}

func existingAnti(s *preFilterState) pairCounts { return s.existingAntiAffinity }
func affinityOf(s *preFilterState) pairCounts   { return s.affinityCounts }
func antiOf(s *preFilterState) pairCounts       { return s.antiAffinityCounts }

// viewFor returns the counts node sees. A node that is not the snapshot's
// (nominated pods added, victims removed) gets the difference between its
// pods and the snapshot node's, as the AddPod and RemovePod extensions
// would have made it.
func (pl *InterPodAffinity) viewFor(s *preFilterState, node *framework.NodeInfo) view {
	if isSnapshotNode(node) {
		return view{s: s}
	}
	if s.byName == nil {
		s.byName = make(map[string]*framework.NodeInfo, len(s.all))
		for _, n := range s.all {
			if n != nil {
				s.byName[n.Name()] = n
			}
		}
	}
	m := &pl.matcher
	d := &preFilterState{pod: s.pod, affinity: s.affinity, antiAffin: s.antiAffin, namespaceLabels: s.namespaceLabels}
	for _, q := range node.Pods {
		if active(q) {
			d.count(m, q, node.Node, 1)
		}
	}
	if orig := s.byName[node.Name()]; orig != nil && orig.Node != nil {
		for _, q := range orig.Pods {
			if active(q) {
				d.count(m, q, orig.Node, -1)
			}
		}
	}
	return view{s: s, delta: d}
}

// Filter checks the pod's required affinity, its required anti-affinity
// and the existing pods' required anti-affinity, in that order (mirrors
// (*InterPodAffinity).Filter, v1.37, fast path off).
func (pl *InterPodAffinity) Filter(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) *framework.Status {
	raw, ok := state.Read(preFilterStateKey)
	s, _ := raw.(*preFilterState)
	if !ok || s == nil || node == nil || node.Node == nil {
		return nil
	}
	v := pl.viewFor(s, node)
	labels := node.Node.Labels
	if !pl.satisfiesAffinity(v, labels) {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonAffinityRulesNotMatch)
	}
	if v.size(antiOf) > 0 {
		for i := range s.antiAffin {
			key := s.antiAffin[i].TopologyKey
			if val, ok := labels[key]; ok && v.get(antiOf, topologyPair{key, val}) > 0 {
				return framework.NewStatus(framework.Unschedulable, ErrReasonAntiAffinityRulesNotMatch)
			}
		}
	}
	if v.size(existingAnti) > 0 {
		for key, val := range labels {
			if v.get(existingAnti, topologyPair{key, val}) > 0 {
				return framework.NewStatus(framework.Unschedulable, ErrReasonExistingAntiAffinityRulesNotMatch)
			}
		}
	}
	return nil
}

// satisfiesAffinity is nodeTopologyMatchesAffinity: the node has every
// term's topology key and each of its domains holds a pod matching all the
// terms, or no pod anywhere matches them and the pod matches its own terms
// (the first pod of a group that wants to be together may go anywhere with
// the keys).
func (pl *InterPodAffinity) satisfiesAffinity(v view, labels map[string]string) bool {
	s := v.s
	podsExist := true
	for i := range s.affinity {
		key := s.affinity[i].TopologyKey
		val, ok := labels[key]
		if !ok {
			return false
		}
		if v.get(affinityOf, topologyPair{key, val}) <= 0 {
			podsExist = false
		}
	}
	if podsExist {
		return true
	}
	m := &pl.matcher
	return v.size(affinityOf) == 0 && m.matchesAll(s.affinity, s.pod, s.pod, nsListed)
}
