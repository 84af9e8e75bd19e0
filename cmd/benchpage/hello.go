package main

// -only hello -hello-dist DIR: the floor of the stack. go-app's hello world
// (bench/helloapp, one component, built and precompressed like dist/; the
// commands are in bench/NOTES.md, "The go-app floor") timed like -only
// visits times the playground, in the same browser and server: in one
// browser profile a cold visit and a second visit once go-app's service
// worker has cached the build. Per visit: the first contentful paint, the
// compile and instantiation of app.wasm (visitJS), the component mounted
// (the marker its OnMount sets, which the prerendered page lacks) and the
// bytes cmd/serve sent (byteCounter, counted as transfer.go counts them).

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/taints-playground/playground/cmd/serve/server"
)

// helloDist is the hello world's static site (-hello-dist).
var helloDist string

// helloMounted is bench/helloapp's MountedAttr: its OnMount sets it on
// <html> once the Go program has mounted the component.
const helloMounted = "data-hello-mounted"

// helloReadyJS, installed after probeJS, replaces its board check
// (readyJS): the hello world is interactive once the component is mounted
// (helloMounted) and its heading is laid out, polled each animation frame
// as the board is.
const helloReadyJS = `window.__benchReady = () => {
  if (!document.documentElement.hasAttribute("` + helloMounted + `")) return false;
  const h = document.querySelector("h1");
  return !!h && h.getBoundingClientRect().height > 0;
};`

// helloCachedJS is true once go-app's service worker (gen/app-worker.js:
// cache "app-VERSION", filled by cache.addAll) holds the wasm.
const helloCachedJS = `window.__swCached === true || (caches.keys().then(async (ks) => {
  for (const k of ks) if (k.startsWith("app-") && await (await caches.open(k)).match("/web/app.wasm")) window.__swCached = true;
}), false)`

// helloRun is one browser profile: the cold visit, the second visit, and
// what the server sent for each.
type helloRun struct {
	Cold, Warm           visit
	ColdBytes, WarmBytes int64
	ColdReqs, WarmReqs   int
}

// runHello is -only hello: it prints the hello world's sizes and visits
// or exits with the error.
func runHello(chromium string, runs int) {
	err := errors.New("-only hello needs -hello-dist DIR (bench/NOTES.md, \"The go-app floor\")")
	if helloDist != "" {
		err = helloTimings(os.Stdout, helloDist, findChromium(chromium), runs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchpage:", err)
		os.Exit(1)
	}
}

// findChromium is the flag's value, else the first Chromium on PATH.
func findChromium(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// helloTimings prints the site's wasm sizes and runs helloVisits runs
// times.
func helloTimings(w io.Writer, dir, chromium string, runs int) error {
	if chromium == "" {
		return errors.New("chromium not found (-chromium)")
	}
	sz, err := wasmSizes(dir)
	if err != nil {
		return err
	}
	var all []helloRun
	for i := 0; i < runs; i++ {
		r, err := helloVisits(chromium, dir)
		if err != nil {
			return fmt.Errorf("hello visits: %w", err)
		}
		all = append(all, r)
	}
	writeHello(w, filepath.Base(chromium), sz, all)
	return nil
}

// wasmSizes reads DIR/web/app.wasm and the .br and .gz siblings
// cmd/precompress wrote (0 when missing).
func wasmSizes(dir string) (size, error) {
	var s size
	for _, f := range []struct {
		ext string
		n   *int
	}{{"", &s.raw}, {".br", &s.br}, {".gz", &s.gz}} {
		st, err := os.Stat(filepath.Join(dir, "web", "app.wasm"+f.ext))
		if err != nil && (f.ext == "" || !errors.Is(err, os.ErrNotExist)) {
			return s, err
		}
		if err == nil {
			*f.n = int(st.Size())
		}
	}
	return s, nil
}

// helloVisits serves dir on loopback and, in one fresh browser profile,
// times a cold visit and, once go-app's worker has cached the build (and V8
// had time to cache the compiled wasm, as visits waits), a second visit.
func helloVisits(chromium, dir string) (helloRun, error) {
	var r helloRun
	h, err := server.New(dir)
	if err != nil {
		return r, err
	}
	defer h.Close()
	h.Warm("web/app.wasm", "wasm_exec.js", "app.js", "index.html", "app.css")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return r, err
	}
	counter := &byteCounter{h: h}
	srv := server.NewServer(ln.Addr().String(), counter)
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	base := "http://" + ln.Addr().String() + "/"

	ctx, cancel, err := newBrowser(chromium, 5*time.Minute)
	if err != nil {
		return r, err
	}
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: readyJS + "\nwindow.__bench = {};\n" + visitJS}); err != nil {
		return r, err
	}
	counter.reset()
	r.Cold.Cache, err = wasmCacheEvents(ctx, func() (err error) {
		if r.Cold, err = helloVisit(ctx, base); err != nil {
			return err
		}
		r.ColdBytes, r.ColdReqs = quietBytes(counter)
		if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](helloCachedJS, chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
			return fmt.Errorf("waiting for go-app's service worker cache: %w", err)
		}
		time.Sleep(8 * time.Second)
		return nil
	})
	if err != nil {
		return r, err
	}
	counter.reset()
	r.Warm.Cache, err = wasmCacheEvents(ctx, func() (err error) {
		if r.Warm, err = helloVisit(ctx, base); err != nil {
			return err
		}
		r.WarmBytes, r.WarmReqs = quietBytes(counter)
		return nil
	})
	return r, err
}

