package kubectl

import (
	"fmt"
	"strconv"
	"strings"
)

// jpIndex is an [index] or [start:end:step] of a kubectl JSONPath with
// client-go's rules (parseArray and evalArray, v0.37): an index i is the
// slice i:i+1; negative bounds count from the end; out-of-range bounds
// are errors, not empty results.
type jpIndex struct {
	start, end, step             int
	startSet, endSet, endDerived bool
	stepSet                      bool
}

// parseIndex reads the submatches of jpSlice (start, ":end", ":step").
func parseIndex(m []string) (*jpIndex, error) {
	var vals [3]int
	var set [3]bool
	for i, v := range m {
		if i > 0 {
			if v == "" {
				continue
			}
			v = v[1:]
		}
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("array index %s is not a number", v)
		}
		vals[i], set[i] = n, true
	}
	x := &jpIndex{start: vals[0], startSet: set[0], end: vals[1], endSet: set[1], step: vals[2], stepSet: set[2]}
	if m[1] == "" {
		x.end, x.endSet, x.endDerived = x.start+1, true, true
	}
	return x, nil
}

// rfc is the index as an RFC 9535 selector (for places client-go's bounds
// checks do not reach: after .., in unions and filters).
func (x *jpIndex) rfc() string {
	if x.endDerived {
		return "[" + strconv.Itoa(x.start) + "]"
	}
	b := strings.Builder{}
	b.WriteByte('[')
	if x.startSet {
		b.WriteString(strconv.Itoa(x.start))
	}
	b.WriteByte(':')
	if x.endSet {
		b.WriteString(strconv.Itoa(x.end))
	}
	if x.stepSet {
		b.WriteString(":" + strconv.Itoa(x.step))
	}
	b.WriteByte(']')
	return b.String()
}

// selectFrom applies the index to every input (evalArray): nil inputs are
// skipped, anything but a list is an error; an empty range ends the
// evaluation with what was found so far, as client-go does.
func (x *jpIndex) selectFrom(in []any) ([]any, error) {
	var out []any
	for _, v := range in {
		if v == nil {
			continue
		}
		list, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("%T is not array or slice", v)
		}
		n := len(list)
		start, end := x.start, x.end
		if !x.startSet {
			start = 0
		}
		if start < 0 {
			start += n
		}
		if !x.endSet {
			end = n
		}
		if end < 0 || (end == 0 && x.endDerived) {
			end += n
		}
		if end == start {
			return out, nil
		}
		switch {
		case start >= n || start < 0:
			return nil, fmt.Errorf("array index out of bounds: index %d, length %d", start, n)
		case end > n || end < 0:
			return nil, fmt.Errorf("array index out of bounds: index %d, length %d", end-1, n)
		case start > end:
			return nil, fmt.Errorf("starting index %d is greater than ending index %d", start, end)
		}
		step := 1
		if x.stepSet {
			if x.step <= 0 {
				return nil, fmt.Errorf("step must be > 0")
			}
			step = x.step
		}
		for i := start; i < end; i += step {
			out = append(out, list[i])
		}
	}
	return out, nil
}
