// Package teaching is the playground's teaching scheduler profile: the
// placement rule of the taints lesson's model (shared/seeds/
// taints-lesson.txt, taint.mjs's place), expressed over real Nodes and
// Pods. It is not kube-scheduler; core/sched is.
//
// A cycle runs the default profile's filter plugins (NodeName,
// NodeUnschedulable, TaintToleration, NodeAffinity, NodeResourcesFit, with
// NodeAffinity's and NodeResourcesFit's PreFilter), so what may run where
// is decided by the upstream rules: a NoSchedule or NoExecute taint either
// is tolerated or is not, a yes/no answer per node, the model's boolean
// toleration. Then, instead of scoring, it takes the first feasible node
// in node order whose PreferNoSchedule taints the pod all tolerates, and
// only when there is none the first feasible node (the model's
// "deprioritize": a last resort, not a forbidden node). There is no
// scoring, no spreading, no random tie-break, no preemption and no
// nominated-node fast path; the Filter pass always starts at the first
// node and looks at every node.
package teaching

import (
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
	"github.com/taints-playground/playground/core/sched/plugins/nodename"
	"github.com/taints-playground/playground/core/sched/plugins/noderesources"
	"github.com/taints-playground/playground/core/sched/plugins/nodeunschedulable"
	"github.com/taints-playground/playground/core/sched/plugins/tainttoleration"
)

// Name is the profile's name.
const Name = "teaching"

const noteLengthLimit = 1024

// Schedule places pod with the teaching rule over nodes, in the shape of
// sched.Schedule: Options.Version picks the filter plugins' release forms
// and EnableComparisonOperators the Lt/Gt gate; Rand, StartNodeIndex and
// NominatedPods are ignored. The Result has NodeName and Feasible, or
// Rejected with the FailedScheduling text ("0/N nodes are available: …."
// with the filter histogram, no preemption part). Scores and Tied stay
// empty. Nil, Node-less and repeated nodes are ignored; a nil pod is a pod
// with an empty spec. Schedule does not modify its arguments and never
// panics.
func Schedule(pod *core.Pod, nodes []*sched.NodeInfo, opts sched.Options) sched.Result {
	if pod == nil {
		pod = &core.Pod{}
	}
	var all []*sched.NodeInfo
	seen := map[string]bool{}
	for _, n := range nodes {
		if n == nil || n.Node == nil || seen[n.Node.Name] {
			continue
		}
		seen[n.Node.Name] = true
		all = append(all, n)
	}
	res := sched.Result{NumAllNodes: len(all), Rejected: map[string]*sched.Status{}, NextStartNodeIndex: opts.StartNodeIndex}
	if len(all) == 0 {
		res.Message, res.ConditionMessage = sched.ErrNoNodesAvailable, sched.ErrNoNodesAvailable
		return res
	}
	v := opts.Version.OrDefault()
	gate := opts.EnableComparisonOperators && v.AtLeast(35)
	na := nodeaffinity.New()
	fit := noderesources.New()
	filters := []framework.FilterPlugin{nodename.New(), nodeunschedulable.New(gate), tainttoleration.NewForVersion(gate, v), na, fit}
	state := framework.NewCycleState()

	var only map[string]bool
	var narrowed []string
	for _, pf := range []framework.PreFilterPlugin{na, fit} {
		r, s := pf.PreFilter(state, pod, all)
		if s.IsSkip() {
			state.SetSkipFilter(pf.Name())
			continue
		}
		if !s.IsSuccess() {
			s = s.WithPlugin(pf.Name())
			for _, n := range all {
				res.Rejected[n.Name()] = s
			}
			fail(&res, sched.FitErrorMessage(len(all), nil, nil, s.Message(), ""))
			return res
		}
		if !r.AllNodes() {
			narrowed = append(narrowed, pf.Name())
			if only == nil {
				only = r.NodeNames
			} else {
				both := map[string]bool{}
				for n := range only {
					if r.NodeNames[n] {
						both[n] = true
					}
				}
				only = both
			}
		}
	}

	var feasible []*sched.NodeInfo
	var absent *sched.Status
	for _, n := range all {
		if only != nil && !only[n.Name()] {
			if absent == nil {
				absent = &sched.Status{Plugin: strings.Join(narrowed, ","), Code: framework.UnschedulableAndUnresolvable,
					Reasons: []string{"node(s) didn't satisfy plugin(s) [" + strings.Join(narrowed, " ") + "]"}}
			}
			res.Rejected[n.Name()] = absent
			continue
		}
		if s := runFilters(filters, state, pod, n); s != nil {
			res.Rejected[n.Name()] = s
			continue
		}
		feasible = append(feasible, n)
		res.Feasible = append(res.Feasible, n.Name())
	}
	if len(feasible) == 0 {
		explicit := map[string]*sched.Status{}
		for name, s := range res.Rejected {
			if s != absent {
				explicit[name] = s
			}
		}
		fail(&res, sched.FitErrorMessage(len(all), explicit, absent, "", ""))
		return res
	}
	res.NodeName = feasible[0].Name()
	for _, n := range feasible {
		if !Deprioritized(pod, n.Node, gate) {
			res.NodeName = n.Name()
			break
		}
	}
	return res
}

// Deprioritized reports whether node has a PreferNoSchedule taint pod
// does not tolerate (upstream matching; enableComparisonOperators is the
// Lt/Gt gate): the model's deprioritize effect, a last resort.
func Deprioritized(pod *core.Pod, node *core.Node, enableComparisonOperators bool) bool {
	if pod == nil || node == nil {
		return false
	}
	for i := range node.Spec.Taints {
		t := &node.Spec.Taints[i]
		if t.Effect == core.TaintEffectPreferNoSchedule && !core.TolerationsTolerateTaint(pod.Spec.Tolerations, t, enableComparisonOperators) {
			return true
		}
	}
	return false
}

func runFilters(filters []framework.FilterPlugin, state *framework.CycleState, pod *core.Pod, n *sched.NodeInfo) *sched.Status {
	for _, f := range filters {
		if state.SkipFilter(f.Name()) {
			continue
		}
		if s := f.Filter(state, pod, n); !s.IsSuccess() {
			return s.WithPlugin(f.Name())
		}
	}
	return nil
}

func fail(res *sched.Result, msg string) {
	res.ConditionMessage = msg
	if len(msg) > noteLengthLimit {
		const suffix = " ..."
		msg = msg[:noteLengthLimit-len(suffix)] + suffix
	}
	res.Message = msg
}

// Description is a one-line account of the profile, for labels.
const Description = "teaching profile: the first feasible node in node order, a toleration is yes or no, no scores"
