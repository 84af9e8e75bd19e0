package server

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
)

// netlifyConfig is the part of netlify.toml the headers live in.
type netlifyConfig struct {
	Headers []struct {
		For    string            `toml:"for"`
		Values map[string]string `toml:"values"`
	} `toml:"headers"`
}

func readNetlify(t *testing.T) netlifyConfig {
	t.Helper()
	var cfg netlifyConfig
	if _, err := toml.DecodeFile(filepath.Join("..", "..", "..", "netlify.toml"), &cfg); err != nil {
		t.Fatalf("netlify.toml: %v", err)
	}
	return cfg
}

// TestNetlifyHeadersMatchServer: the site gets the same security headers on
// Netlify as from cmd/serve, on every path ("/*"), and the same
// Content-Type and Cache-Control for the files go-app names.
func TestNetlifyHeadersMatchServer(t *testing.T) {
	cfg := readNetlify(t)
	rules := map[string]map[string]string{}
	for _, h := range cfg.Headers {
		if _, dup := rules[h.For]; dup {
			t.Errorf("netlify.toml: two [[headers]] rules for %q", h.For)
		}
		rules[h.For] = h.Values
	}
	all, ok := rules["/*"]
	if !ok {
		t.Fatal(`netlify.toml has no [[headers]] rule for "/*"`)
	}
	for k, v := range SecurityHeaders {
		if all[k] != v {
			t.Errorf("netlify.toml /*: %s = %q, cmd/serve sends %q", k, all[k], v)
		}
	}
	for k := range all {
		if _, ok := SecurityHeaders[k]; !ok {
			t.Errorf("netlify.toml /* sets %s, which cmd/serve does not send", k)
		}
	}
	for _, forbidden := range []string{"X-Frame-Options"} {
		for path, vals := range rules {
			if _, ok := vals[forbidden]; ok {
				t.Errorf("netlify.toml %s sets %s, which forbids embedding", path, forbidden)
			}
		}
	}
	for path, vals := range rules {
		if path == "/*" {
			continue
		}
		name := strings.TrimPrefix(path, "/")
		if strings.Contains(name, "*") {
			name = strings.ReplaceAll(name, "*", "x.css")
		}
		if name == "" {
			name = "index.html"
		}
		if ct, ok := vals["Content-Type"]; ok && !strings.HasPrefix(ContentType(name), ct) {
			t.Errorf("netlify.toml %s: Content-Type %q, cmd/serve sends %q", path, ct, ContentType(name))
		}
		if cc, ok := vals["Cache-Control"]; ok && cc != CacheControl(name) {
			t.Errorf("netlify.toml %s: Cache-Control %q, cmd/serve sends %q", path, cc, CacheControl(name))
		}
	}
}

// TestCSP checks the policy itself: wasm may compile, scripts come only
// from the site (no 'unsafe-inline', no 'unsafe-eval'), and any site may
// embed the page.
func TestCSP(t *testing.T) {
	directives := map[string][]string{}
	for _, d := range strings.Split(ContentSecurityPolicy, ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			directives[f[0]] = f[1:]
		}
	}
	has := func(dir, src string) bool {
		for _, s := range directives[dir] {
			if s == src {
				return true
			}
		}
		return false
	}
	if !has("script-src", "'wasm-unsafe-eval'") || !has("script-src", "'self'") {
		t.Errorf("script-src %v must allow 'self' and 'wasm-unsafe-eval'", directives["script-src"])
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "*", "data:", "blob:"} {
		if has("script-src", bad) || has("default-src", bad) {
			t.Errorf("script-src or default-src allows %s", bad)
		}
	}
	if !has("frame-ancestors", "*") {
		t.Errorf("frame-ancestors %v does not allow embedding", directives["frame-ancestors"])
	}
	if !has("object-src", "'none'") || !has("base-uri", "'self'") {
		t.Error("object-src 'none' and base-uri 'self' are missing")
	}
}

