//go:build e2e

package e2e

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/cmd/serve/server"
	"github.com/taints-playground/playground/web"
)

// offlineScenario has a node no preset has, so its card proves that the
// scenario in the fragment ran (not the prerendered default board).
const offlineScenario = `kind: Scenario
name: offline
---
apiVersion: v1
kind: Node
metadata:
  name: offline-node-7
spec:
  taints: [{key: k, value: v, effect: NoSchedule}]
status:
  allocatable: {cpu: "4", memory: 16Gi, pods: "110"}
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  tolerations: [{key: k, operator: Exists}]
  containers: [{name: c, image: nginx}]
`

// TestOfflineAndUpdate: after one visit of build A the page opens with
// the server down (its scenario from the fragment, the engine's workers
// and an embed too), served whole by A's service worker. With build B
// deployed, a reload still runs A (never a mix) and offers the update;
// Reload brings B at the same address, and A's cache is gone.
func TestOfflineAndUpdate(t *testing.T) {
	dist := distDir(t)
	stamp := strconv.FormatInt(time.Now().UnixNano(), 36)
	verA, verB := "e2e-a-"+stamp, "e2e-b-"+stamp
	srv := newSwitchServer(t)
	srv.use(t, versionedCopy(t, dist, verA))

	start := time.Now()
	b := newBrowser(t, 1280, 900)
	page := srv.base + "/#" + web.EncodeFragment(offlineScenario)
	onBoard := boardOf("offline-node-7")
	b.do("open build A", chromedp.Navigate(page))
	b.waitFor("A's board", onBoard, 60*time.Second)
	hash := eval[string](b, `location.hash`)
	require.True(t, strings.HasPrefix(hash, "#s="), hash)
	b.waitFor("A's worker active with its cache filled", `window.tpSW === true || (navigator.serviceWorker.ready.then(r =>
		r.active && r.active.state === "activated" && caches.open("tp-`+verA+`").then(c => c.match("/web/app.wasm")).then(m => { window.tpSW = !!m; })), false)`, 30*time.Second)

	// 1. The server is down: the page, its scenario, the engine's workers.
	srv.use(t, "")
	b.do("reload offline", chromedp.Reload())
	b.waitFor("the board offline", onBoard, 60*time.Second)
	require.True(t, eval[bool](b, `!!navigator.serviceWorker.controller`), "the page is not served by the worker")
	assert.Equal(t, verA, eval[string](b, `goappGetenv("GOAPP_VERSION")`))
	assert.Equal(t, hash, eval[string](b, `location.hash`))
	// The worker never answers for itself: this goes to the network.
	require.Equal(t, "down", evalAsync[string](b, `fetch("/app-worker.js", {cache: "no-store"}).then(() => "up", () => "down")`))
	require.Greater(t, srv.refused.Load(), int64(0))

	// 2. An embed of the same scenario, offline.
	b.do("open the embed offline", chromedp.Navigate(srv.base+"/?embed=1"+hash))
	b.waitFor("the embed's start button", `!!document.getElementById("`+web.IDStartEmbed+`")`, 60*time.Second)
	b.click("start the embed", "#"+web.IDStartEmbed)
	b.waitFor("the embed's board offline", `!!document.querySelector('[data-node="offline-node-7"]')`, 60*time.Second)

	// 3. Build B is deployed: the reload still runs A, whole, and offers B.
	srv.use(t, versionedCopy(t, dist, verB))
	b.do("reload with B deployed", chromedp.Navigate(page))
	b.waitFor("the update notice", `!!document.getElementById("`+web.IDUpdateReload+`")`, 60*time.Second)
	assert.Equal(t, verA, eval[string](b, `goappGetenv("GOAPP_VERSION")`), "the page mixed builds before the reload")
	assert.Contains(t, eval[string](b, `document.querySelector(".update-banner").textContent`), web.English.UpdateReady)
	b.waitFor("A's board under the notice", onBoard, 60*time.Second)
	b.click("Reload", "#"+web.IDUpdateReload)
	b.waitFor("build B", `typeof goappGetenv === "function" && goappGetenv("GOAPP_VERSION") === "`+verB+`"`, 60*time.Second)
	b.waitFor("B's board", onBoard, 60*time.Second)
	assert.Equal(t, hash, eval[string](b, `location.hash`), "the reload lost the scenario")
	assert.Equal(t, []string{"tp-" + verB}, evalAsync[[]string](b, `caches.keys()`), "A's cache outlived the update")
	// The one failed load is the probe of the server while it was down.
	var failed, other []string
	for _, p := range b.problems() {
		if strings.Contains(p, "ERR_EMPTY_RESPONSE") {
			failed = append(failed, p)
		} else {
			other = append(other, p)
		}
	}
	assert.Len(t, failed, 1, "a file was not served offline")
	assert.Empty(t, other)
	t.Logf("offline and update in %v", time.Since(start).Round(time.Millisecond))
}

