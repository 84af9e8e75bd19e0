package runtimeclass

import "github.com/taints-playground/playground/core"

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
