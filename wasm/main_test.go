//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHandlerUsesLocalIconsAndVersionedWorker(t *testing.T) {
	h := Handler("v1", "/web/extra/x.js")
	for _, icon := range []string{h.Icon.Default, h.Icon.Large, h.Icon.SVG, h.Icon.Maskable, h.Image} {
		if !strings.HasPrefix(icon, "/web/icons/") {
			t.Errorf("icon %q is not a local file", icon)
		}
		if _, err := os.Stat(filepath.Join("..", "static", strings.TrimPrefix(icon, "/web/"))); err != nil {
			t.Errorf("icon %q is missing from static/: %v", icon, err)
		}
	}
	for _, s := range h.Scripts {
		if _, err := os.Stat(filepath.Join("..", "static", strings.TrimPrefix(s, "/web/"))); err != nil {
			t.Errorf("script %q is missing from static/: %v", s, err)
		}
	}
	require.Contains(t, h.Scripts, "/web/update.js", "the update notice's script")
	require.Contains(t, h.CacheableResources, "/web/engine-worker.js", "the engine's workers must start offline")
	require.Contains(t, h.CacheableResources, "/web/extra/x.js")
	sw := h.ServiceWorkerTemplate
	for _, want := range []string{
		`const CACHE = "tp-" + VERSION`, // one cache per build
		`{ cache: "no-cache" }`,         // precache revalidates: never a stale HTTP-cached file
		"k !== CACHE",                   // activate deletes the other versions' caches
		`"skip-waiting"`,                // a new version waits for the page's consent
		`"/index.html" ? "/"`,           // ?embed=1 and /index.html get the cached page
		"FILES.includes(path)",          // only the build's own files come from the cache
	} {
		assert.Contains(t, sw, want)
	}
	// A new version must not take over a page of the old one by itself:
	// skipWaiting only on the page's message, and never clients.claim (go-app
	// would report a spurious update on the first visit, GOAPP.md §2).
	assert.Equal(t, 1, strings.Count(sw, "skipWaiting()"))
	assert.NotContains(t, sw, "clients.claim")
	require.Equal(t, "v1", h.Version)
	require.NotEmpty(t, h.Title)
	require.NotEmpty(t, h.Description)
}

func TestVersionAndDomain(t *testing.T) {
	t.Setenv("COMMIT_REF", "abc123")
	t.Setenv("APP_VERSION", "ignored")
	if v := Version(""); v != "abc123" {
		t.Errorf("Version = %q, want COMMIT_REF", v)
	}
	if v := Version("flag"); v != "flag" {
		t.Errorf("Version(flag) = %q", v)
	}
	t.Setenv("COMMIT_REF", "")
	if v := Version(""); v != "ignored" {
		t.Errorf("Version = %q, want APP_VERSION", v)
	}
	t.Setenv("APP_VERSION", "")
	if v := Version(""); v == "" {
		t.Error("empty version")
	}
	t.Setenv("URL", "https://taints.example.org")
	if d := Domain(""); d != "taints.example.org" {
		t.Errorf("Domain = %q", d)
	}
	if d := Domain("x.test"); d != "x.test" {
		t.Errorf("Domain(flag) = %q", d)
	}
	t.Setenv("URL", "")
	if d := Domain(""); d != "" {
		t.Errorf("Domain without URL = %q", d)
	}
}

