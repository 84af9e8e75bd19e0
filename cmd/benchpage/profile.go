package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// startProfile starts Chrome's sampling CPU profiler (200 µs interval).
func startProfile(ctx context.Context) error {
	if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return err
	}
	if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		return err
	}
	_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
	return err
}

// stopProfile stops the profiler, writes the profile as
// dir/name.cpuprofile (DevTools' Performance panel opens it) and prints the
// functions with the most self and inclusive time to w.
func stopProfile(ctx context.Context, dir, name string, w io.Writer) error {
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return err
	}
	if res.Profile == nil {
		return fmt.Errorf("no profile")
	}
	b, err := json.Marshal(res.Profile)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, name+".cpuprofile")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return err
	}
	summarize(w, path, res.Profile, 40)
	return nil
}

// summarize prints the top functions by self and by inclusive time. Time is
// attributed from the samples' time deltas.
func summarize(w io.Writer, path string, p *profiler.Profile, top int) {
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name := func(n *profiler.ProfileNode) string {
		if n.CallFrame == nil {
			return "?"
		}
		f := n.CallFrame.FunctionName
		if f == "" {
			f = "(anonymous " + filepath.Base(n.CallFrame.URL) + ")"
		}
		return f
	}
	self := map[string]float64{}
	incl := map[string]float64{}
	var total, idle float64
	for i, id := range p.Samples {
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000 // ms; the next delta closes this sample
		}
		n := byID[id]
		if n == nil {
			continue
		}
		total += dt
		nm := name(n)
		if nm == "(idle)" || nm == "(program)" {
			idle += dt
			continue
		}
		self[nm] += dt
		seen := map[string]bool{}
		for cur, ok := id, true; ok; cur, ok = parent[cur] {
			nn := byID[cur]
			if nn == nil {
				break
			}
			k := name(nn)
			if !seen[k] {
				seen[k] = true
				incl[k] += dt
			}
		}
	}
	print := func(title string, m map[string]float64) {
		type kv struct {
			k string
			v float64
		}
		var s []kv
		for k, v := range m {
			s = append(s, kv{k, v})
		}
		sort.Slice(s, func(i, j int) bool { return s[i].v > s[j].v })
		fmt.Fprintf(w, "  %s:\n", title)
		for i, e := range s {
			if i >= top {
				break
			}
			fmt.Fprintf(w, "    %9.1f ms  %s\n", e.v, e.k)
		}
	}
	fmt.Fprintf(w, "profile %s: %.0f ms sampled, %.0f ms idle/program\n", path, total, idle)
	print("self", self)
	print("inclusive", incl)
}

// metrics reads the page's run-time metrics (ScriptDuration, TaskDuration,
// LayoutDuration, RecalcStyleDuration in seconds; Nodes …).
func metrics(ctx context.Context) (map[string]float64, error) {
	res, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for _, m := range res.Metrics {
		out[m.Name] = m.Value
	}
	return out, nil
}

func enableMetrics(ctx context.Context) error {
	_, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{})
	return err
}

func metricDelta(a, b map[string]float64, names ...string) string {
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%s %.1f ms", strings.TrimSuffix(n, "Duration"), 1000*(b[n]-a[n])))
	}
	return strings.Join(parts, ", ")
}
