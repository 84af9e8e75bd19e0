package podtopologyspread

import (
	"math"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
)

// Filter reasons (exact upstream text, plugin.go).
const (
	// ErrReasonConstraintsNotMatch: placing the pod on the node would make
	// a DoNotSchedule constraint's skew exceed maxSkew (Unschedulable).
	ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints"
	// ErrReasonNodeLabelNotMatch: the node lacks a DoNotSchedule
	// constraint's topology key (UnschedulableAndUnresolvable).
	ErrReasonNodeLabelNotMatch = ErrReasonConstraintsNotMatch + " (missing required label)"
)

const preFilterStateKey = "PreFilter" + Name

// preFilterState is what PreFilter computes for the DoNotSchedule
// constraints: per constraint, the matching pods per topology value over
// the eligible nodes, and the two values with the fewest.
type preFilterState struct {
	constraints   []constraint
	criticalPaths []criticalPaths
	// tpValueToNum[i] counts constraint i's matching pods per topology
	// value (upstream TpValueToMatchNum); its values are the domains.
	tpValueToNum []zoneCounts
	// pod, ra and feats are what AddPod and RemovePod need of the cycle.
	pod   *core.Pod
	ra    nodeaffinity.RequiredNodeAffinity
	feats features
}

// Clone returns a copy whose counts can change independently (the
// constraints are shared, they never change).
func (s *preFilterState) Clone() framework.StateData {
	c := *s
	c.criticalPaths = append([]criticalPaths(nil), s.criticalPaths...)
	c.tpValueToNum = make([]zoneCounts, len(s.tpValueToNum))
	for i := range s.tpValueToNum {
		c.tpValueToNum[i] = s.tpValueToNum[i].clone()
	}
	return &c
}

// minMatchNum is the global minimum of constraint i: the smallest count
// among its domains, or 0 while there are fewer domains than minDomains.
func (s *preFilterState) minMatchNum(i int, minDomains int32) int {
	if s.tpValueToNum[i].len() < int(minDomains) {
		return 0
	}
	return s.criticalPaths[i][0].num
}

// criticalPaths keeps the two topology values with the lowest counts,
// lowest first (upstream criticalPaths); an unset entry has count
// MaxInt32.
type criticalPaths [2]struct {
	value string
	num   int
}

func newCriticalPaths() criticalPaths {
	var p criticalPaths
	p[0].num, p[1].num = math.MaxInt32, math.MaxInt32
	return p
}

// update records value's new count (mirrors criticalPaths.update, v1.37).
func (p *criticalPaths) update(value string, num int) {
	i := -1
	if value == p[0].value {
		i = 0
	} else if value == p[1].value {
		i = 1
	}
	if i >= 0 {
		p[i].num = num
		if p[0].num > p[1].num {
			p[0], p[1] = p[1], p[0]
		}
		return
	}
	if num < p[0].num {
		p[1] = p[0]
		p[0].value, p[0].num = value, num
	} else if num < p[1].num {
		p[1].value, p[1].num = value, num
	}
}

// getConstraints returns the pod's DoNotSchedule constraints; the system
// defaults are ScheduleAnyway, so a pod without constraints has none
// (mirrors PodTopologySpread.getConstraints, v1.37).
func (pl *PodTopologySpread) getConstraints(pod *core.Pod) []constraint {
	return pl.feats.filterConstraints(pod.Spec.TopologySpreadConstraints, pod.Labels, core.DoNotSchedule)
}

// PreFilter Skips pods without DoNotSchedule constraints. Otherwise, over
// every node of the snapshot that carries all their topology keys, it
// counts per constraint the matching pods on the nodes that pass the
// constraint's inclusion policies (a passing node with none still makes
// its value a domain) and records the two least-populated domains (mirrors
// PodTopologySpread.PreFilter and calPreFilterState, v1.37).
func (pl *PodTopologySpread) PreFilter(state *framework.CycleState, pod *core.Pod, nodes []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	cs := pl.getConstraints(pod)
	if len(cs) == 0 {
		return nil, framework.NewStatus(framework.Skip)
	}
	s := &preFilterState{constraints: cs, criticalPaths: make([]criticalPaths, len(cs)), tpValueToNum: make([]zoneCounts, len(cs)),
		pod: pod, ra: nodeaffinity.GetRequiredNodeAffinity(pod), feats: pl.feats}
	ns := namespaceOf(pod)
	keys := make([]framework.MemoKey, len(cs))
	for i := range cs {
		keys[i] = memoKeyOf(cs[i].Selector.id(ns))
	}
	values := make([]string, len(cs))
	for _, n := range nodes {
		if n == nil || n.Node == nil || !topologyValues(n.Node.Labels, cs, values) {
			continue
		}
		for i := range cs {
			if !pl.feats.matchNodeInclusionPolicies(&cs[i], pod, n.Node, &s.ra) {
				continue
			}
			s.tpValueToNum[i].addCount(values[i], int64(matchingMemo(n, &cs[i].Selector, ns, keys[i])))
		}
	}
	for i := range cs {
		s.criticalPaths[i] = newCriticalPaths()
		t := &s.tpValueToNum[i]
		for j, v := range t.names {
			s.criticalPaths[i].update(v, int(t.counts[j]))
		}
	}
	state.Write(preFilterStateKey, s)
	return nil, nil
}