func TestGenerateStaticSite(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "web", "app.wasm"), make([]byte, 1234), 0o644); err != nil {
		t.Fatal(err)
	}
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "web", "icons"), 0o755))
	for _, f := range []string{"boot.js", "board.js", "board.js.br", "update.js", "engine-worker.js", "icons/pod.svg"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "web", f), []byte("x"), 0o644))
	}
	if err := generate(dir, "test-version", "play.example.org"); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	index := read("index.html")
	for _, want := range []string{
		"<title>Taints &amp; Tolerations Playground</title>", "/web/app.css", "/web/boot.js", "/web/board.js",
		`data-node="gpu-node-1"`, // the default preset, simulated at build time
		"https://play.example.org/",
	} {
		if !strings.Contains(index, want) && !strings.Contains(index, strings.ReplaceAll(want, "&amp;", "&")) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	// No boolean attribute is written false (true in HTML whatever its
	// value): one option of the picker is selected, the default preset's.
	for _, a := range []string{`selected="false"`, `checked="false"`, `disabled="false"`} {
		assert.NotContains(t, index, a)
	}
	// (go-app writes an element's attributes in map order.)
	opt := regexp.MustCompile(`<option [^>]*value="gpu-node"[^>]*>`).FindString(index)
	assert.Contains(t, opt, " selected", "the default preset's option: %q", opt)
	// boot.js runs while the document is parsed (not deferred), first.
	assert.Contains(t, index, `<script src="/web/boot.js">`)
	assert.Less(t, strings.Index(index, "/web/boot.js"), strings.Index(index, "/web/board.js"))
	if strings.Contains(index, "raw.githubusercontent.com") || strings.Contains(read("manifest.webmanifest"), "githubusercontent") {
		t.Error("remote icon URLs in the generated site")
	}
	sw := read("app-worker.js")
	assert.Contains(t, sw, `const VERSION = "test-version"`)
	// Every file the page and the engine's workers load is cached, with
	// the files found under web/ (not their precompressed copies).
	for _, f := range []string{`"/"`, `"/app.js"`, `"/app.css"`, `"/wasm_exec.js"`, `"/manifest.webmanifest"`,
		`"/web/app.wasm"`, `"/web/boot.js"`, `"/web/board.js"`, `"/web/update.js"`, `"/web/engine-worker.js"`, `"/web/icons/pod.svg"`} {
		assert.Contains(t, sw, f)
	}
	assert.NotContains(t, sw, "board.js.br")
	assert.NotContains(t, sw, "{{")
	// The install checks that app.js is the same build as the worker.
	assert.Contains(t, read("app.js"), `"GOAPP_VERSION":"test-version"`)
	if js := read("app.js"); !strings.Contains(js, "1234") {
		t.Error("app.js does not carry the wasm size for the progress label")
	}
	if !strings.Contains(read("404.html"), "Not found") {
		t.Error("404.html")
	}
}

// TestStaticAssets checks that every icon the stylesheet names exists
// locally, that nothing is fetched from another origin, and that reduced
// motion and the dark scheme are handled.
func TestStaticAssets(t *testing.T) {
	css, err := os.ReadFile(filepath.Join("..", "static", "app.css"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(css)
	for _, want := range []string{"prefers-reduced-motion: reduce", "prefers-color-scheme: dark", "@media (max-width: 560px)"} {
		if !strings.Contains(text, want) {
			t.Errorf("app.css lacks %q", want)
		}
	}
	rest := text
	n := 0
	for {
		i := strings.Index(rest, `url("`)
		if i < 0 {
			break
		}
		rest = rest[i+5:]
		ref := rest[:strings.Index(rest, `"`)]
		n++
		if !strings.HasPrefix(ref, "/web/") {
			t.Errorf("app.css loads %q, not a local /web/ file", ref)
			continue
		}
		if _, err := os.Stat(filepath.Join("..", "static", strings.TrimPrefix(ref, "/web/"))); err != nil {
			t.Errorf("app.css names %q, which static/ lacks", ref)
		}
	}
	if n < 10 {
		t.Errorf("only %d icon references found in app.css", n)
	}
	js, err := os.ReadFile(filepath.Join("..", "static", "board.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"tpFlipFirst", "tpFlipPlay", "tpCopyLink", "tpRevealWhy", "prefers-reduced-motion"} {
		if !strings.Contains(string(js), want) {
			t.Errorf("board.js lacks %s", want)
		}
	}
	if strings.Contains(string(js), "http") {
		t.Error("board.js refers to a remote URL")
	}
	boot, err := os.ReadFile(filepath.Join("..", "static", "boot.js"))
	require.NoError(t, err)
	for _, want := range []string{"compileStreaming", "tpEarlyEngine", "tpAppModule", "memoryStorage"} {
		assert.Contains(t, string(boot), want, "boot.js")
	}
	assert.NotContains(t, string(boot), "http", "boot.js refers to a remote URL")
}
