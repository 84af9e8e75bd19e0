package kubectl

import (
	"sort"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

// fieldTerm is one term of a field selector: field = value, or != when
// not.
type fieldTerm struct {
	field, value string
	not          bool
}

// fieldSelector is a parsed --field-selector: every term must hold.
type fieldSelector []fieldTerm

// parseFieldSelector reads a field selector as apimachinery
// fields.ParseSelector does (v1.37): terms split on unescaped commas and
// sorted, empty ones skipped; each splits at the first "!=", "==" or "="
// (the field is taken literally); the value's backslash escapes \\, \,
// and \= are undone and an unescaped , or = in it is an error. kubectl
// sends the text as is; the API server parses it, so its errors come back
// as BadRequest.
func parseFieldSelector(s string) (fieldSelector, error) {
	var sel fieldSelector
	if s == "" {
		return sel, nil
	}
	terms := splitUnescaped(s, ',')
	sort.Strings(terms)
	for _, term := range terms {
		if term == "" {
			continue
		}
		t, ok := parseFieldTerm(term)
		if !ok {
			return nil, &apiError{reason: "BadRequest", msg: "invalid selector: '" + s + "'; can't understand '" + term + "'"}
		}
		v, msg := unescapeFieldValue(t.value)
		if msg != "" {
			return nil, &apiError{reason: "BadRequest", msg: "invalid field selector: " + msg}
		}
		t.value = v
		sel = append(sel, t)
	}
	return sel, nil
}

// splitUnescaped splits s on sep where sep is not escaped by a backslash
// (fields.splitTerms).
func splitUnescaped(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// parseFieldTerm splits one term at its first operator (fields.splitTerm).
func parseFieldTerm(term string) (fieldTerm, bool) {
	for i := range term {
		for _, op := range []string{"!=", "==", "="} {
			if strings.HasPrefix(term[i:], op) {
				return fieldTerm{field: term[:i], value: term[i+len(op):], not: op == "!="}, true
			}
		}
	}
	return fieldTerm{}, false
}

// unescapeFieldValue is fields.UnescapeValue; msg is its error's text.
func unescapeFieldValue(s string) (string, string) {
	var b strings.Builder
	escaped := false
	for _, c := range s {
		switch {
		case escaped && (c == '\\' || c == ',' || c == '='):
			b.WriteRune(c)
			escaped = false
		case escaped:
			return "", "invalid escape sequence: " + string([]rune{'\\', c})
		case c == '\\':
			escaped = true
		case c == ',' || c == '=':
			return "", "unescaped character in value: " + strconv.Itoa(int(c))
		default:
			b.WriteRune(c)
		}
	}
	if escaped {
		return "", "invalid escape sequence: \\"
	}
	return b.String(), ""
}

// check returns the API server's error for a field the kind does not
// select on (the field label conversion functions of
// pkg/apis/core/v1/conversion.go, v1.37).
func (s fieldSelector) check(fields map[string]string) error {
	for _, t := range s {
		if _, ok := fields[t.field]; !ok {
			return &apiError{reason: "BadRequest", msg: "field label not supported: " + t.field}
		}
	}
	return nil
}

// matches reports whether every term holds for the object's fields.
func (s fieldSelector) matches(fields map[string]string) bool {
	for _, t := range s {
		if (fields[t.field] == t.value) == t.not {
			return false
		}
	}
	return true
}

// podFields are the fields a pod list selects on, with the values the
// API server compares (pod strategy PodToSelectableFields); defaults the
// playground does not store are the API's defaults.
func podFields(p *core.Pod) map[string]string {
	scheduler := p.Spec.SchedulerName
	if scheduler == "" {
		scheduler = "default-scheduler"
	}
	return map[string]string{
		"metadata.name":            p.Name,
		"metadata.namespace":       p.Namespace,
		"spec.nodeName":            p.Spec.NodeName,
		"spec.host":                p.Spec.NodeName,
		"spec.restartPolicy":       "Always",
		"spec.schedulerName":       scheduler,
		"spec.serviceAccountName":  "default",
		"spec.hostNetwork":         strconv.FormatBool(p.Spec.HostNetwork),
		"status.phase":             string(p.Status.Phase),
		"status.podIP":             "",
		"status.podIPs":            "",
		"status.nominatedNodeName": p.Status.NominatedNodeName,
	}
}

// nodeFields are the fields a node list selects on (node strategy
// NodeToSelectableFields).
func nodeFields(n *core.Node) map[string]string {
	return map[string]string{
		"metadata.name":      n.Name,
		"spec.unschedulable": strconv.FormatBool(n.Spec.Unschedulable),
	}
}
