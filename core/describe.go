package core

import (
	"sort"
	"strconv"
	"strings"
)

// DescribeTaints renders the "Taints:" block of `kubectl describe node`
// (kubectl pkg/describe printNodeTaintsMultiline): "Taints:\t<none>\n" for
// none, otherwise one ToString per line, the first after "Taints:\t" and the
// rest after a tab, sorted by effect+","+key (so NoExecute, then NoSchedule,
// then PreferNoSchedule). Unlike kubectl it sorts a copy; the caller's slice
// is left as it was.
func DescribeTaints(taints []Taint) string {
	ts := append([]Taint(nil), taints...)
	// Same algorithm as kubectl (sort.Slice), so equal keys land identically.
	sort.Slice(ts, func(i, j int) bool {
		return string(ts[i].Effect)+","+ts[i].Key < string(ts[j].Effect)+","+ts[j].Key
	})
	lines := make([]string, len(ts))
	for i := range ts {
		lines[i] = ts[i].ToString()
	}
	return multiline("Taints", lines)
}

// multiline is kubectl describe's list block: "Title:\t<none>" for no
// lines, else the first line after "Title:\t" and the rest after a tab.
func multiline(title string, lines []string) string {
	if len(lines) == 0 {
		return title + ":\t<none>\n"
	}
	return title + ":\t" + strings.Join(lines, "\n\t") + "\n"
}

// DescribeTolerations renders the "Tolerations:" block of `kubectl describe
// pod` (kubectl pkg/describe printPodTolerationsMultiline): sorted by key
// only; each entry is key, "=value" when a value is set, ":effect" when an
// effect is set, " op=Exists" when the operator is Exists with no value
// (bare "op=Exists" when key and effect are empty too), and " for Ns" when
// tolerationSeconds is set. Equal/Lt/Gt are never shown. The caller's slice
// is not reordered.
func DescribeTolerations(tolerations []Toleration) string {
	ts := append([]Toleration(nil), tolerations...)
	sort.Slice(ts, func(i, j int) bool { return ts[i].Key < ts[j].Key })
	lines := make([]string, len(ts))
	for i, t := range ts {
		var b strings.Builder
		b.WriteString(t.Key)
		if t.Value != "" {
			b.WriteString("=" + t.Value)
		}
		if t.Effect != "" {
			b.WriteString(":" + string(t.Effect))
		}
		if t.Operator == TolerationOpExists && t.Value == "" {
			if t.Key != "" || t.Effect != "" {
				b.WriteString(" op=Exists")
			} else {
				b.WriteString("op=Exists")
			}
		}
		if t.TolerationSeconds != nil {
			b.WriteString(" for " + strconv.FormatInt(*t.TolerationSeconds, 10) + "s")
		}
		lines[i] = b.String()
	}
	return multiline("Tolerations", lines)
}
