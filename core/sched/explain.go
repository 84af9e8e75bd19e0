package sched

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
)

// ExplainNode returns every filter plugin's verdict for pod on one node, in
// Filter order (NodeName, NodeUnschedulable, TaintToleration, NodeAffinity,
// NodePorts, NodeResourcesFit, PodTopologySpread, InterPodAffinity), not
// only the first rejecting one that Kubernetes reports. The node is taken
// as the whole cluster: PodTopologySpread and InterPodAffinity see no pods
// on other nodes (ExplainNodeAmong does). Each entry has Plugin set;
// passing plugins have Code Success and no reasons.
//
// NodeAffinity's entry reflects its PreFilter when that decided the node:
// the pod-wide rejection (e.g. "pod affinity terms conflict") or, for a node
// outside the matchFields metadata.name set, the absent-node status
// "node(s) didn't satisfy plugin(s) [NodeAffinity]". The reported plugin is
// the first non-Success entry, which matches Result.Rejected for the node.
// Pods nominated to the node (Options.NominatedPods) with a priority >= the
// pod's are counted as running there, as in Schedule. A nil node gives nil.
func ExplainNode(pod *core.Pod, node *NodeInfo, opts Options) []Status {
	return ExplainNodeAmong(pod, node, nil, opts)
}

// ExplainNodeAmong is ExplainNode for a node of the cluster all (nil: the
// node alone): the PreFilter plugins see every node of all, so
// InterPodAffinity counts the pods of the node's whole topology domains,
// as Schedule does.
func ExplainNodeAmong(pod *core.Pod, node *NodeInfo, all []*NodeInfo, opts Options) []Status {
	if node == nil || node.Node == nil {
		return nil
	}
	all = withNode(all, node)
	if pod == nil {
		pod = &core.Pod{}
	}
	p := newProfile(opts)
	state := framework.NewCycleState()
	var naPre *Status
	for _, pl := range p.preFilter {
		r, s := pl.PreFilter(state, pod, all)
		switch {
		case s.IsSkip():
			state.SetSkipFilter(pl.Name())
		case !s.IsSuccess():
			if pl.Name() == nodeaffinity.Name {
				naPre = s
			}
		case !r.AllNodes() && !r.NodeNames[node.Name()] && pl.Name() == nodeaffinity.Name:
			naPre = framework.NewStatus(framework.UnschedulableAndUnresolvable,
				"node(s) didn't satisfy plugin(s) "+pluginList([]string{pl.Name()}))
		}
	}
	checked, added := p.withNominated(pod, node)
	fstate := state
	if added {
		fstate = p.addedPodsState(state, pod, node, checked)
	}
	out := make([]Status, 0, len(p.filter))
	for _, pl := range p.filter {
		var s *Status
		if pl.Name() == nodeaffinity.Name && naPre != nil {
			s = naPre
		} else if !state.SkipFilter(pl.Name()) {
			s = pl.Filter(fstate, pod, checked)
		}
		if s == nil {
			s = framework.NewStatus(framework.Success)
		}
		s.Plugin = pl.Name()
		out = append(out, *s)
	}
	return out
}

// withNode returns the entries of all that have a node (node alone when
// none does), for the PreFilter plugins, which expect no nil entries.
func withNode(all []*NodeInfo, node *NodeInfo) []*NodeInfo {
	out := make([]*NodeInfo, 0, len(all))
	for _, n := range all {
		if n != nil && n.Node != nil {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		out = append(out, node)
	}
	return out
}
