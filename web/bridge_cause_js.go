//go:build js && wasm

package web

// callWindow calls window[name](args…) when static/editor.js defined it; a
// missing function or a throw is ignored (the page works without).
func callWindow(name string, args ...any) {
	w, err := global()
	if err != nil {
		return
	}
	f, err := w.Get(name)
	if err != nil || f.IsUndefined() || f.IsNull() {
		return
	}
	_, _ = w.Call(name, args...)
}

// gutterRefresh has static/editor.js redraw the line numbers of the editor
// textarea id after its value or its error line changed (tpGutter).
func gutterRefresh(id string) { callWindow("tpGutter", id) }

// gotoLine has static/editor.js scroll the editor textarea id to a line of its
// text and select the line (tpGotoLine).
func gotoLine(id string, line int) { callWindow("tpGotoLine", id, line) }

// removeRootAttr removes an attribute from <html>.
func removeRootAttr(name string) error {
	el, err := global("document", "documentElement")
	if err != nil {
		return err
	}
	_, err = el.Call("removeAttribute", name)
	return err
}
