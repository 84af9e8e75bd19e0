// Command benchpage measures the built site for bench/RESULTS.md: the
// transfer size of every file of dist/ (raw, gzip -9, brotli -q 11), the
// wasm against a go-app hello world built the same way, and, in headless
// Chromium, the time to the first interactive board and the time per
// rendered step of a generated 500-node / 2,000-pod scenario. It prints
// Markdown.
//
//	go run ./cmd/benchpage -dist dist -hello /tmp/hello.wasm [-chromium /usr/bin/chromium] [-runs 3]
//
// Timings are taken inside the page (performance.now()): first board is
// from navigation start to the board being interactive (readyJS);
// a step is timed from the click on Step to the task that changed
// board[data-frame] (the DOM shows the next frame) and to after the next
// paint (then one requestAnimationFrame and a task). The CPU a step costs
// the page is CDP's Performance metrics (ScriptDuration, which includes the
// Go wasm, and style + layout) over the step.
//
// It also measures issue 14's budgets (budgets.go; -only budgets for them
// alone, -budgets FILE for their table): the longest renderer main-thread
// task from a Chrome trace while the large scenario loads from its link and
// while it re-runs after one typed character, and a 5,000-node /
// 10,000-pod scenario pasted into the editor (time to its board, longest
// task, a 100 ms timer probe's longest gap). Every wait for the board uses
// readyJS.
//
// It also counts the bytes cmd/serve sends for a cold first visit of the
// default preset (transfer.go; -only transfer for that alone).
// -only visits times, in one browser profile, a cold visit, a second visit
// once the service worker cached the build, and a second visit with the
// server down (visits.go): first paint, the wasm compile, the first board.
//
// -profile DIR also takes Chrome CPU profiles of the first loads and of the
// steps and prints the functions with the most time.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/cmd/serve/server"
	"github.com/taints-playground/playground/web"
)

func main() {
	dist := flag.String("dist", "dist", "the built site (make dist)")
	hello := flag.String("hello", "", "the go-app hello world's wasm (bench/helloapp), for the size ratio")
	chromium := flag.String("chromium", "", "Chromium to drive (default: chromium on PATH); empty and none found: sizes only")
	runs := flag.Int("runs", 3, "page loads per measurement (the median is reported)")
	nodes := flag.Int("nodes", 500, "nodes of the large scenario")
	pods := flag.Int("pods", 2000, "pods of the large scenario")
	steps := flag.Int("steps", 6, "steps to time on the large board")
	flag.StringVar(&profileDir, "profile", "", "write Chrome CPU profiles (DIR/{default,large}-load.cpuprofile, large-steps.cpuprofile) of the first load and print their top functions to stderr; build dist/web/app.wasm without -s -w to see Go names")
	flag.StringVar(&only, "only", "", "time only this: default (the first board), large (the large board and its steps) budgets (issue 14's budgets: the large board and its steps, the traced link load and edit, the paste), transfer (issue 16's bytes of a cold first visit) or visits (issue 16: a cold visit, a second visit and an offline second visit in one profile)")
	flag.IntVar(&pasteNodes, "paste-nodes", 5000, "nodes of the pasted scenario (bench.Paste)")
	flag.IntVar(&pastePods, "paste-pods", 10000, "pods of the pasted scenario")
	flag.DurationVar(&pasteLimit, "paste-timeout", 180*time.Second, "how long to wait for the pasted scenario's board")
	flag.StringVar(&timelineOut, "timeline", "", "append every traced load's tasks of 5 ms or more, on the page's main thread and its workers, to this file")
	flag.StringVar(&budgetsOut, "budgets", "", "write the issue 14 budgets table to this file (default: after the page timings)")
	syms := flag.String("wasm-packages", "", "only print the code size per package of this unstripped wasm")
	flag.StringVar(&helloDist, "hello-dist", "", "with -only hello: time go-app's hello world, the static site of bench/helloapp in this directory (hello.go; bench/NOTES.md, \"The go-app floor\")")
	flag.Parse()

	if only == "hello" {
		runHello(*chromium, *runs)
		return
	}
	if *syms != "" {
		if err := printWasmPackages(os.Stdout, *syms, 20); err != nil {
			fmt.Fprintln(os.Stderr, "benchpage:", err)
			os.Exit(1)
		}
		return
	}

	if err := sizes(os.Stdout, *dist, *hello); err != nil {
		fmt.Fprintln(os.Stderr, "benchpage:", err)
		os.Exit(1)
	}
	path := *chromium
	if path == "" {
		for _, n := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(n); err == nil {
				path = p
				break
			}
		}
	}
	if path == "" {
		fmt.Println("\nChromium not found: page timings skipped.")
		return
	}
	if only == "visits" {
		if err := visitTimings(os.Stdout, *dist, path, *runs); err != nil {
			fmt.Fprintln(os.Stderr, "benchpage:", err)
			os.Exit(1)
		}
		return
	}
	if err := pageTimings(os.Stdout, *dist, path, *runs, *nodes, *pods, *steps); err != nil {
		fmt.Fprintln(os.Stderr, "benchpage:", err)
		os.Exit(1)
	}
}

