//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/web"
)

// boardOf is a JS predicate: the board is ready, not waiting for the
// engine, and shows node name's card.
func boardOf(name string) string {
	return `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy") && !!document.querySelector('#board [data-node="` + name + `"]')`
}

// TestEngineInAWorker: the simulation runs in a Web Worker. A large paste
// shows its progress and can be cancelled, keeping the last board usable;
// a worker killed mid-run reports it and the board stays; the worker that
// holds the board killed: the page says so and the board is rebuilt.
func TestEngineInAWorker(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("the default board", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy") && document.querySelectorAll(".node-card").length > 0`, 90*time.Second)
	firstNode := eval[string](b, `document.querySelector("#board .node-card").dataset.node`)

	// 1. A large paste: progress, and the board stays usable meanwhile.
	big := bench.Paste(5000, 10000)
	b.setEditor(big)
	b.waitFor("the run's progress and its Cancel button", `!!document.getElementById("btn-cancel") && document.body.hasAttribute("data-busy")`, 30*time.Second)
	if n := eval[int](b, `document.querySelectorAll("#board .node-card").length`); n == 0 {
		t.Error("the last board went away while the run is in flight")
	}
	frame := frameIndex(b)
	eval[chromedp.Void](b, `document.getElementById("btn-step").click()`)
	b.waitFor("a step while the run is in flight", `Number(document.getElementById("board").dataset.frame) !== `+strconv.Itoa(frame), 20*time.Second)
	b.waitFor("progress text", `/t=|Reading/.test(document.querySelector(".run-progress").innerText)`, 60*time.Second)
	if !eval[bool](b, `(() => { const c = document.getElementById("btn-cancel"); if (c) c.click(); return !!c; })()`) {
		t.Fatal("the run ended before it could be cancelled")
	}
	b.waitFor("the run cancelled", `!document.getElementById("btn-cancel") && !document.body.hasAttribute("data-busy")`, 20*time.Second)
	if got := eval[string](b, `document.getElementById("editor").value`); got != big {
		t.Error("Cancel threw the pasted text away")
	}
	if n := eval[string](b, `document.getElementById("notice") ? document.getElementById("notice").innerText : ""`); !strings.Contains(n, "Run cancelled") {
		t.Errorf("no notice after Cancel: %q", n)
	}
	b.waitFor("the old board after the cancel", boardOf(firstNode), 20*time.Second)

	// 2. The running worker dies mid-run: the run fails with the reason,
	// the board stays.
	b.setEditor(big)
	b.waitFor("a run in flight", `!!document.getElementById("btn-cancel")`, 30*time.Second)
	eval[chromedp.Void](b, `window.tpKillEngine("runner")`)
	b.waitFor("the runner's death reported", `!!document.getElementById("notice") && document.getElementById("notice").innerText.includes("The simulation stopped") && !document.getElementById("editor-error")`, 30*time.Second)
	b.waitFor("the old board kept", `!!document.querySelector('#board [data-node="`+firstNode+`"]')`, 10*time.Second)

	// 3. The worker holding the board dies: a notice, and the board is
	// rebuilt (a step still works).
	b.pickPreset("node-failure")
	frame = frameIndex(b)
	eval[chromedp.Void](b, `window.tpKillEngine("holder")`)
	b.waitFor("the notice", `!!document.getElementById("notice") && document.getElementById("notice").innerText.includes("The simulation stopped")`, 30*time.Second)
	b.click("next event", "#btn-step")
	b.waitFor("a step on the rebuilt board", `Number(document.getElementById("board").dataset.frame) === `+strconv.Itoa(frame+1)+` && !document.body.hasAttribute("data-busy") && document.querySelectorAll(".node-card").length > 0`, 60*time.Second)
	if p := b.problems(); len(p) > 0 && !strings.Contains(strings.Join(p, "\n"), "exit") {
		t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
	}
}

// TestLinkRunsEarly: a page opened from a link starts the engine's worker
// before go-app starts and runs the link there at once; the page adopts
// that worker and its run. A corrupt link is reported the same way. A page
// without a link starts it too, and the worker runs the default preset
// (web.LocalEngine.Prerun; TestPrerunDefaultPreset checks that the page's
// request is answered from that run).
func TestLinkRunsEarly(t *testing.T) {
	base := serve(t, distDir(t))
	text := bench.Cluster(60, 240)
	frag := web.EncodeFragment(text)
	if frag == "" {
		t.Fatal("no link for the scenario")
	}
	b := newBrowser(t, 1280, 900)
	b.do("open the link", chromedp.Navigate(base+"/#"+frag))
	b.waitFor("the link's board", boardOf("n0"), 90*time.Second)
	if !eval[bool](b, `window.tpEarlyAdopted === true && window.tpEarlyEngine === undefined`) {
		t.Error("the page did not adopt the worker started with the link")
	}
	want, err := web.DecodeFragment(frag)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval[string](b, `document.getElementById("editor").value`); got != want {
		t.Errorf("the editor does not hold the link's scenario (%d bytes of %d)", len(got), len(want))
	}
	if got := eval[string](b, `location.hash`); got != "#"+frag {
		t.Errorf("the address changed from the link: %.60s", got)
	}
	b.click("step", "#"+web.IDStep)
	b.waitFor("a step on the link's board", `Number(document.getElementById("board").dataset.frame) === 1`, 20*time.Second)

	b2 := newBrowser(t, 1280, 900)
	b2.do("open a corrupt link", chromedp.Navigate(base+"/#s=1.AAAA"))
	b2.waitFor("the fallback board", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy") && document.querySelectorAll(".node-card").length > 0`, 90*time.Second)
	if !eval[bool](b2, `window.tpEarlyAdopted === true`) {
		t.Error("the page did not adopt the worker started with the corrupt link")
	}
	if n := eval[string](b2, `document.getElementById("notice") ? document.getElementById("notice").innerText : ""`); !strings.Contains(n, "could not be read") {
		t.Errorf("a corrupt link opened without a notice: %q", n)
	}

	b3 := newBrowser(t, 1280, 900)
	b3.do("open the page without a link", chromedp.Navigate(base+"/"))
	b3.waitFor("the default board", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy") && document.querySelectorAll(".node-card").length > 0`, 90*time.Second)
	if !eval[bool](b3, `window.tpEarlyAdopted === true && window.tpEarlyEngine === undefined`) {
		t.Error("the page without a link did not adopt the worker started early")
	}
	def := presets.List()[0]
	if got := eval[string](b3, `document.getElementById("editor").value`); got != def.YAML {
		t.Errorf("the editor does not hold the default preset %s (%d bytes of %d)", def.Name, len(got), len(def.YAML))
	}
	b3.click("step", "#"+web.IDStep)
	b3.waitFor("a step on the default board", `Number(document.getElementById("board").dataset.frame) === 1`, 20*time.Second)
}

// TestPresetTextBeforeItsRun: a preset's text goes into the editor at once,
// while its run is still in flight, so what the reader types next goes
// into it (a newcomer typed into the old text while the editor waited for
// the board, and lost the preset or the typing).
func TestPresetTextBeforeItsRun(t *testing.T) {
	base := serve(t, distDir(t))
	b := newBrowser(t, 1280, 900)
	b.do("navigate", chromedp.Navigate(base+"/"))
	b.waitFor("the default board", `document.body.dataset.ready === "1" && !document.body.hasAttribute("data-busy")`, 90*time.Second)
	var want string
	for _, p := range presets.List() {
		if p.Name == "node-failure" {
			want = p.YAML
		}
	}
	if want == "" {
		t.Fatal("no node-failure preset")
	}
	eval[chromedp.Void](b, `(() => {
		const want = `+jsString(want)+`, ed = document.getElementById("editor");
		window.__seen = null;
		const timer = setInterval(() => {
			if (ed.value === want) { window.__seen = {busy: document.body.hasAttribute("data-busy")}; clearInterval(timer); }
		}, 1);
		const sel = document.getElementById("preset");
		sel.value = "node-failure";
		sel.dispatchEvent(new Event("change", {bubbles: true}));
	})()`)
	b.waitFor("the preset's text in the editor", `window.__seen !== null`, 30*time.Second)
	if !eval[bool](b, `window.__seen.busy`) {
		t.Error("the preset's text reached the editor only after its run: typing meanwhile went into the old text")
	}
	b.waitFor("the preset's board", `!document.body.hasAttribute("data-busy")`, 30*time.Second)
	if got := eval[string](b, `document.getElementById("editor").value`); got != want {
		t.Errorf("the editor does not hold the preset (%d bytes of %d)", len(got), len(want))
	}
}
