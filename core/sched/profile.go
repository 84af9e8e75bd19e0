package sched

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/balancedallocation"
	"github.com/taints-playground/playground/core/sched/plugins/imagelocality"
	"github.com/taints-playground/playground/core/sched/plugins/interpodaffinity"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
	"github.com/taints-playground/playground/core/sched/plugins/nodename"
	"github.com/taints-playground/playground/core/sched/plugins/nodeports"
	"github.com/taints-playground/playground/core/sched/plugins/noderesources"
	"github.com/taints-playground/playground/core/sched/plugins/nodeunschedulable"
	"github.com/taints-playground/playground/core/sched/plugins/podtopologyspread"
	"github.com/taints-playground/playground/core/sched/plugins/tainttoleration"
)

// weightedScore is one enabled score plugin and its weight.
type weightedScore struct {
	plugin framework.ScorePlugin
	weight int64
}

// profile is the default profile's plugin set in execution order, one
// plugin per package under plugins/ (nodename, nodeunschedulable,
// tainttoleration, nodeaffinity, nodeports, noderesources,
// podtopologyspread, interpodaffinity, balancedallocation, imagelocality):
//
//   - Filter: NodeName, NodeUnschedulable, TaintToleration, NodeAffinity,
//     NodePorts, NodeResourcesFit, PodTopologySpread, InterPodAffinity
//     (PreFilter: NodeAffinity, NodePorts, NodeResourcesFit,
//     PodTopologySpread, InterPodAffinity; NodePorts skips pods without
//     host ports; PodTopologySpread's AddPod/RemovePod and
//     InterPodAffinity's view of modified node copies keep their state
//     right for nominated pods and preemption victims);
//   - Score, with weights: TaintToleration 3, NodeAffinity 2,
//     NodeResourcesFit (LeastAllocated) 1, PodTopologySpread 2 (the pod's
//     ScheduleAnyway constraints, else system default spreading of
//     controller-owned pods), InterPodAffinity 2,
//     NodeResourcesBalancedAllocation 1, ImageLocality 1 (0 on every node
//     when no node lists the pod's images). Score plugins whose PreScore
//     skips are listed in Result.SkippedScorePlugins and absent from
//     Result.Scores;
//   - PostFilter: DefaultPreemption (preemption.go).
//
// The other default plugins (the volume plugins, DynamicResources,
// NodeDeclaredFeatures) filter nothing and score a constant for the pods
// the playground models, so they are left out (the fields they read are
// flagged as not modelled: scenario's notModelled); DynamicResources'
// PostFilter text is part of the FailedScheduling message in 1.34–1.36
// (versions.go).
type profile struct {
	version   core.Version
	behaviour behaviour
	preFilter []framework.PreFilterPlugin
	filter    []framework.FilterPlugin
	score     []weightedScore
	spread    *podtopologyspread.PodTopologySpread
	images    *imagelocality.ImageLocality
	// nominated indexes Options.NominatedPods by node name.
	nominated map[string][]*core.Pod
	// skip[i] says filter[i] is skipped in skipState (set after PreFilter).
	skipState *framework.CycleState
	skipGen   int
	skip      []bool
}