type size struct{ raw, gz, br int }

func compress(b []byte, brQuality int) size {
	var g bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&g, gzip.BestCompression)
	_, _ = gw.Write(b)
	_ = gw.Close()
	if brQuality < 0 {
		return size{len(b), g.Len(), 0}
	}
	var r bytes.Buffer
	bw := brotli.NewWriterLevel(&r, brQuality)
	_, _ = bw.Write(b)
	_ = bw.Close()
	return size{len(b), g.Len(), r.Len()}
}

func mb(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }

func sizes(w io.Writer, dist, hello string) error {
	var wasm, rest size
	var names []string
	err := filepath.WalkDir(dist, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dist, p)
		if server.IsPrecompressed(rel) {
			return nil // make dist's .br/.gz: counted through their file
		}
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(names)
	fmt.Fprintln(w, "### Transfer size of the built site")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| File | Raw | gzip -9 | brotli -q 11 |")
	fmt.Fprintln(w, "|---|---:|---:|---:|")
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dist, n))
		if err != nil {
			return err
		}
		brQuality := 11
		br, brErr := os.ReadFile(filepath.Join(dist, n+".br"))
		if brErr == nil {
			brQuality = -1 // make dist wrote it (brotli 11, window up to 2^24)
		}
		s := compress(b, brQuality)
		if brErr == nil {
			s.br = len(br)
		}
		if n == "web/app.wasm" {
			wasm = s
		} else {
			rest.raw += s.raw
			rest.gz += s.gz
			rest.br += s.br
			if s.raw < 20000 && !strings.HasSuffix(n, ".html") && !strings.HasSuffix(n, ".js") && !strings.HasSuffix(n, ".css") {
				continue // icons and the like: in the total only
			}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d |\n", n, s.raw, s.gz, s.br)
	}
	fmt.Fprintf(w, "| everything but the wasm (%d files) | %d | %d | %d |\n", len(names)-1, rest.raw, rest.gz, rest.br)
	fmt.Fprintf(w, "| **total** | **%s** | **%s** | **%s** |\n", mb(wasm.raw+rest.raw), mb(wasm.gz+rest.gz), mb(wasm.br+rest.br))
	if hello == "" {
		return nil
	}
	hb, err := os.ReadFile(hello)
	if err != nil {
		return err
	}
	h := compress(hb, 11)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "### Our wasm ÷ a go-app hello world built the same way (target ≤ 1.3× transferred)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| | Raw | gzip -9 | brotli -q 11 |")
	fmt.Fprintln(w, "|---|---:|---:|---:|")
	fmt.Fprintf(w, "| dist/web/app.wasm | %d | %d | %d |\n", wasm.raw, wasm.gz, wasm.br)
	fmt.Fprintf(w, "| bench/helloapp wasm | %d | %d | %d |\n", h.raw, h.gz, h.br)
	fmt.Fprintf(w, "| **ratio** | **%.2f×** | **%.2f×** | **%.2f×** |\n", float64(wasm.raw)/float64(h.raw), float64(wasm.gz)/float64(h.gz), float64(wasm.br)/float64(h.br))
	return nil
}

// probeJS is installed before any page script: it records when the board
// first becomes interactive (readyJS) showing node (any node when empty).
func probeJS(node string) string {
	return readyJS + `
(() => {
  window.__bench = {};
  window.tpPerf = []; // the app then times the Go side of each step (web/perf.go)
  const check = () => {
    if (window.__bench.board) return;
    if (window.__benchReady(` + jsString(node) + `)) {
      window.__bench.board = performance.now();
      window.__bench.cards = document.querySelectorAll(".node-card").length;
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
})();`
}

