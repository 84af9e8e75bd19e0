//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/web"
)

// causeScenario's first step taints a node that does not exist: kubectl
// answers `Error from server (NotFound): nodes "node9" not found`.
const causeScenario = `kind: Scenario
name: cause
steps:
- at: 10s
  run: kubectl taint nodes node9 k=v:NoSchedule
  caption: node9 is tainted now.
- at: 30s
  run: kubectl taint nodes n1 k=v:NoSchedule-
  caption: n1 loses its taint and web is scheduled there.
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

// pressKey sends a key down and up to the focused element.
func (b *browser) pressKey(key, code string, vk int64) {
	b.t.Helper()
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
		if _, err := chromedp.Call(b.ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: typ, Key: key, Code: code, WindowsVirtualKeyCode: vk}); err != nil {
			b.t.Fatal(err)
		}
	}
}

// inView is how the console sits relative to the window and the board.
const consoleBox = `(() => { const c = document.getElementById("console").getBoundingClientRect();
	const b = document.getElementById("board").getBoundingClientRect();
	return {top: c.top, bottom: c.bottom, left: c.left, right: c.right, boardTop: b.top,
		vh: innerHeight, vw: document.documentElement.clientWidth,
		overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth}; })()`

type box struct {
	Top, Bottom, Left, Right, BoardTop, VH, VW, Overflow float64
}

// TestCauseAndEffect: a failed step is red in the timeline and the
// editor's status; the console is docked in view under the board; Esc
// closes the why panel; the error's file line is marked and reached; the
// theme switch survives a reload.
func TestCauseAndEffect(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1440, 900)
	b.do("navigate", chromedp.Navigate(base+"/#"+web.EncodeFragment(causeScenario)))
	b.waitFor("ready", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy")`, 90*time.Second)

	// The failed step.
	b.waitFor("the failed status", `!!document.getElementById("`+web.IDEditorFailed+`")`, 10*time.Second)
	status := eval[string](b, `document.getElementById("`+web.IDEditorFailed+`").innerText`)
	for _, want := range []string{"1 step failed", `nodes "node9" not found`} {
		if !strings.Contains(status, want) {
			t.Errorf("the status %q lacks %q", status, want)
		}
	}
	item := `document.querySelector(".tl-item.is-failed")`
	if !eval[bool](b, `!!`+item+` && `+item+`.innerText.includes("✗") && `+item+`.querySelector(".tl-button").title.includes("node9")`) {
		t.Errorf("no failed timeline entry with ✗ and a title: %s", eval[string](b, `document.querySelector(".timeline").innerHTML`))
	}
	red := `(() => { const p = document.createElement("span"); p.style.color = "var(--bad)"; document.body.appendChild(p);
		const c = getComputedStyle(p).color; p.remove(); return c; })()`
	bad := eval[string](b, red)
	if got := eval[string](b, `getComputedStyle(document.getElementById("`+web.IDEditorFailed+`")).color`); got != bad {
		t.Errorf("the status is %s, not red %s", got, bad)
	}
	if got := eval[string](b, `getComputedStyle(`+item+`.querySelector(".tl-button")).borderTopColor`); got != bad {
		t.Errorf("the failed entry's border is %s, not red %s", got, bad)
	}
	b.click("the failed frame", ".tl-item.is-failed .tl-button")
	b.waitFor("its caption", `!!document.querySelector(".caption .step-output.is-error") && !!document.querySelector(".caption del")`, 10*time.Second)
	if !eval[bool](b, `(() => { const e = document.querySelector(".caption .step-output.is-error"), d = document.querySelector(".caption del");
		return !!(e.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING); })()`) {
		t.Error("the step's caption sits above kubectl's error")
	}

	// The console is in view, on the board's top edge, and the page does
	// not scroll sideways.
	eval[any](b, `window.scrollTo(0, 0)`)
	var c box
	c = eval[box](b, consoleBox)
	if c.Top >= c.VH || c.Bottom > c.VH+1 || c.Overflow > 0 {
		t.Errorf("the console is not in view at 1440 px: %+v", c)
	}
	b.viewShot("cause-1440.png", ".pg")
	// It sits right above the board, compact, covering none of it.
	if gap := c.BoardTop - c.Bottom; gap < 0 || gap > 40 || c.Bottom-c.Top > 0.4*c.VH {
		t.Errorf("the console is not docked on the board's top edge: %+v", c)
	}
	b.viewShot("cause-board-1440.png", "#board")

	// Esc closes the why panel.
	b.click("the pod", `[data-pod="default/web"]`)
	b.waitFor("the why panel", `!!document.querySelector("#why .why-close")`, 10*time.Second)
	b.pressKey("Escape", "Escape", 27)
	b.waitFor("the why panel closed", `!document.querySelector("#why .why-close")`, 5*time.Second)
	// In the console's input Esc stays with the field.
	b.click("the pod again", `[data-pod="default/web"]`)
	b.waitFor("the why panel", `!!document.querySelector("#why .why-close")`, 10*time.Second)
	b.do("focus the console", chromedp.Focus(chromedp.ID(web.IDConsoleInput)))
	b.pressKey("Escape", "Escape", 27)
	time.Sleep(300 * time.Millisecond)
	if !eval[bool](b, `!!document.querySelector("#why .why-close")`) {
		t.Error("Esc in the console input closed the why panel")
	}

	// Esc closes an open tool panel too (focus on its toggle button).
	b.click("the library", "#"+web.IDPanelToggle+"library")
	b.waitFor("the library panel", `!!document.getElementById("panel-library")`, 10*time.Second)
	b.do("focus the toggle", chromedp.Focus(chromedp.ID(web.IDPanelToggle+"library")))
	b.pressKey("Escape", "Escape", 27)
	b.waitFor("the library closed", `!document.getElementById("panel-library")`, 5*time.Second)

	// A console step at t=0 marks the captions after it: the t=30s one.
	b.click("reset", "#btn-reset")
	b.waitFor("frame 1", `document.getElementById("board").dataset.frame === "0"`, 10*time.Second)
	b.do("a console step",
		chromedp.Click(chromedp.ID(web.IDConsoleInput)),
		chromedp.SendKeys(chromedp.ID(web.IDConsoleInput), "kubectl label nodes n1 tier=1"),
		chromedp.Click(chromedp.ID(web.IDConsoleRun)))
	b.waitFor("the stale mark", `!!document.querySelector(".tl-item .stale-mark")`, 15*time.Second)
	stale := eval[[]string](b, `[...document.querySelectorAll(".tl-item")].filter(e => e.querySelector(".stale-mark")).map(e => e.querySelector(".tl-time").innerText)`)
	if len(stale) != 1 || stale[0] != "t=30s" {
		t.Errorf("stale captions at %v, want the t=30s one", stale)
	}
	b.viewShot("cause-stale-1440.png", ".timeline")

	// The error line: 150 comment lines push the second document down; its
	// duplicate key is the document's line 4.
	pad := strings.Repeat("# padding\n", 150)
	text := causeScenario + "---\n" + pad + "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nmetadata: {name: b}\nspec: {containers: [{name: c, image: x}]}\n"
	line := strings.Count(causeScenario, "\n") + 1 + 150 + 4
	b.setEditor(text)
	b.waitFor("the error", `!!document.getElementById("`+web.IDGoLine+`")`, 15*time.Second)
	msg := eval[string](b, `document.getElementById("editor-error").innerText`)
	if !strings.Contains(msg, fmt.Sprintf("line %d:", line)) {
		t.Errorf("the error does not name file line %d: %q", line, msg)
	}
	if n := eval[int](b, `document.querySelectorAll("#editor-gutter .gl").length`); n == 0 || n > 80 {
		t.Errorf("the gutter draws %d numbers, want only the visible lines' (the text has %d)", n, strings.Count(text, "\n"))
	}
	b.click("go to the line", "#"+web.IDGoLine)
	b.waitFor("the marked line", `(() => { const g = document.querySelector("#editor-gutter .gl.is-error"); return !!g && g.innerText.includes("`+fmt.Sprint(line)+`"); })()`, 5*time.Second)
	// The marked number sits on the same row as the selected line.
	rows := eval[[]float64](b, `(() => { const ta = document.getElementById("editor"), g = document.querySelector("#editor-gutter .gl.is-error");
		const lh = parseFloat(getComputedStyle(ta).lineHeight), pad = parseFloat(getComputedStyle(ta).paddingTop);
		const lineTop = ta.getBoundingClientRect().top + ta.clientTop + pad + (`+fmt.Sprint(line-1)+`) * lh - ta.scrollTop;
		const sel = ta.value.slice(0, ta.selectionStart).split("\n").length;
		return [lineTop, g.getBoundingClientRect().top, sel]; })()`)
	if d := rows[0] - rows[1]; d > 2 || d < -2 {
		t.Errorf("the gutter's mark is %.1f px off its line", d)
	}
	if int(rows[2]) != line {
		t.Errorf("the selection is on line %v, want %d", rows[2], line)
	}
	b.screenshot("cause-error-line-1440.png")

	// The theme switch is remembered.
	eval[any](b, `(() => { const s = document.getElementById("`+web.IDTheme+`"); s.value = "dark"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`)
	b.waitFor("dark", `document.documentElement.dataset.theme === "dark"`, 5*time.Second)
	// Before the reload, a script that records the theme when the document
	// is parsed (DOMContentLoaded: the WebAssembly has not started yet).
	if _, err := chromedp.Call(b.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `document.addEventListener("DOMContentLoaded", () => { window.tpThemeAtParse = document.documentElement.dataset.theme || ""; });`,
	}); err != nil {
		t.Fatal(err)
	}
	b.do("reload", chromedp.Reload())
	b.waitFor("ready again", `document.body.dataset.ready === "1"`, 90*time.Second)
	if got := eval[string](b, `String(window.tpThemeAtParse)`); got != "dark" {
		t.Errorf("the stored theme was not applied while the page was parsed: %q", got)
	}
	if got := eval[string](b, `document.documentElement.dataset.theme + "/" + document.getElementById("`+web.IDTheme+`").value`); got != "dark/dark" {
		t.Errorf("after a reload the theme is %q, want dark/dark", got)
	}
	b.viewShot("cause-dark-1440.png", ".pg")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// TestConsoleDockNarrow: at 768 and 360 px the console comes right before
