//go:build js && wasm

package web

import "github.com/hack-pad/safejs"

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
	_, err = body.Call("setAttribute", name, value)
	return err
}

// flipFirst records where every pod chip is before the board changes.
func flipFirst() { _ = callGlobal("tpFlipFirst") }

// flipPlay animates pod chips from their recorded places to their new ones.
func flipPlay() { _ = callGlobal("tpFlipPlay") }

// markReady sets body[data-ready="1"] once the playground is mounted.
func markReady() { _ = setBodyAttr("data-ready", "1") }

// copyLink copies the page address to the clipboard; board.js shows the
// outcome on the button whose id is given.
func copyLink(buttonID string) { _ = callGlobal("tpCopyLink", buttonID) }
