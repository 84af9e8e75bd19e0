package kubectl

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core"
)

// The words `kubectl taint` prints after node/<name> (kubectl taint
// MODIFIED, TAINTED, UNTAINTED).
const (
	OperationModified  = "modified"
	OperationTainted   = "tainted"
	OperationUntainted = "untainted"
)

// ParseTaints splits kubectl taint specs into taints to add and taints to
// remove, left to right, stopping at the first error (kubectl pkg/cmd/taint
// parseTaints / parseTaint; identical to k8s.io/kubernetes pkg/util/taints
// ParseTaints):
//
//   - a spec ending in '-' is a removal: one '-' is stripped and the rest is
//     parsed; only key and effect are kept (an empty effect removes every
//     effect of the key; a value is validated, then dropped);
//   - anything else is an addition and needs an effect; the same key and
//     effect twice is an error.
//
// The grammar splits on every ':' (1 part: key; 2 parts: key[=value]:effect;
// more: "invalid taint spec: <spec>"). The effect must be NoSchedule,
// PreferNoSchedule or NoExecute exactly; the value must be a label value and
// the key a qualified name. Error texts are kubectl's, e.g.
// "invalid taint effect: NoExcute, unsupported taint effect" or
// "invalid taint spec: foo=abc, name part must consist of …"; kubectl adds
// "error: " and a usage hint when it prints them (see Taint).
func ParseTaints(specs []string) (add []core.Taint, remove []core.Taint, err error) {
	add, remove = []core.Taint{}, []core.Taint{}
	seen := map[core.TaintEffect]map[string]bool{}
	for _, spec := range specs {
		if strings.HasSuffix(spec, "-") {
			t, err := parseTaint(strings.TrimSuffix(spec, "-"))
			if err != nil {
				return []core.Taint{}, []core.Taint{}, err
			}
			remove = append(remove, core.Taint{Key: t.Key, Effect: t.Effect})
			continue
		}
		t, err := parseTaint(spec)
		if err != nil {
			return []core.Taint{}, []core.Taint{}, err
		}
		if t.Effect == "" {
			return []core.Taint{}, []core.Taint{}, fmt.Errorf("invalid taint spec: %s", spec)
		}
		if seen[t.Effect][t.Key] {
			// kubectl prints the v1.Taint struct with %v.
			return []core.Taint{}, []core.Taint{}, fmt.Errorf("duplicated taints with the same key and effect: {%s %s %s <nil>}", t.Key, t.Value, string(t.Effect))
		}
		if seen[t.Effect] == nil {
			seen[t.Effect] = map[string]bool{}
		}
		seen[t.Effect][t.Key] = true
		add = append(add, t)
	}
	return add, remove, nil
}

func parseTaint(spec string) (core.Taint, error) {
	var key, value string
	var effect core.TaintEffect
	parts := strings.Split(spec, ":")
	switch len(parts) {
	case 1:
		key = parts[0]
	case 2:
		effect = core.TaintEffect(parts[1])
		if err := core.ValidateTaintEffectString(effect); err != nil {
			return core.Taint{}, err
		}
		kv := strings.Split(parts[0], "=")
		if len(kv) > 2 {
			return core.Taint{}, fmt.Errorf("invalid taint spec: %s", spec)
		}
		key = kv[0]
		if len(kv) == 2 {
			value = kv[1]
			if ms := core.IsValidLabelValue(value); len(ms) > 0 {
				return core.Taint{}, fmt.Errorf("invalid taint spec: %s, %s", spec, strings.Join(ms, "; "))
			}
		}
	default:
		return core.Taint{}, fmt.Errorf("invalid taint spec: %s", spec)
	}
	if ms := core.IsQualifiedName(key); len(ms) > 0 {
		return core.Taint{}, fmt.Errorf("invalid taint spec: %s, %s", spec, strings.Join(ms, "; "))
	}
	return core.Taint{Key: key, Value: value, Effect: effect}, nil
}

// CheckIfTaintsAlreadyExists returns the keys of the taints to add whose
// (key, effect) the node already has, comma-joined, one entry per match
// (kubectl checkIfTaintsAlreadyExists); "" when none. Without --overwrite a
// non-empty result makes kubectl refuse the node.
func CheckIfTaintsAlreadyExists(oldTaints, toAdd []core.Taint) string {
	var keys []string
	for _, t := range toAdd {
		for _, o := range oldTaints {
			if t.Key == o.Key && t.Effect == o.Effect {
				keys = append(keys, t.Key)
			}
		}
	}
	return strings.Join(keys, ",")
}

// ReorganizeTaints computes a node's new taint list (kubectl
// reorganizeTaints): the added taints first, in argument order, then the old
// taints whose (key, effect) was not re-added, in old order; then each
// removal is applied (an empty effect removes every taint with that key). A
// removal that removes nothing contributes `taint "<key[:effect]>" not
// found` to err (several print as "[a, b]"); the list is still returned, but
// kubectl does not write the node when err is non-nil.
//
// operation is "modified" when overwrite is set, or when the list length
// changed while adding and the LAST removal removed something; "tainted"
// when only the length changed; "untainted" otherwise (kubectl's exact,
// slightly surprising, rule).
func ReorganizeTaints(oldTaints []core.Taint, overwrite bool, toAdd, toRemove []core.Taint) (operation string, newTaints []core.Taint, err error) {
	newTaints = append([]core.Taint{}, toAdd...)
	// addTaints: an old taint is kept unless one already in newTaints
	// matches it (same key and effect, MatchTaint); newTaints grows as old
	// ones are kept, so a set of key/effect pairs answers in constant time
	// what upstream's nested loop answers in O(len(newTaints)).
	type keyEffect struct {
		key    string
		effect core.TaintEffect
	}
	in := make(map[keyEffect]bool, len(toAdd)+len(oldTaints))
	for _, t := range newTaints {
		in[keyEffect{t.Key, t.Effect}] = true
	}
	for i := range oldTaints {
		k := keyEffect{oldTaints[i].Key, oldTaints[i].Effect}
		if !in[k] {
			in[k] = true
			newTaints = append(newTaints, oldTaints[i])
		}
	}
	added := len(oldTaints) != len(newTaints)

	var errs multiError
	removed := false
	for i := range toRemove {
		r := toRemove[i]
		kept := []core.Taint{}
		for j := range newTaints {
			match := newTaints[j].Key == r.Key
			if r.Effect != "" {
				match = r.MatchTaint(&newTaints[j])
			}
			if !match {
				kept = append(kept, newTaints[j])
			}
		}
		removed = len(kept) != len(newTaints)
		newTaints = kept
		if !removed {
			errs = append(errs, fmt.Errorf("taint %q not found", r.ToString()))
		}
	}
	if len(errs) > 0 {
		err = errs
	}
	switch {
	case (added && removed) || overwrite:
		return OperationModified, newTaints, err
	case added:
		return OperationTainted, newTaints, err
	}
	return OperationUntainted, newTaints, err
}