var inlineScript = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)
var inlineHandler = regexp.MustCompile(`(?i)\son[a-z]+\s*=|javascript:`)

// TestBuiltSiteNeedsNoInlineScript checks the pages `make dist` wrote (when
// dist/ exists): every script has a src and no element has an inline event
// handler, so the CSP's script-src 'self' suffices.
func TestBuiltSiteNeedsNoInlineScript(t *testing.T) {
	dist := filepath.Join("..", "..", "..", "dist")
	if d := os.Getenv("DIST"); d != "" {
		dist = d
	}
	pages, _ := filepath.Glob(filepath.Join(dist, "*.html"))
	if len(pages) == 0 {
		t.Skip("no built site (make dist)")
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range inlineScript.FindAllStringSubmatch(string(b), -1) {
			if !strings.Contains(m[1], "src=") || strings.TrimSpace(m[2]) != "" {
				t.Errorf("%s: inline script %.80q", p, m[0])
			}
		}
		if loc := inlineHandler.FindStringIndex(string(b)); loc != nil {
			t.Errorf("%s: inline event handler or javascript: URL near %.60q", p, string(b)[loc[0]:])
		}
	}
}

// TestMoreTraversal covers encodings TestNoPathTraversal does not: mixed
// case escapes, overlong UTF-8, dot segments with trailing slashes,
// absolute-looking names and query tricks. None may reach the secret.
func TestMoreTraversal(t *testing.T) {
	h, _ := newHandler(t)
	for _, target := range []string{
		"/%2E%2E/secret.txt",
		"/%2e%2E%2Fsecret.txt",
		"/.%2e/secret.txt",
		"/%2e./secret.txt",
		"/web/..%2F..%2Fsecret.txt",
		"/web/..%252F..%252Fsecret.txt",
		"/%25252e%25252e/secret.txt",
		"/%c0%ae%c0%ae/secret.txt",
		"/%c0%af../secret.txt",
		"/..;/secret.txt",
		"/../../../../../../etc/passwd",
		"/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
		"//etc/passwd",
		"/web/app.wasm/../../secret.txt",
		"/./../secret.txt",
		"/web/./../../secret.txt",
		"/..%00/secret.txt",
		"/%5c..%5csecret.txt",
		"/?file=../secret.txt",
	} {
		r := get(t, h, target, nil)
		b := string(body(t, r))
		if strings.Contains(b, secret) || strings.Contains(b, "root:") {
			t.Errorf("%s: status %d leaks %q", target, r.StatusCode, b)
		}
	}
	// And over a real connection, where Go's client does not clean the
	// path: the raw request line is sent as written.
	srv, addr := loopback(t, h)
	defer srv.Close()
	for _, target := range []string{"/../secret.txt", "/web/../../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/%252e%252e/secret.txt"} {
		status, b := rawGet(t, addr, target)
		if strings.Contains(b, secret) || status == 200 {
			t.Errorf("raw %s: status %d, body %q", target, status, b)
		}
	}
}

func loopback(t *testing.T, h http.Handler) (*http.Server, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(ln.Addr().String(), h)
	go func() { _ = srv.Serve(ln) }()
	return srv, ln.Addr().String()
}

func rawGet(t *testing.T, addr, target string) (int, string) {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", target)
	b, _ := io.ReadAll(c)
	status := 0
	_, _ = fmt.Sscanf(string(b), "HTTP/1.1 %d", &status)
	return status, string(b)
}

