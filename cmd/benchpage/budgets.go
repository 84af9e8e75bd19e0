package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// readyJS defines window.__benchReady(node), the one test of "the board is
// interactive" every page measurement uses: the page is mounted
// (body[data-ready="1"]), no run is in flight (no body[data-busy]: the page
// sets it while the engine works on a run and removes it when the board
// shows the result), and #board shows a laid-out node card, of node when
// node is not empty ([data-node=node] anywhere in #board).
const readyJS = `window.__benchReady = (node) => {
  const body = document.body;
  if (!body || body.dataset.ready !== "1" || body.hasAttribute("data-busy")) return false;
  const board = document.getElementById("board");
  if (!board) return false;
  const card = node ? board.querySelector('[data-node="' + CSS.escape(node) + '"]') : board.querySelector(".node-card");
  return !!card && card.getBoundingClientRect().height > 0;
};`

// firstNode is the first node of the generated scenarios (bench.Cluster,
// bench.Paste): their boards are interactive when its card is.
const firstNode = "n0"

// The edit timed on the large board: one character typed into the editor
// renames the second node (n1, which no step names) to n1x, so the board
// has re-run when a card of n1x shows. editAfter finds the end of n1's name
// in the editor (the link may carry the scenario in its canonical form).
const (
	editAfter = `/name: n1(?=[,}\s])/`
	editChar  = "x"
	editNode  = "n1x"
)

// linkBudget is one traced load of the large scenario from its link and
// one edit on it.
type linkBudget struct {
	Load, Edit taskStats
	LoadMs     float64 // the link → the board, traced (to compare with load's untraced time)
	EditMs     float64 // the keystroke → the re-run board (includes the editor's debounce)
}

// tracedLink opens url (the large scenario's link) in a fresh browser with
// a trace running from before the navigation until the board showing node
// is interactive, then types one character into the editor and traces
// until the re-run board shows editNode. The timings of these loads are not
// reported (tracing slows the page); load does that untraced.
func tracedLink(chromium, url, node string) (linkBudget, error) {
	var lb linkBudget
	ctx, cancel, err := newBrowser(chromium, 5*time.Minute)
	if err != nil {
		return lb, err
	}
	defer cancel()
	var tr *tracer
	err = openPage(ctx, url, node, func() (err error) {
		tr, err = startTrace(ctx)
		return err
	})
	if err != nil {
		return lb, err
	}
	if lb.LoadMs, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`window.__bench.board`)); err != nil {
		return lb, err
	}
	if err := tail(ctx); err != nil {
		return lb, err
	}
	if lb.Load, err = tr.stop(ctx, "link load"); err != nil {
		return lb, fmt.Errorf("the load's trace: %w", err)
	}
	at, err := chromedp.Run(ctx, chromedp.Evaluate[int](`((re) => {
  const el = document.getElementById("editor");
  const m = el ? re.exec(el.value) : null;
  if (!m) return -1;
  const at = m.index + m[0].length;
  el.focus();
  el.setSelectionRange(at, at);
  return at;
})(`+editAfter+`)`))
	if err != nil {
		return lb, err
	}
	if at < 0 {
		return lb, fmt.Errorf("the editor does not match %s", editAfter)
	}
	if tr, err = startTrace(ctx); err != nil {
		return lb, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`window.__editT0 = performance.now()`)); err != nil {
		return lb, err
	}
	// Input.insertText types as a keyboard would: beforeinput, the
	// textarea's value, input.
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: editChar}); err != nil {
		return lb, err
	}
	if lb.EditMs, err = waitReady(ctx, editNode, "__editT0", 2*time.Minute); err != nil {
		return lb, fmt.Errorf("waiting for the edited board: %w", err)
	}
	if err := tail(ctx); err != nil {
		return lb, err
	}
	if lb.Edit, err = tr.stop(ctx, "edit"); err != nil {
		return lb, fmt.Errorf("the edit's trace: %w", err)
	}
	return lb, nil
}

// settle waits until the board's animations ended.
func settle(ctx context.Context) error {
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](`document.getAnimations().length === 0`, chromedp.WithPollingTimeout(30*time.Second)))
	return err
}

// tailTime is how long a traced phase goes on after its board is
// interactive and its animations ended: work the page does after showing
// the board (the share link, the URL) still belongs to the phase.
const tailTime = time.Second

// tail lets the board settle, then waits tailTime.
func tail(ctx context.Context) error {
	if err := settle(ctx); err != nil {
		return err
	}
	return chromedp.Do(ctx, chromedp.Sleep(tailTime))
}

// errTimeout is a wait that reached its limit: the page did not show the
// board in time (or froze).
var errTimeout = errors.New("timed out")

// waitReady waits up to limit (wall time, even while the page's main thread
// is blocked) until __benchReady(node), and returns the ms from
// window[t0] to the first animation frame that saw it.
func waitReady(ctx context.Context, node, t0 string, limit time.Duration) (float64, error) {
	wctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	ms, err := chromedp.Run(wctx, chromedp.Poll[float64](`window.__benchReady(`+jsString(node)+`) && (performance.now() - window.`+t0+`)`,
		chromedp.WithPollingTimeout(limit)))
	if err != nil && (wctx.Err() != nil || errors.Is(err, chromedp.ErrPollingTimeout)) {
		return 0, errTimeout
	}
	return ms, err
}