func newProfile(opts Options) *profile {
	v := opts.Version.OrDefault()
	// The TaintTolerationComparisonOperators gate exists from 1.35 (KEP-5471
	// alpha); earlier releases have no Lt/Gt at all.
	gate := opts.EnableComparisonOperators && v.AtLeast(35)
	nn := nodename.New()
	nu := nodeunschedulable.New(gate)
	tt := tainttoleration.NewForVersion(gate, v)
	na := nodeaffinity.New()
	fit := noderesources.New()
	pts := podtopologyspread.NewForVersion(v, gate)
	ba := balancedallocation.NewForVersion(v)
	ports := nodeports.NewForVersion(v)
	il := imagelocality.NewForVersion(v)
	// InterPodAffinity: last in the Filter and PreFilter order of the
	// default profile, after PodTopologySpread in the Score order.
	ipa := interpodaffinity.New(v, opts.Namespaces)
	ipa.SetNoPodAffinity(opts.NoPodAffinity)
	var nominated map[string][]*core.Pod
	for _, np := range opts.NominatedPods {
		if np == nil || np.Status.NominatedNodeName == "" {
			continue
		}
		if nominated == nil {
			nominated = map[string][]*core.Pod{}
		}
		nominated[np.Status.NominatedNodeName] = append(nominated[np.Status.NominatedNodeName], np)
	}
	return &profile{
		version:   v,
		behaviour: behaviourOf(v),
		nominated: nominated,
		preFilter: []framework.PreFilterPlugin{na, ports, fit, pts, ipa},
		filter:    []framework.FilterPlugin{nn, nu, tt, na, ports, fit, pts, ipa},
		spread:    pts,
		images:    il,
		// Score order of the default profile: TaintToleration,
		// NodeAffinity, NodeResourcesFit, (VolumeBinding),
		// PodTopologySpread, InterPodAffinity, (DynamicResources),
		// NodeResourcesBalancedAllocation, ImageLocality.
		score: []weightedScore{
			{tt, tainttoleration.Weight},
			{na, nodeaffinity.Weight},
			{fit, noderesources.Weight},
			{pts, podtopologyspread.Weight},
			{ipa, interpodaffinity.Weight},
			{ba, balancedallocation.Weight},
			{il, imagelocality.Weight},
		},
	}
}

// FilterPluginNames returns the filter plugins in execution order.
func FilterPluginNames() []string {
	return []string{nodename.Name, nodeunschedulable.Name, tainttoleration.Name, nodeaffinity.Name, nodeports.Name, noderesources.Name,
		podtopologyspread.Name, interpodaffinity.Name}
}

// PluginWeight is a score plugin and its default-profile weight.
type PluginWeight struct {
	Plugin string
	Weight int64
}

// ScorePluginWeights returns the score plugins in execution order with
// their default-profile weights (TaintToleration 3, NodeAffinity 2,
// NodeResourcesFit 1, PodTopologySpread 2, InterPodAffinity 2,
// NodeResourcesBalancedAllocation 1, ImageLocality 1).
func ScorePluginWeights() []PluginWeight {
	return []PluginWeight{
		{tainttoleration.Name, tainttoleration.Weight},
		{nodeaffinity.Name, nodeaffinity.Weight},
		{noderesources.Name, noderesources.Weight},
		{podtopologyspread.Name, podtopologyspread.Weight},
		{interpodaffinity.Name, interpodaffinity.Weight},
		{balancedallocation.Name, balancedallocation.Weight},
		{imagelocality.Name, imagelocality.Weight},
	}
}

// runPreFilter runs the PreFilter plugins (upstream RunPreFilterPlugins):
// Skip marks the plugin's Filter as skipped; an UnschedulableAndUnresolvable
// status ends the phase at once, an Unschedulable one is remembered while
// the others still run; results are intersected, and an empty intersection
// rejects the pod. It returns the merged result, the rejecting status (nil
// when none) and the names of the plugins that narrowed the node set.
func (p *profile) runPreFilter(state *framework.CycleState, pod *core.Pod, nodes []*NodeInfo) (*framework.PreFilterResult, *Status, []string) {
	var result *framework.PreFilterResult
	var pluginsWithNodes []string
	var returnStatus *Status
	for _, pl := range p.preFilter {
		r, s := pl.PreFilter(state, pod, nodes)
		if s.IsSkip() {
			state.SetSkipFilter(pl.Name())
			continue
		}
		if !s.IsSuccess() {
			s.Plugin = pl.Name()
			if s.Code == framework.UnschedulableAndUnresolvable {
				return nil, s, nil
			}
			returnStatus = s
			continue
		}
		if r.AllNodes() {
			continue
		}
		pluginsWithNodes = append(pluginsWithNodes, pl.Name())
		if result.AllNodes() {
			result = &framework.PreFilterResult{NodeNames: map[string]bool{}}
			for n := range r.NodeNames {
				result.NodeNames[n] = true
			}
		} else {
			for n := range result.NodeNames {
				if !r.NodeNames[n] {
					delete(result.NodeNames, n)
				}
			}
		}
		if len(result.NodeNames) == 0 {
			msg := "node(s) didn't satisfy plugin " + pluginsWithNodes[0]
			if len(pluginsWithNodes) > 1 {
				msg = "node(s) didn't satisfy plugin(s) " + pluginList(pluginsWithNodes) + " simultaneously"
			}
			return result, &Status{Code: framework.UnschedulableAndUnresolvable, Reasons: []string{msg}}, pluginsWithNodes
		}
	}
	return result, returnStatus, pluginsWithNodes
}