// helloVisit navigates to url and waits for the mounted component, then
// for the first contentful paint, and reads the visit's times.
func helloVisit(ctx context.Context, url string) (visit, error) {
	return timeVisit(ctx, url, func() error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: helloReadyJS})
		return err
	})
}

// quietBytes waits, as firstVisit does, until the server has been quiet
// for a second and a half (at most 20 s) and returns what it sent since
// the counter's reset and the number of requests.
func quietBytes(c *byteCounter) (int64, int) {
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		if _, _, _, last := c.snapshot(); time.Since(last) > 1500*time.Millisecond {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	total, reqs, _, _ := c.snapshot()
	return total, reqs
}

// writeHello prints the hello world's wasm sizes and its visits' table
// (medians over runs, every run's mounted time, bytes, code cache events).
func writeHello(w io.Writer, browser string, wasm size, runs []helloRun) {
	fmt.Fprintln(w, "\n### go-app's hello world (bench/helloapp): app.wasm")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| | Raw | brotli (.br) | gzip (.gz) |")
	fmt.Fprintln(w, "|---|---:|---:|---:|")
	fmt.Fprintf(w, "| web/app.wasm | %d | %d | %d |\n", wasm.raw, wasm.br, wasm.gz)
	fmt.Fprintf(w, "\n### go-app's hello world: visits in headless Chromium (%s, loopback, one profile per run: cold, second visit; %d runs, medians, ms from navigation start)\n\n", browser, len(runs))
	fmt.Fprintln(w, "| Visit | first contentful paint | app.wasm compile starts | compile + instantiate | component mounted (interactive) | All (mounted) | bytes sent | requests | V8 wasm code cache events (per run) |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---|---:|---:|---|")
	for j, name := range []string{"cold (empty profile)", "second visit (go-app's service worker)"} {
		var fcp, start, compile, mounted, bytes, reqs []float64
		var events []string
		for _, r := range runs {
			v, b, n := r.Cold, r.ColdBytes, r.ColdReqs
			if j == 1 {
				v, b, n = r.Warm, r.WarmBytes, r.WarmReqs
			}
			fcp = append(fcp, v.FCP)
			start = append(start, v.WasmStart)
			compile = append(compile, v.WasmEnd-v.WasmStart)
			mounted = append(mounted, v.Board)
			bytes = append(bytes, float64(b))
			reqs = append(reqs, float64(n))
			events = append(events, countList(v.Cache))
		}
		fmt.Fprintf(w, "| %s | %.0f | %.0f | %.0f | %.0f | %s | %s | %.0f | %s |\n", name, median(fcp), median(start), median(compile), median(mounted), list(mounted), sentBytes(median(bytes)), median(reqs), strings.Join(events, "; "))
	}
}

// sentBytes prints a byte count in MB, or in KB below 0.1 MB (a second
// visit sends next to nothing).
func sentBytes(n float64) string {
	if n < 1e5 {
		return fmt.Sprintf("%.1f KB", n/1e3)
	}
	return mb(int(n))
}