// switchServer serves one directory at a time on a fixed address, or
// none: then it drops every connection, as a server that is down.
type switchServer struct {
	base    string
	cur     atomic.Pointer[server.Handler]
	refused atomic.Int64
}

func newSwitchServer(t *testing.T) *switchServer {
	s := &switchServer{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s.base = "http://" + ln.Addr().String()
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := s.cur.Load()
		if h == nil {
			s.refused.Add(1)
			panic(http.ErrAbortHandler) // the connection drops: a network error
		}
		h.ServeHTTP(w, r)
	}), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
	})
	return s
}

// use serves dir from now on; "" takes the server down.
func (s *switchServer) use(t *testing.T, dir string) {
	if dir == "" {
		s.cur.Store(nil)
		return
	}
	h, err := server.New(dir)
	require.NoError(t, err)
	t.Cleanup(func() { _ = h.Close() })
	s.cur.Store(h)
}

// versionedCopy copies the site (linking the large unchanged files) and
// makes it build version: the version go-app writes into app.js and the
// service worker, as `make dist VERSION=version` would.
func versionedCopy(t *testing.T, dist, version string) string {
	appJS, err := os.ReadFile(filepath.Join(dist, "app.js"))
	require.NoError(t, err)
	m := regexp.MustCompile(`"GOAPP_VERSION":"([^"]+)"`).FindSubmatch(appJS)
	require.NotNil(t, m, "app.js carries no GOAPP_VERSION")
	old := string(m[1])
	dir := t.TempDir()
	err = filepath.WalkDir(dist, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dist, path)
		to := filepath.Join(dir, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		switch rel {
		case "app.js", "app-worker.js":
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(to, []byte(strings.ReplaceAll(string(b), old, version)), 0o644)
		case "app.js.br", "app.js.gz", "app-worker.js.br", "app-worker.js.gz":
			return nil // precompressed copies of the old version
		}
		if err := os.Link(path, to); err == nil {
			return nil
		}
		return copyFile(path, to)
	})
	require.NoError(t, err)
	return dir
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return errors.Join(err, os.Remove(to))
	}
	return out.Close()
}

// TestNoWasmNoDownload: a page that loads no wasm (go-app's ?wasm=false,
// as for a crawler) shows the prerendered board and downloads neither
// app.wasm nor the engine's worker, and registers no service worker (whose
// install would download the whole build).
func TestNoWasmNoDownload(t *testing.T) {
	h, err := server.New(distDir(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = h.Close() })
	var mu sync.Mutex
	var paths []string
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := server.NewServer(ln.Addr().String(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })

	b := newBrowser(t, 1280, 900)
	b.do("open the page without wasm", chromedp.Navigate("http://"+ln.Addr().String()+"/?wasm=false"))
	b.waitFor("the prerendered board", `document.querySelectorAll("#board .node-card").length > 0`, 30*time.Second)
	time.Sleep(4 * time.Second) // a worker or a service worker would have asked by now
	mu.Lock()
	got := append([]string(nil), paths...)
	mu.Unlock()
	for _, p := range []string{"/web/app.wasm", "/web/engine-worker.js", "/app-worker.js"} {
		assert.NotContains(t, got, p, "requests: %v", got)
	}
	assert.Empty(t, evalAsync[[]string](b, `caches.keys()`), "a cache was filled")
	assert.Contains(t, got, "/web/boot.js", "the page's own scripts load")
}
