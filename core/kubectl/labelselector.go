package kubectl

import (
	"sort"
	"strings"

	"github.com/taints-playground/playground/core"
)

// FormatLabelSelector renders a label selector as kubectl prints it
// (metav1.FormatLabelSelector): the requirements sorted by key, joined by
// ",": "k=v" for matchLabels, "k in (a,b)", "k notin (a,b)" (values
// sorted), "k" for Exists, "!k" for DoesNotExist; "<none>" when there are
// none (nil or empty); "<error>" for a selector the API would not parse
// (an unknown operator, In/NotIn without values, Exists/DoesNotExist with
// values, an invalid key or value).
func FormatLabelSelector(s *core.LabelSelector) string {
	if s == nil {
		return "<none>"
	}
	type req struct{ key, text string }
	var reqs []req
	for k, v := range s.MatchLabels {
		if !validLabel(k, []string{v}) {
			return "<error>"
		}
		reqs = append(reqs, req{k, k + "=" + v})
	}
	for _, r := range s.MatchExpressions {
		vals := append([]string(nil), r.Values...)
		sort.Strings(vals)
		var text string
		switch r.Operator {
		case "In", "NotIn":
			if len(vals) == 0 {
				return "<error>"
			}
			text = r.Key + " " + strings.ToLower(r.Operator) + " (" + strings.Join(vals, ",") + ")"
		case "Exists", "DoesNotExist":
			if len(vals) != 0 {
				return "<error>"
			}
			text = r.Key
			if r.Operator == "DoesNotExist" {
				text = "!" + r.Key
			}
		default:
			return "<error>"
		}
		if !validLabel(r.Key, vals) {
			return "<error>"
		}
		reqs = append(reqs, req{r.Key, text})
	}
	if len(reqs) == 0 {
		return "<none>"
	}
	sort.SliceStable(reqs, func(i, j int) bool { return reqs[i].key < reqs[j].key })
	parts := make([]string, len(reqs))
	for i, r := range reqs {
		parts[i] = r.text
	}
	return strings.Join(parts, ",")
}

// validLabel reports whether key is a qualified name and every value a
// valid label value (labels.NewRequirement's checks).
func validLabel(key string, values []string) bool {
	if len(core.IsQualifiedName(key)) > 0 {
		return false
	}
	for _, v := range values {
		if len(core.IsValidLabelValue(v)) > 0 {
			return false
		}
	}
	return true
}