// samePod reports whether a and b are the same pod: equal UIDs when both
// are set, else equal namespace and name, else the same pointer.
func samePod(a, b *core.Pod) bool {
	if a == b {
		return true
	}
	if a.UID != "" && b.UID != "" {
		return a.UID == b.UID
	}
	return a.Name != "" && a.Namespace == b.Namespace && a.Name == b.Name
}

// withNominated returns node plus the pods nominated to it whose priority
// is at least pod's (addGENominatedPods), and whether any were added.
func (p *profile) withNominated(pod *core.Pod, node *NodeInfo) (*NodeInfo, bool) {
	if p.nominated == nil {
		return node, false
	}
	list := p.nominated[node.Name()]
	if len(list) == 0 {
		return node, false
	}
	prio := PodPriority(pod)
	var out *NodeInfo
	for _, np := range list {
		if PodPriority(np) >= prio && !samePod(np, pod) {
			if out == nil {
				out = node.Clone()
			}
			out.AddPod(np)
		}
	}
	if out == nil {
		return node, false
	}
	return out, true
}

// runFilter is RunFilterPluginsWithNominatedPods: the Filter plugins run
// on the node with the qualifying nominated pods added (and, through the
// PreFilter extensions, counted in a copy of the cycle state) and, if
// that passes and pods were added, once more on the node alone.
func (p *profile) runFilter(state *framework.CycleState, pod *core.Pod, node *NodeInfo) *Status {
	withPods, added := p.withNominated(pod, node)
	withState := state
	if added {
		withState = p.addedPodsState(state, pod, node, withPods)
	}
	s := p.runFilterPlugins(withState, pod, withPods)
	if added {
		state.ForgetNode(withPods)
		if s == nil {
			s = p.runFilterPlugins(state, pod, node)
		}
	}
	return s
}

// runFilterPlugins runs the Filter plugins on one node in order and
// returns the first rejecting status with Plugin set, or nil (upstream
// RunFilterPlugins). Which plugins PreFilter skipped is looked up once per
// cycle state, not once per node.
func (p *profile) runFilterPlugins(state *framework.CycleState, pod *core.Pod, node *NodeInfo) *Status {
	if p.skipState != state || p.skipGen != state.SkipGeneration() || p.skip == nil {
		p.skipState, p.skipGen = state, state.SkipGeneration()
		p.skip = make([]bool, len(p.filter))
		for i, pl := range p.filter {
			p.skip[i] = state.SkipFilter(pl.Name())
		}
	}
	for i, pl := range p.filter {
		if p.skip[i] {
			continue
		}
		if s := pl.Filter(state, pod, node); !s.IsSuccess() {
			s.Plugin = pl.Name()
			return s
		}
	}
	return nil
}

// preFilterExtensions returns the PreFilter plugins with extensions whose
// PreFilter was not skipped in state.
func (p *profile) preFilterExtensions(state *framework.CycleState) []framework.PreFilterExtensions {
	var out []framework.PreFilterExtensions
	for _, pl := range p.preFilter {
		if ext, ok := pl.(framework.PreFilterExtensions); ok && !state.SkipFilter(pl.Name()) {
			out = append(out, ext)
		}
	}
	return out
}

// addedPodsState returns state, or a copy of it in which the PreFilter
// extensions counted the pods withPods has beyond node's (addGENominatedPods
// with RunPreFilterExtensionAddPod).
func (p *profile) addedPodsState(state *framework.CycleState, pod *core.Pod, node, withPods *NodeInfo) *framework.CycleState {
	exts := p.preFilterExtensions(state)
	if len(exts) == 0 {
		return state
	}
	c := state.Clone()
	for _, added := range withPods.Pods[len(node.ActivePods()):] {
		for _, ext := range exts {
			ext.AddPod(c, pod, added, withPods)
		}
	}
	return c
}
