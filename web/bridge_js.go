//go:build js && wasm

package web

import (
	"net/url"
	"strings"

	"github.com/hack-pad/safejs"
)

// callGlobal calls window[name](args...) when it is a function. Errors,
// including JavaScript exceptions, are returned instead of panicking.
func callGlobal(name string, args ...any) error {
	fn, err := safejs.Global().Get(name)
	if err != nil {
		return err
	}
	if fn.Type() != safejs.TypeFunction {
		return nil
	}
	_, err = fn.Invoke(args...)
	return err
}

// setBodyAttr sets an attribute on document.body.
func setBodyAttr(name, value string) error {
	return withBody(func(body safejs.Value) error {
		_, err := body.Call("setAttribute", name, value)
		return err
	})
}

// removeBodyAttr removes an attribute from document.body.
func removeBodyAttr(name string) error {
	return withBody(func(body safejs.Value) error {
		_, err := body.Call("removeAttribute", name)
		return err
	})
}

// withBody calls f with document.body, when there is one.
func withBody(f func(body safejs.Value) error) error {
	doc, err := safejs.Global().Get("document")
	if err != nil {
		return err
	}
	body, err := doc.Get("body")
	if err != nil {
		return err
	}
	if body.IsNull() || body.IsUndefined() {
		return nil
	}
	return f(body)
}

// flipFirst records where every pod chip is before the board changes.
func flipFirst() { _ = callGlobal("tpFlipFirst") }

// flipPlay animates pod chips from their recorded places to their new ones.
func flipPlay() { _ = callGlobal("tpFlipPlay") }

// revealWhy scrolls the why panel into view when it is off screen.
func revealWhy() { _ = callGlobal("tpRevealWhy") }

// markBusy sets body[data-busy="1"] while the page waits for the engine
// (a run, or a frame's board) and removes it when it has every answer.
func markBusy(busy bool) {
	if busy {
		_ = setBodyAttr("data-busy", "1")
		return
	}
	_ = removeBodyAttr("data-busy")
}

// revealNodes scrolls the node cards into view when they are off screen.
func revealNodes() { _ = callGlobal("tpRevealNodes") }

// markReady sets body[data-ready="1"] once the playground shows its first
// board.
func markReady() { _ = setBodyAttr("data-ready", "1") }

// FixLocation rewrites the address bar, before go-app starts, when the
// address would not parse with net/url (go-app would crash on it). The
// fragment keeps its text, so the playground can then report the broken
// link instead of dying.
//
// It also fixes the address on every popstate (a fragment pasted into the
// open tab, back/forward): go-app re-reads the address in its popstate
// handler, after the listeners registered here, and would otherwise panic.
func FixLocation() {
	fixLocation()
	fix, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		fixLocation()
		return nil
	})
	if err != nil {
		return
	}
	// Capture on window runs before go-app's onpopstate handler attribute.
	_, _ = safejs.Global().Call("addEventListener", "popstate", fix, true)
}

func fixLocation() {
	loc, err := safejs.Global().Get("location")
	if err != nil {
		return
	}
	hrefV, err := loc.Get("href")
	if err != nil {
		return
	}
	href, err := hrefV.String()
	if err != nil {
		return
	}
	if _, err := url.Parse(href); err == nil {
		return
	}
	fixed, _ := SanitizeHref(href)
	if _, err := url.Parse(fixed); err != nil {
		fixed = strings.SplitN(href, "#", 2)[0] + "#s=~"
		if _, err := url.Parse(fixed); err != nil {
			fixed = "/"
		}
	}
	history, err := safejs.Global().Get("history")
	if err != nil {
		return
	}
	_, _ = history.Call("replaceState", nil, "", fixed)
}

// editorByScript: in the browser the editor's text is set by script
// (Editor), not rendered.
const editorByScript = true

// afterPaint calls f in a task after the browser's next paint
// (requestAnimationFrame, then a timeout): work that forces a long layout
// goes after the frame that shows the board.
func afterPaint(f func()) {
	g := safejs.Global()
	var later, frame safejs.Func
	later, err := safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		later.Release()
		f()
		return nil
	})
	if err != nil {
		f()
		return
	}
	frame, err = safejs.FuncOf(func(safejs.Value, []safejs.Value) any {
		frame.Release()
		if _, err := g.Call("setTimeout", later.Value(), 0); err != nil {
			later.Release()
			f()
		}
		return nil
	})
	if err != nil {
		later.Release()
		f()
		return
	}
	if _, err := g.Call("requestAnimationFrame", frame.Value()); err != nil {
		frame.Release()
		later.Release()
		f()
	}
}

// applyUpdate lets the waiting new version take over and reloads the page
// (static/update.js).
// Without update.js it reports an error: the caller reloads.
func applyUpdate() error {
	fn, err := safejs.Global().Get("tpApplyUpdate")
	if err != nil {
		return err
	}
	if fn.Type() != safejs.TypeFunction {
		return errNoUpdater
	}
	_, err = fn.Invoke()
	return err
}
