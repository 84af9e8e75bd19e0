package kubectl

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/theory/jsonpath"
)

// jpNode is one piece of a kubectl JSONPath template: literal text, a
// query whose results print space-separated, or a range whose body runs
// once per result of its query with that result as the root.
type jpNode struct {
	text  *string
	query jpQuery
	rng   bool
	body  []jpNode
	ident string // an identifier other than range and end (an error when run)
}

// jpTemplate is a parsed `-o jsonpath=` template (kubectl's
// client-go/util/jsonpath syntax). kubectl's lexer is reproduced (text
// and {actions}, range/end, quoted strings with escapes, fields with
// backslash escapes, [index], [a:b:c], [a,b], ['key'], .., [?(filter)]);
// each action's path is translated into an RFC 9535 query that
// github.com/theory/jsonpath evaluates.
type jpTemplate struct {
	raw   string
	nodes []jpNode
}

// jpParser reads a template; pos indexes raw.
type jpParser struct {
	in  string
	pos int
}

// parseJSONPath parses a kubectl JSONPath template; errors carry the
// texts of client-go's jsonpath parser (v0.37).
func parseJSONPath(tmpl string) (*jpTemplate, error) {
	p := &jpParser{in: tmpl}
	flat, err := p.parseText()
	if err != nil {
		return nil, err
	}
	nodes, _, err := nestRanges(flat, 0, false)
	if err != nil {
		return nil, err
	}
	return &jpTemplate{raw: tmpl, nodes: nodes}, nil
}

// jpFlat is a parsed action before ranges nest: end marks {end}.
type jpFlat struct {
	node jpNode
	end  bool
}

// nestRanges turns the flat action list into nodes with range bodies; a
// range without {end} runs to the end of the template.
func nestRanges(flat []jpFlat, i int, inRange bool) ([]jpNode, int, error) {
	var out []jpNode
	for i < len(flat) {
		f := flat[i]
		i++
		switch {
		case f.end && inRange:
			return out, i, nil
		case f.end:
			out = append(out, jpNode{ident: "end"})
		case f.node.rng:
			body, next, err := nestRanges(flat, i, true)
			if err != nil {
				return nil, 0, err
			}
			f.node.body, i = body, next
			out = append(out, f.node)
		default:
			out = append(out, f.node)
		}
	}
	return out, i, nil
}