// the board, and nothing scrolls sideways.
func TestConsoleDockNarrow(t *testing.T) {
	base := serve(t, distDir(t))
	for _, w := range []int{360, 768} {
		b := newBrowser(t, w, 800)
		b.do("navigate", chromedp.Navigate(base+"/#"+web.EncodeFragment(causeScenario)))
		b.waitFor("ready", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy")`, 90*time.Second)
		b.do("type a command",
			chromedp.Click(chromedp.ID(web.IDConsoleInput)),
			chromedp.SendKeys(chromedp.ID(web.IDConsoleInput), "kubectl get pods -A -o wide"),
			chromedp.Click(chromedp.ID(web.IDConsoleRun)))
		b.waitFor("the answer", `!!document.querySelector(".console-entry .console-out")`, 10*time.Second)
		eval[any](b, `document.getElementById("console").scrollIntoView({block: "end"})`)
		c := eval[box](b, consoleBox)
		if c.Overflow > 0 || c.Left < 0 || c.Right > c.VW+0.5 {
			t.Errorf("%d px: the console overflows: %+v", w, c)
		}
		if gap := c.BoardTop - c.Bottom; gap < 0 || gap > 40 {
			t.Errorf("%d px: the console is %.0f px from the board, want right above it", w, gap)
		}
		if c.Top < 0 || c.Bottom > c.VH+1 {
			t.Errorf("%d px: the console is not in view after scrolling to it: %+v", w, c)
		}
		if got := eval[string](b, `(() => { const g = document.querySelector("#editor-gutter .gl"); return g ? g.innerText : ""; })()`); got != "1" {
			t.Errorf("%d px: the gutter's first number is %q, want 1", w, got)
		}
		b.screenshot(fmt.Sprintf("cause-%d.png", w))
		if p := b.problems(); len(p) > 0 {
			t.Errorf("%d px: the page logged errors:\n%s", w, strings.Join(p, "\n"))
		}
	}
}

// TestGutterLargeText: a 1 MiB text (20,000+ lines) keeps a gutter of the
// visible lines' numbers, which follows the scroll.
func TestGutterLargeText(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1440, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
	line := "# a comment that pads the text to a mebibyte..\n"
	n := (1<<20 - len(causeScenario) - 1000) / len(line)
	text := causeScenario + strings.Repeat(line, n)
	total := strings.Count(text, "\n") + 1
	b.setEditor(text)
	b.waitFor("the run", `!document.body.hasAttribute("data-busy") && !!document.getElementById("`+web.IDEditorFailed+`")`, 60*time.Second)
	ms := eval[float64](b, `(() => { const t0 = performance.now(); tpGutter("editor"); return performance.now() - t0; })()`)
	b.waitFor("the gutter", `!!document.querySelector("#editor-gutter .gl")`, 5*time.Second)
	// Scroll to the middle: the numbers there, and only a window of them.
	mid := total / 2
	draw := evalAsync[float64](b, `new Promise(r => { const ta = document.getElementById("editor");
		const lh = parseFloat(getComputedStyle(ta).lineHeight);
		ta.scrollTop = `+fmt.Sprint(mid-1)+` * lh;
		const t0 = performance.now();
		requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now() - t0))); })`)
	got := eval[[]int](b, `[...document.querySelectorAll("#editor-gutter .gl")].map(e => Number(e.innerText))`)
	if len(got) == 0 || len(got) > 80 {
		t.Fatalf("the gutter holds %d numbers for %d lines", len(got), total)
	}
	if got[0] > mid || got[len(got)-1] < mid {
		t.Errorf("scrolled to line %d, the gutter shows %d…%d", mid, got[0], got[len(got)-1])
	}
	if eval[string](b, `getComputedStyle(document.getElementById("editor")).whiteSpace`) != "pre" {
		t.Error("the editor wraps lines: the numbers would not line up")
	}
	t.Logf("%d lines (%d bytes): counting and drawing %.1f ms, a scroll's redraw within %.1f ms (two frames), %d numbers drawn", total, len(text), ms, draw, len(got))
}
