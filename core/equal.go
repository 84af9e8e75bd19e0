package core

import (
	"sort"
	"strings"
)

// SameTolerations reports whether two toleration lists are equal entry by
// entry (tolerationSeconds by value; nil and empty lists are equal).
func SameTolerations(a, b []Toleration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Key != y.Key || x.Operator != y.Operator || x.Value != y.Value || x.Effect != y.Effect {
			return false
		}
		if (x.TolerationSeconds == nil) != (y.TolerationSeconds == nil) ||
			(x.TolerationSeconds != nil && *x.TolerationSeconds != *y.TolerationSeconds) {
			return false
		}
	}
	return true
}

// SameTaints reports whether two taint lists are equal entry by entry
// (timeAdded by value).
func SameTaints(a, b []Taint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Value != b[i].Value || a[i].Effect != b[i].Effect || !SameTime(a[i].TimeAdded, b[i].TimeAdded) {
			return false
		}
	}
	return true
}

// SameTime compares two times by pointer or value (== on the value is
// stricter than reflect.DeepEqual: it also compares the location pointer).
func SameTime(a, b *Time) bool {
	return a == b || (a != nil && b != nil && *a == *b)
}

// LabelsString prints labels sorted by key: "a=1, b=2", or "none".
func LabelsString(m map[string]string) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		keys[i] = k + "=" + m[k]
	}
	return strings.Join(keys, ", ")
}
