package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"
)

// budgetSamples are the issue 14 budgets' measurements of all loads.
type budgetSamples struct {
	Link       []float64 // the link → interactive board (untraced loads), ms
	StepPaint  []float64 // one step, click → after the next paint, ms
	LoadTask   []float64 // the longest main-thread task of a traced link load, ms
	EditTask   []float64 // the same over one edit's re-run, ms
	Edit       []float64 // the keystroke → the re-run board, ms
	LoadLong   []float64 // tasks ≥ 50 ms in the traced link load
	EditLong   []float64 // tasks ≥ 50 ms over the edit
	Paste      []float64 // the paste → its board, ms (+Inf: none within the limit)
	PasteTask  []float64 // the longest main-thread task meanwhile, ms (+Inf: timed out)
	PasteLong  []float64 // tasks ≥ 50 ms meanwhile
	PasteGap   []float64 // the longest gap between 100 ms timer probes, ms (+Inf: timed out)
	PasteLimit time.Duration
}

func (b *budgetSamples) addLink(lb linkBudget) {
	b.LoadTask = append(b.LoadTask, lb.Load.Longest)
	b.LoadLong = append(b.LoadLong, float64(lb.Load.Long))
	b.EditTask = append(b.EditTask, lb.Edit.Longest)
	b.EditLong = append(b.EditLong, float64(lb.Edit.Long))
	b.Edit = append(b.Edit, lb.EditMs)
}

func (b *budgetSamples) addPaste(pb pasteBudget) {
	if pb.TimedOut {
		inf := math.Inf(1)
		b.Paste, b.PasteTask, b.PasteGap, b.PasteLong = append(b.Paste, inf), append(b.PasteTask, inf), append(b.PasteGap, inf), append(b.PasteLong, inf)
		return
	}
	b.Paste = append(b.Paste, pb.Ms)
	b.PasteTask = append(b.PasteTask, pb.Tasks.Longest)
	b.PasteLong = append(b.PasteLong, float64(pb.Tasks.Long))
	b.PasteGap = append(b.PasteGap, pb.Gap)
}

// dur formats ms: "850 ms", "5.88 s", "> 180 s" for a timed-out sample.
func (b *budgetSamples) dur(ms float64) string {
	switch {
	case math.IsInf(ms, 1):
		return fmt.Sprintf("> %.0f s", b.PasteLimit.Seconds())
	case ms >= 1000:
		return fmt.Sprintf("%.2f s", ms/1000)
	default:
		return fmt.Sprintf("%.0f ms", ms)
	}
}

func (b *budgetSamples) durs(xs []float64) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, b.dur(x))
	}
	return strings.Join(parts, ", ")
}

func counts(xs []float64) string {
	var parts []string
	for _, x := range xs {
		if math.IsInf(x, 1) {
			parts = append(parts, "—")
		} else {
			parts = append(parts, fmt.Sprintf("%.0f", x))
		}
	}
	return strings.Join(parts, ", ")
}

// met says whether the median m is under limit ms ("—" without samples).
func met(xs []float64, limit float64) string {
	switch {
	case len(xs) == 0:
		return "—"
	case median(xs) < limit:
		return "yes"
	default:
		return "**no**"
	}
}

// write prints the "Issue 14 budgets" table (medians against the issue's
// numbers and targets) and the samples behind it.
func (b *budgetSamples) write(w io.Writer, nodes, pods, pasteNodes, pastePods, pasteKB int) {
	med := func(xs []float64) string {
		if len(xs) == 0 {
			return "—"
		}
		return b.dur(median(xs))
	}
	row := func(what, now string, xs []float64, target string, limit float64) {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", what, now, med(xs), target, met(xs, limit), b.durs(xs))
	}
	fmt.Fprintln(w, "| Budget | Now (issue 14) | Measured (median) | Target | Met | Samples |")
	fmt.Fprintln(w, "|---|---:|---:|---|---|---|")
	row(fmt.Sprintf("longest main-thread task: %s nodes / %s pods loading from a link until the board is interactive", thousands(nodes), thousands(pods)), "14.8 s", b.LoadTask, "< 50 ms", 50)
	row("longest main-thread task: the same board re-running after one typed character", "14.8 s", b.EditTask, "< 50 ms", 50)
	row("that link → interactive board", "5.9 s", b.Link, "< 3 s", 3000)
	row(fmt.Sprintf("%s nodes × %s pods pasted (%s KB) → board", thousands(pasteNodes), thousands(pastePods), thousands(pasteKB)), "not measured", b.Paste, "< 20 s", 20000)
	row("the same: longest main-thread task meanwhile", "not measured", b.PasteTask, "< 50 ms", 50)
	row("the same: longest gap between runs of a 100 ms timer (responsiveness; 150 ms = a 50 ms delay)", "not measured", b.PasteGap, "< 150 ms", 150)
	row(fmt.Sprintf("one step at %s nodes, click → after the next paint", thousands(nodes)), "73 ms", b.StepPaint, "< 50 ms", 50)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Beside the budgets (samples in load order):")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "* the keystroke → the re-run board (includes the editor's 400 ms debounce): %s\n", b.durs(b.Edit))
	fmt.Fprintf(w, "* main-thread tasks of 50 ms or more: link load %s; edit %s; paste %s\n", counts(b.LoadLong), counts(b.EditLong), counts(b.PasteLong))
}

// thousands formats n with commas: 10,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
