package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"

	"github.com/taints-playground/playground/cmd/serve/server"
)

// visitJS, installed before any page script with probeJS, times the
// compile and instantiation of app.wasm (from the first call of
// WebAssembly.compileStreaming, which static/boot.js makes, or
// instantiateStreaming, until the page's instance is made: boot.js wraps
// these wrappers), reads the
// first contentful paint and times when the engine's first Web Worker
// said it is ready (its Go program started: wasm/worker_js.go) and when
// it sent its last message before the board.
const visitJS = `(() => {
  const W = window.Worker;
  if (W) window.Worker = function (url, opts) {
    const w = new W(url, opts);
    if (!window.__bench.workerStart) {
      window.__bench.workerStart = performance.now();
      w.addEventListener("message", (e) => {
        if (e.data && e.data.tp === "ready" && !window.__bench.workerReady) window.__bench.workerReady = performance.now();
        else if (e.data instanceof Uint8Array && !window.__bench.board) window.__bench.workerLast = performance.now();
      });
    }
    return w;
  };
  const start = () => { if (!window.__bench.wasmStart) window.__bench.wasmStart = performance.now(); };
  const comp = WebAssembly.compileStreaming && WebAssembly.compileStreaming.bind(WebAssembly);
  if (comp) WebAssembly.compileStreaming = (src) => {
    start();
    return comp(src).then((m) => { if (!window.__bench.wasmCompiled) window.__bench.wasmCompiled = performance.now(); return m; });
  };
  const made = (r) => {
    if (!window.__bench.wasmEnd) window.__bench.wasmEnd = performance.now();
    if (!window.__bench.wasmCompiled) window.__bench.wasmCompiled = window.__bench.wasmEnd;
    return r;
  };
  const inst = WebAssembly.instantiateStreaming && WebAssembly.instantiateStreaming.bind(WebAssembly);
  if (inst) WebAssembly.instantiateStreaming = (src, imp) => { start(); return inst(src, imp).then(made); };
  const inst2 = WebAssembly.instantiate.bind(WebAssembly);
  WebAssembly.instantiate = (src, imp) => inst2(src, imp).then(made);
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name === "first-contentful-paint") window.__bench.fcp = e.startTime;
  }).observe({type: "paint", buffered: true});
})();`

// visit is one page load of the visits measurement (ms from navigation
// start): the first contentful paint, app.wasm compiled and instantiated
// (from the start of instantiateStreaming), the first interactive board.
type visit struct {
	FCP       float64 `json:"fcp"`
	WasmStart float64 `json:"wasmStart"`
	// WasmCompiled is when the module was compiled (WasmEnd when the
	// page compiled and instantiated it in one call); WasmEnd when the
	// page's instance was made.
	WasmCompiled float64 `json:"wasmCompiled"`
	WasmEnd      float64 `json:"wasmEnd"`
	Board        float64 `json:"board"`
	// WorkerStart, WorkerReady and WorkerLast are when the engine's first
	// Web Worker was made, said it is ready (its Go program runs), and
	// sent its last message (a reply) before the board.
	WorkerStart float64 `json:"workerStart"`
	WorkerReady float64 `json:"workerReady"`
	WorkerLast  float64 `json:"workerLast"`
	// Cache counts V8's wasm code cache events during the visit (and,
	// for the cold one, the wait after it).
	Cache map[string]int `json:"-"`
}

// visits measures, in one browser profile: a cold visit, a second visit
// once the service worker has cached the build (and V8 had time to cache
// the compiled wasm), and a second visit with the server down.
func visits(chromium, dist string) (cold, warm, offline visit, err error) {
	h, err := server.New(dist)
	if err != nil {
		return
	}
	defer h.Close()
	h.Warm("web/app.wasm", "wasm_exec.js", "app.js", "index.html", "web/app.css")
	var down atomic.Bool
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return
	}
	srv := server.NewServer(ln.Addr().String(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			panic(http.ErrAbortHandler)
		}
		h.ServeHTTP(w, r)
	}))
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	base := "http://" + ln.Addr().String() + "/"

	ctx, cancel, err := newBrowser(chromium, 5*time.Minute)
	if err != nil {
		return
	}
	defer cancel()
	if _, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: readyJS + "\nwindow.__bench = {};\n" + visitJS}); err != nil {
		return
	}
	cold.Cache, err = wasmCacheEvents(ctx, func() (err error) {
		if cold, err = timeVisit(ctx, base, nil); err != nil {
			return err
		}
		// The worker is active and has cached this build; V8 writes its
		// wasm code cache once enough of the module tiered up.
		if _, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`window.__swCached === true || (caches.keys().then(async (ks) => {
			for (const k of ks) if (k.startsWith("tp-") && await (await caches.open(k)).match("/web/app.wasm")) window.__swCached = true;
		}), false)`, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
			return fmt.Errorf("waiting for the service worker's cache: %w", err)
		}
		time.Sleep(8 * time.Second)
		return nil
	})
	if err != nil {
		return
	}
	warm.Cache, err = wasmCacheEvents(ctx, func() (err error) { warm, err = timeVisit(ctx, base, nil); return err })
	if err != nil {
		return
	}
	down.Store(true)
	offline.Cache, err = wasmCacheEvents(ctx, func() (err error) { offline, err = timeVisit(ctx, base, nil); return err })
	return
}

