package core

import (
	"math"
	"strconv"
	"time"
)

// ToleratesTaint reports whether the toleration tolerates the taint, with
// the rules of k8s.io/api/core/v1 (*Toleration).ToleratesTaint (v1.35+),
// checked in this order:
//
//  1. a non-empty toleration effect must equal the taint's effect;
//  2. a non-empty toleration key must equal the taint's key;
//  3. the operator decides: "" or Equal compares values as plain strings;
//     Exists ignores the value; Gt/Lt compare the taint's value with the
//     toleration's as canonical decimal int64 (taint > toleration for Gt,
//     taint < toleration for Lt) and only when enableComparisonOperators
//     (the TaintTolerationComparisonOperators gate) is on; any other
//     operator never tolerates.
//
// Comparisons are exact and case-sensitive. Matching never fails: a value
// that does not parse simply does not tolerate (upstream also logs it; we
// take no logger). A nil toleration or taint tolerates nothing.
func (t *Toleration) ToleratesTaint(taint *Taint, enableComparisonOperators bool) bool {
	if t == nil || taint == nil {
		return false
	}
	if t.Effect != "" && t.Effect != taint.Effect {
		return false
	}
	if t.Key != "" && t.Key != taint.Key {
		return false
	}
	switch t.Operator {
	case "", TolerationOpEqual:
		return t.Value == taint.Value
	case TolerationOpExists:
		return true
	case TolerationOpLt, TolerationOpGt:
		if !enableComparisonOperators {
			return false
		}
		return compareNumericValues(t.Operator, t.Value, taint.Value)
	}
	return false
}

// compareNumericValues applies Gt/Lt: both values must be canonical decimal
// integers that fit in int64; the taint's value is compared with the
// toleration's, strictly. Mirrors the unexported upstream helper of the same
// name; Equal and Exists give false here.
func compareNumericValues(op TolerationOperator, tolerationValue, taintValue string) bool {
	tv, ok := ParseCanonicalInt64(tolerationValue)
	if !ok {
		return false
	}
	xv, ok := ParseCanonicalInt64(taintValue)
	if !ok {
		return false
	}
	switch op {
	case TolerationOpGt:
		return xv > tv
	case TolerationOpLt:
		return xv < tv
	}
	return false
}