// TestLoad1000Concurrent sends 1,000 requests at once over loopback (a
// mix of the page, the compressed wasm, revalidations, 404s and a
// traversal attempt) and requires every one to get its expected status.
func TestLoad1000Concurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	h, wasm := newHandler(t)
	h.Warm("web/app.wasm", "index.html", "app.js")
	srv, addr := loopback(t, h)
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}()
	etag := get(t, h, "/app.js", map[string]string{"Accept-Encoding": "br"}).Header.Get("ETag")

	tr := &http.Transport{MaxIdleConnsPerHost: 1000, MaxConnsPerHost: 0, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 60 * time.Second}

	type req struct {
		path, enc, inm string
		status         int
		size           int
	}
	kinds := []req{
		{path: "/", status: 200},
		{path: "/web/app.wasm", enc: "br", status: 200},
		{path: "/web/app.wasm", enc: "gzip", status: 200},
		{path: "/web/app.wasm", status: 200, size: len(wasm)},
		{path: "/app.js", enc: "br", inm: etag, status: 304},
		{path: "/nope.js", status: 404},
		{path: "/%2e%2e/secret.txt", status: 400},
	}
	const total = 1000
	start := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []string
	for i := 0; i < total; i++ {
		wg.Add(1)
		go func(k req) {
			defer wg.Done()
			<-start
			r, err := http.NewRequest(http.MethodGet, "http://"+addr+k.path, nil)
			if err != nil {
				panic(err)
			}
			if k.enc != "" {
				r.Header.Set("Accept-Encoding", k.enc)
			}
			if k.inm != "" {
				r.Header.Set("If-None-Match", k.inm)
			}
			resp, err := client.Do(r)
			var problem string
			if err != nil {
				problem = err.Error()
			} else {
				n, rerr := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				switch {
				case rerr != nil:
					problem = rerr.Error()
				case resp.StatusCode != k.status:
					problem = fmt.Sprintf("%s: status %d, want %d", k.path, resp.StatusCode, k.status)
				case k.size > 0 && int(n) != k.size:
					problem = fmt.Sprintf("%s: %d bytes, want %d", k.path, n, k.size)
				case resp.Header.Get("X-Content-Type-Options") != "nosniff":
					problem = k.path + ": security headers missing"
				}
			}
			if problem != "" {
				mu.Lock()
				errs = append(errs, problem)
				mu.Unlock()
			}
		}(kinds[i%len(kinds)])
	}
	close(start)
	wg.Wait()
	if len(errs) > 0 {
		t.Errorf("%d of %d requests failed; first: %s", len(errs), total, errs[0])
	}
}

// TestSlowClientIsCutOff: a client that never finishes its headers is
// disconnected after ReadHeaderTimeout (shortened here), so idle
// connections cannot pile up.
func TestSlowClientIsCutOff(t *testing.T) {
	h, _ := newHandler(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(ln.Addr().String(), h)
	srv.ReadHeaderTimeout = 200 * time.Millisecond
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: x\r\n") // never ends the header block
	_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
	buf := make([]byte, 512)
	for {
		if _, err := c.Read(buf); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				t.Fatal("the server kept a stalled connection open for 30 s")
			}
			return // closed by the server
		}
	}
}

func TestTimeoutsAreSane(t *testing.T) {
	srv := NewServer("127.0.0.1:0", http.NotFoundHandler())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadHeaderTimeout > 10*time.Second {
		t.Errorf("ReadHeaderTimeout %v", srv.ReadHeaderTimeout)
	}
	if srv.ReadTimeout <= 0 || srv.ReadTimeout > time.Minute {
		t.Errorf("ReadTimeout %v", srv.ReadTimeout)
	}
	// The wasm is several MB: a slow link needs time, but not forever.
	if srv.WriteTimeout < 30*time.Second || srv.WriteTimeout > 5*time.Minute {
		t.Errorf("WriteTimeout %v", srv.WriteTimeout)
	}
	if srv.IdleTimeout <= 0 || srv.IdleTimeout > 5*time.Minute {
		t.Errorf("IdleTimeout %v", srv.IdleTimeout)
	}
	if srv.MaxHeaderBytes <= 0 || srv.MaxHeaderBytes > 1<<20 {
		t.Errorf("MaxHeaderBytes %d", srv.MaxHeaderBytes)
	}
}
