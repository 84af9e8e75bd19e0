// Package server serves the playground's static site (the dist directory
// `make dist` writes) with the headers the page needs: the right MIME types
// (application/wasm), gzip or brotli compression (the .br/.gz files
// `make dist` writes beside a file when there are, see precompressed.go;
// else compressed on the fly), revalidating cache
// headers with ETags for go-app's fixed file names, and security headers.
// It never lists directories and never serves anything outside its root.
package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// ContentSecurityPolicy is the policy every response carries. go-app needs
// 'wasm-unsafe-eval' to compile the wasm and 'unsafe-inline' styles for the
// style attributes it sets (GOAPP.md §6). frame-ancestors allows embedding
// the playground in other sites.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
	"worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; " +
	"form-action 'none'; frame-ancestors *"

// SecurityHeaders are set on every response.
var SecurityHeaders = map[string]string{
	"Content-Security-Policy": ContentSecurityPolicy,
	"X-Content-Type-Options":  "nosniff",
	"Referrer-Policy":         "no-referrer",
	"Permissions-Policy":      "camera=(), microphone=(), geolocation=()",
}

// contentTypes are set explicitly so serving does not depend on the
// machine's mime.types (some lack application/wasm).
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".wasm":        "application/wasm",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".ico":         "image/x-icon",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".webp":        "image/webp",
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml",
	".yaml":        "text/plain; charset=utf-8",
	".map":         "application/json",
	".woff2":       "font/woff2",
}

// compressible lists the extensions worth compressing (on the fly, and by
// cmd/precompress at build time).
var compressible = map[string]bool{
	".html": true, ".js": true, ".mjs": true, ".css": true, ".wasm": true, ".json": true,
	".webmanifest": true, ".svg": true, ".txt": true, ".xml": true, ".yaml": true, ".map": true,
}

// minCompressSize is the size under which compression is not worth it.
const minCompressSize = 512

// BrotliLevel is the brotli quality used on the fly, for files without a
// precompressed .br. Level 11 takes about a minute on the 16 MB wasm (make
// dist does it once, cmd/precompress); 6 takes a second and a half and is
// 18% larger there (bench/RESULTS.md, issue 16).
const BrotliLevel = 6

// Handler serves one directory.
type Handler struct {
	root *os.Root
	dir  string

	mu    sync.Mutex
	cache map[cacheKey]*entry
}

type cacheKey struct {
	name    string
	size    int64
	modTime time.Time
}

// entry is one file's content, ETag and compressed variants, computed
// once per (name, size, modification time).
type entry struct {
	once sync.Once
	data []byte
	etag string
	err  error

	mu   sync.Mutex
	enc  map[string][]byte
	busy map[string]*sync.WaitGroup
}

// New returns a handler for the site in dir. dir must exist.
func New(dir string) (*Handler, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &Handler{root: root, dir: dir, cache: map[cacheKey]*entry{}}, nil
}

// Close releases the directory.
func (h *Handler) Close() error { return h.root.Close() }

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if rec := recover(); rec != nil {
			http.Error(w, "internal server error", http.StatusInternalServerError)
		}
	}()
	for k, v := range SecurityHeaders {
		w.Header().Set(k, v)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := cleanPath(r)
	if !ok {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	file, st, ok := h.resolve(name)
	if !ok || IsPrecompressed(file) {
		h.notFound(w, r)
		return
	}
	h.serveFile(w, r, file, st, http.StatusOK)
}

// cleanPath turns the request path into a name relative to the root. It
// rejects any ".." segment, backslashes and NUL bytes, whether they came
// literally or percent-encoded (r.URL.Path is already decoded; RawPath is
// checked too, so "%2e%2e%2f" cannot slip through as a single segment).
func cleanPath(r *http.Request) (string, bool) {
	p := r.URL.Path
	if p == "" {
		p = "/"
	}
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return "", false
	}
	for _, raw := range []string{p, r.URL.RawPath, r.URL.EscapedPath()} {
		dec := raw
		for i := 0; i < 3 && strings.Contains(dec, "%"); i++ { // decode repeatedly: %252e%252e
			if d, err := pathUnescape(dec); err == nil {
				dec = d
			} else {
				return "", false
			}
		}
		if strings.ContainsAny(dec, "\\\x00") {
			return "", false
		}
		for _, seg := range strings.Split(dec, "/") {
			if seg == ".." {
				return "", false
			}
		}
	}
	clean := path.Clean(p)
	name := strings.TrimPrefix(clean, "/")
	if name == "" {
		name = "."
	}
	if !fs.ValidPath(name) {
		return "", false
	}
	return name, true
}

func pathUnescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+2 >= len(s) {
			return "", errors.New("bad escape")
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", err
		}
		b.WriteByte(byte(v))
		i += 2
	}
	return b.String(), nil
}

// resolve maps a name to a regular file: directories serve their
// index.html (never a listing) and extension-less names fall back to
// name.html, as Netlify does.
func (h *Handler) resolve(name string) (string, fs.FileInfo, bool) {
	try := func(n string) (fs.FileInfo, bool) {
		st, err := h.root.Stat(n)
		if err != nil || !st.Mode().IsRegular() {
			return nil, false
		}
		return st, true
	}
	if st, err := h.root.Stat(name); err == nil && st.IsDir() {
		idx := path.Join(name, "index.html")
		if st, ok := try(idx); ok {
			return idx, st, true
		}
		return "", nil, false
	}
	if st, ok := try(name); ok {
		return name, st, true
	}
	if path.Ext(name) == "" {
		if st, ok := try(name + ".html"); ok {
			return name + ".html", st, true
		}
	}
	return "", nil, false
}

func (h *Handler) notFound(w http.ResponseWriter, r *http.Request) {
	if st, err := h.root.Stat("404.html"); err == nil && st.Mode().IsRegular() {
		h.serveFile(w, r, "404.html", st, http.StatusNotFound)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.Error(w, "404 page not found", http.StatusNotFound)
}

func (h *Handler) entry(name string, st fs.FileInfo) *entry {
	key := cacheKey{name: name, size: st.Size(), modTime: st.ModTime()}
	h.mu.Lock()
	e, ok := h.cache[key]
	if !ok {
		for k := range h.cache { // drop older versions of the same file
			if k.name == name {
				delete(h.cache, k)
			}
		}
		e = &entry{enc: map[string][]byte{}, busy: map[string]*sync.WaitGroup{}}
		h.cache[key] = e
	}
	h.mu.Unlock()
	e.once.Do(func() {
		f, err := h.root.Open(name)
		if err != nil {
			e.err = err
			return
		}
		defer f.Close()
		e.data, e.err = io.ReadAll(f)
		sum := sha256.Sum256(e.data)
		e.etag = `"` + hex.EncodeToString(sum[:12]) + `"`
	})
	return e
}

// compressed returns the data in encoding enc ("br" or "gzip"), computing
// it once; concurrent requests wait for the first.
func (e *entry) compressed(enc string) ([]byte, error) {
	e.mu.Lock()
	if b, ok := e.enc[enc]; ok {
		e.mu.Unlock()
		return b, nil
	}
	if wg, ok := e.busy[enc]; ok {
		e.mu.Unlock()
		wg.Wait()
		return e.compressed(enc)
	}
	wg := &sync.WaitGroup{}
	wg.Add(1)
	e.busy[enc] = wg
	e.mu.Unlock()

	var buf bytes.Buffer
	var err error
	switch enc {
	case "br":
		bw := brotli.NewWriterLevel(&buf, BrotliLevel)
		if _, err = bw.Write(e.data); err == nil {
			err = bw.Close()
		}
	case "gzip":
		gw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if _, err = gw.Write(e.data); err == nil {
			err = gw.Close()
		}
	default:
		err = fmt.Errorf("unknown encoding %q", enc)
	}

	e.mu.Lock()
	delete(e.busy, enc)
	if err == nil {
		e.enc[enc] = buf.Bytes()
	}
	e.mu.Unlock()
	wg.Done()
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ContentType is the Content-Type for a file name.
func ContentType(name string) string {
	if ct, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		return ct
	}
	return "application/octet-stream"
}

// CacheControl is the caching policy: everything the site has uses fixed
// names (go-app's app.js, app.wasm, …), so browsers must revalidate each
// time; the ETag makes that a cheap 304.
func CacheControl(name string) string {
	return "no-cache"
}

// acceptEncoding picks the coding to send from an Accept-Encoding header
// (RFC 9110 §12.5.3): the acceptable one (q > 0, named or through "*") of
// br and gzip with the highest q, br on a tie; "" for the file itself.
func acceptEncoding(header string) string {
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(strings.TrimSpace(part), ";")
		coding := strings.ToLower(strings.TrimSpace(fields[0]))
		if coding == "" {
			continue
		}
		v := 1.0
		for _, f := range fields[1:] {
			f = strings.TrimSpace(f)
			if s, found := strings.CutPrefix(strings.ToLower(f), "q="); found {
				p, err := strconv.ParseFloat(s, 64)
				if err != nil || p < 0 || p > 1 {
					p = 0 // a malformed weight: do not guess
				}
				v = p
			}
		}
		q[coding] = v
	}
	weight := func(c string) float64 {
		if v, ok := q[c]; ok {
			return v
		}
		return q["*"] // absent: 0
	}
	br, gz := weight("br"), weight("gzip")
	switch {
	case br > 0 && br >= gz:
		return "br"
	case gz > 0:
		return "gzip"
	}
	return ""
}

func etagMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, name string, st fs.FileInfo, status int) {
	e := h.entry(name, st)
	if e.err != nil {
		http.Error(w, "internal server error", http.StatusInternalServerError)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", ContentType(name))
	hdr.Set("Cache-Control", CacheControl(name))

	enc := ""
	if Compressible(name, int64(len(e.data))) {
		hdr.Add("Vary", "Accept-Encoding")
		enc = acceptEncoding(r.Header.Get("Accept-Encoding"))
	}
	body := e.data
	etag := e.etag
	if enc != "" {
		b, err := h.encoded(name, st, e, enc)
		if err != nil {
			enc = ""
		} else {
			body = b
			etag = strings.TrimSuffix(e.etag, `"`) + "-" + enc + `"`
			hdr.Set("Content-Encoding", enc)
		}
	}
	hdr.Set("ETag", etag)
	if status == http.StatusOK {
		if etagMatch(r.Header.Get("If-None-Match"), etag) {
			hdr.Del("Content-Type")
			hdr.Del("Content-Encoding")
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if enc == "" {
			// Range requests and conditional headers for the identity body.
			http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(body))
			return
		}
		// An encoded body is sent whole: a Range header is ignored (allowed,
		// RFC 9110 §14.2) and no Accept-Ranges is offered, since
		// http.ServeContent would drop Content-Length for an encoded body.
	}
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// Warm reads and compresses the named files ahead of the first request
// (or reads their precompressed siblings), so the first page load does not
// wait for brotli on the wasm binary.
func (h *Handler) Warm(names ...string) {
	for _, n := range names {
		st, err := h.root.Stat(n)
		if err != nil || !st.Mode().IsRegular() {
			continue
		}
		e := h.entry(n, st)
		if e.err != nil || !Compressible(n, st.Size()) {
			continue
		}
		_, _ = h.encoded(n, st, e, "br")
		_, _ = h.encoded(n, st, e, "gzip")
	}
}

// NewServer wraps a handler in an http.Server with timeouts.
func NewServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}
