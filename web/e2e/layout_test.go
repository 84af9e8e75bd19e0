//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/taints-playground/playground/web"
)

// layoutWidths are the window widths the layout is checked at: a phone, a
// tablet and a desktop.
var layoutWidths = []int{360, 768, 1440}

// layoutPod is the fixture's Pending pod with a long name and ten
// tolerations (eight of its own, two DefaultTolerationSeconds).
const layoutPod = "payments-platform-production/cardholder-tokenization-vault-sidecar-injector-5c9d7-qq8lm"

// boxesJS finds what sticks out: the page wider than the window, and
// every element or text inside a box (node card, pod chip, why panel,
// event log, caption, …) that reaches past that box's edges. What a
// scrolling or clipping element (overflow other than visible) holds may
// reach past the box: it scrolls or is cut inside that element, which is
// itself checked. Each offender names its box, itself, its text and by
// how much it sticks out.
const boxesJS = `(() => {
	const slack = 1;
	const out = [];
	const de = document.documentElement;
	const clips = el => { const s = getComputedStyle(el); return s.overflowX !== "visible" || s.overflowY !== "visible"; };
	const scrolls = el => { const s = getComputedStyle(el); return s.overflowX === "auto" || s.overflowX === "scroll"; };
	const label = el => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
		(typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\s+/).join(".") : "");
	// The window's width less its scroll bar; what scrolls sideways is
	// wider than that.
	const vw = de.clientWidth;
	if (de.scrollWidth > vw) {
		out.push({box: "page", el: "html", text: "", by: de.scrollWidth - vw});
		// The outermost elements past the window's right edge that no
		// scrolling or clipping element holds.
		const free = el => { for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) { if (clips(e)) return false; } return true; };
		const wide = new Set([...document.body.querySelectorAll("*")].filter(e => e.getBoundingClientRect().right > vw + slack && free(e)));
		for (const e of [...wide].filter(e => !wide.has(e.parentElement)).slice(0, 10)) {
			out.push({box: "window", el: label(e), text: (e.innerText || "").trim().slice(0, 90), by: Math.round(e.getBoundingClientRect().right - vw), side: "right"});
		}
	}
	const boxes = [".pg", ".topbar", ".tool-panel", ".controls", ".clockbar", ".timeline", ".caption", ".board", ".lane",
		".node-card", ".more-nodes", ".pod", ".why", ".events", ".editor-pane", ".console"];
	const name = box => label(box) + (box.dataset.node ? "[" + box.dataset.node + "]" : box.dataset.pod ? "[" + box.dataset.pod + "]" : "");
	const sides = (r, b) => ({left: b.left - r.left, right: r.right - b.right, top: b.top - r.top, bottom: r.bottom - b.bottom});
	const past = (r, b) => Object.entries(sides(r, b)).reduce((m, e) => e[1] > m[1] ? e : m, ["", -Infinity]);
	// clipped reports whether el, or an element between it and box, clips.
	const clipped = (el, box) => { for (let e = el; e && e !== box; e = e.parentElement) { if (clips(e)) return true; } return false; };
	for (const sel of boxes) {
		for (const box of document.querySelectorAll(sel)) {
			const b = box.getBoundingClientRect();
			if ((b.width === 0 && b.height === 0) || scrolls(box)) continue;
			const walker = document.createTreeWalker(box, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
			for (let n = walker.nextNode(); n; n = walker.nextNode()) {
				let r, el;
				if (n.nodeType === Node.TEXT_NODE) {
					if (!n.textContent.trim()) continue;
					el = n.parentElement;
					if (clipped(el, box)) continue;
					const range = document.createRange();
					range.selectNodeContents(n);
					r = range.getBoundingClientRect();
				} else {
					el = n;
					if (el.parentElement !== box && clipped(el.parentElement, box)) continue;
					r = el.getBoundingClientRect();
				}
				if (r.width === 0 && r.height === 0) continue;
				const [side, by] = past(r, b);
				if (by > slack) {
					out.push({box: name(box), el: label(el), text: (el.innerText || n.textContent || "").trim().slice(0, 90), by: Math.round(by), side: side});
				}
			}
		}
	}
	return out;
})()`

// brokenWordsJS lists the words (runs of letters and digits) of the event
// table that are broken across two lines although they would fit their
// cell on one line.
const brokenWordsJS = `(() => {
	const out = [];
	for (const td of document.querySelectorAll(".ev-table td")) {
		const s = getComputedStyle(td);
		const width = td.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
		const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
		for (let n = walker.nextNode(); n; n = walker.nextNode()) {
			for (const m of n.textContent.matchAll(/[\p{L}\p{N}]+/gu)) {
				const range = document.createRange();
				range.setStart(n, m.index);
				range.setEnd(n, m.index + m[0].length);
				const rects = [...range.getClientRects()].filter(r => r.width > 0);
				if (rects.length < 2 || new Set(rects.map(r => Math.round(r.top))).size < 2) continue;
				const wide = rects.reduce((w, r) => w + r.width, 0);
				if (wide <= width) out.push({cell: td.className, word: m[0], width: Math.round(width), wordWidth: Math.round(wide)});
			}
		}
	}
	return out;
})()`