func (p *jpParser) parseText() ([]jpFlat, error) {
	var out []jpFlat
	for p.pos < len(p.in) {
		i := strings.IndexByte(p.in[p.pos:], '{')
		if i < 0 {
			out = append(out, textNode(p.in[p.pos:]))
			break
		}
		if i > 0 {
			out = append(out, textNode(p.in[p.pos:p.pos+i]))
		}
		p.pos += i + 1
		f, err := p.parseAction()
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

func textNode(s string) jpFlat { return jpFlat{node: jpNode{text: &s}} }

// jpAction collects one action: its RFC 9535 segments, or a literal, an
// identifier or a number.
type jpAction struct {
	segs      []jpSeg
	literal   *string
	ident     string
	number    bool // ident is a number
	recursive bool // the last segment was ".."
}

// parseAction reads one action after its "{", through its "}".
func (p *jpParser) parseAction() (jpFlat, error) {
	a, err := p.actionTokens()
	if err != nil {
		return jpFlat{}, err
	}
	return a.flat()
}

func (p *jpParser) actionTokens() (*jpAction, error) {
	a := &jpAction{}
	for {
		if strings.HasPrefix(p.in[p.pos:], "}") {
			p.pos++
			return a, nil
		}
		if err := p.step(a); err != nil {
			return nil, err
		}
	}
}

// step reads the next token of an action (client-go parseInsideAction).
func (p *jpParser) step(a *jpAction) error {
	rest := p.in[p.pos:]
	switch {
	case strings.HasPrefix(rest, "[?("):
		return p.parseFilter(a)
	case strings.HasPrefix(rest, ".."):
		if a.recursive {
			return fmt.Errorf("invalid multiple recursive descent")
		}
		p.pos += 2
		a.segs = append(a.segs, jpSeg{rfc: ".."})
		a.recursive = true
		if r, _ := utf8.DecodeRuneInString(p.in[p.pos:]); isJPAlphaNumeric(r) {
			return p.parseField(a)
		}
		return nil
	}
	r, w := utf8.DecodeRuneInString(rest)
	if rest == "" || r == '\r' || r == '\n' {
		return fmt.Errorf("unclosed action")
	}
	switch {
	case r == ' ' || r == '@' || r == '$':
		p.pos += w
		return nil
	case r == '[':
		return p.parseArray(a)
	case r == '"' || r == '\'':
		return p.parseQuote(a, r)
	case r == '.':
		p.pos += w
		return p.parseField(a)
	case r == '+' || r == '-' || unicode.IsDigit(r):
		return p.parseNumber(a)
	case isJPAlphaNumeric(r):
		word := p.word()
		a.ident = word
		return nil
	}
	return fmt.Errorf("unrecognized character in action: %#U", r)
}

// word reads up to the next terminator; a backslash keeps the next
// character (client-go advance).
func (p *jpParser) word() string {
	start := p.pos
	for p.pos < len(p.in) {
		r, w := utf8.DecodeRuneInString(p.in[p.pos:])
		if r == '\\' {
			p.pos += w
			if p.pos < len(p.in) {
				_, w = utf8.DecodeRuneInString(p.in[p.pos:])
			} else {
				w = 0
			}
		} else if isJPTerminator(r) {
			break
		}
		p.pos += w
	}
	return p.in[start:p.pos]
}

func (p *jpParser) parseField(a *jpAction) error {
	name := p.word()
	seg := "[" + rfcString(strings.ReplaceAll(name, "\\", "")) + "]"
	if name == "*" {
		seg = "[*]"
	}
	a.add(seg)
	return nil
}

// jpSeg is one RFC 9535 segment, or a union's members (each a relative
// path of segments).
type jpSeg struct {
	rfc   string
	union []string
	index *jpIndex // client-go's indexing, its own stage
}

func (a *jpAction) add(seg string) {
	if a.recursive {
		a.segs[len(a.segs)-1].rfc += seg
		a.recursive = false
		return
	}
	a.segs = append(a.segs, jpSeg{rfc: seg})
}

var (
	jpDictKey = regexp.MustCompile(`^'([^']*)'$`)
	jpSlice   = regexp.MustCompile(`^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$`)
)

// parseArray reads [...]: [*], an index or slice, a union [a,b] or a
// quoted key (which kubectl re-reads as a dotted field path).
func (p *jpParser) parseArray(a *jpAction) error {
	end := strings.IndexAny(p.in[p.pos:], "]\n")
	if end < 0 || p.in[p.pos+end] == '\n' {
		return fmt.Errorf("unterminated array")
	}
	text := p.in[p.pos+1 : p.pos+end]
	p.pos += end + 1
	if parts := strings.Split(text, ","); len(parts) > 1 {
		if a.recursive {
			return fmt.Errorf("the playground does not read a union after ..")
		}
		var members []string
		for _, part := range parts {
			m, _, err := arraySelector(strings.Trim(part, " "))
			if err != nil {
				return err
			}
			members = append(members, m)
		}
		a.segs = append(a.segs, jpSeg{union: members})
		return nil
	}
	sel, index, err := arraySelector(text)
	if err != nil {
		return err
	}
	if index != nil && !a.recursive {
		a.segs = append(a.segs, jpSeg{rfc: sel, index: index})
		return nil
	}
	a.add(sel)
	return nil
}

// arraySelector translates the text between [ and ] into RFC 9535
// segments; an index or slice also comes as a jpIndex.
func arraySelector(text string) (string, *jpIndex, error) {
	if text == "*" {
		return "[*]", nil, nil
	}
	if m := jpDictKey.FindStringSubmatch(text); m != nil {
		// kubectl parses 'a.b' as the fields a and b.
		q := &jpParser{in: "." + m[1] + "}"}
		var sub jpAction
		for !strings.HasPrefix(q.in[q.pos:], "}") {
			if err := q.step(&sub); err != nil {
				return "", nil, err
			}
		}
		path, err := sub.rfc()
		return path, nil, err

	}
	m := jpSlice.FindStringSubmatch(text)
	if m == nil {
		return "", nil, fmt.Errorf("invalid array index %s", text)
	}
	x, err := parseIndex(m[1:])
	if err != nil {
		return "", nil, err
	}
	return x.rfc(), x, nil
}

var jpFilter = regexp.MustCompile(`^([^!<>=]+)([!<>=]+)(.+?)$`)

// parseFilter reads [?(left op right)] or [?(path)] (exists).
func (p *jpParser) parseFilter(a *jpAction) error {
	p.pos += 3
	start := p.pos
	begin, end := false, false
	var pair byte
	for {
		if p.pos >= len(p.in) || p.in[p.pos] == '\n' {
			return fmt.Errorf("unterminated filter")
		}
		c := p.in[p.pos]
		p.pos++
		switch c {
		case '"', '\'':
			if !begin {
				begin, pair = true, c
				continue
			}
			if p.in[p.pos-2] != '\\' && c == pair {
				end = true
			}
		case ')':
			if begin == end {
				goto closed
			}
		}
	}
closed:
	if p.pos >= len(p.in) || p.in[p.pos] != ']' {
		if p.pos < len(p.in) {
			p.pos++
		}
		return fmt.Errorf("unclosed array expect ]")
	}
	text := p.in[start : p.pos-1]
	p.pos++
	expr, err := filterExpr(text)
	if err != nil {
		return err
	}
	a.add("[?" + expr + "]")
	return nil
}

// filterExpr translates a filter's text into an RFC 9535 logical
// expression.
func filterExpr(text string) (string, error) {
	m := jpFilter.FindStringSubmatch(text)
	if m == nil {
		left, err := filterOperand(text)
		return left, err
	}
	left, err := filterOperand(m[1])
	if err != nil {
		return "", err
	}
	right, err := filterOperand(m[3])
	if err != nil {
		return "", err
	}
	switch m[2] {
	case "<", ">", "==", "!=", "<=", ">=":
		// client-go skips an element where either side finds nothing;
		// RFC 9535 compares Nothing (so != would hold): test existence.
		expr := left + m[2] + right
		for _, side := range []string{right, left} {
			if strings.HasPrefix(side, "@") {
				expr = side + " && " + expr
			}
		}
		return expr, nil
	}
	return "", fmt.Errorf("unrecognized filter operator %s", m[2])
}

// filterOperand translates one side of a filter: a path relative to the
// element, a quoted string, a number or a boolean.
func filterOperand(text string) (string, error) {
	q := &jpParser{in: text + "}"}
	a, err := q.actionTokens()
	if err != nil {
		return "", err
	}
	switch {
	case len(a.segs) > 0 && a.literal == nil && a.ident == "":
		path, err := a.rfc()
		return "@" + path, err
	case a.literal != nil && len(a.segs) == 0 && a.ident == "":
		return rfcString(*a.literal), nil
	case a.ident == "true" || a.ident == "false" || a.number:
		return a.ident, nil
	case a.ident != "":
		return "", fmt.Errorf("unrecognized identifier %v", a.ident)
	}
	return "", fmt.Errorf("the playground does not read the filter operand %s", text)
}

func (p *jpParser) parseQuote(a *jpAction, quote rune) error {
	start := p.pos
	p.pos++
	for {
		if p.pos >= len(p.in) || p.in[p.pos] == '\n' {
			return fmt.Errorf("unterminated quoted string")
		}
		c := p.in[p.pos]
		p.pos++
		if rune(c) == quote && p.in[p.pos-2] != '\\' {
			break
		}
	}
	raw := p.in[start:p.pos]
	s, err := unquoteExtend(raw)
	if err != nil {
		return fmt.Errorf("unquote string %s error %v", raw, err)
	}
	a.literal = &s
	return nil
}

// unquoteExtend is client-go's UnquoteExtend: Go escapes inside single or
// double quotes, of any length.
func unquoteExtend(s string) (string, error) {
	quote := s[0]
	s = s[1 : len(s)-1]
	var b strings.Builder
	for len(s) > 0 {
		c, multibyte, rest, err := strconv.UnquoteChar(s, quote)
		if err != nil {
			return "", err
		}
		s = rest
		if c < utf8.RuneSelf || !multibyte {
			b.WriteByte(byte(c))
		} else {
			b.WriteRune(c)
		}
	}
	return b.String(), nil
}

func (p *jpParser) parseNumber(a *jpAction) error {
	start := p.pos
	if c := p.in[p.pos]; c == '+' || c == '-' {
		p.pos++
	}
	for p.pos < len(p.in) && (p.in[p.pos] == '.' || (p.in[p.pos] >= '0' && p.in[p.pos] <= '9')) {
		p.pos++
	}
	v := p.in[start:p.pos]
	if _, err := strconv.Atoi(v); err == nil {
		a.ident, a.number = strings.TrimPrefix(v, "+"), true
		return nil
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		a.ident, a.number = strconv.FormatFloat(f, 'g', -1, 64), true
		return nil
	}
	return fmt.Errorf("cannot parse number %s", v)
}

// flat finishes an action.
func (a *jpAction) flat() (jpFlat, error) {
	switch {
	case a.ident == "end" && len(a.segs) == 0:
		return jpFlat{end: true}, nil
	case a.literal != nil && len(a.segs) == 0 && a.ident == "":
		return jpFlat{node: jpNode{text: a.literal}}, nil
	case a.ident != "" && a.ident != "range" && len(a.segs) == 0:
		if a.number || a.ident == "true" || a.ident == "false" {
			return jpFlat{node: jpNode{text: &a.ident}}, nil
		}
		return jpFlat{node: jpNode{ident: a.ident}}, nil
	}
	if a.literal != nil || (a.ident != "" && a.ident != "range") {
		return jpFlat{}, fmt.Errorf("the playground reads an action as one path, one quoted string, range PATH or end")
	}
	q, err := a.query()
	if err != nil {
		return jpFlat{}, err
	}
	return jpFlat{node: jpNode{query: q, rng: a.ident == "range"}}, nil
}

// rfc is the action's path as one RFC 9535 relative path (no unions).
func (a *jpAction) rfc() (string, error) {
	var b strings.Builder
	for _, s := range a.segs {
		if s.union != nil {
			return "", fmt.Errorf("the playground does not read a union here")
		}
		b.WriteString(s.rfc)
	}
	return b.String(), nil
}

// query compiles the segments into stages: runs of plain segments are one
// RFC 9535 query; a union is a stage of its own.
func (a *jpAction) query() (jpQuery, error) {
	q := jpQuery{}
	var run strings.Builder
	flush := func() error {
		if run.Len() == 0 && len(q) > 0 {
			return nil
		}
		p, err := jsonpath.Parse("$" + run.String())
		if err != nil {
			return err
		}
		run.Reset()
		q = append(q, jpStage{paths: []*jsonpath.Path{p}})
		return nil
	}
	for _, s := range a.segs {
		if s.union == nil && s.index == nil {
			run.WriteString(s.rfc)
			continue
		}
		if err := flush(); err != nil {
			return nil, err
		}
		if s.index != nil {
			q = append(q, jpStage{index: s.index})
			continue
		}
		var st jpStage
		for _, m := range s.union {
			p, err := jsonpath.Parse("$" + m)
			if err != nil {
				return nil, err
			}
			st.paths = append(st.paths, p)
		}
		q = append(q, st)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return q, nil
}

func isJPTerminator(r rune) bool {
	switch r {
	case ' ', '\t', '\r', '\n', '.', ',', '[', ']', '$', '@', '{', '}':
		return true
	}
	return false
}

func isJPAlphaNumeric(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// rfcString quotes s as an RFC 9535 string literal.
func rfcString(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch {
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}
