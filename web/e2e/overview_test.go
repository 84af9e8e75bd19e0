//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/web"
)

// TestOverviewPicks: above web.LargeBoardNodes nodes the board shows the
// overview, its tiles drawn on canvases; a click on a tile brings up that
// node's card alone (board.js hit-tests it), a click on a zone lists the
// zone's nodes, and a second click clears the filter.
func TestOverviewPicks(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1366, 900)
	b.do("navigate", chromedp.Navigate(base+"/#"+web.EncodeFragment(bench.Cluster(web.LargeBoardNodes+100, 400))))
	b.waitFor("the overview drawn", `(() => { const cs = [...document.querySelectorAll("#overview canvas.ov-canvas")];
		return document.body.dataset.ready === "1" && cs.length > 0 && cs.every(c => c.height > 0 && c._ov); })()`, 3*time.Minute)
	// bench.Cluster labels no topology zone: one group, frame order.
	if got := eval[string](b, `document.querySelector(".ov-zone-name").innerText`); got != "no zone" {
		t.Errorf("zone heading %q", got)
	}
	eval[chromedp.Void](b, `(() => { const cv = document.querySelector("#overview canvas.ov-canvas"); const r = cv.getBoundingClientRect(); const p = cv._ov.pitch;
		cv.dispatchEvent(new MouseEvent("click", {clientX: r.left + 3 * p + p / 2, clientY: r.top + p / 2, bubbles: true})); })()`)
	b.waitFor("n3's card alone", `document.getElementById("node-filter").value === '"n3"' && document.querySelectorAll(".node-card").length === 1 && !!document.querySelector('.node-card[data-node="n3"]')`, 10*time.Second)

	// The heading is a button: click it by script, since revealNodes may
	// still be scrolling the page, which moves it under a pointer click.
	b.waitFor("the board settled", `!document.body.hasAttribute("data-busy")`, 10*time.Second)
	// data-busy goes only once the answer is on the page: note what the
	// count says at the moment it goes (go-app renders a frame later).
	eval[chromedp.Void](b, `(() => { window.tpCountsWhenIdle = [];
		new MutationObserver(() => { if (!document.body.hasAttribute("data-busy")) window.tpCountsWhenIdle.push(document.querySelector(".nodes-count").innerText); })
			.observe(document.body, {attributes: true, attributeFilter: ["data-busy"]});
		document.querySelector(".ov-zone-head").click(); })()`)
	b.waitFor("the zone's nodes", `document.getElementById("node-filter").value === 'zone=""' && document.querySelector(".ov-zone-head").getAttribute("aria-pressed") === "true" && !document.body.hasAttribute("data-busy")`, 10*time.Second)
	if got := eval[string](b, `document.querySelector(".nodes-count").innerText`); !strings.HasPrefix(got, "24 of 400 matching nodes") {
		t.Errorf("nodes count %q", got)
	}
	counts := eval[[]string](b, `window.tpCountsWhenIdle`)
	if len(counts) == 0 {
		t.Error("data-busy never went after the zone's click")
	}
	for _, got := range counts {
		if !strings.HasPrefix(got, "24 of 400 matching nodes") {
			t.Errorf("data-busy went while the count said %q", got)
		}
	}
	b.waitFor("the board settled", `!document.body.hasAttribute("data-busy")`, 10*time.Second)
	eval[chromedp.Void](b, `document.querySelector(".ov-zone-head").click()`)
	b.waitFor("no filter", `document.getElementById("node-filter").value === ""`, 10*time.Second)

	// The keyboard: focus the map, move right twice, Enter.
	eval[chromedp.Void](b, `(() => { const cv = document.querySelector("#overview canvas.ov-canvas"); cv.focus();
		for (const key of ["ArrowRight", "ArrowRight", "Enter"]) cv.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true, cancelable: true})); })()`)
	b.waitFor("n2 picked by keyboard", `document.getElementById("node-filter").value === '"n2"'`, 10*time.Second)
	if got := eval[string](b, `document.querySelector("#overview .ov-live").textContent`); !strings.HasPrefix(got, "n2") {
		t.Errorf("the live region says %q", got)
	}
	if p := b.problems(); len(p) > 0 {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}
