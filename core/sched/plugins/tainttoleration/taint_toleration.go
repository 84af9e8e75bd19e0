package tainttoleration

import (
	"fmt"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in statuses and messages.
const Name = "TaintToleration"

// ErrReasonNotMatch is the v1.35+ Filter reason; the taint itself is not
// named (kubernetes/kubernetes PR #134740, in v1.35.0; cherry-picked to a
// late 1.34 patch by PR #135023).
const ErrReasonNotMatch = "node(s) had untolerated taint(s)"

// LegacyReason is the Filter reason of v1.26–v1.34.0: the first untolerated
// NoSchedule/NoExecute taint as "node(s) had untolerated taint {key: value}"
// (Go "{%s: %s}", so an empty value prints "{key: }"). PR #109119 (2022,
// before v1.26) introduced this wording in place of the older
// "node(s) had taint {key: value}, that the pod didn't tolerate", so no
// release the playground supports uses that older one. PR #134740 replaced
// it with ErrReasonNotMatch in v1.35.
func LegacyReason(t core.Taint) string {
	return fmt.Sprintf("node(s) had untolerated taint {%s: %s}", t.Key, t.Value)
}

// Weight is the plugin's weight in the default profile.
const Weight int64 = 3

const preScoreStateKey = "PreScore" + Name

// TaintToleration is the plugin.
type TaintToleration struct {
	enableComparisonOperators bool
	legacyReason              bool

	// filterState and rejected are the status Filter returned in that
	// cycle: every node it rejects in one cycle shares it (its reason does
	// not depend on the node from 1.35; before, it is reused while the
	// taint's key and value are the same).
	filterState *framework.CycleState
	rejected    *framework.Status
	rejectedFor core.Taint
	// scoreState and tolerations remember what PreScore stored.
	scoreState  *framework.CycleState
	tolerations []core.Toleration
}

var (
	_ framework.FilterPlugin    = (*TaintToleration)(nil)
	_ framework.PreScorePlugin  = (*TaintToleration)(nil)
	_ framework.ScorePlugin     = (*TaintToleration)(nil)
	_ framework.ScoreNormalizer = (*TaintToleration)(nil)
)

// New returns the plugin; enableComparisonOperators is the
// TaintTolerationComparisonOperators gate (Lt/Gt tolerations).
func New(enableComparisonOperators bool) *TaintToleration {
	return &TaintToleration{enableComparisonOperators: enableComparisonOperators}
}

// NewForVersion returns the plugin as Kubernetes v flavours it: the Filter
// reason is LegacyReason before 1.35 and ErrReasonNotMatch from 1.35, and
// the TaintTolerationComparisonOperators gate, which only exists from 1.35
// (KEP-5471, alpha), is forced off before 1.35.
func NewForVersion(enableComparisonOperators bool, v core.Version) *TaintToleration {
	return &TaintToleration{
		enableComparisonOperators: enableComparisonOperators && v.AtLeast(35),
		legacyReason:              !v.AtLeast(35),
	}
}

// Name returns Name.
func (*TaintToleration) Name() string { return Name }

func tolerationsOf(pod *core.Pod) []core.Toleration {
	if pod == nil {
		return nil
	}
	return pod.Spec.Tolerations
}

// Filter returns UnschedulableAndUnresolvable with ErrReasonNotMatch when
// some NoSchedule or NoExecute taint of the node (in spec order) is not
// tolerated by any pod toleration; nil otherwise (upstream
// TaintToleration.Filter with FindMatchingUntoleratedTaint and
// DoNotScheduleTaintsFilterFunc). Before 1.35 the reason names the taint
// (LegacyReason).
func (pl *TaintToleration) Filter(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) *framework.Status {
	if node == nil || node.Node == nil {
		return nil
	}
	taints := node.Node.Spec.Taints
	if len(taints) == 0 {
		return nil
	}
	if taint, untolerated := core.FindMatchingUntoleratedTaint(taints, tolerationsOf(pod), core.DoNotScheduleTaintsFilter, pl.enableComparisonOperators); untolerated {
		return pl.rejectedStatus(state, taint)
	}
	return nil
}

// rejectedStatus returns Filter's status for an untolerated taint, shared
// by the nodes rejected in the same cycle state (a nil state shares
// nothing).
func (pl *TaintToleration) rejectedStatus(state *framework.CycleState, taint core.Taint) *framework.Status {
	if state != nil && pl.filterState == state && pl.rejected != nil &&
		(!pl.legacyReason || (taint.Key == pl.rejectedFor.Key && taint.Value == pl.rejectedFor.Value)) {
		return pl.rejected
	}
	reason := ErrReasonNotMatch
	if pl.legacyReason {
		reason = LegacyReason(taint)
	}
	s := framework.NewStatus(framework.UnschedulableAndUnresolvable, reason)
	if state != nil {
		pl.filterState, pl.rejected, pl.rejectedFor = state, s, core.Taint{Key: taint.Key, Value: taint.Value}
	}
	return s
}

// PreferNoScheduleTolerations returns the tolerations that count for
// scoring: those with an empty effect or effect PreferNoSchedule
// (getAllTolerationPreferNoSchedule).
func PreferNoScheduleTolerations(tolerations []core.Toleration) []core.Toleration {
	var out []core.Toleration
	for _, t := range tolerations {
		if t.Effect == "" || t.Effect == core.TaintEffectPreferNoSchedule {
			out = append(out, t)
		}
	}
	return out
}

// PreScore stores the scoring tolerations in state; it never skips.
func (pl *TaintToleration) PreScore(state *framework.CycleState, pod *core.Pod, _ []*framework.NodeInfo) *framework.Status {
	tols := PreferNoScheduleTolerations(tolerationsOf(pod))
	state.Write(preScoreStateKey, tols)
	pl.scoreState, pl.tolerations = state, tols
	return nil
}

// Score returns the number of the node's PreferNoSchedule taints not
// tolerated by the scoring tolerations (countIntolerableTaintsPreferNoSchedule).
func (pl *TaintToleration) Score(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) (int64, *framework.Status) {
	if node == nil || node.Node == nil {
		return 0, nil
	}
	var tolerations []core.Toleration
	if pl.scoreState == state && state != nil {
		tolerations = pl.tolerations
	} else if v, ok := state.Read(preScoreStateKey); ok {
		tolerations, _ = v.([]core.Toleration)
	} else {
		tolerations = PreferNoScheduleTolerations(tolerationsOf(pod))
	}
	var n int64
	for i := range node.Node.Spec.Taints {
		t := &node.Node.Spec.Taints[i]
		if t.Effect != core.TaintEffectPreferNoSchedule {
			continue
		}
		if !core.TolerationsTolerateTaint(tolerations, t, pl.enableComparisonOperators) {
			n++
		}
	}
	return n, nil
}

// NormalizeScore maps counts to 100 - 100*count/max (all 100 when max is 0),
// via DefaultNormalizeScore(MaxNodeScore, reverse=true).
func (pl *TaintToleration) NormalizeScore(_ *framework.CycleState, _ *core.Pod, scores []int64) *framework.Status {
	return framework.DefaultNormalizeScore(framework.MaxNodeScore, true, scores)
}
