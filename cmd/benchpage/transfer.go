package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/chromedp"
)

// byteCounter wraps the site's handler and counts what it sends: the
// response body bytes as written (after compression: what crosses the
// wire, headers aside) per path, for every request of the page, its
// workers and its service worker alike.
type byteCounter struct {
	h http.Handler

	mu     sync.Mutex
	bytes  map[string]int64
	reqs   int
	last   time.Time
	status map[int]int
}

func (c *byteCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cw := &countingWriter{ResponseWriter: w}
	c.h.ServeHTTP(cw, r)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bytes == nil {
		c.bytes, c.status = map[string]int64{}, map[int]int{}
	}
	c.bytes[r.URL.Path] += cw.n
	c.reqs++
	c.status[cw.code]++
	c.last = time.Now()
}

// reset forgets everything counted so far.
func (c *byteCounter) reset() {
	c.mu.Lock()
	c.bytes, c.status, c.reqs, c.last = map[string]int64{}, map[int]int{}, 0, time.Now()
	c.mu.Unlock()
}

// snapshot is the total, the requests and the bytes per path so far.
func (c *byteCounter) snapshot() (total int64, reqs int, byPath map[string]int64, last time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	byPath = map[string]int64{}
	for p, n := range c.bytes {
		byPath[p] = n
		total += n
	}
	return total, c.reqs, byPath, c.last
}

type countingWriter struct {
	http.ResponseWriter
	n    int64
	code int
}

func (w *countingWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *countingWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}

// transferResult is one cold first visit.
type transferResult struct {
	Total  int64
	Wasm   int64
	Reqs   int
	Board  float64 // ms from navigation to the interactive board
	ByPath map[string]int64
}

// firstVisit opens base in a fresh browser (empty cache), waits for the
// interactive board and then until the server has been quiet for a second
// and a half (workers and a service worker fetch after the first board),
// and returns what the server sent meanwhile.
func firstVisit(chromium, base string, c *byteCounter) (transferResult, error) {
	ctx, cancel, err := newBrowser(chromium, 5*time.Minute)
	if err != nil {
		return transferResult{}, err
	}
	defer cancel()
	c.reset()
	if err := openPage(ctx, base, "", nil); err != nil {
		return transferResult{}, err
	}
	board, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.__bench.board`))
	if err != nil {
		return transferResult{}, err
	}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		if _, _, _, last := c.snapshot(); time.Since(last) > 1500*time.Millisecond {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	total, reqs, byPath, _ := c.snapshot()
	return transferResult{Total: total, Wasm: byPath["/web/app.wasm"], Reqs: reqs, Board: board, ByPath: byPath}, nil
}

// measureTransfer is issue 16's first-visit budget: bytes sent by cmd/serve
// (with dist's precompressed siblings when make dist wrote them) for a cold
// visit of the default preset, runs times.
func measureTransfer(w io.Writer, dist, chromium, base string, c *byteCounter, runs int) error {
	var totals, wasm, boards []float64
	var last transferResult
	for i := 0; i < runs; i++ {
		r, err := firstVisit(chromium, base, c)
		if err != nil {
			return fmt.Errorf("first visit: %w", err)
		}
		totals = append(totals, float64(r.Total))
		wasm = append(wasm, float64(r.Wasm))
		boards = append(boards, r.Board)
		last = r
	}
	pre := "compressed on the fly (dist has no precompressed siblings)"
	if _, err := os.Stat(filepath.Join(dist, "web", "app.wasm.br")); err == nil {
		pre = "the .br files make dist wrote (brotli 11)"
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "### Issue 16: bytes transferred for the first visit (cmd/serve on loopback, cold browser each load, %d loads)\n\n", runs)
	fmt.Fprintf(w, "Response bodies as sent (%s), counted at the server for every request of the page, its workers and service worker until the server was quiet for 1.5 s after the first interactive board; headers not counted.\n\n", pre)
	fmt.Fprintln(w, "| Measurement | Median | All | Target |")
	fmt.Fprintln(w, "|---|---:|---|---|")
	fmt.Fprintf(w, "| bytes transferred, first visit, default preset | %s | %s | < 2.0 MB |\n", mb(int(median(totals))), mbList(totals))
	fmt.Fprintf(w, "| of which web/app.wasm | %s | %s | |\n", mb(int(median(wasm))), mbList(wasm))
	fmt.Fprintf(w, "| requests (last load) | %d | | |\n", last.Reqs)
	fmt.Fprintf(w, "| first interactive board in the same loads | %.0f ms | %s | |\n", median(boards), list(boards))
	var paths []string
	for p, n := range last.ByPath {
		if n >= 10000 {
			paths = append(paths, p)
		}
	}
	sort.Slice(paths, func(i, j int) bool { return last.ByPath[paths[i]] > last.ByPath[paths[j]] })
	if len(paths) > 0 {
		parts := make([]string, len(paths))
		for i, p := range paths {
			parts[i] = fmt.Sprintf("%s %d", p, last.ByPath[p])
		}
		fmt.Fprintf(w, "\nLargest responses of the last load (bytes): %s.\n", strings.Join(parts, ", "))
	}
	return nil
}

func mbList(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = mb(int(x))
	}
	return strings.Join(parts, ", ")
}
