package framework

import "strings"

// IsQualifiedName reports whether s is a Kubernetes qualified name
// (apimachinery validation.IsQualifiedName): an optional DNS-1123 subdomain
// prefix and '/', then a name of 1–63 characters of [A-Za-z0-9-_.] that
// starts and ends with an alphanumeric. Label keys use this rule.
func IsQualifiedName(s string) bool {
	name := s
	if i := strings.IndexByte(s, '/'); i >= 0 {
		prefix := s[:i]
		name = s[i+1:]
		if prefix == "" || !isDNS1123Subdomain(prefix) || strings.IndexByte(name, '/') >= 0 {
			return false
		}
	}
	return name != "" && len(name) <= 63 && isQualifiedNamePart(name)
}

// IsValidLabelValue reports whether s is a valid label value
// (validation.IsValidLabelValue): empty, or up to 63 characters of
// [A-Za-z0-9-_.] starting and ending with an alphanumeric.
func IsValidLabelValue(s string) bool {
	if s == "" {
		return true
	}
	return len(s) <= 63 && isQualifiedNamePart(s)
}

func isAlnum(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

func isQualifiedNamePart(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

func isDNS1123Subdomain(s string) bool {
	if len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 {
			return false
		}
		lc := func(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') }
		if !lc(label[0]) || !lc(label[len(label)-1]) {
			return false
		}
		for i := 0; i < len(label); i++ {
			if !lc(label[i]) && label[i] != '-' {
				return false
			}
		}
	}
	return true
}
