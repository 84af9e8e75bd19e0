package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

const secret = "TOP-SECRET-OUTSIDE-ROOT"

// site builds a small dist directory next to a secret file that must never
// be served.
func site(t *testing.T) (dir string, wasm []byte) {
	t.Helper()
	base := t.TempDir()
	if err := os.WriteFile(filepath.Join(base, "secret.txt"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(base, "dist")
	wasm = bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 go-app wasm body "), 4000)
	files := map[string][]byte{
		"index.html":             []byte("<!doctype html><title>Playground</title>" + strings.Repeat("<p>hello</p>", 100)),
		"app.js":                 []byte(strings.Repeat("console.log('app');\n", 100)),
		"app-worker.js":          []byte("self.addEventListener('install', () => self.skipWaiting());"),
		"wasm_exec.js":           []byte(strings.Repeat("// glue\n", 200)),
		"manifest.webmanifest":   []byte(`{"name":"p"}`),
		"404.html":               []byte("<!doctype html><title>Not found</title>"),
		"web/app.wasm":           wasm,
		"web/app.css":            []byte(strings.Repeat("body{color:red}\n", 100)),
		"web/icons/icon.svg":     []byte("<svg xmlns='http://www.w3.org/2000/svg'/>"),
		"web/icons/icon-192.png": {0x89, 'P', 'N', 'G'},
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, wasm
}

func newHandler(t *testing.T) (*Handler, []byte) {
	t.Helper()
	dir, wasm := site(t)
	h, err := New(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.Close() })
	return h, wasm
}

func get(t *testing.T, h http.Handler, target string, hdr map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "http://example.test/", nil)
	req.URL.Path = ""
	req.RequestURI = target
	u, err := req.URL.Parse(target)
	if err != nil {
		t.Fatalf("parse %q: %v", target, err)
	}
	req.URL = u
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestContentTypes(t *testing.T) {
	h, _ := newHandler(t)
	for path, want := range map[string]string{
		"/":                       "text/html; charset=utf-8",
		"/index.html":             "text/html; charset=utf-8",
		"/app.js":                 "text/javascript; charset=utf-8",
		"/web/app.wasm":           "application/wasm",
		"/web/app.css":            "text/css; charset=utf-8",
		"/manifest.webmanifest":   "application/manifest+json",
		"/web/icons/icon.svg":     "image/svg+xml",
		"/web/icons/icon-192.png": "image/png",
	} {
		r := get(t, h, path, nil)
		if r.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d", path, r.StatusCode)
		}
		if got := r.Header.Get("Content-Type"); got != want {
			t.Errorf("%s: Content-Type %q, want %q", path, got, want)
		}
	}
}

func TestCompression(t *testing.T) {
	h, wasm := newHandler(t)

	r := get(t, h, "/web/app.wasm", map[string]string{"Accept-Encoding": "gzip, deflate"})
	if r.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", r.Header.Get("Content-Encoding"))
	}
	if !strings.Contains(r.Header.Get("Vary"), "Accept-Encoding") {
		t.Errorf("Vary %q lacks Accept-Encoding", r.Header.Get("Vary"))
	}
	gz := body(t, r)
	if len(gz) >= len(wasm) {
		t.Errorf("gzip body %d bytes, not smaller than %d", len(gz), len(wasm))
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !bytes.Equal(plain, wasm) {
		t.Error("gzip body does not decode to the file")
	}

	r = get(t, h, "/web/app.wasm", map[string]string{"Accept-Encoding": "gzip, br"})
	if r.Header.Get("Content-Encoding") != "br" {
		t.Fatalf("Content-Encoding %q, want br", r.Header.Get("Content-Encoding"))
	}
	plain, _ = io.ReadAll(brotli.NewReader(bytes.NewReader(body(t, r))))
	if !bytes.Equal(plain, wasm) {
		t.Error("brotli body does not decode to the file")
	}
	if r.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("compressed wasm has Content-Type %q", r.Header.Get("Content-Type"))
	}

	r = get(t, h, "/web/app.wasm", map[string]string{"Accept-Encoding": "br;q=0, gzip;q=0"})
	if r.Header.Get("Content-Encoding") != "" {
		t.Errorf("q=0 codings used: %q", r.Header.Get("Content-Encoding"))
	}
	if !bytes.Equal(body(t, r), wasm) {
		t.Error("identity body differs from the file")
	}

	r = get(t, h, "/web/icons/icon-192.png", map[string]string{"Accept-Encoding": "gzip, br"})
	if r.Header.Get("Content-Encoding") != "" {
		t.Errorf("png compressed: %q", r.Header.Get("Content-Encoding"))
	}
}

