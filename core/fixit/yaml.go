package fixit

import (
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

// YAML writes tolerations as the `tolerations:` field of a pod spec, each
// with key, operator, value and effect in that order (as the Kubernetes
// documentation writes them), and tolerationSeconds when set. Keys and
// values are double-quoted when YAML would otherwise read them as
// something else ("true", "1", "", a leading symbol).
func YAML(tolerations []core.Toleration) string {
	var b strings.Builder
	b.WriteString("tolerations:\n")
	for _, t := range tolerations {
		lead := "- "
		field := func(name, value string) {
			b.WriteString(lead + name + ": " + value + "\n")
			lead = "  "
		}
		if t.Key != "" {
			field("key", scalar(t.Key))
		}
		if t.Operator != "" {
			field("operator", string(t.Operator))
		}
		if t.Value != "" || t.Operator == core.TolerationOpEqual {
			field("value", scalar(t.Value))
		}
		if t.Effect != "" {
			field("effect", string(t.Effect))
		}
		if t.TolerationSeconds != nil {
			field("tolerationSeconds", strconv.FormatInt(*t.TolerationSeconds, 10))
		}
		if lead == "- " {
			b.WriteString("- {}\n")
		}
	}
	return b.String()
}

// plainWords are the scalars YAML 1.1 reads as booleans or null.
var plainWords = map[string]bool{
	"true": true, "false": true, "yes": true, "no": true, "on": true, "off": true,
	"y": true, "n": true, "null": true, "~": true,
}

// scalar is s as a YAML string: plain when YAML reads it back as that
// string, double-quoted otherwise.
func scalar(s string) string {
	if s == "" || plainWords[strings.ToLower(s)] || strings.ContainsAny(s[:1], "0123456789-+.!&*?|>'\"%@`[]{},#: ") ||
		strings.ContainsAny(s, ":#\"'\\ \t\n") {
		return strconv.Quote(s)
	}
	return s
}
