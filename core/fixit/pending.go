package fixit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/kubelet"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/plugins/tainttoleration"
)

// MaxChecked is how many nodes Propose asks every filter about: the nodes
// needing the fewest tolerations first (then by name), plus the node asked
// for. Each check runs the PreFilter plugins over the whole cluster, so a
// cluster of thousands of nodes is checked in part (Plan.Checked).
const MaxChecked = 300

// MaxCycles is how many scheduling cycles Propose runs to break a tie
// among the best nodes (one per distinct set of tolerations); nodes
// beyond them are ranked by name.
const MaxCycles = 16

// Blocker is a filter plugin that still rejects the node with the
// proposed tolerations: its name, its code and its upstream reasons.
type Blocker struct {
	Plugin  string
	Code    string
	Reasons []string
}

// NodePlan is the proposal for one node.
type NodePlan struct {
	Node string
	// Add are the tolerations the pod lacks on the node, one per
	// untolerated NoSchedule or NoExecute taint, in the node's taint order.
	Add []core.Toleration
	// Blockers are the filters that reject the node even with Add, in
	// Filter order. Fits is true when there are none.
	Blockers []Blocker
	Fits     bool
	// EvictAfter is set when, with Add, the pod would run there but the
	// taint-eviction controller would evict it after that many seconds
	// (a NoExecute taint tolerated only for tolerationSeconds; 0: at once).
	EvictAfter *int64
	// EvictTaints are the NoExecute taints behind EvictAfter.
	EvictTaints []core.Taint
	// Cordoned is set when the node is cordoned (spec.unschedulable):
	// the NodeUnschedulable filter rejects it and kubectl uncordon
	// (Uncordon) lifts it. The cordon's taint is left out of Add and of
	// the TaintToleration blocker (see Needed).
	Cordoned bool
	Uncordon string
	// Rejected is set when every filter passes but the kubelet on the
	// node would reject the pod at admission (the eviction manager under
	// node pressure, kubelet.PressureRejection): its message, e.g.
	// "The node had condition: [DiskPressure]. ".
	Rejected string
	// Chosen is the node a scheduling cycle of the pod with Add picks
	// ("" when none): another node may win when Add tolerates its taints
	// too. Score is this node's total score in that cycle (nil when it was
	// not scored: the only feasible node, or not feasible).
	Chosen string
	Score  *int64
}

// Candidate is one node's line in the node picker.
type Candidate struct {
	Node string
	// Tolerations is how many tolerations the node needs; Fits whether
	// every filter passes with them; Blockers how many filters still
	// reject it.
	Tolerations int
	Fits        bool
	Blockers    int
	// Rejected is set when every filter passes but the kubelet would
	// reject the pod at admission (NodePlan.Rejected).
	Rejected bool
}

// Plan is the proposal for a Pending pod.
type Plan struct {
	// Pod is namespace/name.
	Pod string
	// Candidates are the checked nodes, best first (the order of Best's
	// rule).
	Candidates []Candidate
	// Best is the best candidate (see the package documentation); Fits
	// reports whether it runs with tolerations alone: every filter passes
	// and the kubelet admits it.
	Best string
	Fits bool
	// Node is the proposal for the node asked for, or for Best.
	Node NodePlan
	// Checked is how many nodes were checked of Nodes in the cluster.
	Checked, Nodes int
	// Gated lists the pod's scheduling gates: while any is set the
	// scheduler does not try the pod, whatever its tolerations.
	Gated []string
}

// nodeNeed is a node and the tolerations the pod lacks there.
type nodeNeed struct {
	info *sched.NodeInfo
	add  []core.Toleration
}

// Needed returns the tolerations that tolerations lack for taints: one
// per NoSchedule or NoExecute taint that no toleration tolerates (the
// taints FindMatchingUntoleratedTaint would return one by one), in taint
// order, each with the taint's key and effect, operator Equal and the
// taint's value, or operator Exists for a taint without a value.
// PreferNoSchedule taints are left out: they only lower the score. So is
// the node.kubernetes.io/unschedulable taint of a cordoned node: the
// NodeUnschedulable filter reports the cordon, which kubectl uncordon
// lifts (only DaemonSet pods tolerate it, AddOrUpdateDaemonPodTolerations).
func Needed(taints []core.Taint, tolerations []core.Toleration, gate bool) []core.Toleration {
	var out []core.Toleration
	for i := range taints {
		t := &taints[i]
		if !core.DoNotScheduleTaintsFilter(t) || t.Key == core.TaintNodeUnschedulable || core.TolerationsTolerateTaint(tolerations, t, gate) {
			continue
		}
		out = append(out, TolerationFor(*t))
	}
	return out
}

// TolerationFor is the toleration that tolerates exactly taint's key and
// value with its effect: operator Equal with the value, or Exists when the
// taint has no value.
func TolerationFor(t core.Taint) core.Toleration {
	if t.Value == "" {
		return core.Toleration{Key: t.Key, Operator: core.TolerationOpExists, Effect: t.Effect}
	}
	return core.Toleration{Key: t.Key, Operator: core.TolerationOpEqual, Value: t.Value, Effect: t.Effect}
}

