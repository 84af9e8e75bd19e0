package kubectl

import (
	"strings"

	"github.com/taints-playground/playground/core"
)

// requirement is one term of a label selector.
type requirement struct {
	key    string
	op     string // "=", "!=", "in", "notin", "exists", "!"
	values []string
}

func (r requirement) matches(labels map[string]string) bool {
	v, ok := labels[r.key]
	switch r.op {
	case "exists":
		return ok
	case "!":
		return !ok
	case "=", "in":
		if !ok {
			return false
		}
		for _, x := range r.values {
			if x == v {
				return true
			}
		}
		return false
	case "!=", "notin":
		if !ok {
			return true
		}
		for _, x := range r.values {
			if x == v {
				return false
			}
		}
		return true
	}
	return false
}

// Selector is a parsed label selector (-l): every requirement must hold.
type Selector []requirement

// Matches reports whether labels satisfy every requirement.
func (s Selector) Matches(labels map[string]string) bool {
	for _, r := range s {
		if !r.matches(labels) {
			return false
		}
	}
	return true
}

// splitTop splits on commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// ParseSelector parses a label selector with the grammar of apimachinery
// labels.Parse: comma-separated requirements "k=v", "k==v", "k!=v", "k",
// "!k", "k in (a,b)", "k notin (a,b)". Keys must be qualified names and
// values label values. The error text is this package's own (kubectl's
// parser messages are not reproduced).
func ParseSelector(s string) (Selector, error) {
	var sel Selector
	if strings.TrimSpace(s) == "" {
		return sel, nil
	}
	for _, term := range splitTop(s) {
		term = strings.TrimSpace(term)
		r, ok := parseRequirement(term)
		if !ok {
			return nil, &CommandError{Stderr: "error: unable to parse requirement: " + term}
		}
		if ms := core.IsQualifiedName(r.key); len(ms) > 0 {
			return nil, &CommandError{Stderr: "error: unable to parse requirement: key " + r.key + ": " + strings.Join(ms, "; ")}
		}
		for _, v := range r.values {
			if ms := core.IsValidLabelValue(v); len(ms) > 0 {
				return nil, &CommandError{Stderr: "error: unable to parse requirement: value " + v + ": " + strings.Join(ms, "; ")}
			}
		}
		sel = append(sel, r)
	}
	return sel, nil
}

func parseRequirement(t string) (requirement, bool) {
	if t == "" {
		return requirement{}, false
	}
	if strings.HasPrefix(t, "!") && !strings.Contains(t, "=") {
		return requirement{key: strings.TrimSpace(t[1:]), op: "!"}, true
	}
	for _, op := range []string{"!=", "==", "="} {
		if i := strings.Index(t, op); i >= 0 {
			o := op
			if o == "==" {
				o = "="
			}
			return requirement{key: strings.TrimSpace(t[:i]), op: o, values: []string{strings.TrimSpace(t[i+len(op):])}}, true
		}
	}
	fields := strings.Fields(t)
	if len(fields) == 1 {
		return requirement{key: fields[0], op: "exists"}, true
	}
	if len(fields) >= 2 && (fields[1] == "in" || fields[1] == "notin") {
		rest := strings.TrimSpace(strings.Join(fields[2:], " "))
		if !strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, ")") {
			return requirement{}, false
		}
		var vals []string
		for _, v := range strings.Split(rest[1:len(rest)-1], ",") {
			vals = append(vals, strings.TrimSpace(v))
		}
		return requirement{key: fields[0], op: fields[1], values: vals}, true
	}
	return requirement{}, false
}