// stepJS clicks Step n times. For each step it records two times from the
// click: until the board's DOM shows the next frame (a MutationObserver on
// board[data-frame]: the end of the task that rendered it), and until after
// the following paint (one requestAnimationFrame and a task later).
const stepJS = `(async (n, debug) => {
  const frame = () => { const b = document.getElementById("board"); return b ? b.dataset.frame : ""; };
  const out = [];
  for (let i = 0; i < n; i++) {
    const before = frame();
    const btn = document.getElementById("btn-step");
    const board = document.getElementById("board");
    if (!btn || btn.disabled || !board) break;
    let dom = 0;
    const mo = new MutationObserver(() => { if (!dom && frame() !== before) dom = performance.now(); });
    mo.observe(board, {attributes: true, attributeFilter: ["data-frame"]});
    // With debug, count the DOM mutations of the step per region of the page.
    const regions = [".topbar", ".controls", ".clockbar", ".timeline", ".caption", ".board-head", ".node-filter-slot", ".nodes", ".lane-pending", ".lane-evicted", ".why", ".events", ".console", ".editor-pane"];
    const muts = {};
    const all = debug ? new MutationObserver((recs) => {
      for (const r of recs) {
        const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const reg = (el && regions.find((s) => el.closest(s))) || (el ? el.tagName + "." + el.className : "?");
        const k = reg + ":" + r.type + (r.type === "attributes" ? "/" + r.attributeName : "");
        muts[k] = (muts[k] || 0) + 1 + (r.addedNodes ? r.addedNodes.length : 0);
      }
    }) : null;
    if (all) all.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    const t0 = performance.now();
    btn.click();
    const ok = await new Promise((res) => {
      const deadline = t0 + 20000;
      const poll = () => {
        if (frame() !== before) return res(true);
        if (performance.now() > deadline) return res(false);
        requestAnimationFrame(poll);
      };
      poll();
    });
    mo.disconnect();
    if (!ok) break;
    if (all) { all.takeRecords(); all.disconnect(); }
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const paint = performance.now() - t0;
    const perf = (window.tpPerf || []).splice(0);
    const go = perf.length ? perf[perf.length - 1] : {handler: -1, wait: -1, render: -1};
    const forced = typeof window.tpLayoutMs === "number" ? window.tpLayoutMs : -1;
    window.tpLayoutMs = undefined;
    out.push({paint: paint, dom: dom ? dom - t0 : paint, goHandler: go.handler, goWait: go.wait, goRender: go.render, forced: forced, muts: debug ? JSON.stringify(muts) : ""});
    await new Promise((r) => setTimeout(r, 100));
  }
  return out;
})`

type loadResult struct {
	Board float64 `json:"board"`
	Cards int     `json:"cards"`
	// Elements is the page's DOM element count once the board settled.
	Elements int `json:"-"`
}

// stepResult is one timed step: click → DOM updated, click → after the
// paint, and the page's script and layout time over the step (CDP
// Performance metrics, ms), which is the CPU the step cost the page.
type stepResult struct {
	DOM   float64 `json:"dom"`
	Paint float64 `json:"paint"`
	// The Go side, timed by the app (web/perf.go): the click handler, the
	// wait for go-app's next frame, the render with its DOM writes.
	GoHandler float64 `json:"goHandler"`
	GoWait    float64 `json:"goWait"`
	GoRender  float64 `json:"goRender"`
	// Forced is board.js's measure of the style and layout of the
	// rendered frame (static/board.js, with window.tpPerf).
	Forced float64 `json:"forced"`
	// Muts counts the step's DOM mutations per region of the page (only
	// with BENCHPAGE_DEBUG).
	Muts   string  `json:"muts"`
	Script float64 `json:"-"`
	Layout float64 `json:"-"`
}

// only, when set, limits the page timings to one page (-only).
var only string

// profileDir, when set, makes load take CPU profiles of the large page's
// load and steps (-profile).
var profileDir string

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// newBrowser starts a headless Chromium with one tab; cancel closes it.
func newBrowser(chromium string, timeout time.Duration) (context.Context, context.CancelFunc, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1366, 900))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	cancel := func() { cancelTimeout(); cancelCtx(); cancelAlloc() }
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return nil, nil, fmt.Errorf("starting Chromium: %w", err)
	}
	return ctx, cancel, nil
}

// openPage installs the probe waiting for node, navigates to url and
// waits until the board is interactive (the probe's __bench.board).
func openPage(ctx context.Context, url, node string, before func() error) error {
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probeJS(node)}); err != nil {
		return err
	}
	if before != nil {
		if err := before(); err != nil {
			return err
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		return err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`!!(window.__bench && window.__bench.board)`, chromedp.WithPollingTimeout(4*time.Minute))); err != nil {
		return fmt.Errorf("waiting for the board: %w", err)
	}
	return nil
}

