//go:build e2e

package e2e

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/cmd/serve/server"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/link"
	"github.com/taints-playground/playground/web"
)

// serveWithExample serves dist/ like cmd/serve, plus docs/embed-example.html
// at /embed-example.html, as a documentation site would host it.
func serveWithExample(t *testing.T, dir string) string {
	t.Helper()
	h, err := server.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile(filepath.Join("..", "..", "docs", "embed-example.html"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/embed-example.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(example)
	})
	mux.Handle("/", h)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		_ = h.Close()
	})
	return "http://" + ln.Addr().String()
}

// TestEmbedExample opens docs/embed-example.html: two embedded scenarios,
// light and dark, each posting its height to the page; nothing runs until
// Start; step=2 opens the frame of the scenario's second step.
func TestEmbedExample(t *testing.T) {
	base := serveWithExample(t, distDir(t))
	b := newBrowser(t, 1366, 900)
	b.do("navigate", chromedp.Navigate(base+"/embed-example.html"))
	frame := func(id string) string { return `document.getElementById("` + id + `").contentDocument` }
	for _, id := range []string{"left", "right"} {
		b.waitFor(id+" ready", `(() => { const d = `+frame(id)+`; return d && d.body && d.body.dataset.ready === "1"; })()`, 90*time.Second)
		b.waitFor(id+" height message", `window.embedHeights && window.embedHeights["`+id+`"] > 100`, 20*time.Second)
		if n := eval[int](b, frame(id)+`.querySelectorAll(".node-card").length`); n != 0 {
			t.Errorf("%s: %d node cards before Start: the embed must do no work until clicked", id, n)
		}
		// "Open in the playground" carries the embed's own scenario before
		// Start (it once carried the empty scenario's link).
		own := eval[string](b, frame(id)+`.location.hash`)
		if open := eval[string](b, frame(id)+`.querySelector(".embed-open").getAttribute("href")`); !strings.HasSuffix(open, own) || own == "" {
			t.Errorf("%s: before Start the open link is %q, want the embed's own fragment %q", id, open, own)
		}
	}
	light := eval[string](b, `getComputedStyle(`+frame("left")+`.body).backgroundColor`)
	dark := eval[string](b, `getComputedStyle(`+frame("right")+`.body).backgroundColor`)
	if light != "rgb(244, 246, 250)" || dark != "rgb(15, 20, 27)" {
		t.Errorf("themes: left (light) %s, right (dark) %s", light, dark)
	}
	before := eval[float64](b, `window.embedHeights["right"]`)
	eval[chromedp.Void](b, frame("right")+`.getElementById("`+web.IDStartEmbed+`").click()`)
	b.waitFor("the right embed's board", frame("right")+`.querySelectorAll(".node-card").length > 0`, 20*time.Second)
	src := eval[string](b, `document.getElementById("right").getAttribute("src")`)
	text, err := web.DecodeFragment(strings.SplitN(src, "#", 2)[1])
	if err != nil {
		t.Fatal(err)
	}
	s, err := scenario.Parse([]byte(text), "embed.yaml")
	if err != nil || len(s.Steps) < 2 {
		t.Fatalf("the right embed's scenario: %v", err)
	}
	b.waitFor("the frame of step 2", frame("right")+`.querySelector(".step-cmd") && `+frame("right")+`.querySelector(".step-cmd").innerText.includes(`+jsString(s.Steps[1].Run)+`)`, 10*time.Second)
	if f := eval[string](b, frame("right")+`.getElementById("board").dataset.frame`); f == "1" {
		t.Errorf("step=2 shows frame index 1 (frame 2), not the frame of step 2")
	}
	b.waitFor("a new height after Start", `window.embedHeights["right"] !== `+jsFloat(before), 10*time.Second)
	h := eval[float64](b, `window.embedHeights["right"]`)
	got := eval[float64](b, `parseFloat(document.getElementById("right").style.height)`)
	if h < 200 || got < 200 {
		t.Errorf("right embed: posted height %v, iframe height %v", h, got)
	}
	for _, hidden := range []string{".console", ".events", "#editor"} {
		if n := eval[int](b, frame("right")+`.querySelectorAll("`+hidden+`").length`); n != 0 {
			t.Errorf("embed mode shows %s", hidden)
		}
	}
	// The embed gets the same versioned service worker: one build at a
	// time, a new one only on Reload (TestOfflineAndUpdate).
	worker := evalAsync[string](b, `fetch("/app-worker.js", {cache: "no-store"}).then(r => r.text())`)
	if !strings.Contains(worker, `const CACHE = "tp-" + VERSION`) || !strings.Contains(worker, `"skip-waiting"`) {
		t.Errorf("the service worker is not the versioned one:\n%s", worker)
	}
	b.screenshot("embed-example.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// sameScenario reports whether two scenario files have the same canonical
// form (what a share link stores).
func sameScenario(t *testing.T, a, b string) bool {
	t.Helper()
	canon := func(text string) string {
		s, err := scenario.Parse([]byte(text), "x.yaml")
		if err != nil {
			t.Fatal(err)
		}
		c, err := link.Canonical(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(c)
	}
	return canon(a) == canon(b)
}

func jsFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// TestShareLinkRoundTrip: an edit goes into the address (a versioned link),
// the address opens the same scenario elsewhere, Copy link gives feedback,
// and a broken link says what is wrong and offers the last good scenario.
func TestShareLinkRoundTrip(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	preset := eval[string](b, `document.getElementById("preset").value`)
	original := eval[string](b, `document.getElementById("editor").value`)
	text := original + "\n# shared by the round-trip test\n"
	b.setEditor(text)
	b.waitFor("the edit in the address", `location.hash.startsWith("#s=1.") && !document.querySelector(".editor-status.is-busy")`, 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	href := eval[string](b, `location.href`)

	b.click("copy link", "#"+web.IDCopyLink)
	b.waitFor("copy feedback", `document.getElementById("`+web.IDCopyLink+`").dataset.state === "copied" || !!document.getElementById("`+web.IDLinkField+`")`, 10*time.Second)

	b2 := newBrowser(t, 1280, 900)
	b2.do("open the shared address", chromedp.Navigate(href))
	b2.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	got := eval[string](b2, `document.getElementById("editor").value`)
	want, err := web.DecodeFragment(strings.SplitN(href, "#", 2)[1])
	if err == nil && strings.Contains(href, "&"+web.PresetKey+"="+preset) && sameScenario(t, want, original) {
		// The link carries the canonical form, where the comment is lost:
		// the scenario is the preset's (p=), which opens as the preset
		// with its own file.
		want = original
	}
	if err != nil || got != want {
		t.Errorf("the shared address opened another scenario (err %v)", err)
	}
	if n := eval[int](b2, `document.querySelectorAll(".node-card").length`); n < 1 {
		t.Error("no board from the shared address")
	}

	// Broken: the notice says what is wrong and offers the last good state.
	b.do("broken link", chromedp.Navigate(base+"/#s=1.AXn!!!broken"))
	b.do("reload broken", chromedp.Reload())
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.waitFor("the broken-link notice", `!!document.getElementById("notice")`, 10*time.Second)
	notice := eval[string](b, `document.getElementById("notice").innerText`)
	if !strings.Contains(notice, "base64url") {
		t.Errorf("the notice does not say what is wrong: %q", notice)
	}
	b.waitFor("the last good offer", `!!document.getElementById("`+web.IDLastGood+`")`, 10*time.Second)
	b.screenshot("broken-link.png")
	b.click("open the last good scenario", "#"+web.IDLastGood)
	b.waitFor("the last good scenario", `document.getElementById("editor").value.includes("# shared by the round-trip test")`, 10*time.Second)
	for _, br := range []*browser{b, b2} {
		if p := br.problems(); len(p) > 0 {
			t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
		}
	}
}

const consoleScenario = `kind: Scenario
name: console-test
---
apiVersion: v1
kind: Node
metadata:
  name: n1
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
  containers: [{name: c, image: nginx}]
`

// TestConsoleStep: a kubectl taint typed into the console becomes a step,
// the scenario re-runs and the pod moves; ↑ recalls the command.
func TestConsoleStep(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("navigate", chromedp.Navigate(base+"/#"+web.EncodeFragment(consoleScenario)))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	b.waitFor("web pending", podPending("web"), 10*time.Second)
	cmd := "kubectl taint nodes n1 k=v:NoSchedule-"
	b.do("type the command",
		chromedp.Click(chromedp.ID(web.IDConsoleInput)),
		chromedp.SendKeys(chromedp.ID(web.IDConsoleInput), cmd),
		chromedp.Click(chromedp.ID(web.IDConsoleRun)))
	b.waitFor("web on n1", podOnNode("web", "n1"), 15*time.Second)
	if !strings.Contains(eval[string](b, `document.getElementById("editor").value`), cmd) {
		t.Error("the command is not a step of the scenario")
	}
	if out := eval[string](b, `document.querySelector(".console-entry .console-out").innerText`); !strings.Contains(out, "untainted") {
		t.Errorf("console output %q, want kubectl's node/n1 untainted", out)
	}
	// A wrong command prints kubectl's error and leaves the scenario alone.
	b.do("type a bad command",
		chromedp.Click(chromedp.ID(web.IDConsoleInput)),
		chromedp.SendKeys(chromedp.ID(web.IDConsoleInput), "kubectl cordon nope"),
		chromedp.Click(chromedp.ID(web.IDConsoleRun)))
	b.waitFor("the error", `document.querySelector(".console-entry").classList.contains("is-error")`, 10*time.Second)
	// History: ↑ twice recalls the first command.
	b.do("focus", chromedp.Focus(chromedp.ID(web.IDConsoleInput)))
	for i := 0; i < 2; i++ {
		if _, err := chromedp.Call(b.ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "ArrowUp", Code: "ArrowUp", WindowsVirtualKeyCode: 38}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(b.ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: "ArrowUp", Code: "ArrowUp", WindowsVirtualKeyCode: 38}); err != nil {
			t.Fatal(err)
		}
	}
	b.waitFor("history", `document.getElementById("`+web.IDConsoleInput+`").value === `+jsString(cmd), 5*time.Second)
	b.screenshot("console-step.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// TestHindi switches the language: the page reloads with lang=hi, the
// scenario kept, every visible string from the Hindi catalog.
func TestHindi(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("`+web.IDLang+`");
		el.value = "hi"; el.dispatchEvent(new Event("change", {bubbles: true})); })()`)
	// The switch reloads the page: poll across the navigation.
	deadline := time.Now().Add(90 * time.Second)
	for {
		ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`location.search.includes("lang=hi") && document.body.dataset.ready === "1" && document.documentElement.lang === "hi"`))
		if err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the Hindi page did not load (%v)%s", err, b.consoleDump())
		}
		time.Sleep(250 * time.Millisecond)
	}
	if h1 := eval[string](b, `document.querySelector("h1").innerText`); h1 != web.Hindi.AppTitle {
		t.Errorf("title %q, want %q", h1, web.Hindi.AppTitle)
	}
	if run := eval[string](b, `document.getElementById("btn-run").innerText`); !strings.Contains(run, web.Hindi.Run) {
		t.Errorf("Run button %q, want %q", run, web.Hindi.Run)
	}
	if !strings.HasPrefix(eval[string](b, `location.hash`), "#s=") {
		t.Error("the scenario was lost in the switch")
	}
	b.screenshot("playground-hi.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// TestAccessibility runs axe-core (npm, web/e2e/axe) in the page, with the
// tool panels open: no serious or critical violations.
func TestAccessibility(t *testing.T) {
	axe, err := os.ReadFile(filepath.Join("axe", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		msg := "axe-core is not installed: make axe (npm ci --prefix web/e2e/axe)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	base := serve(t, distDir(t))
	for _, tc := range []struct{ name, path string }{
		{"page", "/"},
		{"hindi", "/?lang=hi"},
		{"embed", "/?embed=1&autoplay=1&theme=dark"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBrowser(t, 1280, 900)
			b.do("navigate", chromedp.Navigate(base+tc.path))
			b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
			b.waitFor("a board", `document.querySelectorAll(".node-card").length > 0`, 20*time.Second)
			eval[chromedp.Void](b, string(axe))
			check := func(state string) {
				t.Helper()
				b.waitFor("animations", `document.getAnimations().length === 0`, 10*time.Second)
				b.screenshot("a11y-" + tc.name + state + ".png")
				vs := evalAsync[[]axeViolation](b, `axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations)`)
				for _, v := range vs {
					if v.Impact != "serious" && v.Impact != "critical" {
						t.Logf("axe %s%s (%s): %s — %s (%d nodes)", tc.name, state, v.Impact, v.ID, v.Help, len(v.Nodes))
						continue
					}
					var where []string
					for i, n := range v.Nodes {
						if i == 5 {
							break
						}
						where = append(where, n.HTML+"\n    "+strings.ReplaceAll(n.Summary, "\n", " "))
					}
					t.Errorf("axe %s%s %s: %s — %s\n  %s", tc.name, state, v.Impact, v.ID, v.Help, strings.Join(where, "\n  "))
				}
			}
			check("")
			if tc.name != "page" {
				return
			}
			b.click("library", "#"+web.IDPanelToggle+"library")
			check("-library")
			eval[chromedp.Void](b, `document.getElementById("`+web.IDSweep+`").scrollIntoView()`)
			if png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot()); err == nil {
				path := filepath.Join(screenshotDir(t), "lesson-sweep.png")
				if err := os.WriteFile(path, png, 0o644); err == nil {
					t.Logf("screenshot: %s", path)
				}
			}
			b.click("palette", "#"+web.IDPanelToggle+"palette")
			check("-palette")
			b.click("import", "#"+web.IDPanelToggle+"import")
			b.do("type YAML", chromedp.SendKeys(chromedp.ID(web.IDImportText), "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec:\n  containers:\n  - name: c\n    image: nginx\n    tolerations: [{key: k, operator: Exists}]\n"))
			b.click("check", "#"+web.IDImportCheck)
			b.click("export script", "#"+web.IDExportScript)
			b.waitFor("the script", `!!document.getElementById("`+web.IDExportText+`")`, 10*time.Second)
			check("-import")
			b.click("embed", "#"+web.IDEmbedBtn)
			check("-embed")
		})
	}
}

type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		HTML    string `json:"html"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}