// withTolerations is a copy of pod with add appended to its tolerations.
func withTolerations(pod *core.Pod, add []core.Toleration) *core.Pod {
	p := pod.DeepCopy()
	p.Spec.Tolerations = append(p.Spec.Tolerations, add...)
	return p
}

// Propose answers for pod (as admitted; nodes and opts as the scheduler
// sees them, e.g. from sim.Result.Probe): which tolerations let it run on
// node target ("" for the best candidate) and what else blocks it there.
func Propose(pod *core.Pod, nodes []*sched.NodeInfo, opts sched.Options, target string) (Plan, error) {
	if pod == nil {
		return Plan{}, fmt.Errorf("fixit: no pod")
	}
	gate := opts.EnableComparisonOperators && opts.Version.AtLeast(35)
	plan := Plan{Pod: podKey(pod), Nodes: len(nodes)}
	for _, g := range pod.Spec.SchedulingGates {
		plan.Gated = append(plan.Gated, g.Name)
	}
	var items []nodeNeed
	var targetInfo *sched.NodeInfo
	for _, n := range nodes {
		if n == nil || n.Node == nil {
			continue
		}
		items = append(items, nodeNeed{n, Needed(n.Node.Spec.Taints, pod.Spec.Tolerations, gate)})
		if n.Name() == target {
			targetInfo = n
		}
	}
	if target != "" && targetInfo == nil {
		return Plan{}, fmt.Errorf("fixit: node %q is not in the cluster", target)
	}
	if len(items) == 0 {
		return plan, nil
	}
	slices.SortStableFunc(items, func(a, b nodeNeed) int {
		if c := len(a.add) - len(b.add); c != 0 {
			return c
		}
		return strings.Compare(a.info.Name(), b.info.Name())
	})
	for i, it := range items {
		if i >= MaxChecked && it.info != targetInfo {
			continue
		}
		blockers := blockersOf(pod, it.add, it.info, nodes, opts)
		c := Candidate{Node: it.info.Name(), Tolerations: len(it.add), Fits: len(blockers) == 0, Blockers: len(blockers)}
		c.Rejected = c.Fits && admissionRejection(withTolerations(pod, it.add), it.info.Node, gate) != ""
		plan.Candidates = append(plan.Candidates, c)
	}
	plan.Checked = len(plan.Candidates)
	needs := make(map[string][]core.Toleration, len(items))
	for _, it := range items {
		needs[it.info.Name()] = it.add
	}
	rankCandidates(pod, plan.Candidates, needs, nodes, opts)
	plan.Best, plan.Fits = plan.Candidates[0].Node, plan.Candidates[0].Fits && !plan.Candidates[0].Rejected
	if target == "" {
		target = plan.Best
	}
	for _, it := range items {
		if it.info.Name() == target {
			plan.Node = nodePlan(pod, it.add, it.info, nodes, opts, gate)
		}
	}
	return plan, nil
}

// blockersOf asks every filter plugin about pod with add on node, among
// all nodes, and returns the ones that reject it. TaintToleration is left
// out when the only taint the pod still does not tolerate is the cordon's
// node.kubernetes.io/unschedulable:NoSchedule: kubectl uncordon lifts it
// with the cordon the NodeUnschedulable filter reports (the node-lifecycle
// controller's taint follows spec.unschedulable), so it is one blocker.
func blockersOf(pod *core.Pod, add []core.Toleration, node *sched.NodeInfo, all []*sched.NodeInfo, opts sched.Options) []Blocker {
	var out []Blocker
	p := withTolerations(pod, add)
	for _, s := range sched.ExplainNodeAmong(p, node, all, opts) {
		if s.Code == sched.Success {
			continue
		}
		if s.Plugin == tainttoleration.Name && onlyCordon(p, node.Node, opts) {
			continue
		}
		out = append(out, Blocker{Plugin: s.Plugin, Code: s.Code.String(), Reasons: append([]string(nil), s.Reasons...)})
	}
	return out
}

// onlyCordon reports whether the only NoSchedule or NoExecute taints of
// node that pod does not tolerate are node.kubernetes.io/unschedulable
// ones (and there is at least one).
func onlyCordon(pod *core.Pod, node *core.Node, opts sched.Options) bool {
	gate := opts.EnableComparisonOperators && opts.Version.AtLeast(35)
	found := false
	for i := range node.Spec.Taints {
		t := &node.Spec.Taints[i]
		if !core.DoNotScheduleTaintsFilter(t) || core.TolerationsTolerateTaint(pod.Spec.Tolerations, t, gate) {
			continue
		}
		if t.Key != core.TaintNodeUnschedulable {
			return false
		}
		found = true
	}
	return found
}

