package web

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

// FormatSeconds renders virtual seconds the way Go durations read: 0s, 30s,
// 5m, 5m30s, 1h2m, 2.5s.
func FormatSeconds(s float64) string {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		return "?"
	}
	neg := s < 0
	if neg {
		s = -s
	}
	var out string
	if s != math.Trunc(s) && s < 60 {
		out = strconv.FormatFloat(s, 'f', -1, 64) + "s"
	} else {
		n := int64(math.Round(s))
		h, m, sec := n/3600, (n%3600)/60, n%60
		switch {
		case h > 0:
			out = fmt.Sprintf("%dh", h)
			if m > 0 || sec > 0 {
				out += fmt.Sprintf("%dm", m)
			}
			if sec > 0 {
				out += fmt.Sprintf("%ds", sec)
			}
		case m > 0:
			out = fmt.Sprintf("%dm", m)
			if sec > 0 {
				out += fmt.Sprintf("%ds", sec)
			}
		default:
			out = fmt.Sprintf("%ds", sec)
		}
	}
	if neg {
		out = "-" + out
	}
	return out
}

// FormatToleration renders a toleration compactly, close to kubectl
// describe: "key=value:Effect", "key:Effect" with Exists, "op=Exists" for
// the empty-key wildcard, and "for 300s" when tolerationSeconds is set.
func FormatToleration(t core.Toleration) string {
	var b strings.Builder
	b.WriteString(t.Key)
	if t.Value != "" {
		b.WriteString("=")
		b.WriteString(t.Value)
	}
	if t.Effect != "" {
		b.WriteString(":")
		b.WriteString(string(t.Effect))
	}
	op := t.Operator
	if op == "" {
		op = core.TolerationOpEqual
	}
	if op != core.TolerationOpEqual || t.Key == "" {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString("op=")
		b.WriteString(string(op))
	}
	if t.TolerationSeconds != nil {
		fmt.Fprintf(&b, " for %ds", *t.TolerationSeconds)
	}
	return b.String()
}

// FormatTaint renders a taint as kubectl prints it: key=value:Effect.
func FormatTaint(t core.Taint) string { return t.ToString() }

// EffectClass is the CSS modifier for a taint effect.
func EffectClass(e core.TaintEffect) string {
	switch e {
	case core.TaintEffectNoSchedule:
		return "eff-noschedule"
	case core.TaintEffectPreferNoSchedule:
		return "eff-prefer"
	case core.TaintEffectNoExecute:
		return "eff-noexecute"
	}
	return "eff-any"
}

// FormatResource renders an amount of a resource in the unit people use:
// cpu from millicores ("500m", "2"), memory in binary units ("512Mi",
// "4Gi"), everything else as a plain number.
func FormatResource(name core.ResourceName, v int64) string {
	switch name {
	case core.ResourceCPU:
		if v%1000 == 0 {
			return strconv.FormatInt(v/1000, 10)
		}
		return strconv.FormatInt(v, 10) + "m"
	case core.ResourceMemory, core.ResourceEphemeralStorage:
		return formatBytes(v)
	}
	return strconv.FormatInt(v, 10)
}

func formatBytes(v int64) string {
	units := []struct {
		suffix string
		size   int64
	}{{"Ti", 1 << 40}, {"Gi", 1 << 30}, {"Mi", 1 << 20}, {"Ki", 1 << 10}}
	for _, u := range units {
		if v >= u.size {
			if v%u.size == 0 {
				return strconv.FormatInt(v/u.size, 10) + u.suffix
			}
			f := float64(v) / float64(u.size)
			if f >= 10 {
				return strconv.FormatFloat(math.Round(f), 'f', -1, 64) + u.suffix
			}
			return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64) + u.suffix
		}
	}
	return strconv.FormatInt(v, 10)
}

// ResourceOrder lists the resources a node shows bars for: cpu, memory and
// pods first, then any other resource with an allocatable amount or a
// request, alphabetically.
func ResourceOrder(alloc, req map[core.ResourceName]int64) []core.ResourceName {
	first := []core.ResourceName{core.ResourceCPU, core.ResourceMemory, core.ResourcePods}
	seen := map[core.ResourceName]bool{}
	var out []core.ResourceName
	for _, r := range first {
		seen[r] = true
		if _, ok := alloc[r]; ok {
			out = append(out, r)
		} else if _, ok := req[r]; ok {
			out = append(out, r)
		}
	}
	var rest []core.ResourceName
	for _, m := range []map[core.ResourceName]int64{alloc, req} {
		for r := range m {
			if !seen[r] {
				seen[r] = true
				rest = append(rest, r)
			}
		}
	}
	sort.Slice(rest, func(i, j int) bool { return rest[i] < rest[j] })
	return append(out, rest...)
}

// Percent is requested/allocatable as a percentage clamped to 0–100, and
// whether the request exceeds what is allocatable.
func Percent(req, alloc int64) (pct float64, over bool) {
	if alloc <= 0 {
		if req > 0 {
			return 100, true
		}
		return 0, false
	}
	p := float64(req) * 100 / float64(alloc)
	if p > 100 {
		return 100, true
	}
	if p < 0 {
		return 0, false
	}
	return p, false
}

// FormatCount writes n with thousands separators: 23324 → "23,324".
func FormatCount(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// plural picks one (for n == 1) or many (a format with one %d).
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf(many, n)
}

// EditorOKText is the editor's status after a run: "Simulated: 1 frame,
// 3 events." in the active language.
func EditorOKText(frames, events int) string {
	return fmt.Sprintf(Msg.EditorOK, plural(frames, Msg.FramesOne, Msg.FramesMany), plural(events, Msg.EventsOne, Msg.EventsMany))
}

// EditorFailedText is the editor's status after a run in which failed
// steps failed: "Simulated: 5 frames, 3 events; 1 step failed: <the first
// failure's error>".
func EditorFailedText(frames, events, failed int, firstErr string) string {
	return fmt.Sprintf(Msg.EditorOKFailed, plural(frames, Msg.FramesOne, Msg.FramesMany), plural(events, Msg.EventsOne, Msg.EventsMany),
		plural(failed, Msg.StepFailedOne, Msg.StepFailedMany), firstErr)
}