// timeVisit navigates to url (after setup, may be nil: openPage), waits
// for the interactive page and the first contentful paint, and reads the
// visit's times.
func timeVisit(ctx context.Context, url string, setup func() error) (visit, error) {
	var v visit
	if err := openPage(ctx, url, "", setup); err != nil {
		return v, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`window.__bench.fcp > 0`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		return v, fmt.Errorf("first contentful paint: %w", err)
	}
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.__bench)`))
	if err != nil {
		return v, err
	}
	return v, json.Unmarshal([]byte(s), &v)
}

// visitTimings runs visits runs times and prints their table.
func visitTimings(w io.Writer, dist, chromium string, runs int) error {
	var rows [3][8][]float64
	var events [3][]string
	for i := 0; i < runs; i++ {
		cold, warm, offline, err := visits(chromium, dist)
		if err != nil {
			return fmt.Errorf("visits: %w", err)
		}
		for j, v := range []visit{cold, warm, offline} {
			rows[j][0] = append(rows[j][0], v.FCP)
			rows[j][1] = append(rows[j][1], v.WasmStart)
			rows[j][2] = append(rows[j][2], v.WasmEnd)
			rows[j][7] = append(rows[j][7], v.WasmCompiled)
			rows[j][3] = append(rows[j][3], v.Board)
			rows[j][4] = append(rows[j][4], v.WorkerStart)
			rows[j][5] = append(rows[j][5], v.WorkerReady)
			rows[j][6] = append(rows[j][6], v.WorkerLast)
			events[j] = append(events[j], countList(v.Cache))
		}
	}
	fmt.Fprintf(w, "\n### Visits in headless Chromium (%s, loopback, default preset, one profile per run: cold, second visit, second visit offline; %d runs, medians, ms from navigation start)\n\n", filepath.Base(chromium), runs)
	fmt.Fprintln(w, "| Visit | first contentful paint | app.wasm compile starts | module compiled | page instantiated | engine worker made | engine worker's Go started | its last reply before the board | first interactive board | All (board) | V8 wasm code cache events (per run) |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
	for j, name := range []string{"cold (empty profile)", "second visit (service worker, code cache)", "second visit, server down"} {
		r := rows[j]
		fmt.Fprintf(w, "| %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %s | %s |\n", name, median(r[0]), median(r[1]), median(r[7]), median(r[2]), median(r[4]), median(r[5]), median(r[6]), median(r[3]), list(r[3]), strings.Join(events[j], "; "))
	}
	return nil
}

// wasmCacheEvents runs f with the browser traced for V8's wasm code cache
// and returns the names of its events, counted (Chromium's
// wasm_response_extensions: v8.wasm.moduleCacheHit when a visit's compile
// came from the code cache, v8.wasm.cachedModule when one was written;
// DevTools shows them in its Performance panel, hence the category).
func wasmCacheEvents(ctx context.Context, f func() error) (map[string]int, error) {
	seen := map[string]int{}
	done := make(chan struct{})
	var closed atomic.Bool
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	err := chromedp.ListenBrowser(lctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			for _, v := range ev.Value {
				var e traceEvent
				if json.Unmarshal([]byte(v), &e) == nil && strings.HasPrefix(e.Name, "v8.wasm.") {
					mu.Lock()
					seen[e.Name]++
					mu.Unlock()
				}
			}
		case *tracing.EventTracingComplete:
			if closed.CompareAndSwap(false, true) {
				close(done)
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if _, err := chromedp.CallBrowser(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: []string{"disabled-by-default-devtools.timeline"}, ExcludedCategories: []string{"*"}},
	}); err != nil {
		return nil, fmt.Errorf("starting the trace: %w", err)
	}
	ferr := f()
	if _, err := chromedp.CallBrowser(ctx, tracing.End, cdp.Empty{}); err != nil {
		return nil, errors.Join(ferr, err)
	}
	select {
	case <-done:
	case <-time.After(time.Minute):
		return nil, errors.Join(ferr, errors.New("the trace did not complete"))
	}
	mu.Lock()
	defer mu.Unlock()
	return seen, ferr
}

// countList prints the events counted as "name ×n, …" (sorted), "none"
// when there are none.
func countList(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for i, k := range names {
		names[i] = fmt.Sprintf("%s ×%d", strings.TrimPrefix(k, "v8.wasm."), m[k])
	}
	return strings.Join(names, ", ")
}
