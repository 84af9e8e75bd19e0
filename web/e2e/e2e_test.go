//go:build e2e

// Package e2e drives the built playground in headless Chromium. It runs
// with `make test` (or `make e2e`), which builds dist/ first:
//
//	DIST=$PWD/dist go test -tags e2e -count=1 -v ./web/e2e/
//
// Environment: DIST (default ../../dist), CHROMIUM (default: chromium on
// PATH), SCREENSHOT_DIR (default: a directory under the system temp dir),
// CI=true makes a missing Chromium a failure instead of a skip.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taints-playground/playground/cmd/serve/server"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/web"
)

const (
	presetGPU  = "gpu-node"
	presetDocs = "docs-three-taints"
	gpuNode    = "gpu-node-1"
)

func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "Chromium is not installed: apt-get install -y chromium"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

func distDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("DIST")
	if dir == "" {
		dir = filepath.Join("..", "..", "dist")
	}
	for _, f := range []string{"index.html", "app.js", "wasm_exec.js", "web/app.wasm", "web/app.css", "web/board.js"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatalf("%s is missing from %s: run `make dist` first (%v)", f, dir, err)
		}
	}
	return dir
}

func screenshotDir(t *testing.T) string {
	dir := os.Getenv("SCREENSHOT_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "taints-playground-e2e")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// serve starts the cmd/serve handler on 127.0.0.1:0.
func serve(t *testing.T, dir string) string {
	t.Helper()
	h, err := server.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := server.NewServer(ln.Addr().String(), h)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		_ = h.Close()
	})
	return "http://" + ln.Addr().String()
}

// browser is one headless Chromium tab plus the console messages it wrote.
type browser struct {
	t   *testing.T
	ctx context.Context

	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

func newBrowser(t *testing.T, width, height int) *browser {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(width, height),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })

	start := time.Now()
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	t.Logf("Chromium started in %v", time.Since(start).Round(time.Millisecond))
	b := &browser{t: t, ctx: ctx}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.console = append(b.console, m)
			b.mu.Unlock()
		}
	}()
	return b
}

func (b *browser) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v%s", what, err, b.consoleDump())
	}
}

// eval runs JavaScript and decodes its value.
func eval[T any](b *browser, js string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v%s", js, err, b.consoleDump())
	}
	return v
}

// evalAsync runs JavaScript that returns a promise and decodes its value.
func evalAsync[T any](b *browser, js string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v%s", js, err, b.consoleDump())
	}
	return v
}

// waitFor polls a JavaScript predicate until it is truthy.
// A navigation or reload that is still under way when the poll starts
// destroys its execution context ("Cannot find context with specified
// id", "Inspected target navigated or closed"): poll again in the new
// document until the timeout.
func (b *browser) waitFor(what, js string, timeout time.Duration) {
	b.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		_, err := chromedp.Run(b.ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(time.Until(deadline))))
		if err == nil {
			return
		}
		if (strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "Inspected target navigated")) && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		b.t.Fatalf("waiting for %s (%s): %v%s", what, js, err, b.consoleDump())
	}
}

func (b *browser) consoleDump() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.console) == 0 {
		return ""
	}
	var s strings.Builder
	s.WriteString("\nbrowser console:")
	for _, m := range b.console {
		fmt.Fprintf(&s, "\n  [%s] %s", m.Type, m.Text)
	}
	return s.String()
}

// problems lists console errors and uncaught exceptions, ignoring Chrome's
// PWA install-banner noise.
func (b *browser) problems() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, m := range b.console {
		if m.Type != chromedp.ConsoleError && m.Type != chromedp.ConsoleException {
			continue
		}
		if strings.Contains(m.Text, "Banner not shown") || strings.Contains(m.Text, "favicon") {
			continue
		}
		out = append(out, string(m.Type)+": "+m.Text)
	}
	return out
}

