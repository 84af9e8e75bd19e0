package core

import (
	"strconv"
	"strings"
)

// ExplainToleration reports whether tol tolerates taint, exactly as
// (*Toleration).ToleratesTaint decides, and why in people's words: the
// first rule of the match that decided, naming the field. The rules are
// checked in ToleratesTaint's order — effect, key, then the operator — so
// for a mismatch the reason is the first failing field, e.g.
//
//	effect NoSchedule ≠ NoExecute
//	key "a" ≠ "b"
//	value "x" ≠ "y" (Equal)
//	Gt needs the TaintTolerationComparisonOperators gate
//	"007" is not a canonical integer
//	unknown operator "exists" (operators are case-sensitive)
//
// and for a match the operator's reason, e.g. "Exists matches any value" or
// `value "x" = "x" (Equal)`. In each "a ≠ b" the toleration's side comes
// first. Empty strings are shown as "". A nil toleration or taint tolerates
// nothing.
func ExplainToleration(tol *Toleration, taint *Taint, enableComparisonOperators bool) (tolerates bool, why string) {
	if tol == nil {
		return false, "no toleration"
	}
	if taint == nil {
		return false, "no taint"
	}
	if tol.Effect != "" && tol.Effect != taint.Effect {
		return false, "effect " + showEffect(tol.Effect) + " ≠ " + showEffect(taint.Effect)
	}
	if tol.Key != "" && tol.Key != taint.Key {
		return false, "key " + strconv.Quote(tol.Key) + " ≠ " + strconv.Quote(taint.Key)
	}
	switch tol.Operator {
	case "", TolerationOpEqual:
		op := "Equal"
		if tol.Operator == "" {
			op = "empty operator means Equal"
		}
		if tol.Value == taint.Value {
			return true, "value " + strconv.Quote(tol.Value) + " = " + strconv.Quote(taint.Value) + " (" + op + ")"
		}
		return false, "value " + strconv.Quote(tol.Value) + " ≠ " + strconv.Quote(taint.Value) + " (" + op + ")"
	case TolerationOpExists:
		return true, "Exists matches any value"
	case TolerationOpGt, TolerationOpLt:
		if !enableComparisonOperators {
			return false, string(tol.Operator) + " needs the TaintTolerationComparisonOperators gate"
		}
		tv, why := explainInt("toleration", tol.Value)
		if why != "" {
			return false, why
		}
		xv, why := explainInt("taint", taint.Value)
		if why != "" {
			return false, why
		}
		sym := ">"
		ok := xv > tv
		if tol.Operator == TolerationOpLt {
			sym, ok = "<", xv < tv
		}
		if ok {
			return true, "taint value " + taint.Value + " " + sym + " " + tol.Value + " (" + string(tol.Operator) + ")"
		}
		return false, "taint value " + taint.Value + " is not " + sym + " " + tol.Value + " (" + string(tol.Operator) + ")"
	}
	for _, known := range []TolerationOperator{TolerationOpExists, TolerationOpEqual, TolerationOpGt, TolerationOpLt} {
		if strings.EqualFold(string(tol.Operator), string(known)) {
			return false, "unknown operator " + strconv.Quote(string(tol.Operator)) + " (operators are case-sensitive)"
		}
	}
	return false, "unknown operator " + strconv.Quote(string(tol.Operator))
}

// explainInt parses a Gt/Lt operand as compareNumericValues does and, when
// it fails, says why: not a canonical decimal integer, or outside int64.
func explainInt(side, s string) (int64, string) {
	if !IsDecimalInteger(s) {
		if s == "" {
			return 0, side + " value \"\" is not a canonical integer"
		}
		return 0, strconv.Quote(s) + " is not a canonical integer"
	}
	v, ok := ParseCanonicalInt64(s)
	if !ok {
		return 0, strconv.Quote(s) + " does not fit in int64"
	}
	return v, ""
}

func showEffect(e TaintEffect) string {
	if e == "" {
		return `""`
	}
	return string(e)
}