// IsDecimalInteger reports whether s is a canonical decimal integer: an
// optional '-', then "0" alone or a digit 1–9 followed by ASCII digits; no
// '+', no leading zeros, no "-0", no spaces (apimachinery
// content.IsDecimalInteger). It does not check the int64 range.
func IsDecimalInteger(s string) bool {
	if s == "" {
		return false
	}
	digits := s
	if s[0] == '-' {
		digits = s[1:]
		if digits == "" || digits == "0" {
			return false
		}
	}
	if digits == "0" {
		return true
	}
	if digits[0] < '1' || digits[0] > '9' {
		return false
	}
	for i := 1; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// ParseCanonicalInt64 parses s when IsDecimalInteger(s) holds and the value
// fits in int64; ok is false otherwise (overflow is a mismatch, never clamped).
func ParseCanonicalInt64(s string) (v int64, ok bool) {
	if !IsDecimalInteger(s) {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, false
	}
	return v, true
}

// MatchToleration reports whether two tolerations are the same entry:
// key, operator, value and effect compared literally (operator "" differs
// from Equal); tolerationSeconds is ignored ((*Toleration).MatchToleration).
func (t *Toleration) MatchToleration(other *Toleration) bool {
	if t == nil || other == nil {
		return t == other
	}
	return t.Key == other.Key && t.Effect == other.Effect && t.Operator == other.Operator && t.Value == other.Value
}

// TolerationsTolerateTaint reports whether any toleration in the list
// tolerates the taint (component-helpers TolerationsTolerateTaint). An empty
// list tolerates nothing.
func TolerationsTolerateTaint(tolerations []Toleration, taint *Taint, enableComparisonOperators bool) bool {
	for i := range tolerations {
		if tolerations[i].ToleratesTaint(taint, enableComparisonOperators) {
			return true
		}
	}
	return false
}

// TaintFilter selects the taints a caller cares about; nil selects all.
type TaintFilter func(*Taint) bool

// DoNotScheduleTaintsFilter selects NoSchedule and NoExecute taints: the
// taints the scheduler's TaintToleration Filter and the DaemonSet
// "should run" check look at (helper.DoNotScheduleTaintsFilterFunc).
func DoNotScheduleTaintsFilter(t *Taint) bool {
	return t.Effect == TaintEffectNoSchedule || t.Effect == TaintEffectNoExecute
}

// NoExecuteTaintsFilter selects NoExecute taints: what kubelet admission and
// the taint-eviction controller look at.
func NoExecuteTaintsFilter(t *Taint) bool { return t.Effect == TaintEffectNoExecute }

// FindMatchingUntoleratedTaint returns the first taint, in node order, among
// those the filter selects, that no toleration tolerates; ok is false when
// every selected taint is tolerated (component-helpers
// FindMatchingUntoleratedTaint).
func FindMatchingUntoleratedTaint(taints []Taint, tolerations []Toleration, filter TaintFilter, enableComparisonOperators bool) (Taint, bool) {
	for i := range taints {
		if filter != nil && !filter(&taints[i]) {
			continue
		}
		if !TolerationsTolerateTaint(tolerations, &taints[i], enableComparisonOperators) {
			return taints[i], true
		}
	}
	return Taint{}, false
}

// GetMatchingTolerations returns, for each taint in order, the first
// toleration (in pod order) that tolerates it; allTolerated is false, with
// an empty list, as soon as one taint is not tolerated. No taints gives
// (true, []). It does not filter by effect: the taint-eviction controller
// passes only NoExecute taints (pkg/apis/core/v1/helper GetMatchingTolerations).
func GetMatchingTolerations(taints []Taint, tolerations []Toleration, enableComparisonOperators bool) (allTolerated bool, used []Toleration) {
	if len(taints) == 0 {
		return true, []Toleration{}
	}
	if len(tolerations) == 0 {
		return false, []Toleration{}
	}
	used = make([]Toleration, 0, len(taints))
	for i := range taints {
		found := false
		for j := range tolerations {
			if tolerations[j].ToleratesTaint(&taints[i], enableComparisonOperators) {
				used = append(used, tolerations[j])
				found = true
				break
			}
		}
		if !found {
			return false, []Toleration{}
		}
	}
	return true, used
}

// MinTolerationDuration is the taint-eviction controller's
// getMinTolerationTime (k8s.io/kubernetes pkg/controller/tainteviction),
// overflow included, over the tolerations GetMatchingTolerations used:
//
//   - no tolerations: 0 (evict now);
//   - any tolerationSeconds ≤ 0: 0 (evict now);
//   - no tolerationSeconds set at all: -1ns, meaning "forever";
//   - otherwise the minimum seconds, multiplied by time.Second only after the
//     minimum is taken, in int64 nanoseconds that wrap like Go's.
//
// The wrap reproduces upstream exactly: 9223372036 s is the largest value
// that fits (about 292 years); 9223372037 s wraps to a negative duration,
// which the controller reads as forever; math.MaxInt64 s is the "unset"
// sentinel and also means forever; 18446744074 s wraps to +290.448384ms, so
// such a pod is evicted almost at once. Negative results always mean forever.
func MinTolerationDuration(tolerations []Toleration) time.Duration {
	minSeconds := int64(math.MaxInt64)
	if len(tolerations) == 0 {
		return 0
	}
	for i := range tolerations {
		if tolerations[i].TolerationSeconds == nil {
			continue
		}
		s := *tolerations[i].TolerationSeconds
		if s <= 0 {
			return 0
		}
		if s < minSeconds {
			minSeconds = s
		}
	}
	if minSeconds == int64(math.MaxInt64) {
		return -1
	}
	// Two's-complement wrap, as upstream's time.Duration(s) * time.Second.
	return time.Duration(int64(uint64(minSeconds) * uint64(time.Second)))
}

// MinTolerationTime is MinTolerationDuration in whole seconds: -1 when the
// duration is negative (forever, including the wrapped cases), otherwise the
// duration truncated to seconds (0 = evict now; the 18446744074 s wrap gives
// 0 because it is 290ms). Mirrors tainteviction getMinTolerationTime.
func MinTolerationTime(tolerations []Toleration) (seconds int64) {
	d := MinTolerationDuration(tolerations)
	if d < 0 {
		return -1
	}
	return int64(d / time.Second)
}

// EvictionAction is what the taint-eviction controller does with a pod
// bound to a node.
type EvictionAction string

// Eviction actions, as named in eviction.json.
const (
	// EvictionNone: the node has no NoExecute taint; any scheduled eviction
	// is cancelled.
	EvictionNone EvictionAction = "none"
	// EvictionNow: some NoExecute taint is not tolerated, or the minimum
	// tolerationSeconds is ≤ 0; the pod is deleted at once.
	EvictionNow EvictionAction = "evictNow"
	// EvictionAfter: every NoExecute taint is tolerated for a finite time;
	// the pod is deleted after the returned duration.
	EvictionAfter EvictionAction = "evictAfter"
	// EvictionNever: every NoExecute taint is tolerated forever (or the
	// duration wrapped negative); any scheduled eviction is cancelled.
	EvictionNever EvictionAction = "never"
)

// EvictionDecision is the taint-eviction controller's decision for a pod
// seen for the first time on a node (tainteviction processPodOnNode with
// getNoExecuteTaints, GetMatchingTolerations and getMinTolerationTime).
// Only the node's NoExecute taints count; for each, the FIRST tolerating
// toleration in pod order is used (not the longest-lived one), and the
// minimum of their tolerationSeconds decides. after is non-zero only for
// EvictionAfter; it is anchored at the moment the controller sees the pod
// (taint.timeAdded is not used). enableComparisonOperators is the
// TaintTolerationComparisonOperators gate.
func EvictionDecision(nodeTaints []Taint, tolerations []Toleration, enableComparisonOperators bool) (action EvictionAction, after time.Duration) {
	var noExecute []Taint
	for i := range nodeTaints {
		if nodeTaints[i].Effect == TaintEffectNoExecute {
			noExecute = append(noExecute, nodeTaints[i])
		}
	}
	if len(noExecute) == 0 {
		return EvictionNone, 0
	}
	ok, used := GetMatchingTolerations(noExecute, tolerations, enableComparisonOperators)
	if !ok {
		return EvictionNow, 0
	}
	d := MinTolerationDuration(used)
	switch {
	case d < 0:
		return EvictionNever, 0
	case d == 0:
		return EvictionNow, 0
	}
	return EvictionAfter, d
}