// readPreFilterState returns the state PreFilter wrote, nil if none.
func readPreFilterState(state *framework.CycleState) *preFilterState {
	v, _ := state.Read(preFilterStateKey)
	s, _ := v.(*preFilterState)
	return s
}

// Filter checks each DoNotSchedule constraint in order: a node without the
// topology key is UnschedulableAndUnresolvable; a node where
// count(value) + selfMatch - globalMin exceeds maxSkew is Unschedulable
// (mirrors PodTopologySpread.Filter, v1.37). Without PreFilter state (a
// pod PreFilter did not run for) the node passes.
func (pl *PodTopologySpread) Filter(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) *framework.Status {
	s := readPreFilterState(state)
	if s == nil || len(s.constraints) == 0 || node == nil || node.Node == nil {
		return nil
	}
	for i := range s.constraints {
		c := &s.constraints[i]
		v, ok := node.Node.Labels[c.TopologyKey]
		if !ok {
			return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonNodeLabelNotMatch)
		}
		self := 0
		if c.Selector.Matches(pod.Labels) {
			self = 1
		}
		if int(s.tpValueToNum[i].get(v))+self-s.minMatchNum(i, c.MinDomains) > int(c.MaxSkew) {
			return framework.NewStatus(framework.Unschedulable, ErrReasonConstraintsNotMatch)
		}
	}
	return nil
}

// AddPod counts podToAdd, placed on node, in the PreFilter state (for
// nominated pods and preemption; mirrors PodTopologySpread.AddPod).
func (pl *PodTopologySpread) AddPod(state *framework.CycleState, podToSchedule, podToAdd *core.Pod, node *framework.NodeInfo) *framework.Status {
	updateWithPod(readPreFilterState(state), podToAdd, podToSchedule, node, 1)
	return nil
}

// RemovePod uncounts podToRemove on node (mirrors PodTopologySpread.RemovePod).
func (pl *PodTopologySpread) RemovePod(state *framework.CycleState, podToSchedule, podToRemove *core.Pod, node *framework.NodeInfo) *framework.Status {
	updateWithPod(readPreFilterState(state), podToRemove, podToSchedule, node, -1)
	return nil
}

// updateWithPod adds delta to the count of the pod's domain for every
// constraint whose selector it matches and whose inclusion policies node
// passes; only pods in the scheduled pod's namespace on nodes with every
// topology key count (mirrors updateWithPod, v1.37).
func updateWithPod(s *preFilterState, updated, preemptor *core.Pod, node *framework.NodeInfo, delta int) {
	if s == nil || updated == nil || preemptor == nil || node == nil || node.Node == nil || namespaceOf(updated) != namespaceOf(preemptor) {
		return
	}
	if !nodeLabelsMatchSpreadConstraints(node.Node.Labels, s.constraints) {
		return
	}
	for i := range s.constraints {
		c := &s.constraints[i]
		if !c.Selector.Matches(updated.Labels) || !s.feats.matchNodeInclusionPolicies(c, preemptor, node.Node, &s.ra) {
			continue
		}
		v := node.Node.Labels[c.TopologyKey]
		t := &s.tpValueToNum[i]
		t.addCount(v, int64(delta))
		s.criticalPaths[i].update(v, int(t.get(v)))
	}
}

// topologyValues fills values with the node's value of each constraint's
// topology key and reports whether it carries them all.
func topologyValues(labels map[string]string, cs []constraint, values []string) bool {
	for i := range cs {
		v, ok := labels[cs[i].TopologyKey]
		if !ok {
			return false
		}
		values[i] = v
	}
	return true
}
