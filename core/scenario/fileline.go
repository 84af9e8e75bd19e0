package scenario

import (
	"regexp"
	"strconv"
)

// docLineRE finds the line numbers a YAML decoder writes into its
// messages ("yaml: line 7: mapping values are not allowed in this
// context", "line 4: key \"metadata\" already set in map"): lines of the
// document's text, which starts at the document's first line.
var docLineRE = regexp.MustCompile(`\bline (\d+):`)

// fileLine is the 1-based line of the file an error about document d with
// message msg points at: the first line the message names, counted in the
// document, converted to the file (the document's text starts at d.line);
// the document's first line when the message names none.
func fileLine(d document, msg string) int {
	if d.line <= 0 {
		return 0
	}
	m := docLineRE.FindStringSubmatchIndex(msg)
	if m == nil {
		return d.line
	}
	n, err := strconv.Atoi(msg[m[2]:m[3]])
	if err != nil || n < 1 {
		return d.line
	}
	return d.line + n - 1
}

// FileError is the error's text with the line numbers its message counts
// in the document rewritten as lines of the file ("document 2: yaml: line
// 12: …" where 12 is the file's line), so that an editor showing the whole
// file can point at them. Without such numbers it is Error().
func (e *Error) FileError() string {
	if e.Line <= 0 || e.Message == "" {
		return e.Error()
	}
	c := *e
	c.Message = docLineRE.ReplaceAllStringFunc(e.Message, func(s string) string {
		n, err := strconv.Atoi(s[len("line ") : len(s)-1])
		if err != nil || n < 1 {
			return s
		}
		return "line " + strconv.Itoa(e.Line+n-1) + ":"
	})
	return c.Error()
}
