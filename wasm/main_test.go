//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHandlerUsesLocalIconsAndNoopWorker(t *testing.T) {
	h := Handler("v1")
	for _, icon := range []string{h.Icon.Default, h.Icon.Large, h.Icon.SVG, h.Icon.Maskable, h.Image} {
		if !strings.HasPrefix(icon, "/web/icons/") {
			t.Errorf("icon %q is not a local file", icon)
		}
		if _, err := os.Stat(filepath.Join("..", "static", strings.TrimPrefix(icon, "/web/"))); err != nil {
			t.Errorf("icon %q is missing from static/: %v", icon, err)
		}
	}
	if strings.Contains(h.ServiceWorkerTemplate, `"fetch"`) || !strings.Contains(h.ServiceWorkerTemplate, "caches.delete") {
		t.Error("the service worker must have no fetch handler and must clear old caches")
	}
	if strings.Contains(h.ServiceWorkerTemplate, "clients.claim") {
		t.Error("clients.claim makes go-app report a spurious update")
	}
	if h.Version != "v1" || h.Title == "" || h.Description == "" {
		t.Errorf("handler %+v", h)
	}
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
		"<title>Taints &amp; Tolerations Playground</title>", "/web/app.css", "/web/board.js",
		`data-node="gpu-node-1"`, // the default preset, simulated at build time
		"https://play.example.org/",
	} {
		if !strings.Contains(index, want) && !strings.Contains(index, strings.ReplaceAll(want, "&amp;", "&")) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	if strings.Contains(index, "raw.githubusercontent.com") || strings.Contains(read("manifest.webmanifest"), "githubusercontent") {
		t.Error("remote icon URLs in the generated site")
	}
	if sw := read("app-worker.js"); !strings.Contains(sw, "test-version") || strings.Contains(sw, `"fetch"`) {
		t.Errorf("app-worker.js:\n%s", sw)
	}
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
}
