package runtimeclass

import (
	"sort"

	"github.com/taints-playground/playground/core"
)

// sameResources is apiequality.Semantic.DeepEqual on two resource lists:
// the same names with quantities that compare equal (nil and empty are
// equal).
func sameResources(a, b core.ResourceList) bool {
	if len(a) != len(b) {
		return false
	}
	for name, q := range a {
		o, ok := b[name]
		if !ok || q.Cmp(o) != 0 {
			return false
		}
	}
	return true
}

// copyResources copies a list (quantities are immutable values).
func copyResources(l core.ResourceList) core.ResourceList {
	if l == nil {
		return nil
	}
	out := make(core.ResourceList, len(l))
	for k, v := range l {
		out[k] = v
	}
	return out
}

func copyStrings(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// sortedKeys orders the class's selector so the first conflict reported
// does not depend on map order (upstream's does).
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
