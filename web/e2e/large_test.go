//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"os"
	"path/filepath"

	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/web"
)

// TestLargeBoardBounded: 500 nodes and 2,000 pods (cmd/benchpage's large
// scenario, from the link) draw a bounded page: 24 node cards (boards of
// more than web.LargeBoardNodes nodes) and a summary, the last events of
// thousands with "showing N of M", a filter and Show earlier; the DOM
// stays small before and after a step.
func TestLargeBoardBounded(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1366, 900)
	start := time.Now()
	b.do("navigate", chromedp.Navigate(base+"/#"+web.EncodeFragment(bench.Cluster(500, 2000))))
	b.waitFor("the large board", `document.body.dataset.ready === "1" && !!document.querySelector('[data-node="n0"]') && !!document.querySelector(".more-nodes")`, 3*time.Minute)
	t.Logf("500 nodes / 2,000 pods on the board in %v", time.Since(start).Round(time.Millisecond))

	const maxElements = 6000 // about 4,300 today; 18,000 when the event log drew every row
	count := func(when string) {
		t.Helper()
		n := eval[int](b, `document.getElementsByTagName("*").length`)
		t.Logf("%s: %d DOM elements", when, n)
		if n > maxElements {
			t.Errorf("%s: %d DOM elements, want at most %d", when, n, maxElements)
		}
	}
	count("first frame")
	if n := eval[int](b, `document.querySelectorAll(".node-card").length`); n != web.NodeLimitFor(500) {
		t.Errorf("%d node cards, want %d", n, web.NodeLimitFor(500))
	}
	if !eval[bool](b, `document.querySelector(".nodes").classList.contains("is-large")`) {
		t.Error("the node grid is not marked large")
	}
	if n := eval[int](b, `document.querySelectorAll(".ev-table tbody tr").length`); n != web.EventPage {
		t.Errorf("%d event rows, want %d", n, web.EventPage)
	}
	shown := eval[string](b, `document.querySelector(".events .shown-count").innerText`)
	if !strings.Contains(shown, fmt.Sprintf("last %d of", web.EventPage)) {
		t.Errorf("event log count: %q", shown)
	}

	b.click("show earlier events", "#btn-more-events")
	b.waitFor("100 event rows", fmt.Sprintf(`document.querySelectorAll(".ev-table tbody tr").length === %d`, 2*web.EventPage), 10*time.Second)
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("event-filter");
		el.value = "n499"; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	b.waitFor("the filtered events", `(() => { const rows = [...document.querySelectorAll(".ev-table tbody tr")];
		return rows.length > 0 && rows.length < 50 && rows.every(r => r.innerText.includes("n499")); })()`, 10*time.Second)
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("event-filter");
		el.value = ""; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	b.waitFor("the unfiltered log", fmt.Sprintf(`document.querySelectorAll(".ev-table tbody tr").length === %d`, web.EventPage), 10*time.Second)

	// A filter that matches no event says so against the whole log.
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("event-filter");
		el.value = "no such event"; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	b.waitFor("the no-match event count", `/^0 of [0-9,]+ events match$/.test(document.querySelector(".events .shown-count").innerText.trim())`, 10*time.Second)
	eval[chromedp.Void](b, `(() => { const el = document.getElementById("event-filter");
		el.value = ""; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	b.waitFor("the unfiltered log again", fmt.Sprintf(`document.querySelectorAll(".ev-table tbody tr").length === %d`, web.EventPage), 10*time.Second)

	// The node filter counts the matching nodes, and finds pods by name.
	setNodeFilter := func(v string) {
		eval[chromedp.Void](b, `(() => { const el = document.getElementById("node-filter");
			el.value = `+jsString(v)+`; el.dispatchEvent(new Event("input", {bubbles: true})); })()`)
	}
	setNodeFilter("dedicated")
	b.waitFor("the filtered node count", `document.querySelector(".nodes-count").innerText.trim() === "24 of 50 matching nodes (500 in all)"`, 10*time.Second)
	if got := eval[string](b, `document.querySelector(".more-nodes .more-count").innerText`); got != "+26 more matching nodes" {
		t.Errorf("summary card with a filter: %q", got)
	}
	b.viewShot("large-board-filtered.png", ".board")
	setNodeFilter("p1999")
	b.waitFor("the node of pod p1999", `!!document.querySelector('.node-card [data-pod="default/p1999"]') && !document.querySelector(".nodes .no-match")`, 10*time.Second)
	t.Logf("filter p1999: %q", eval[string](b, `document.querySelector(".nodes-count").innerText`))
	setNodeFilter("")
	b.waitFor("the unfiltered board", fmt.Sprintf(`document.querySelectorAll(".node-card").length === %d`, web.NodeLimitFor(500)), 10*time.Second)

	b.screenshot("large-board.png")
	b.viewShot("large-board-cards.png", ".board")
	b.viewShot("large-board-summary.png", ".more-nodes")
	b.viewShot("large-board-events.png", ".events")
	stepStart := time.Now()
	b.click("next event", "#btn-step")
	b.waitFor("frame 1", `document.getElementById("board").dataset.frame === "1"`, 30*time.Second)
	t.Logf("step with 500 nodes / 2,000 pods: %v (wall, headless, shared machine)", time.Since(stepStart).Round(time.Millisecond))
	count("after a step")
	b.screenshot("large-board-step.png")
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// viewShot scrolls the element to the top of the window and saves what
// the window shows (a full-page capture leaves the off-screen cards of a
// large board unrendered: content-visibility).
func (b *browser) viewShot(name, css string) {
	b.t.Helper()
	eval[chromedp.Void](b, `document.querySelector(`+jsString(css)+`).scrollIntoView({block: "start"})`)
	b.waitFor("animations to finish before the screenshot", `document.getAnimations().length === 0`, 10*time.Second)
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(screenshotDir(b.t), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", path)
}
