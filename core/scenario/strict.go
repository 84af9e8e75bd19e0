package scenario

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/taints-playground/playground/core"
)

// Strict decoding as the API server does it with field validation Strict
// (kubectl's default --validate=strict since 1.27): a field that is not
// part of the real Kubernetes type is an error,
//
//	Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.tolerations[0].tolerationSecond"
//
// while every real field is accepted even when the playground does not
// model it (status, managedFields, env, volumes, securityContext …), so
// `kubectl get -o yaml` output imports as is. The field names come from
// fieldschema.go, generated from k8s.io/api by a test.

// StrictDecodingError is the API server's strict decoding error text for
// a whole object of kind (a patched pod, say), "" when every field is
// known.
func StrictDecodingError(kind string, data []byte) string {
	msg, _ := unknownFields(kind, data, nil)
	return msg
}

// unknownFields returns the strict decoding error text for kind's JSON
// document ("" when every field is known, or when the kind has no schema)
// and the fields upstream acts on that the playground does not model
// (notModelled). tree is data decoded into a generic value, or nil to
// decode it here.
func unknownFields(kind string, data []byte, tree any) (string, []core.Gap) {
	root, ok := fieldSchemaRoots[kind]
	if !ok {
		return "", nil
	}
	v := tree
	if v == nil {
		if err := json.Unmarshal(data, &v); err != nil {
			return "", nil
		}
	}
	var w fieldWalk
	w.walk(v, root, "")
	if len(w.unknown) == 0 {
		sort.Slice(w.gaps, func(i, j int) bool { return w.gaps[i].Path < w.gaps[j].Path })
		return "", w.gaps
	}
	sort.Strings(w.unknown)
	parts := make([]string, len(w.unknown))
	for i, u := range w.unknown {
		parts[i] = "unknown field " + strconv.Quote(u)
	}
	return "strict decoding error: " + strings.Join(parts, ", "), nil
}

// fieldWalk collects what walk finds: unknown fields and gaps.
type fieldWalk struct {
	unknown []string
	gaps    []core.Gap
}

// walk checks v against the schema type typ; path is the field path so
// far, written like the API server's (spec.containers[0].name).
func (w *fieldWalk) walk(v any, typ, path string) {
	switch {
	case typ == "":
		return
	case strings.HasPrefix(typ, "[]"):
		if list, ok := v.([]any); ok {
			for i, e := range list {
				w.walk(e, typ[2:], path+"["+strconv.Itoa(i)+"]")
			}
		}
		return
	case strings.HasPrefix(typ, "map:"):
		if m, ok := v.(map[string]any); ok {
			for k, e := range m {
				w.walk(e, typ[4:], path+"["+k+"]")
			}
		}
		return
	}
	m, ok := v.(map[string]any)
	if !ok {
		return
	}
	fields := fieldSchemaTypes()[typ]
	gaps := notModelled[typ]
	for k, e := range m {
		p := k
		if path != "" {
			p = path + "." + k
		}
		ft, known := fields[k]
		if !known {
			w.unknown = append(w.unknown, p)
			continue
		}
		if why, ok := gaps[k]; ok && isSet(e) {
			w.gaps = append(w.gaps, core.Gap{Path: p, Why: why})
		}
		w.walk(e, ft, p)
	}
}

// fieldSchemaTypes maps each API struct of fieldSchemaText to its JSON
// fields and their types, read from the text on first use.
var fieldSchemaTypes = sync.OnceValue(func() map[string]map[string]string {
	types := map[string]map[string]string{}
	for line := range strings.Lines(fieldSchemaText) {
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		fields := make(map[string]string, len(words)-1)
		for _, w := range words[1:] {
			name, typ, _ := strings.Cut(w, ":")
			fields[name] = typ
		}
		types[words[0]] = fields
	}
	return types
})

// versionOf is the version part of an apiVersion ("v1" when empty).
func versionOf(apiVersion string) string {
	if apiVersion == "" {
		return "v1"
	}
	return apiVersion[strings.LastIndex(apiVersion, "/")+1:]
}
