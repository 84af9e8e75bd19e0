package kubectl

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

// requirement is one term of a label selector.
type requirement struct {
	key    string
	op     string // "=", "==", "!=", "in", "notin", "exists", "!", ">", "<"
	values []string
}

func (r requirement) matches(labels map[string]string) bool {
	v, ok := labels[r.key]
	switch r.op {
	case "exists":
		return ok
	case "!":
		return !ok
	case "=", "==", "in":
		return ok && contains(r.values, v)
	case "!=", "notin":
		return !ok || !contains(r.values, v)
	case ">", "<":
		if !ok || len(r.values) != 1 {
			return false
		}
		have, err1 := strconv.ParseInt(v, 10, 64)
		want, err2 := strconv.ParseInt(r.values[0], 10, 64)
		return err1 == nil && err2 == nil && ((r.op == ">" && have > want) || (r.op == "<" && have < want))
	}
	return false
}

func contains(values []string, v string) bool {
	for _, x := range values {
		if x == v {
			return true
		}
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

// selectorToken is a token of the label selector lexer.
type selectorToken struct {
	kind string // "id", "end", "error", or the symbol or keyword itself
	lit  string
}

var selectorSymbols = map[string]bool{")": true, ",": true, "!": true, "==": true, "=": true, ">": true, "<": true, "!=": true, "(": true}

func isSelectorSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isSelectorSymbol(c byte) bool { return strings.IndexByte("=!(),><", c) >= 0 }

// lexSelector splits a selector into tokens as labels.Lexer does: runs of
// symbols take the longest token they start with; other runs up to a
// symbol or blank are identifiers, or the keywords in and notin.
func lexSelector(s string) []selectorToken {
	var out []selectorToken
	i := 0
	for {
		for i < len(s) && isSelectorSpace(s[i]) {
			i++
		}
		if i >= len(s) || s[i] == 0 {
			return append(out, selectorToken{kind: "end"})
		}
		start := i
		if isSelectorSymbol(s[i]) {
			last := ""
			for i < len(s) && isSelectorSymbol(s[i]) {
				if selectorSymbols[s[start:i+1]] {
					last = s[start : i+1]
				} else if last != "" {
					break
				}
				i++
			}
			if last == "" {
				out = append(out, selectorToken{kind: "error", lit: "error expected: keyword found '" + s[start:i] + "'"})
				continue
			}
			i = start + len(last)
			out = append(out, selectorToken{kind: last, lit: last})
			continue
		}
		for i < len(s) && s[i] != 0 && !isSelectorSymbol(s[i]) && !isSelectorSpace(s[i]) {
			i++
		}
		word := s[start:i]
		kind := "id"
		if word == "in" || word == "notin" {
			kind = word
		}
		out = append(out, selectorToken{kind: kind, lit: word})
	}
}

// selectorParser is labels.Parser at work over the tokens.
type selectorParser struct {
	toks []selectorToken
	pos  int
}

// peek and next read tokens; in value context the keywords are
// identifiers.
func (p *selectorParser) peek(values bool) selectorToken {
	t := p.toks[p.pos]
	if values && (t.kind == "in" || t.kind == "notin") {
		t.kind = "id"
	}
	return t
}

func (p *selectorParser) next(values bool) selectorToken {
	t := p.peek(values)
	if p.pos < len(p.toks)-1 {
		p.pos++
	}
	return t
}

// ParseSelector parses a label selector as apimachinery labels.Parse
// (v0.37) does, with its error texts: comma-separated requirements "k",
// "!k", "k=v", "k==v", "k!=v", "k in (a,b)", "k notin (a,b)", "k>1",
// "k<1"; keys must be qualified names and values label values. kubectl
// sends the selector to the API server, which parses it; commands report
// the error as resource.EnhanceListError words it (see listError).
func ParseSelector(s string) (Selector, error) {
	p := &selectorParser{toks: lexSelector(s)}
	var sel Selector
	for {
		switch t := p.peek(true); t.kind {
		case "id", "!":
			r, err := p.requirement()
			if err != nil {
				return nil, fmt.Errorf("unable to parse requirement: %v", err)
			}
			sel = append(sel, r)
			switch t := p.next(true); t.kind {
			case "end":
				return sortSelector(sel), nil
			case ",":
				if t2 := p.peek(true); t2.kind != "id" && t2.kind != "!" {
					return nil, fmt.Errorf("found '%s', expected: identifier after ','", t2.lit)
				}
			default:
				return nil, fmt.Errorf("found '%s', expected: ',' or 'end of string'", t.lit)
			}
		case "end":
			return sortSelector(sel), nil
		default:
			return nil, fmt.Errorf("found '%s', expected: !, identifier, or 'end of string'", t.lit)
		}
	}
}

func sortSelector(sel Selector) Selector {
	sort.SliceStable(sel, func(i, j int) bool { return sel[i].key < sel[j].key })
	return sel
}

// requirement reads one requirement (labels.Parser parseRequirement).
func (p *selectorParser) requirement() (requirement, error) {
	var r requirement
	t := p.next(true)
	if t.kind == "!" {
		r.op = "!"
		t = p.next(true)
	}
	if t.kind != "id" {
		return r, fmt.Errorf("found '%s', expected: identifier", t.lit)
	}
	r.key = t.lit
	if ms := core.IsQualifiedName(r.key); len(ms) > 0 {
		return r, errors.New(invalidValue("<nil>", r.key, strings.Join(ms, "; ")))
	}
	if r.op == "!" {
		return r, nil
	}
	if after := p.peek(true).kind; after == "end" || after == "," {
		r.op = "exists"
		return r, nil
	}
	op := p.next(false)
	switch op.kind {
	case "in", "notin":
		vals, err := p.valueList()
		if err != nil {
			return r, err
		}
		r.values = vals
	case "=", "==", "!=", ">", "<":
		if after := p.peek(true).kind; after == "end" || after == "," {
			r.values = []string{""}
		} else if v := p.next(true); v.kind == "id" {
			r.values = []string{v.lit}
		} else {
			return r, fmt.Errorf("found '%s', expected: identifier", v.lit)
		}
	default:
		return r, fmt.Errorf("found '%s', expected: in, notin, =, ==, !=, gt, lt", op.lit)
	}
	r.op = op.kind
	return r, validateRequirement(r)
}

// valueList reads "(a,b,…)" (labels.Parser parseValues and
// parseIdentifiersList): empty entries are the empty value; values come
// back sorted and without repeats.
func (p *selectorParser) valueList() ([]string, error) {
	if t := p.next(true); t.kind != "(" {
		return nil, fmt.Errorf("found '%s' expected: '('", t.lit)
	}
	set := map[string]bool{}
	first := p.peek(true)
	switch first.kind {
	case ")":
		p.next(true)
		return []string{""}, nil
	case "id", ",":
	default:
		return nil, fmt.Errorf("found '%s', expected: ',', ')' or identifier", first.lit)
	}
	for done := false; !done; {
		switch t := p.next(true); t.kind {
		case "id":
			set[t.lit] = true
			switch t2 := p.peek(true); t2.kind {
			case ",":
			case ")":
				done = true
			default:
				return nil, fmt.Errorf("found '%s', expected: ',' or ')'", t2.lit)
			}
		case ",":
			if len(set) == 0 {
				set[""] = true
			}
			if t2 := p.peek(true).kind; t2 == ")" || t2 == "," {
				set[""] = true
				done = t2 == ")"
			}
		default:
			return nil, fmt.Errorf("found '%s', expected: ',', or identifier", t.lit)
		}
	}
	if t := p.next(true); t.kind != ")" {
		return nil, fmt.Errorf("found '%s', expected: ')'", first.lit)
	}
	vals := make([]string, 0, len(set))
	for v := range set {
		vals = append(vals, v)
	}
	sort.Strings(vals)
	return vals, nil
}

// validateRequirement is labels.NewRequirement's value checks: Gt and Lt
// take an integer, every value must be a label value; several problems
// print as an aggregate.
func validateRequirement(r requirement) error {
	var msgs []string
	if r.op == ">" || r.op == "<" {
		for i, v := range r.values {
			if _, err := strconv.ParseInt(v, 10, 64); err != nil {
				msgs = append(msgs, invalidValue(fmt.Sprintf("values[%d]", i), v, "for 'Gt', 'Lt' operators, the value must be an integer"))
			}
		}
	}
	for i, v := range r.values {
		if ms := core.IsValidLabelValue(v); len(ms) > 0 {
			msgs = append(msgs, invalidValue(fmt.Sprintf("values[%d][%s]", i, r.key), v, strings.Join(ms, "; ")))
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return errors.New(core.AggregateMessages(msgs))
}

// invalidValue is field.Invalid's text for a string value.
func invalidValue(path, value, detail string) string {
	return path + ": Invalid value: " + strconv.Quote(value) + ": " + detail
}

// listError is an API error of a list call as kubectl reports it
// (resource.EnhanceListError, v1.37): with a selector the message names
// the resource and both selectors as kubectl sent them.
func listError(resource, labels, fields string, err error) error {
	a, ok := err.(*apiError)
	if !ok {
		a = &apiError{reason: "BadRequest", msg: err.Error()}
	}
	return fail(messageFor(&apiError{reason: a.reason, msg: fmt.Sprintf("Unable to find %q that match label selector %q, field selector %q: %s",
		"/v1, Resource="+resource, labels, fields, a.msg)}))
}