// cutJS lists the texts of node cards and pod chips that are cut short
// (overflow hidden, an ellipsis) without their whole text in a title or
// aria-label on them or on an element around them in the card. What
// scrolls (kubectl describe) is not cut, nor is text hidden on purpose for
// screen readers only (.sr-only).
const cutJS = `(() => {
	const out = [];
	for (const box of document.querySelectorAll(".node-card, .pod")) {
		for (const el of box.querySelectorAll("*")) {
			const ox = getComputedStyle(el).overflowX;
			if (el.scrollWidth <= el.clientWidth + 1 || (ox !== "hidden" && ox !== "clip") || el.classList.contains("sr-only")) continue;
			const text = el.textContent.trim();
			let ok = false;
			for (let e = el; e && !ok; e = e === box ? null : e.parentElement) {
				ok = (e.title || "").includes(text) || (e.getAttribute("aria-label") || "").includes(text);
			}
			if (!ok) out.push((box.dataset.node || box.dataset.pod) + ": " + text.slice(0, 90));
		}
	}
	return out;
})()`

type overflowOffender struct {
	Box  string `json:"box"`
	El   string `json:"el"`
	Text string `json:"text"`
	By   int    `json:"by"`
	Side string `json:"side"`
}

type brokenWord struct {
	Cell      string `json:"cell"`
	Word      string `json:"word"`
	Width     int    `json:"width"`
	WordWidth int    `json:"wordWidth"`
}

// checkBoxes fails the test for every element that leaves its box, a page
// wider than the window, a text of a card or chip cut short without its
// whole text on hover, and a word of the event table broken in the
// middle.
func checkBoxes(t *testing.T, b *browser, when string) {
	t.Helper()
	b.waitFor("animations to finish", `document.getAnimations().length === 0`, 10*time.Second)
	raw := eval[json.RawMessage](b, boxesJS)
	var offenders []overflowOffender
	if err := json.Unmarshal(raw, &offenders); err != nil {
		t.Fatalf("%s: decoding the overflow check: %v", when, err)
	}
	var lines []string
	for _, o := range offenders {
		if o.Box == "page" {
			t.Errorf("%s: the page scrolls sideways by %d px", when, o.By)
			continue
		}
		lines = append(lines, fmt.Sprintf("  %s: %s sticks out %d px on the %s: %q", o.Box, o.El, o.By, o.Side, o.Text))
	}
	if n := len(lines); n > 0 {
		const most = 40
		more := ""
		if len(lines) > most {
			more = fmt.Sprintf("\n  … and %d more", len(lines)-most)
			lines = lines[:most]
		}
		t.Errorf("%s: %d elements leave their box:\n%s%s", when, n, strings.Join(lines, "\n"), more)
	}
	for i, c := range eval[[]string](b, cutJS) {
		if i == 10 {
			t.Errorf("%s: … and more texts cut without a title", when)
			break
		}
		t.Errorf("%s: a text is cut short and no title holds it: %s", when, c)
	}
	var broken []brokenWord
	if err := json.Unmarshal(eval[json.RawMessage](b, brokenWordsJS), &broken); err != nil {
		t.Fatalf("%s: decoding the word check: %v", when, err)
	}
	for i, w := range broken {
		if i == 10 {
			t.Errorf("%s: … and %d more broken words", when, len(broken)-i)
			break
		}
		t.Errorf("%s: the event table breaks %q (%d px) in a %d px cell (.%s)", when, w.Word, w.WordWidth, w.Width, w.Cell)
	}
}

// seekStep shows the frame of the timeline entry whose step contains cmd.
func seekStep(t *testing.T, b *browser, cmd string) {
	t.Helper()
	frame := eval[string](b, `(() => { const it = [...document.querySelectorAll(".tl-item")].find(e => e.innerText.includes(`+jsString(cmd)+`)); return it ? it.dataset.frame : ""; })()`)
	if frame == "" {
		t.Fatalf("no timeline entry for %q", cmd)
	}
	b.click("the step "+cmd, `.tl-item[data-frame="`+frame+`"] button`)
	b.waitFor("the frame of "+cmd, `document.getElementById("board").dataset.frame === `+jsString(frame), 10*time.Second)
}

// openDescribe opens every kubectl describe block, so their text is
// checked too.
func openDescribe(b *browser) {
	eval[chromedp.Void](b, `document.querySelectorAll("details.describe").forEach(d => d.open = true)`)
}

