package core

// UntoleratedTaintReason is the scheduler TaintToleration Filter's reason
// when a NoSchedule/NoExecute taint is not tolerated (tainttoleration
// ErrReasonNotMatch); the status code is UnschedulableAndUnresolvable. The
// message never names the taint.
const UntoleratedTaintReason = "node(s) had untolerated taint(s)"

// TaintTolerationFilter is the scheduler TaintToleration plugin's Filter
// decision: the first NoSchedule or NoExecute taint, in node order, that no
// toleration tolerates (FindMatchingUntoleratedTaint with
// DoNotScheduleTaintsFilter); ok is false when the node fits.
// PreferNoSchedule and unknown effects are ignored.
func TaintTolerationFilter(taints []Taint, tolerations []Toleration, enableComparisonOperators bool) (untolerated Taint, found bool) {
	return FindMatchingUntoleratedTaint(taints, tolerations, DoNotScheduleTaintsFilter, enableComparisonOperators)
}

// PreferNoScheduleTolerations keeps the tolerations whose effect is empty
// or PreferNoSchedule, in order: what the TaintToleration plugin's PreScore
// passes to Score (getAllTolerationPreferNoSchedule).
func PreferNoScheduleTolerations(tolerations []Toleration) []Toleration {
	out := []Toleration{}
	for _, t := range tolerations {
		if t.Effect == "" || t.Effect == TaintEffectPreferNoSchedule {
			out = append(out, t)
		}
	}
	return out
}

// CountIntolerableTaintsPreferNoSchedule is the TaintToleration plugin's raw
// Score for a node: the number of its PreferNoSchedule taints that no
// toleration in the list tolerates (countIntolerableTaintsPreferNoSchedule).
// Callers pass PreferNoScheduleTolerations(pod tolerations).
func CountIntolerableTaintsPreferNoSchedule(taints []Taint, tolerations []Toleration, enableComparisonOperators bool) int64 {
	var n int64
	for i := range taints {
		if taints[i].Effect != TaintEffectPreferNoSchedule {
			continue
		}
		if !TolerationsTolerateTaint(tolerations, &taints[i], enableComparisonOperators) {
			n++
		}
	}
	return n
}

// NormalizeScoresReverse is the scheduler's
// helper.DefaultNormalizeScore(maxPriority, reverse=true) as the
// TaintToleration plugin uses it (maxPriority 100): when the highest raw
// score is 0 every node gets maxPriority; otherwise each gets
// maxPriority - maxPriority*raw/max (integer division), so equal non-zero
// counts all get 0. It returns a new slice.
func NormalizeScoresReverse(raw []int64, maxPriority int64) []int64 {
	out := make([]int64, len(raw))
	var highest int64
	for _, r := range raw {
		if r > highest {
			highest = r
		}
	}
	for i, r := range raw {
		if highest == 0 {
			out[i] = maxPriority
			continue
		}
		out[i] = maxPriority - maxPriority*r/highest
	}
	return out
}