func (b *browser) screenshot(name string) string {
	b.t.Helper()
	b.waitFor("animations to finish before the screenshot", `document.getAnimations().length === 0`, 10*time.Second)
	eval[chromedp.Void](b, `window.scrollTo(0, 0)`)
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(screenshotDir(b.t), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s (%d bytes)", path, len(png))
	return path
}

// click waits for running animations (pod chips flying) to finish, then
// clicks the element, so the click lands where the element really is.
func (b *browser) click(what, css string) {
	b.t.Helper()
	b.waitFor("animations to finish before clicking "+what, `document.getAnimations().length === 0`, 10*time.Second)
	b.do("click "+what, chromedp.Click(chromedp.CSS(css)))
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// setEditor replaces the editor text the way typing does: set the value
// and fire an input event.
func (b *browser) setEditor(text string) {
	b.t.Helper()
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("editor");
		el.value = `+jsString(text)+`;
		el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
}

// pickPreset picks a preset and waits for its board: the editor holds the
// preset's text (the page puts it there as it starts the run, so the board
// that follows is the preset's) and the page waits for nothing.
func (b *browser) pickPreset(name string) {
	b.t.Helper()
	text := ""
	for _, p := range append(presets.List(), presets.Lessons()...) {
		if p.Name == name {
			text = p.YAML
		}
	}
	if text == "" {
		b.t.Fatalf("no preset %q", name)
	}
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("preset");
		el.value = `+jsString(name)+`;
		el.dispatchEvent(new Event("change", {bubbles: true})); })()`)
	b.waitFor("preset "+name, `document.getElementById("preset").value === `+jsString(name)+
		` && document.getElementById("editor").value === `+jsString(text)+
		` && !document.getElementById("editor-error") && !document.body.hasAttribute("data-busy")`, 20*time.Second)
}

func podOnNode(pod, node string) string {
	return `!!document.querySelector('[data-node="` + node + `"] [data-pod="default/` + pod + `"]')`
}

func podPending(pod string) string {
	return `!!document.querySelector('.lane-pending [data-pod="default/` + pod + `"]')`
}

func frameIndex(b *browser) int {
	return eval[int](b, `Number(document.getElementById("board").dataset.frame)`)
}

// addToleration inserts a toleration into the named pod's manifest of a
// scenario file (a pod without tolerations gets a tolerations list).
func addToleration(t *testing.T, yaml, pod, toleration string) string {
	t.Helper()
	i := strings.Index(yaml, "  name: "+pod+"\n")
	if i < 0 {
		t.Fatalf("pod %s not found in the scenario:\n%s", pod, yaml)
	}
	block := yaml[i:]
	if k := strings.Index(block, "\n---"); k >= 0 {
		block = block[:k]
	}
	if k := strings.Index(block, "\n  tolerations:\n"); k >= 0 {
		at := i + k + len("\n  tolerations:\n")
		return yaml[:at] + toleration + yaml[at:]
	}
	k := strings.Index(block, "\nspec:\n")
	if k < 0 {
		t.Fatalf("pod %s has no spec", pod)
	}
	at := i + k + len("\nspec:\n")
	return yaml[:at] + "  tolerations:\n" + toleration + yaml[at:]
}

func TestPlaygroundInChromium(t *testing.T) {
	began := time.Now()
	base := serve(t, distDir(t))
	b := newBrowser(t, 1366, 900)

	// 1. Load the page and wait for the wasm app to mount.
	start := time.Now()
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("the playground to mount", `document.body.dataset.ready === "1"`, 90*time.Second)
	t.Logf("page ready in %v", time.Since(start).Round(time.Millisecond))

	if frag := eval[string](b, `location.hash`); !strings.HasPrefix(frag, "#s=") {
		t.Errorf("the URL fragment does not carry the scenario: %q", frag)
	}
	if n := eval[int](b, `document.querySelectorAll(".node-card").length`); n < 1 {
		t.Fatalf("no node cards on the default board%s", b.consoleDump())
	}
	// The service worker caches this build under its version and lets a
	// new one wait for the reader's Reload (TestOfflineAndUpdate).
	if sw := evalAsync[string](b, `fetch("/app-worker.js").then(r => r.text())`); !strings.Contains(sw, `const VERSION = "`+eval[string](b, `goappGetenv("GOAPP_VERSION")`)+`"`) || !strings.Contains(sw, `"skip-waiting"`) {
		t.Errorf("the service worker is not this build's versioned one:\n%s", sw)
	}

	// 2. Every preset loads, runs and plays to its last frame without error.
	names := eval[[]string](b, `[...document.querySelectorAll("#preset option")].map(o => o.value).filter(v => v !== "`+web.EditedPresetValue+`")`)
	if len(names) < 3 {
		t.Fatalf("the picker offers %d presets: %v", len(names), names)
	}
	for _, name := range names {
		b.pickPreset(name)
		if n := eval[int](b, `document.querySelectorAll(".node-card").length`); n < 1 {
			t.Errorf("preset %s: no node cards", name)
		}
		last := eval[int](b, `document.querySelectorAll(".tl-item").length`) - 1
		b.click("the last frame of "+name, fmt.Sprintf(`.tl-item[data-frame="%d"] button`, last))
		b.waitFor("the last frame of "+name, fmt.Sprintf(`document.getElementById("board").dataset.frame === "%d"`, last), 10*time.Second)
		t.Logf("preset %s: %d frames", name, last+1)
	}

	// The picker: another preset, then the GPU node preset.
	b.pickPreset(presetDocs)
	b.waitFor("the docs preset's board", `!!document.querySelector('[data-node="node1"]')`, 20*time.Second)
	b.pickPreset(presetGPU)
	b.waitFor("the GPU node", `!!document.querySelector('[data-node="`+gpuNode+`"]')`, 20*time.Second)

	// pod-a tolerates the GPU taint but not disk-pressure: Pending.
	b.waitFor("pod-a pending", podPending("pod-a"), 10*time.Second)
	if got := eval[int](b, `document.querySelectorAll('[data-node="`+gpuNode+`"] .taint').length`); got != 2 {
		t.Errorf("gpu-node-1 shows %d taint chips, want 2", got)
	}
	for _, eff := range []string{"eff-noschedule"} {
		if !eval[bool](b, `!!document.querySelector('[data-node="`+gpuNode+`"] .taint.`+eff+` .icon-effect')`) {
			t.Errorf("no %s taint chip with an icon", eff)
		}
	}

	// 3. The why panel explains pod-a.
	b.click("click pod-a", `[data-pod="default/pod-a"]`)
	b.waitFor("the why panel", `!!document.querySelector(".why .why-table")`, 10*time.Second)
	why := eval[string](b, `document.getElementById("why").innerText`)
	for _, want := range []string{"0/1 nodes are available", "untolerated taint", gpuNode, "TaintToleration", "node.kubernetes.io/disk-pressure",
		"On " + gpuNode + " it would need a toleration for"} {
		if !strings.Contains(why, want) {
			t.Errorf("why panel lacks %q:\n%s", want, why)
		}
	}

	b.screenshot("playground-why-pending.png")

	// The console answers kubectl against the cluster of this frame.
	b.click("describe node suggestion", `.cmd-chip[data-cmd="kubectl describe node `+gpuNode+`"]`)
	b.waitFor("kubectl describe output", `!!document.querySelector(".console-entry .console-out") && document.querySelector(".console-entry .console-out").innerText.includes("node.kubernetes.io/disk-pressure:NoSchedule")`, 20*time.Second)
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("console-input");
		el.value = "kubectl get pods -o wide"; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	b.click("console run", "#console-run")
	b.waitFor("kubectl get pods output", `document.querySelector(".console-entry .console-out").innerText.includes("pod-a")`, 20*time.Second)
	b.waitFor("the console input to clear", `document.getElementById("console-input").value === ""`, 5*time.Second)

	// 4. Step through the frames.
	if f := frameIndex(b); f != 0 {
		t.Errorf("a freshly picked preset shows frame %d", f)
	}
	flights := eval[int](b, `window.tpFlights || 0`)
	b.click("step", "#btn-step")
	b.waitFor("frame 1", `document.getElementById("board").dataset.frame === "1"`, 10*time.Second)
	b.waitFor("pod-a on the node after disk pressure clears", podOnNode("pod-a", gpuNode), 10*time.Second)
	b.waitFor("pod-a's chip to fly from the Pending lane", fmt.Sprintf(`(window.tpFlights || 0) > %d`, flights), 5*time.Second)
	if !eval[bool](b, podPending("pod-b")) {
		t.Error("pod-b should still be Pending at t=60s")
	}
	if !strings.Contains(eval[string](b, `document.querySelector(".tl-item.is-current").innerText`), "t=1m") {
		t.Errorf("timeline current item: %q", eval[string](b, `document.querySelector(".tl-item.is-current").innerText`))
	}
	if n := eval[int](b, `document.querySelectorAll(".ev-table tbody tr").length`); n < 3 {
		t.Errorf("event log has %d rows at the last frame", n)
	}
	b.click("back", "#btn-back")
	b.waitFor("frame 0", `document.getElementById("board").dataset.frame === "0"`, 10*time.Second)
	b.click("seek via the timeline", `.tl-item[data-frame="1"] button`)
	b.waitFor("frame 1 via the timeline", `document.getElementById("board").dataset.frame === "1"`, 10*time.Second)
	b.do("← key", chromedp.KeyEvent(kb.ArrowLeft))
	b.waitFor("frame 0 via ←", `document.getElementById("board").dataset.frame === "0"`, 10*time.Second)
	b.do("→ key", chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor("frame 1 via →", `document.getElementById("board").dataset.frame === "1"`, 10*time.Second)

	// 5. Edit a toleration in the editor: give pod-b the GPU toleration. At
	// t=60s, once disk pressure clears, it now lands on the GPU node.
	yaml := eval[string](b, `document.getElementById("editor").value`)
	edited := addToleration(t, yaml, "pod-b", "  - key: nvidia.com/gpu\n    operator: Exists\n    effect: NoSchedule\n")
	editStart := time.Now()
	b.setEditor(edited)
	b.waitFor("pod-b moved onto the node", podOnNode("pod-b", gpuNode), 20*time.Second)
	t.Logf("edit → board updated in %v (includes the 400 ms debounce)", time.Since(editStart).Round(time.Millisecond))
	if eval[bool](b, podPending("pod-b")) {
		t.Error("pod-b is still in the Pending lane")
	}
	if sel := eval[string](b, `document.getElementById("preset").value`); sel != web.EditedPresetValue {
		t.Errorf("the picker still names preset %q after an edit", sel)
	}
	b.waitFor("the edit in the URL", `location.hash.startsWith("#s=")`, 5*time.Second)
	editedHash := eval[string](b, `location.hash`)
	b.screenshot("playground-edited.png")

	// 6. Invalid YAML: an error beside the editor, the board stays.
	b.setEditor(edited + "\n---\nkind: Pod\nmetadata: [unclosed\n")
	b.waitFor("the YAML error", `!!document.getElementById("editor-error")`, 20*time.Second)
	errText := eval[string](b, `document.getElementById("editor-error").innerText`)
	if !strings.Contains(strings.ToLower(errText), "yaml") && !strings.Contains(errText, "line") {
		t.Errorf("the error does not look like a YAML error: %q", errText)
	}
	if !eval[bool](b, podOnNode("pod-b", gpuNode)) {
		t.Error("the board was not kept after invalid YAML")
	}
	if h := eval[string](b, `location.hash`); h != editedHash {
		t.Error("invalid YAML replaced the link")
	}
	b.setEditor(edited)
	b.waitFor("the error to clear", `!document.getElementById("editor-error")`, 20*time.Second)

	// 7. Reload keeps the scenario (it lives in the fragment).
	b.do("reload", chromedp.Reload())
	b.waitFor("ready after reload", `document.body.dataset.ready === "1"`, 90*time.Second)
	// The link may carry the scenario's canonical compact form (whichever
	// is shorter), so compare what it does, not its bytes.
	if sel := eval[string](b, `document.getElementById("preset").value`); sel != web.EditedPresetValue {
		t.Errorf("after reload the picker names preset %q, not the edited scenario", sel)
	}
	b.click("the last frame after reload", `.tl-item[data-frame="1"] button`)
	b.waitFor("pod-b on the node after reload (the edit survived)", podOnNode("pod-b", gpuNode), 10*time.Second)

	// A pasted link (the fragment changes without a reload) loads its scenario.
	docs := eval[string](b, `(() => { const o = [...document.querySelectorAll("#preset option")].find(o => o.value === "`+presetDocs+`"); return o ? o.value : ""; })()`)
	if docs != presetDocs {
		t.Fatalf("the picker has no %s option", presetDocs)
	}
	pasted := strings.Replace(edited, "\ntitle: ", "\ntitle: Pasted: ", 1)
	if pasted == edited {
		t.Fatal("the GPU preset has no title line to change")
	}
	eval[chromedp.Void](b, `location.hash = `+jsString(web.EncodeFragment(pasted)))
	b.waitFor("the pasted scenario", `document.getElementById("editor").value.includes("Pasted: ")`, 10*time.Second)

	// 8. Run plays to the last frame.
	b.click("reset", "#btn-reset")
	b.waitFor("frame 0", `document.getElementById("board").dataset.frame === "0"`, 10*time.Second)
	b.click("run", "#btn-run")
	b.waitFor("Run to reach the last frame", `document.getElementById("board").dataset.frame === "1"`, 15*time.Second)

	// 9. A broken link falls back visibly to the default preset.
	b.do("broken link", chromedp.Navigate(base+"/#s=%%%25not-a-scenario"))
	b.do("reload broken", chromedp.Reload())
	b.waitFor("ready with a broken link", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.waitFor("the broken-link notice", `!!document.getElementById("notice")`, 10*time.Second)
	if n := eval[int](b, `document.querySelectorAll(".node-card").length`); n < 1 {
		t.Error("no board after a broken link")
	}

	// 10. The showcase screenshot: the animated-card preset at its
	// NoExecute frame, with a pod's why panel open.
	b.do("home", chromedp.Navigate(base+"/"))
	b.do("reload home", chromedp.Reload())
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.pickPreset("animated-card")
	for i := 0; i < 6; i++ {
		b.click("step", "#btn-step")
	}
	b.waitFor("frame 6", `document.getElementById("board").dataset.frame === "6"`, 10*time.Second)
	b.waitFor("the chips to land", `document.getAnimations().length === 0`, 10*time.Second)
	b.click("select db-1", `[data-pod="default/db-1"]`)
	b.waitFor("why db-1", `!!document.querySelector(".why .matrix-table") && document.getElementById("why").innerText.includes("db-1")`, 10*time.Second)
	eval[chromedp.Void](b, `window.scrollTo(0, 0)`)
	shot := b.screenshot("playground.png")

	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
	t.Logf("screenshot: %s", shot)
	t.Logf("browser test took %v", time.Since(began).Round(time.Millisecond))
}

// TestNarrowScreen checks the page at 360 px: no horizontal scrolling of
// the page itself.
func TestNarrowScreen(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 360, 780)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.pickPreset("animated-card")
	b.click("step", "#btn-step")
	time.Sleep(800 * time.Millisecond)
	overflow := eval[int](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`)
	if overflow > 0 {
		t.Errorf("the page scrolls sideways by %d px at 360 px wide", overflow)
	}
	b.screenshot("playground-360.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// TestDarkSchemeAndReducedMotion checks the dark palette and that nothing
// animates when the reader asks for reduced motion.
func TestDarkSchemeAndReducedMotion(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{
			{Name: "prefers-color-scheme", Value: "dark"},
			{Name: "prefers-reduced-motion", Value: "reduce"},
		},
	}); err != nil {
		t.Fatal(err)
	}
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.pickPreset("animated-card")
	bg := eval[string](b, `getComputedStyle(document.body).backgroundColor`)
	if bg != "rgb(15, 20, 27)" {
		t.Errorf("dark background is %s", bg)
	}
	for i := 0; i < 5; i++ {
		b.do("step", chromedp.Click(chromedp.ID("btn-step")))
		if n := eval[int](b, `document.getAnimations().filter(a => a.playState === "running" && a.effect && a.effect.getComputedTiming().duration > 0).length`); n != 0 {
			t.Errorf("step %d: %d animations run despite prefers-reduced-motion", i+1, n)
		}
	}
	b.waitFor("frame 5", `document.getElementById("board").dataset.frame === "5"`, 10*time.Second)
	b.screenshot("playground-dark.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// TestStartsWhereStorageThrows: in a sandboxed iframe (or with storage
// blocked) window.localStorage throws; go-app would die at start-up, so
// board.js swaps in an in-memory Storage. Simulated on the top page.
func TestStartsWhereStorageThrows(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1024, 768)
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `for (const name of ["localStorage", "sessionStorage"]) {
			Object.defineProperty(window, name, { configurable: true,
				get() { throw new DOMException("The document is sandboxed and lacks the 'allow-same-origin' flag.", "SecurityError"); } });
		}`,
	}); err != nil {
		t.Fatal(err)
	}
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("the playground to start without storage", `document.body.dataset.ready === "1"`, 90*time.Second)
	if n := eval[int](b, `document.querySelectorAll(".node-card").length`); n < 1 {
		t.Errorf("no board%s", b.consoleDump())
	}
}
