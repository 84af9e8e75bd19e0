package sched

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/balancedallocation"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
	"github.com/taints-playground/playground/core/sched/plugins/nodename"
	"github.com/taints-playground/playground/core/sched/plugins/noderesources"
	"github.com/taints-playground/playground/core/sched/plugins/nodeunschedulable"
	"github.com/taints-playground/playground/core/sched/plugins/tainttoleration"
)

// weightedScore is one enabled score plugin and its weight.
type weightedScore struct {
	plugin framework.ScorePlugin
	weight int64
}

// profile is the default profile's plugin set in execution order.
type profile struct {
	preFilter []framework.PreFilterPlugin
	filter    []framework.FilterPlugin
	score     []weightedScore
}

func newProfile(opts Options) *profile {
	nn := nodename.New()
	nu := nodeunschedulable.New(opts.EnableComparisonOperators)
	tt := tainttoleration.New(opts.EnableComparisonOperators)
	na := nodeaffinity.New()
	fit := noderesources.New()
	ba := balancedallocation.New()
	return &profile{
		preFilter: []framework.PreFilterPlugin{na, fit},
		filter:    []framework.FilterPlugin{nn, nu, tt, na, fit},
		score: []weightedScore{
			{tt, tainttoleration.Weight},
			{na, nodeaffinity.Weight},
			{fit, noderesources.Weight},
			{ba, balancedallocation.Weight},
		},
	}
}

// FilterPluginNames returns the filter plugins in execution order.
func FilterPluginNames() []string {
	return []string{nodename.Name, nodeunschedulable.Name, tainttoleration.Name, nodeaffinity.Name, noderesources.Name}
}

// ScorePluginWeights returns the score plugins in execution order with
// their default-profile weights.
func ScorePluginWeights() []PluginScore {
	return []PluginScore{
		{Plugin: tainttoleration.Name, Weighted: tainttoleration.Weight},
		{Plugin: nodeaffinity.Name, Weighted: nodeaffinity.Weight},
		{Plugin: noderesources.Name, Weighted: noderesources.Weight},
		{Plugin: balancedallocation.Name, Weighted: balancedallocation.Weight},
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

// runFilter runs the Filter plugins on one node in order and returns the
// first rejecting status with Plugin set, or nil (upstream RunFilterPlugins).
func (p *profile) runFilter(state *framework.CycleState, pod *core.Pod, node *NodeInfo) *Status {
	for _, pl := range p.filter {
		if state.SkipFilter(pl.Name()) {
			continue
		}
		if s := pl.Filter(state, pod, node); !s.IsSuccess() {
			s.Plugin = pl.Name()
			return s
		}
	}
	return nil
}