// pasteBudget is one paste of the huge scenario into the editor.
type pasteBudget struct {
	Ms       float64 // the paste → the board showing it (includes the debounce)
	TimedOut bool    // no board within the limit: Ms and the task are "> limit"
	Tasks    taskStats
	// Gap is the longest time between two runs of a 100 ms timer probe
	// while the page worked (100 ms when nothing ever delayed it).
	Gap float64
}

// respJS starts the responsiveness probe: a timer every 100 ms that keeps
// the longest time between two of its runs.
const respJS = `(() => {
  const r = window.__resp = {max: 0, last: performance.now(), n: 0};
  const tick = () => {
    const now = performance.now();
    r.max = Math.max(r.max, now - r.last);
    r.last = now;
    r.n++;
    r.timer = setTimeout(tick, 100);
  };
  r.timer = setTimeout(tick, 100);
})()`

// pasteJS puts text into the editor as a paste does (the textarea's value,
// then an input event) and notes the time.
const pasteJS = `((text) => {
  const el = document.getElementById("editor");
  if (!el) return false;
  el.focus();
  el.value = text;
  window.__pasteT0 = performance.now();
  el.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
  return true;
})`

// pasteBoard opens the default page, pastes text (whose board shows node)
// into the editor and waits up to limit for the board, with a trace and
// the responsiveness probe running.
func pasteBoard(chromium, base, text, node string, limit time.Duration) (pasteBudget, error) {
	var pb pasteBudget
	ctx, cancel, err := newBrowser(chromium, limit+5*time.Minute)
	if err != nil {
		return pb, err
	}
	defer cancel()
	if err := openPage(ctx, base, "", nil); err != nil {
		return pb, err
	}
	if err := settle(ctx); err != nil {
		return pb, err
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__benchReady(`+jsString(node)+`)`))
	if err != nil {
		return pb, err
	}
	if shown {
		return pb, fmt.Errorf("the default board already shows node %s", node)
	}
	tr, err := startTrace(ctx)
	if err != nil {
		return pb, err
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](respJS)); err != nil {
		return pb, err
	}
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](pasteJS+"("+jsString(text)+")"))
	if err != nil {
		return pb, err
	}
	if !ok {
		return pb, fmt.Errorf("no editor to paste into")
	}
	pb.Ms, err = waitReady(ctx, node, "__pasteT0", limit)
	if errors.Is(err, errTimeout) {
		pb.TimedOut = true
		return pb, nil // the page may be frozen: no trace, no probe to read
	}
	if err != nil {
		return pb, fmt.Errorf("waiting for the pasted board: %w", err)
	}
	if err := tail(ctx); err != nil {
		return pb, err
	}
	if pb.Tasks, err = tr.stop(ctx, "paste"); err != nil {
		return pb, fmt.Errorf("the paste's trace: %w", err)
	}
	pb.Gap, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`clearTimeout(window.__resp.timer), Math.max(window.__resp.max, performance.now() - window.__resp.last)`))
	return pb, err
}

// The pasted scenario and where its table goes (flags).
var (
	pasteNodes, pastePods int
	pasteLimit            time.Duration
	budgetsOut            string
)

// measureBudgets adds one traced load of the link frag with an edit, and
// one paste of pasteText, to bs.
func measureBudgets(bs *budgetSamples, chromium, base, frag, pasteText string) error {
	lb, err := tracedLink(chromium, base+"#"+frag, firstNode)
	if err != nil {
		return fmt.Errorf("traced link load: %w", err)
	}
	fmt.Fprintf(os.Stderr, "benchpage: traced link load: board after %.0f ms, %v; edit: board after %.0f ms, %v\n", lb.LoadMs, lb.Load, lb.EditMs, lb.Edit)
	bs.addLink(lb)
	pb, err := pasteBoard(chromium, base, pasteText, firstNode, pasteLimit)
	if err != nil {
		return fmt.Errorf("paste: %w", err)
	}
	if pb.TimedOut {
		fmt.Fprintf(os.Stderr, "benchpage: paste: no board within %v\n", pasteLimit)
	} else {
		fmt.Fprintf(os.Stderr, "benchpage: paste: board after %.0f ms; %v; longest timer gap %.0f ms\n", pb.Ms, pb.Tasks, pb.Gap)
	}
	bs.addPaste(pb)
	return nil
}

// writeBudgets writes the budgets table to budgetsOut, or to w under a
// heading.
func writeBudgets(w io.Writer, bs *budgetSamples, nodes, pods, pasteBytes int) error {
	if budgetsOut == "" {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "### Issue 14 budgets")
		fmt.Fprintln(w)
		bs.write(w, nodes, pods, pasteNodes, pastePods, pasteBytes/1000)
		return nil
	}
	f, err := os.Create(budgetsOut)
	if err != nil {
		return err
	}
	bs.write(f, nodes, pods, pasteNodes, pastePods, pasteBytes/1000)
	return f.Close()
}