// TestLayoutRealCluster loads a real cluster's shapes (EKS and GKE node
// names, about 20 labels per node, eight long taints, hash-suffixed pod
// names, ten tolerations, kubectl describe and wide tables in the
// captions) at a phone's, a tablet's and a desktop's width, with the why
// panel closed and open, and fails when the page scrolls sideways, an
// element leaves its card, chip or panel, or the event table breaks a
// word that would fit its cell. The why matrix's toleration columns must
// each name their toleration.
func TestLayoutRealCluster(t *testing.T) {
	fixture, err := os.ReadFile("testdata/realcluster.yaml")
	if err != nil {
		t.Fatal(err)
	}
	base := serve(t, distDir(t))
	for _, width := range layoutWidths {
		t.Run(fmt.Sprintf("%dpx", width), func(t *testing.T) {
			b := newBrowser(t, width, 900)
			// Headless Chromium keeps a window at least 500 px wide: the
			// viewport is set to the width itself.
			if _, err := chromedp.Call(b.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
				Width: int64(width), Height: 900, DeviceScaleFactor: 1,
			}); err != nil {
				t.Fatal(err)
			}
			b.do("navigate", chromedp.Navigate(base+"/"))
			b.waitFor("ready", `document.body.dataset.ready === "1"`, 90*time.Second)
			if w := eval[int](b, `window.innerWidth`); w != width {
				t.Fatalf("the window is %d px wide, want %d", w, width)
			}
			b.setEditor(string(fixture))
			b.waitFor("the real cluster's board", `document.querySelectorAll(".node-card").length === 44 && !!document.querySelector('[data-pod="`+layoutPod+`"]')`, 60*time.Second)

			seekStep(t, b, "kubectl describe node")
			openDescribe(b)
			if !eval[bool](b, `[...document.querySelectorAll(".caption .step-output")].some(e => e.innerText.includes("Taints:"))`) {
				t.Error("the describe step's output is not in the caption")
			}
			if ws := eval[string](b, `getComputedStyle(document.querySelector(".caption .step-output")).whiteSpace`); ws != "pre" {
				t.Errorf("the caption's kubectl output has white-space %s, want pre (its columns wrap)", ws)
			}
			checkBoxes(t, b, "describe node, why panel closed")
			b.viewShot(fmt.Sprintf("layout-%d-top.png", width), ".pg")
			b.viewShot(fmt.Sprintf("layout-%d-caption.png", width), ".caption")
			b.viewShot(fmt.Sprintf("layout-%d-board.png", width), ".board")
			b.viewShot(fmt.Sprintf("layout-%d-events.png", width), ".events")
			seekStep(t, b, "kubectl get nodes -o wide")
			checkBoxes(t, b, "get nodes -o wide, why panel closed")

			seekStep(t, b, "kubectl describe pod")
			b.click("the long-named pod", `[data-pod="`+layoutPod+`"]`)
			b.waitFor("its why panel", `!!document.querySelector(".why .matrix-table")`, 10*time.Second)
			openDescribe(b)
			checkBoxes(t, b, "why panel open")
			checkTolerationColumns(t, b)
			b.viewShot(fmt.Sprintf("layout-%d-why.png", width), "#why")
			b.viewShot(fmt.Sprintf("layout-%d-matrix.png", width), ".matrix")

			// The lesson library: long lesson titles.
			b.click("the library", "#"+web.IDPanelToggle+"library")
			b.waitFor("the library", `!!document.getElementById("`+web.IDLibrary+`")`, 20*time.Second)
			checkBoxes(t, b, "library open")
			b.viewShot(fmt.Sprintf("layout-%d-library.png", width), "#"+web.IDLibrary)

			if p := b.problems(); len(p) > 0 {
				t.Errorf("the page logged errors:\n%s", strings.Join(p, "\n"))
			}
		})
	}
}

// checkTolerationColumns: every toleration column of the why matrix names
// its toleration (number, key, operator, value, effect) for the eye, on
// hover and for screen readers, and no two columns read the same.
func checkTolerationColumns(t *testing.T, b *browser) {
	t.Helper()
	type col struct {
		Text, Title, Aria string
	}
	var cols []col
	raw := eval[json.RawMessage](b, `[...document.querySelectorAll(".matrix-table thead .tol-col")].map(th => ({Text: th.innerText, Title: th.title, Aria: th.getAttribute("aria-label") || ""}))`)
	if err := json.Unmarshal(raw, &cols); err != nil {
		t.Fatal(err)
	}
	if len(cols) < 8 {
		t.Fatalf("the why matrix has %d toleration columns, want the pod's 10", len(cols))
	}
	seen := map[string]int{}
	for i, c := range cols {
		if !strings.Contains(c.Text, fmt.Sprintf("#%d", i+1)) || c.Title == "" || !strings.Contains(c.Aria, c.Title) {
			t.Errorf("toleration column %d: text %q, title %q, aria-label %q", i+1, c.Text, c.Title, c.Aria)
		}
		if j, ok := seen[c.Title]; ok {
			t.Errorf("toleration columns %d and %d both read %q", j+1, i+1, c.Title)
		}
		seen[c.Title] = i
	}
}
