//go:build js && wasm

package web

import "github.com/hack-pad/safejs"

// drawOverview hands an overview to board.js (tpOverviewDraw), which draws
// its tiles on the zones' canvases of #overview: the marks and
// utilisation as Uint8Arrays, the names (joined by newlines; "" to keep
// the ones sent with the same key), the chosen tile's index (-1 for none)
// and the words of the marks for the tiles' tooltips.
func drawOverview(o *Overview, names string, chosen int, labels string) error {
	marks, err := uint8Array(o.Marks)
	if err != nil {
		return err
	}
	util, err := uint8Array(o.Util)
	if err != nil {
		return err
	}
	data, err := jsObject("marks", marks, "util", util, "names", names, "chosen", chosen, "labels", labels)
	if err != nil {
		return err
	}
	return callGlobal("tpOverviewDraw", data)
}

func uint8Array(b []byte) (safejs.Value, error) {
	ctor, err := safejs.Global().Get("Uint8Array")
	if err != nil {
		return safejs.Undefined(), err
	}
	arr, err := ctor.New(len(b))
	if err != nil {
		return safejs.Undefined(), err
	}
	_, err = safejs.CopyBytesToJS(arr, b)
	return arr, err
}
