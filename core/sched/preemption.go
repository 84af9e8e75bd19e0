package sched

import (
	"math"
	"sort"
	"strconv"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// DefaultPreemption texts (exact upstream text).
const (
	// PreemptionName is the PostFilter plugin's name.
	PreemptionName = "DefaultPreemption"
	// ReasonPreemptionNotHelpful is the absent-node reason of the
	// preemption dry run's FitError.
	ReasonPreemptionNotHelpful = "Preemption is not helpful for scheduling"
	// ReasonNoVictims is the dry-run reason for a node with no
	// lower-priority pods.
	ReasonNoVictims = "No preemption victims found for incoming pod"
	// MsgNotEligibleNever is the evaluator message for preemptionPolicy Never.
	MsgNotEligibleNever = "not eligible due to preemptionPolicy=Never."
	// MsgNotEligibleTerminating is the evaluator message while victims of an
	// earlier preemption are still terminating on the nominated node.
	MsgNotEligibleTerminating = "not eligible due to a terminating pod on the nominated node."
	// preemptionPrefix is what DefaultPreemption.PostFilter puts before any
	// non-empty evaluator message.
	preemptionPrefix = "preemption: "
	// msgDRAStateNotFound is the PostFilter message after a PreFilter
	// rejection (see fail): kube-scheduler's CycleState ErrNotFound text.
	msgDRAStateNotFound = "not found"
	// PreemptNever is the preemptionPolicy value that forbids preemption.
	PreemptNever = "Never"
)

// PodPriority returns pod.spec.priority, 0 when unset or the pod is nil
// (corev1helpers.PodPriority).
func PodPriority(p *core.Pod) int32 {
	if p == nil || p.Spec.Priority == nil {
		return 0
	}
	return *p.Spec.Priority
}

// podKey is "namespace/name", namespace "default" when empty.
func podKey(p *core.Pod) string {
	ns := p.Namespace
	if ns == "" {
		ns = "default"
	}
	return ns + "/" + p.Name
}

// fail fills res.Message for a pod no node accepted: the filter part from
// diag, then the PostFilter part (RunPostFilterPlugins: DynamicResources,
// then DefaultPreemption; it stops at the first Success or
// UnschedulableAndUnresolvable status, and otherwise joins the reasons of
// the Unschedulable ones with ", ").
//
// DynamicResources is in the default profile from 1.34 (DRA GA). For a pod
// without claims its PostFilter returns Unschedulable with the reason
// "no new claims to deallocate" in 1.34–1.36 and with no text in 1.37 (PR
// #140222), so DefaultPreemption's message follows, after ", " in 1.34–1.36.
// When preemption succeeds DefaultPreemption returns Success, whose message
// alone is the post part: "found a potential placement …" in 1.37 (PR
// #140180), nothing at all before.
//
// When a PreFilter plugin rejected the pod with UnschedulableAndUnresolvable
// (NodeAffinity's "pod affinity terms conflict" or an empty PreFilterResult)
// the PreFilter phase stopped before DynamicResources.PreFilter wrote its
// cycle state, so DynamicResources.PostFilter fails to read it and
// RunPostFilterPlugins returns an Error status whose message is the
// CycleState read error, "not found"; preemption does not run. This is read
// from the v1.37.2 source (framework.go RunPreFilterPlugins /
// RunPostFilterPlugins, dynamicresources.go PostFilter), not observed on a
// cluster, and assumed for 1.34–1.36, which have the same PostFilter shape.
// Before 1.34 (no DynamicResources) DefaultPreemption runs and finds every
// node unresolvable. Before 1.28 the post part got one more "." (see
// behaviour.postFilterPeriod).
func fail(res *Result, p *profile, state *framework.CycleState, pod *core.Pod, all []*NodeInfo, diag *nodeToStatus) {
	b := p.behaviour
	var post string
	if diag.preFilterMsg != "" && b.draPostFilter {
		post = msgDRAStateNotFound
	} else {
		msg, succeeded := preempt(res, p, state, pod, all, diag)
		switch {
		case succeeded && !b.preemptionSuccessMessage:
			post = ""
		case succeeded:
			post = preemptionPrefix + msg
		case msg != "":
			post = preemptionPrefix + msg
			if b.draNoClaimsReason {
				post = msgDRANoClaims + ", " + post
			}
		case b.draNoClaimsReason:
			post = msgDRANoClaims
		}
	}
	if post != "" && b.postFilterPeriod {
		post += "."
	}
	msg := FitErrorMessage(len(all), diag.explicit, diag.absent, diag.preFilterMsg, post)
	res.ConditionMessage = msg
	res.Message = truncateMessage(msg)
}

// statusOf returns the node's status in diag: explicit, else absent.
func (d *nodeToStatus) statusOf(name string) *Status {
	if s, ok := d.explicit[name]; ok {
		return s
	}
	return d.absent
}

// candidate is one node preemption could use and the pods it would evict,
// most important first.
type candidate struct {
	node    string
	index   int
	victims []*core.Pod
}

// preempt is DefaultPreemption.PostFilter / Evaluator.Preempt without the
// "preemption: " prefix. It returns the evaluator message (the 1.37 text
// on success) and whether preemption succeeded, in which case it sets
// res.NominatedNode and res.Victims; when no node is a candidate it sets
// res.ClearNomination.
//
// The candidate nodes are those whose Filter status is Unschedulable. On
// each, all pods of strictly lower priority are removed; if the pod then
// passes every filter, victims are reprieved one by one in order of
// importance (priority descending, then node order), keeping those whose
// return still lets the pod fit (SelectVictimsOnNode; no PDBs in the
// playground). The node is chosen with pickOneNodeForPreemption's criteria
// (lowest highest-victim priority, lowest priority sum, fewest victims),
// then snapshot order. Upstream evaluates a random-offset subset when more
// than 100 nodes are candidates; the playground evaluates all of them.
func preempt(res *Result, p *profile, state *framework.CycleState, pod *core.Pod, all []*NodeInfo, diag *nodeToStatus) (string, bool) {
	if ok, msg := PodEligibleToPreemptOthers(pod, all, diag.statusOf(pod.Status.NominatedNodeName).GetCode()); !ok {
		return msg, false
	}
	notHelpful := &Status{Plugin: PreemptionName, Code: framework.UnschedulableAndUnresolvable, Reasons: []string{ReasonPreemptionNotHelpful}}
	dry := map[string]*Status{}
	var cands []candidate
	prio := PodPriority(pod)
	for i, ni := range all {
		if diag.statusOf(ni.Name()).GetCode() != framework.Unschedulable {
			continue
		}
		victims, st := selectVictimsOnNode(p, state, pod, prio, ni)
		if st != nil {
			dry[ni.Name()] = st
			continue
		}
		cands = append(cands, candidate{node: ni.Name(), index: i, victims: victims})
	}
	if len(cands) == 0 {
		// Evaluator.evaluate returns a PostFilterResult nominating "",
		// which clears the pod's status.nominatedNodeName.
		res.ClearNomination = true
		return FitErrorMessage(len(all), dry, notHelpful, "", ""), false
	}
	best := pickOneNodeForPreemption(cands)
	res.NominatedNode = best.node
	res.Victims = make([]string, 0, len(best.victims))
	for _, v := range best.victims {
		res.Victims = append(res.Victims, podKey(v))
	}
	return "found a potential placement for pod on node " + best.node + ", preempting " + strconv.Itoa(len(best.victims)) + " victims", true
}

// TerminatingByPreemption reports whether p is being deleted (a
// deletionTimestamp) and carries the condition DisruptionTarget=True with
// reason PreemptionByScheduler, which the scheduler sets on victims before
// deleting them; only the first DisruptionTarget condition counts.
// Mirrors preemption.PodTerminatingByPreemption, v1.37.
func TerminatingByPreemption(p *core.Pod) bool {
	if p == nil || p.DeletionTimestamp == nil {
		return false
	}
	for _, c := range p.Status.Conditions {
		if c.Type == ConditionDisruptionTarget {
			return c.Status == core.ConditionTrue && c.Reason == ReasonPreemptionByScheduler
		}
	}
	return false
}

// The condition the scheduler puts on a victim before deleting it
// (Executor.PreemptPod, v1.37; the same text since 1.26, where
// PodDisruptionConditions was beta and on).
const (
	ConditionDisruptionTarget   = core.DisruptionTarget
	ReasonPreemptionByScheduler = "PreemptionByScheduler"
)

// VictimCondition is the DisruptionTarget condition a victim of a
// preemption by a pod of the named scheduler gets ("default-scheduler"
// for an empty name, the API server's default of spec.schedulerName).
// Mirrors the condition Executor.PreemptPod patches, v1.37: the message
// names the preemptor's kind, "pod" for a single pod.
func VictimCondition(schedulerName string) core.PodCondition {
	if schedulerName == "" {
		schedulerName = "default-scheduler"
	}
	return core.PodCondition{Type: ConditionDisruptionTarget, Status: core.ConditionTrue, Reason: ReasonPreemptionByScheduler,
		Message: schedulerName + ": preempting to accommodate a higher priority pod"}
}

// PodEligibleToPreemptOthers reports whether the pod may preempt, and if
// not the evaluator's message: never with preemptionPolicy Never; and a
// pod nominated to a node that is not UnschedulableAndUnresolvable for it
// (nominatedCode, the node's Filter code in this cycle) does not preempt
// again while a pod of lower priority there is still terminating by
// preemption (TerminatingByPreemption). A nominated node the filters call
// unresolvable (newly tainted, say) lets it preempt elsewhere at once.
// Mirrors defaultpreemption.(*DefaultPreemption).PodEligibleToPreemptOthers,
// v1.37.
func PodEligibleToPreemptOthers(pod *core.Pod, all []*NodeInfo, nominatedCode framework.Code) (bool, string) {
	if pod == nil {
		return true, ""
	}
	if pod.Spec.PreemptionPolicy != nil && *pod.Spec.PreemptionPolicy == PreemptNever {
		return false, MsgNotEligibleNever
	}
	nnn := pod.Status.NominatedNodeName
	if nnn == "" || nominatedCode == framework.UnschedulableAndUnresolvable {
		return true, ""
	}
	prio := PodPriority(pod)
	for _, ni := range all {
		if ni.Name() != nnn {
			continue
		}
		for _, q := range ni.ActivePods() {
			if PodPriority(q) < prio && TerminatingByPreemption(q) {
				return false, MsgNotEligibleTerminating
			}
		}
	}
	return true, ""
}

// selectVictimsOnNode returns the victims on node, or the status saying why
// preemption cannot help there (upstream SelectVictimsOnNode). Pods taken
// off or put back are also removed from or added to a copy of the cycle
// state through the PreFilter extensions (PodTopologySpread's counts).
func selectVictimsOnNode(p *profile, state *framework.CycleState, pod *core.Pod, prio int32, node *NodeInfo) ([]*core.Pod, *Status) {
	work := node.Clone()
	var potential, keep []*core.Pod
	for _, q := range work.Pods {
		if PodPriority(q) < prio {
			potential = append(potential, q)
		} else {
			keep = append(keep, q)
		}
	}
	if len(potential) == 0 {
		return nil, &Status{Plugin: PreemptionName, Code: framework.UnschedulableAndUnresolvable, Reasons: []string{ReasonNoVictims}}
	}
	exts := p.preFilterExtensions(state)
	if len(exts) > 0 {
		state = state.Clone()
	}
	work.Pods = keep
	state.ForgetNode(work)
	for _, v := range potential {
		for _, ext := range exts {
			ext.RemovePod(state, pod, v, work)
		}
	}
	if s := p.runFilter(state, pod, work); s != nil {
		return nil, s
	}
	sort.SliceStable(potential, func(i, j int) bool { return PodPriority(potential[i]) > PodPriority(potential[j]) })
	var victims []*core.Pod
	for _, v := range potential {
		work.Pods = append(work.Pods, v)
		state.ForgetNode(work)
		for _, ext := range exts {
			ext.AddPod(state, pod, v, work)
		}
		if s := p.runFilter(state, pod, work); s != nil {
			work.Pods = work.Pods[:len(work.Pods)-1]
			state.ForgetNode(work)
			for _, ext := range exts {
				ext.RemovePod(state, pod, v, work)
			}
			victims = append(victims, v)
		}
	}
	state.ForgetNode(work)
	if len(victims) == 0 {
		// Cannot happen for a node whose Filter status was Unschedulable;
		// upstream reports an internal error, the playground skips it.
		return nil, &Status{Plugin: PreemptionName, Code: framework.UnschedulableAndUnresolvable, Reasons: []string{ReasonNoVictims}}
	}
	return victims, nil
}

// pickOneNodeForPreemption applies upstream's criteria in order, keeping
// the tied nodes at each step: lowest priority of the most important
// victim, lowest sum of (priority + 2^31) over victims, fewest victims.
// PDB violations are always 0 and start times are not modelled, so the
// remaining tie goes to the first node in snapshot order.
func pickOneNodeForPreemption(cands []candidate) candidate {
	score := []func(c candidate) int64{
		func(c candidate) int64 { return -int64(PodPriority(c.victims[0])) },
		func(c candidate) int64 {
			var sum int64
			for _, v := range c.victims {
				sum += int64(PodPriority(v)) + int64(math.MaxInt32) + 1
			}
			return -sum
		},
		func(c candidate) int64 { return -int64(len(c.victims)) },
	}
	left := cands
	for _, f := range score {
		var sel []candidate
		best := int64(math.MinInt64)
		for _, c := range left {
			s := f(c)
			if s > best {
				best = s
				sel = sel[:0]
			}
			if s == best {
				sel = append(sel, c)
			}
		}
		if len(sel) == 1 {
			return sel[0]
		}
		left = sel
	}
	return left[0]
}
