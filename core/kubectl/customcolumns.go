package kubectl

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// customColumn is one HEADER:PATH of -o custom-columns.
type customColumn struct {
	header string
	path   *jpTemplate
}

var relaxedPath = regexp.MustCompile(`^\{\.?([^{}]+)\}$|^\.?([^{}]+)$`)

// parseCustomColumns reads a custom-columns spec (get
// NewCustomColumnsPrinterFromSpec and RelaxedJSONPathExpression, v1.37):
// comma-separated HEADER:PATH, where PATH may omit the braces and the
// leading dot.
func parseCustomColumns(spec string) ([]customColumn, error) {
	var cols []customColumn
	for _, part := range strings.Split(spec, ",") {
		header, path, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("unexpected custom-columns spec: %s, expected <header>:<json-path-expr>", part)
		}
		expr := path
		if path != "" {
			m := relaxedPath.FindStringSubmatch(path)
			if m == nil {
				return nil, errors.New("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'")
			}
			expr = "{." + m[1] + m[2] + "}"
		}
		t, err := parseJSONPath(expr)
		if err != nil {
			return nil, err
		}
		cols = append(cols, customColumn{header: header, path: t})
	}
	return cols, nil
}

// printCustomColumns prints one row per object (CustomColumnsPrinter):
// each cell is its path's values printed with %v and joined by commas, or
// <none> when the path finds nothing; the table is kubectl's tabwriter.
func printCustomColumns(cols []customColumn, objs []map[string]any, noHeaders bool) (string, error) {
	var buf bytes.Buffer
	tw := newTable(&buf)
	if !noHeaders {
		headers := make([]string, len(cols))
		for i, c := range cols {
			headers[i] = c.header
		}
		fmt.Fprintln(tw, strings.Join(headers, "\t"))
	}
	for _, obj := range objs {
		cells := make([]string, len(cols))
		for i, c := range cols {
			cell, err := columnCell(c.path, obj)
			if err != nil {
				// kubectl flushes what it printed, then fails.
				tw.Flush()
				return buf.String(), plainError(err.Error())
			}
			cells[i] = cell
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
	return buf.String(), nil
}

// columnCell is one cell: the path's values (of its first action) with
// %v, terminal escapes replaced (printers.EscapeTerminal).
func columnCell(t *jpTemplate, obj map[string]any) (string, error) {
	var values []string
	for _, n := range t.nodes {
		if n.query == nil {
			continue
		}
		found, err := n.query.Select(obj)
		if err != nil {
			return "", err
		}
		for _, v := range found {
			values = append(values, escapeTerminal(fmt.Sprint(v)))
		}
		break
	}
	if len(values) == 0 {
		return "<none>", nil
	}
	return strings.Join(values, ","), nil
}

// terminalEscaper is printers.EscapeTerminal's replacer (ESC and CR).
var terminalEscaper = strings.NewReplacer("\x1b", "^[", "\r", "\\r")

func escapeTerminal(s string) string { return terminalEscaper.Replace(s) }
