package scenario

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	yamlv2 "go.yaml.in/yaml/v2"
)

// The fast path. Decoding each document on its own (yaml.YAMLToJSONStrict,
// then encoding/json) starts a new YAML parser per document, and most of
// its cost is the parser's set-up and its token queue growing again each
// time. decodeStream instead reads all documents with one strict decoder
// of the same library (go.yaml.in/yaml/v2, which sigs.k8s.io/yaml uses),
// so each document decodes to the same value; toJSONValue then turns that
// value into what the JSON of sigs.k8s.io/yaml decodes to. Anything
// unusual makes either step report false, and the document is read the
// old way (parser.decode), so every value and every message is the old
// path's.

// useStream turns the fast path on; tests turn it off to compare.
var useStream = true

// streamDoc is one document's value as the stream decoder read it; ok is
// false when the document must be read on its own.
type streamDoc struct {
	v  any
	ok bool
}

// decodeStream decodes docs with one strict YAML decoder: the value of each,
// or nil when the stream cannot stand for the documents read one by one
// (streamable), when it fails anywhere, or when it does not yield exactly
// one document per text.
func decodeStream(docs []document) (out []streamDoc) {
	if !useStream || len(docs) == 0 {
		return nil
	}
	size := 0
	for _, d := range docs {
		size += len("---\n") + len(d.text)
	}
	buf := bytes.NewBuffer(make([]byte, 0, size))
	for i, d := range docs {
		// Every text but the last ends with its line break.
		if !streamable(d.text) || (i < len(docs)-1 && !bytes.HasSuffix(d.text, []byte("\n"))) {
			return nil
		}
		buf.WriteString("---\n")
		buf.Write(d.text)
	}
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	dec := yamlv2.NewDecoder(buf)
	dec.SetStrict(true)
	out = make([]streamDoc, 0, len(docs))
	for {
		var v any
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil || len(out) == len(docs) {
			return nil
		}
		out = append(out, streamDoc{v: v, ok: true})
	}
	if len(out) != len(docs) {
		return nil
	}
	return out
}

// streamable reports whether a document's text, put after a "---" line in
// a stream, is read exactly as on its own: valid UTF-8 without byte order
// marks, NUL or Unicode line breaks (the decoder looks for an encoding at
// the start and may stop at NUL), and no line that starts with "---", "..."
// or "%" (document markers and directives, which end or start documents).
func streamable(text []byte) bool {
	ascii, start := true, true
	for i, c := range text {
		switch {
		case c == 0:
			return false
		case c >= utf8.RuneSelf:
			ascii = false
		case start && (c == '%' || bytes.HasPrefix(text[i:], []byte("---")) || bytes.HasPrefix(text[i:], []byte("..."))):
			return false
		}
		start = c == '\n' || c == '\r'
	}
	if ascii {
		return true
	}
	if !utf8.Valid(text) {
		return false
	}
	for _, r := range []string{"\uFEFF", "\u0085", "\u2028", "\u2029"} {
		if bytes.Contains(text, []byte(r)) {
			return false
		}
	}
	return true
}

// maxExactInt is 2^53: integers below it in magnitude are exact as float64,
// and encoding/json writes such a float64 with the integer's digits.
const maxExactInt = 1 << 53

// toJSONValue converts a value decoded by go.yaml.in/yaml/v2 into the
// value encoding/json decodes the JSON of sigs.k8s.io/yaml's
// YAMLToJSONStrict into: mappings with string keys become map[string]any,
// numbers float64; json.Marshal of it is then YAMLToJSONStrict's JSON.
// ok is false for anything else: keys that are not valid UTF-8 strings,
// strings that are not valid UTF-8, integers from 2^53, NaN and
// infinities, and other types.
func toJSONValue(v any) (any, bool) {
	switch v := v.(type) {
	case nil, bool:
		return v, true
	case string:
		return v, utf8.ValidString(v)
	case int:
		if v <= -maxExactInt || v >= maxExactInt {
			return nil, false
		}
		return float64(v), true
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, false
		}
		return v, true
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			c, ok := toJSONValue(e)
			if !ok {
				return nil, false
			}
			out[i] = c
		}
		return out, true
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			ks, ok := k.(string)
			if !ok || !utf8.ValidString(ks) {
				return nil, false
			}
			c, ok := toJSONValue(e)
			if !ok {
				return nil, false
			}
			out[ks] = c
		}
		return out, true
	}
	return nil, false
}

// typeMetaOf reads apiVersion and kind from a document's JSON tree as
// encoding/json would decode its JSON into typeMeta; ok is false when that
// decoding might differ or fail: a key other than "apiVersion" and "kind"
// that encoding/json could match to them (another letter case, non-ASCII
// letters) or a value that is neither a string nor null.
func typeMetaOf(m map[string]any) (tm typeMeta, ok bool) {
	for k := range m {
		if k == "kind" || k == "apiVersion" {
			continue
		}
		if strings.EqualFold(k, "kind") || strings.EqualFold(k, "apiVersion") || !isASCII(k) {
			return typeMeta{}, false
		}
	}
	if tm.Kind, ok = stringOrNull(m["kind"]); !ok {
		return typeMeta{}, false
	}
	if tm.APIVersion, ok = stringOrNull(m["apiVersion"]); !ok {
		return typeMeta{}, false
	}
	return tm, true
}

// isList reports whether tree is a List, NodeList or PodList whose kind
// typeMetaOf and whose items listItems read.
func isList(tree any) bool {
	m, ok := tree.(map[string]any)
	if !ok {
		return false
	}
	tm, ok := typeMetaOf(m)
	if !ok || (tm.Kind != "List" && tm.Kind != "NodeList" && tm.Kind != "PodList") {
		return false
	}
	_, ok = listItems(m)
	return ok
}

// listItems reads a List's items from its JSON tree as encoding/json would
// decode its JSON into a struct with Items []map[string]any `json:"items"`;
// ok is false when that decoding might differ or fail: another key that
// could match items, items neither a list nor null, an item that is not
// an object.
func listItems(m map[string]any) (items []map[string]any, ok bool) {
	for k := range m {
		if k != "items" && (strings.EqualFold(k, "items") || !isASCII(k)) {
			return nil, false
		}
	}
	switch v := m["items"].(type) {
	case nil:
		return nil, true
	case []any:
		items = make([]map[string]any, len(v))
		for i, e := range v {
			if items[i], ok = e.(map[string]any); !ok {
				return nil, false
			}
		}
		return items, true
	}
	return nil, false
}

func stringOrNull(v any) (string, bool) {
	switch v := v.(type) {
	case nil:
		return "", true
	case string:
		return v, true
	}
	return "", false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
