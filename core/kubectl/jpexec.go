package kubectl

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/theory/jsonpath"
)

// jpQuery is an action's path as stages run one after the other, each on
// every value the previous one found; a union's members each run on all
// of them in turn (client-go evalUnion: [a,b] lists every a, then every
// b).
type jpQuery []jpStage

// jpStage is one RFC 9535 query, the members of a union, or an index.
type jpStage struct {
	paths []*jsonpath.Path
	index *jpIndex
}

// Select runs the stages on obj.
func (q jpQuery) Select(obj any) ([]any, error) {
	cur := []any{obj}
	for _, st := range q {
		if st.index != nil {
			var err error
			if cur, err = st.index.selectFrom(cur); err != nil {
				return nil, err
			}
			continue
		}
		var next []any
		for _, p := range st.paths {
			for _, v := range cur {
				next = append(next, p.Select(v)...)
			}
		}
		cur = next
	}
	return cur, nil
}

// execute runs the template on obj (an object as JSON decodes it),
// printing as client-go's JSONPath.PrintResults does: strings as they
// are, lists and maps as compact JSON, other values with fmt, the
// results of one action separated by spaces.
func (t *jpTemplate) execute(w *bytes.Buffer, obj any) error {
	return runJP(w, t.nodes, obj)
}

func runJP(w *bytes.Buffer, nodes []jpNode, obj any) error {
	for _, n := range nodes {
		switch {
		case n.text != nil:
			w.WriteString(*n.text)
		case n.ident == "end":
			return fmt.Errorf("not in range, nothing to end")
		case n.ident != "":
			return fmt.Errorf("unrecognized identifier %v", n.ident)
		case n.rng:
			values, err := n.query.Select(obj)
			if err != nil {
				return err
			}
			for _, v := range values {
				if err := runJP(w, n.body, v); err != nil {
					return err
				}
			}
		default:
			values, err := n.query.Select(obj)
			if err != nil {
				return err
			}
			for i, v := range values {
				if i > 0 {
					w.WriteByte(' ')
				}
				if err := printJPValue(w, v); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func printJPValue(w *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case map[string]any, []any:
		data, err := json.Marshal(x)
		if err != nil {
			return err
		}
		w.Write(data)
	case nil:
		w.WriteString("null")
	default:
		fmt.Fprint(w, x)
	}
	return nil
}