// load opens url in a fresh browser, times the first interactive board
// showing node (any node when empty) and then times steps steps.
func load(chromium, url, node string, steps int, prof string) (loadResult, []stepResult, error) {
	ctx, cancel, err := newBrowser(chromium, 5*time.Minute)
	if err != nil {
		return loadResult{}, nil, err
	}
	defer cancel()
	profiling := prof != "" && profileDir != ""
	err = openPage(ctx, url, node, func() error {
		if err := enableMetrics(ctx); err != nil {
			return err
		}
		if profiling {
			return startProfile(ctx)
		}
		return nil
	})
	if err != nil {
		return loadResult{}, nil, err
	}
	if profiling {
		if err := stopProfile(ctx, profileDir, prof+"-load", os.Stderr); err != nil {
			return loadResult{}, nil, err
		}
	}
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](`JSON.stringify(window.__bench)`))
	if err != nil {
		return loadResult{}, nil, err
	}
	var s string
	var lr loadResult
	if err := json.Unmarshal(raw, &s); err != nil {
		return lr, nil, err
	}
	if err := json.Unmarshal([]byte(s), &lr); err != nil {
		return lr, nil, err
	}
	if steps == 0 {
		return lr, nil, nil
	}
	// Let the board settle, then count what it shows.
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.getAnimations().length === 0`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		return lr, nil, err
	}
	lr.Cards, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".node-card").length`))
	if err != nil {
		return lr, nil, err
	}
	if os.Getenv("BENCHPAGE_DEBUG") != "" {
		dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById("editor")||{value:""}).value.slice(0, 80) + " | error: " + ((document.getElementById("editor-error")||{}).innerText||"") + " | pods: " + document.querySelectorAll("[data-pod]").length + " | frame " + (document.getElementById("board")||{dataset:{}}).dataset.frame`))
		fmt.Fprintln(os.Stderr, "debug:", dbg)
		parts, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[".topbar", ".panels", ".editor-pane", ".controls", ".clockbar", ".timeline", ".caption", ".nodes", ".lane-pending", ".lane-evicted", ".why", ".events", ".console", ".footer"].map(s => { const e = document.querySelector(s); return s + " " + (e ? e.getElementsByTagName("*").length : "-"); }).join(", ")`))
		fmt.Fprintln(os.Stderr, "debug: elements:", parts)
	}
	lr.Elements, err = chromedp.Run(ctx, chromedp.Evaluate[int](`document.getElementsByTagName("*").length`))
	if err != nil {
		return lr, nil, err
	}
	if profiling {
		if err := startProfile(ctx); err != nil {
			return lr, nil, err
		}
	}
	var times []stepResult
	for i := 0; i < steps; i++ {
		before, err := metrics(ctx)
		if err != nil {
			return lr, nil, err
		}
		one, err := chromedp.Run(ctx, chromedp.Evaluate[[]stepResult](fmt.Sprintf("%s(1, %t)", stepJS, os.Getenv("BENCHPAGE_DEBUG") != ""), chromedp.EvalAwaitPromise))
		if err != nil {
			return lr, nil, fmt.Errorf("stepping: %w", err)
		}
		after, err := metrics(ctx)
		if err != nil {
			return lr, nil, err
		}
		if len(one) == 0 {
			break // at the last frame
		}
		st := one[0]
		st.Script = 1000 * (after["ScriptDuration"] - before["ScriptDuration"])
		st.Layout = 1000 * (after["LayoutDuration"] + after["RecalcStyleDuration"] - before["LayoutDuration"] - before["RecalcStyleDuration"])
		if os.Getenv("BENCHPAGE_DEBUG") != "" {
			fmt.Fprintf(os.Stderr, "step %d: dom %.1f ms, paint %.1f ms, Go handler %.1f + wait %.1f + render %.1f ms, board.js forced layout %.1f ms, %s\n", i+1, st.DOM, st.Paint, st.GoHandler, st.GoWait, st.GoRender, st.Forced,
				metricDelta(before, after, "ScriptDuration", "TaskDuration", "LayoutDuration", "RecalcStyleDuration"))
			fmt.Fprintf(os.Stderr, "  mutations: %s\n", st.Muts)
		}
		times = append(times, st)
	}
	if profiling {
		if err := stopProfile(ctx, profileDir, prof+"-steps", os.Stderr); err != nil {
			return lr, nil, err
		}
	}
	return lr, times, nil
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func pageTimings(w io.Writer, dist, chromium string, runs, nodes, pods, steps int) error {
	h, err := server.New(dist)
	if err != nil {
		return err
	}
	defer h.Close()
	h.Warm("web/app.wasm", "wasm_exec.js", "app.js", "index.html", "web/app.css")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	counter := &byteCounter{h: h}
	srv := server.NewServer(ln.Addr().String(), counter)
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	base := "http://" + ln.Addr().String() + "/"
	if only == "" || only == "transfer" {
		if err := measureTransfer(w, dist, chromium, base, counter, runs); err != nil {
			return err
		}
		if only == "transfer" {
			return nil
		}
	}

	text := bench.Cluster(nodes, pods)
	frag, err := web.EncodeFragmentErr(text)
	if err != nil {
		return err
	}
	pasteText := bench.Paste(pasteNodes, pastePods)
	bs := budgetSamples{PasteLimit: pasteLimit}
	var small, large, dom, paint, script, layout, goCost, forced []float64
	var cards, elements int
	for i := 0; i < runs; i++ {
		prof := ""
		if i == 0 {
			prof = "default"
		}
		if only == "" || only == "default" {
			lr, _, err := load(chromium, base, "", 0, prof)
			if err != nil {
				return fmt.Errorf("default page: %w", err)
			}
			small = append(small, lr.Board)
		}
		if only == "default" {
			continue
		}
		if i == 0 {
			prof = "large"
		}
		lr, st, err := load(chromium, base+"#"+frag, firstNode, steps, prof)
		if err != nil {
			return fmt.Errorf("large page: %w", err)
		}
		large = append(large, lr.Board)
		cards, elements = lr.Cards, lr.Elements
		for _, s := range st {
			dom = append(dom, s.DOM)
			paint = append(paint, s.Paint)
			script = append(script, s.Script)
			layout = append(layout, s.Layout)
			if s.Forced >= 0 {
				forced = append(forced, s.Forced)
			}
			if s.GoHandler >= 0 {
				goCost = append(goCost, s.GoHandler+s.GoRender)
			}
		}
		if only == "" || only == "budgets" {
			if err := measureBudgets(&bs, chromium, base, frag, pasteText); err != nil {
				return err
			}
		}
	}
	bs.Link, bs.StepPaint = large, paint
	fmt.Fprintln(w)
	fmt.Fprintf(w, "### Page timings in headless Chromium (%s, loopback, cold browser each load, %d loads, medians)\n\n", filepath.Base(chromium), runs)
	fmt.Fprintln(w, "| Measurement | Median | All | Target |")
	fmt.Fprintln(w, "|---|---:|---|---|")
	if len(small) > 0 {
		fmt.Fprintf(w, "| first interactive board, default preset | %.0f ms | %s | < 1,500 ms |\n", median(small), list(small))
	}
	how := fmt.Sprintf("from the URL fragment (%d KB)", len(frag)/1000)
	fmt.Fprintf(w, "| first interactive board, %d nodes / %d pods %s | %.0f ms | %s | — |\n", nodes, pods, how, median(large), list(large))
	what := fmt.Sprintf("%d nodes / %d pods (%d node cards, %d DOM elements)", nodes, pods, cards, elements)
	fmt.Fprintf(w, "| one step, %s: click → board DOM updated | %.1f ms | %s | < 16 ms |\n", what, median(dom), list(dom))
	fmt.Fprintf(w, "| one step, same: click → after the next paint | %.1f ms | %s | < 16 ms |\n", median(paint), list(paint))
	fmt.Fprintf(w, "| one step, same: page script time (Go/wasm + JS, CDP ScriptDuration) | %.1f ms | %s | |\n", median(script), list(script))
	fmt.Fprintf(w, "| one step, same: style + layout time (CDP) | %.1f ms | %s | |\n", median(layout), list(layout))
	if len(forced) > 0 {
		fmt.Fprintf(w, "| one step, same: style + layout of the new frame (forced at the start of board.js's animation frame) | %.1f ms | %s | |\n", median(forced), list(forced))
	}
	if len(goCost) > 0 {
		fmt.Fprintf(w, "| one step, same: Go side in the page (click handler + render and DOM writes, web/perf.go) | %.1f ms | %s | |\n", median(goCost), list(goCost))
	}
	if only != "" && only != "budgets" {
		return nil
	}
	return writeBudgets(w, &bs, nodes, pods, len(pasteText))
}

func list(xs []float64) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, fmt.Sprintf("%.0f", x))
	}
	return strings.Join(parts, ", ")
}
