package core

import "strings"

// Texts of the apimachinery content validators (k8s.io/apimachinery
// pkg/api/validate/content). They are part of the observable API: they
// appear verbatim in API-server and kubectl errors.
const (
	labelNameFmt       = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelNameErrMsg    = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelValueFmt      = "(" + labelNameFmt + ")?"
	labelValueErrMsg   = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	dnsSubdomainFmt    = "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"
	dnsSubdomainErrMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"

	// LabelNameMaxLength is the longest name part of a label key, in bytes.
	LabelNameMaxLength = 63
	// LabelValueMaxLength is the longest label value, in bytes.
	LabelValueMaxLength = 63
	// DNS1123SubdomainMaxLength is the longest label-key prefix, in bytes.
	DNS1123SubdomainMaxLength = 253

	// DecimalIntegerErrMsg is the IsDecimalInteger message for a string that
	// is not a canonical decimal integer.
	DecimalIntegerErrMsg = "must be a valid decimal integer in canonical form"
	// EmptyErrMsg is apimachinery's message for an empty string that must not be.
	EmptyErrMsg = "must be non-empty"
)

// regexMessage renders a regex failure the way apimachinery's
// content.RegexError does: the message, the examples each followed by
// "', " and joined with " or ", then the regex.
func regexMessage(msg, re string, examples ...string) string {
	var b strings.Builder
	b.WriteString(msg)
	if len(examples) == 0 {
		b.WriteString(" (regex used for validation is '" + re + "')")
		return b.String()
	}
	b.WriteString(" (e.g. ")
	for i, e := range examples {
		if i > 0 {
			b.WriteString(" or ")
		}
		b.WriteString("'" + e + "', ")
	}
	b.WriteString("regex used for validation is '" + re + "')")
	return b.String()
}

func maxLenMessage(n int) string {
	return "must be no more than " + itoa(int64(n)) + " bytes"
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	var buf [24]byte
	i := len(buf)
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	for u > 0 {
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

func isAlnum(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// matchesLabelName reports whether s matches ^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$.
func matchesLabelName(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		c := s[i]
		if !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// matchesDNS1123Subdomain reports whether s matches the lowercase RFC 1123
// subdomain regex: dot-separated labels of [a-z0-9-], each starting and
// ending with [a-z0-9].
func matchesDNS1123Subdomain(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			lowerAlnum := (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
			if !lowerAlnum && (c != '-' || i == 0 || i == len(part)-1) {
				return false
			}
		}
	}
	return true
}

// IsDNS1123Subdomain returns the problems with s as a lowercase RFC 1123
// subdomain (at most 253 bytes), with the texts of apimachinery
// content.IsDNS1123Subdomain; nil when s is valid.
func IsDNS1123Subdomain(s string) []string {
	var errs []string
	if len(s) > DNS1123SubdomainMaxLength {
		errs = append(errs, maxLenMessage(DNS1123SubdomainMaxLength))
	}
	if !matchesDNS1123Subdomain(s) {
		errs = append(errs, regexMessage(dnsSubdomainErrMsg, dnsSubdomainFmt, "example.com"))
	}
	return errs
}

// IsQualifiedName returns the problems with key as a label key (taint and
// toleration keys use the same format), with the exact messages of
// apimachinery content.IsLabelKey / validation.IsQualifiedName; nil when the
// key is valid. A key is an optional lowercase DNS-subdomain prefix (at most
// 253 bytes) and '/', then a name of 1–63 bytes matching
// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]. More than one '/' gives a single
// combined message. Lengths are in bytes.
func IsQualifiedName(key string) []string {
	var errs []string
	parts := strings.Split(key, "/")
	var name string
	switch len(parts) {
	case 1:
		name = parts[0]
	case 2:
		prefix := parts[0]
		name = parts[1]
		if prefix == "" {
			errs = append(errs, "prefix part "+EmptyErrMsg)
		} else {
			for _, m := range IsDNS1123Subdomain(prefix) {
				errs = append(errs, "prefix part "+m)
			}
		}
	default:
		return []string{"a valid label key " + regexMessage(labelNameErrMsg, labelNameFmt, "MyName", "my.name", "123-abc") +
			" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"}
	}
	if name == "" {
		errs = append(errs, "name part "+EmptyErrMsg)
	} else if len(name) > LabelNameMaxLength {
		errs = append(errs, "name part "+maxLenMessage(LabelNameMaxLength))
	}
	if !matchesLabelName(name) {
		errs = append(errs, "name part "+regexMessage(labelNameErrMsg, labelNameFmt, "MyName", "my.name", "123-abc"))
	}
	return errs
}

// IsValidLabelValue returns the problems with value as a label value (taint
// values and Equal toleration values use this format), with the exact
// messages of apimachinery content.IsLabelValue / validation.IsValidLabelValue;
// nil when valid. The empty string is valid; otherwise at most 63 bytes,
// alphanumeric at both ends, [-A-Za-z0-9_.] inside.
func IsValidLabelValue(value string) []string {
	var errs []string
	if len(value) > LabelValueMaxLength {
		errs = append(errs, maxLenMessage(LabelValueMaxLength))
	}
	if value != "" && !matchesLabelName(value) {
		errs = append(errs, regexMessage(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return errs
}

// DecimalIntegerErrors returns the messages of apimachinery
// content.IsDecimalInteger for s: ["must be non-empty"] for "",
// ["must be a valid decimal integer in canonical form"] when s is not
// canonical, nil when it is. The int64 range is not checked here.
func DecimalIntegerErrors(s string) []string {
	if s == "" {
		return []string{EmptyErrMsg}
	}
	if !IsDecimalInteger(s) {
		return []string{DecimalIntegerErrMsg}
	}
	return nil
}