func TestCacheHeadersAndETag(t *testing.T) {
	h, _ := newHandler(t)
	for _, path := range []string{"/", "/app.js", "/app-worker.js", "/wasm_exec.js", "/web/app.wasm", "/manifest.webmanifest"} {
		for _, enc := range []string{"", "gzip", "br"} {
			hdr := map[string]string{"Accept-Encoding": enc}
			r := get(t, h, path, hdr)
			if got := r.Header.Get("Cache-Control"); got != "no-cache" {
				t.Errorf("%s (%s): Cache-Control %q", path, enc, got)
			}
			etag := r.Header.Get("ETag")
			if !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) {
				t.Fatalf("%s (%s): ETag %q", path, enc, etag)
			}
			hdr["If-None-Match"] = etag
			r2 := get(t, h, path, hdr)
			if r2.StatusCode != http.StatusNotModified {
				t.Errorf("%s (%s): revalidation status %d, want 304", path, enc, r2.StatusCode)
			}
			if len(body(t, r2)) != 0 {
				t.Errorf("%s (%s): 304 with a body", path, enc)
			}
		}
	}
	a := get(t, h, "/app.js", map[string]string{"Accept-Encoding": "gzip"}).Header.Get("ETag")
	b := get(t, h, "/app.js", nil).Header.Get("ETag")
	if a == b {
		t.Errorf("gzip and identity share the ETag %s", a)
	}
}

func TestSecurityHeaders(t *testing.T) {
	h, _ := newHandler(t)
	for _, path := range []string{"/", "/web/app.wasm", "/nope"} {
		r := get(t, h, path, nil)
		csp := r.Header.Get("Content-Security-Policy")
		for _, want := range []string{"'wasm-unsafe-eval'", "default-src 'self'", "style-src 'self' 'unsafe-inline'", "frame-ancestors *", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %s", path, csp, want)
			}
		}
		if got := r.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", path, got)
		}
		if got := r.Header.Get("Referrer-Policy"); got != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q", path, got)
		}
		if got := r.Header.Get("X-Frame-Options"); got != "" {
			t.Errorf("%s: X-Frame-Options %q would forbid embedding", path, got)
		}
	}
}

func TestNoDirectoryListing(t *testing.T) {
	h, _ := newHandler(t)
	for _, path := range []string{"/web/", "/web", "/web/icons/", "/web/icons"} {
		r := get(t, h, path, nil)
		b := string(body(t, r))
		if r.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, r.StatusCode)
		}
		if strings.Contains(b, "app.wasm") || strings.Contains(b, "icon.svg") {
			t.Errorf("%s: body lists the directory: %q", path, b)
		}
	}
}

func TestNotFound(t *testing.T) {
	h, _ := newHandler(t)
	r := get(t, h, "/does-not-exist.js", nil)
	if r.StatusCode != http.StatusNotFound {
		t.Fatalf("status %d", r.StatusCode)
	}
	if !strings.Contains(string(body(t, r)), "Not found") {
		t.Error("404 page not served")
	}
	if r.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("404 Content-Type %q", r.Header.Get("Content-Type"))
	}
}

func TestNoPathTraversal(t *testing.T) {
	h, _ := newHandler(t)
	// A symlink inside the root that points outside it.
	if err := os.Symlink(filepath.Join(h.dir, "..", "secret.txt"), filepath.Join(h.dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{
		"/../secret.txt",
		"/web/../../secret.txt",
		"/..%2fsecret.txt",
		"/%2e%2e/secret.txt",
		"/%2e%2e%2fsecret.txt",
		"/web/%2e%2e/%2e%2e/secret.txt",
		"/%252e%252e/secret.txt",
		"/..%5csecret.txt",
		"/..\\secret.txt",
		"/web/%00/app.wasm",
		"/link.txt",
	} {
		r := get(t, h, target, nil)
		b := string(body(t, r))
		if r.StatusCode == http.StatusOK || strings.Contains(b, secret) {
			t.Errorf("%s: status %d, body %q", target, r.StatusCode, b)
		}
	}
}

func TestMethods(t *testing.T) {
	h, _ := newHandler(t)
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("x"))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d Allow=%q", rec.Code, rec.Header().Get("Allow"))
	}
	req = httptest.NewRequest(http.MethodHead, "/web/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "br")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 || rec.Header().Get("Content-Length") == "" {
		t.Errorf("HEAD: %d, %d body bytes, Content-Length %q", rec.Code, rec.Body.Len(), rec.Header().Get("Content-Length"))
	}
}

func TestRange(t *testing.T) {
	h, wasm := newHandler(t)
	r := get(t, h, "/web/app.wasm", map[string]string{"Range": "bytes=0-3"})
	if r.StatusCode != http.StatusPartialContent || !bytes.Equal(body(t, r), wasm[:4]) {
		t.Errorf("range: status %d", r.StatusCode)
	}
}

func TestUpdatedFileIsServedFresh(t *testing.T) {
	h, _ := newHandler(t)
	first := get(t, h, "/app.js", nil).Header.Get("ETag")
	p := filepath.Join(h.dir, "app.js")
	if err := os.WriteFile(p, []byte("console.log('v2') // a longer, different body"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := get(t, h, "/app.js", nil)
	if got := string(body(t, r)); !strings.Contains(got, "v2") {
		t.Errorf("stale body %q", got)
	}
	if r.Header.Get("ETag") == first {
		t.Error("ETag did not change with the content")
	}
}

func TestWarmAndTimeouts(t *testing.T) {
	h, _ := newHandler(t)
	h.Warm("web/app.wasm", "missing.js")
	srv := NewServer("127.0.0.1:0", h)
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Errorf("server timeouts not set: %+v", srv)
	}
}