// nodePlan is the full proposal for one node.
func nodePlan(pod *core.Pod, add []core.Toleration, node *sched.NodeInfo, all []*sched.NodeInfo, opts sched.Options, gate bool) NodePlan {
	np := NodePlan{Node: node.Name(), Add: add, Blockers: blockersOf(pod, add, node, all, opts)}
	np.Fits = len(np.Blockers) == 0
	if node.Node.Spec.Unschedulable {
		np.Cordoned, np.Uncordon = true, "kubectl uncordon "+node.Name()
	}
	if np.Fits {
		np.Rejected = admissionRejection(withTolerations(pod, add), node.Node, gate)
	}
	tols := append(append([]core.Toleration(nil), pod.Spec.Tolerations...), add...)
	action, after := core.EvictionDecision(node.Node.Spec.Taints, tols, gate)
	if action == core.EvictionAfter || action == core.EvictionNow {
		secs := int64(after.Seconds())
		np.EvictAfter = &secs
		np.EvictTaints = timedTaints(node.Node.Spec.Taints, tols, gate)
	}
	if np.Fits {
		o := opts
		o.Rand = nil
		res := sched.Schedule(withTolerations(pod, add), all, o)
		np.Chosen = res.NodeName
		for _, sc := range res.Scores {
			if sc.Node == np.Node {
				total := sc.Total
				np.Score = &total
			}
		}
	}
	return np
}

// admissionRejection is the message with which the kubelet on node
// rejects pod at admission, "" when it admits it: the eviction manager's
// check (kubelet.PressureRejection), skipped for critical pods as
// upstream's Admit does. The kubelet's other admission checks (resources,
// NoExecute taints) run only for pods bound by spec.nodeName, which the
// scheduler's filters already cover here.
func admissionRejection(pod *core.Pod, node *core.Node, gate bool) string {
	if kubelet.Critical(pod) {
		return ""
	}
	msg, bad := kubelet.PressureRejection(pod, node, gate)
	if !bad {
		return ""
	}
	return "Pod was rejected: " + msg
}

// timedTaints are the NoExecute taints whose tolerating toleration — the
// first in pod order, as GetMatchingTolerations picks it — has
// tolerationSeconds: the ones the taint-eviction controller times.
func timedTaints(taints []core.Taint, tols []core.Toleration, gate bool) []core.Taint {
	var out []core.Taint
	for i := range taints {
		t := &taints[i]
		if t.Effect != core.TaintEffectNoExecute {
			continue
		}
		for j := range tols {
			if tols[j].ToleratesTaint(t, gate) {
				if tols[j].TolerationSeconds != nil {
					out = append(out, *t)
				}
				break
			}
		}
	}
	return out
}

// rankCandidates orders the candidates by Best's rule: the nodes that fit
// (and whose kubelet admits the pod) with the fewest tolerations first,
// among them the one a scheduling cycle of the pod with those tolerations
// chooses, then by name; the nodes that fit but whose kubelet rejects the
// pod next, in the same order; the nodes that do not fit after, by fewest
// blockers, fewest tolerations, name.
func rankCandidates(pod *core.Pod, cands []Candidate, add map[string][]core.Toleration, all []*sched.NodeInfo, opts sched.Options) {
	least := -1
	for _, c := range cands {
		if c.Fits && !c.Rejected && (least < 0 || c.Tolerations < least) {
			least = c.Tolerations
		}
	}
	// The scheduler's pick among the fitting nodes with the fewest
	// tolerations: one cycle per distinct set of tolerations.
	picked := map[string]int64{}
	tried := map[string]bool{}
	o := opts
	o.Rand = nil
	for _, c := range cands {
		if !c.Fits || c.Rejected || c.Tolerations != least {
			continue
		}
		key := fmt.Sprint(add[c.Node])
		if tried[key] || len(tried) >= MaxCycles {
			continue
		}
		tried[key] = true
		res := sched.Schedule(withTolerations(pod, add[c.Node]), all, o)
		if res.NodeName == "" || fmt.Sprint(add[res.NodeName]) != key {
			continue
		}
		picked[res.NodeName] = 0
		for _, sc := range res.Scores {
			if sc.Node == res.NodeName {
				picked[res.NodeName] = sc.Total
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int {
		switch {
		case a.Fits != b.Fits:
			return boolFirst(a.Fits)
		case a.Rejected != b.Rejected:
			return boolFirst(!a.Rejected)
		case a.Fits && a.Tolerations != b.Tolerations:
			return a.Tolerations - b.Tolerations
		case !a.Fits && a.Blockers != b.Blockers:
			return a.Blockers - b.Blockers
		case a.Tolerations != b.Tolerations:
			return a.Tolerations - b.Tolerations
		}
		sa, pa := picked[a.Node]
		sb, pb := picked[b.Node]
		switch {
		case pa != pb:
			return boolFirst(pa)
		case pa && sa != sb:
			if sa > sb {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Node, b.Node)
	})
}

func boolFirst(a bool) int {
	if a {
		return -1
	}
	return 1
}

func podKey(p *core.Pod) string {
	ns := p.Namespace
	if ns == "" {
		ns = "default"
	}
	return ns + "/" + p.Name
}
