//go:build js && wasm

package web

import (
	"errors"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// jsObject makes a plain JavaScript object from name, value pairs
// (names are strings; values anything safejs.ValueOf accepts).
func jsObject(pairs ...any) (safejs.Value, error) {
	ctor, err := safejs.Global().Get("Object")
	if err != nil {
		return safejs.Undefined(), err
	}
	obj, err := ctor.New()
	if err != nil {
		return safejs.Undefined(), err
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		name, ok := pairs[i].(string)
		if !ok {
			return safejs.Undefined(), errors.New("jsObject: property names must be strings")
		}
		if err := obj.Set(name, pairs[i+1]); err != nil {
			return safejs.Undefined(), err
		}
	}
	return obj, nil
}

// global reads window.name1.name2… and fails (instead of panicking) when a
// step throws or is missing.
func global(path ...string) (safejs.Value, error) {
	v := safejs.Global()
	for _, name := range path {
		next, err := v.Get(name)
		if err != nil {
			return safejs.Undefined(), err
		}
		if next.IsUndefined() || next.IsNull() {
			return safejs.Undefined(), errors.New(name + " is not available")
		}
		v = next
	}
	return v, nil
}

// await waits for a Promise; call it from ctx.Async only.
func await(p safejs.Value, timeout time.Duration) (safejs.Value, error) {
	type result struct {
		v   safejs.Value
		err error
	}
	ch := make(chan result, 1)
	then, err := safejs.FuncOf(func(this safejs.Value, args []safejs.Value) any {
		v := safejs.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		ch <- result{v: v}
		return nil
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	defer then.Release()
	catch, err := safejs.FuncOf(func(this safejs.Value, args []safejs.Value) any {
		msg := "the browser refused"
		if len(args) > 0 {
			if s, err := args[0].Call("toString"); err == nil {
				if str, err := s.String(); err == nil {
					msg = str
				}
			}
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	defer catch.Release()
	if _, err := p.Call("then", then.Value(), catch.Value()); err != nil {
		return safejs.Undefined(), err
	}
	select {
	case r := <-ch:
		return r.v, r.err
	case <-time.After(timeout):
		return safejs.Undefined(), errors.New("the browser did not answer")
	}
}

// clipboardWrite copies text with navigator.clipboard.writeText. It blocks
// until the promise settles: call it from ctx.Async.
func clipboardWrite(text string) error {
	clip, err := global("navigator", "clipboard")
	if err != nil {
		return err
	}
	p, err := clip.Call("writeText", text)
	if err != nil {
		return err
	}
	_, err = await(p, 3*time.Second)
	return err
}

// storageGet reads localStorage[key]; it fails where storage throws.
func storageGet(key string) (string, bool) {
	ls, err := global("localStorage")
	if err != nil {
		return "", false
	}
	v, err := ls.Call("getItem", key)
	if err != nil || v.IsNull() || v.IsUndefined() {
		return "", false
	}
	s, err := v.String()
	return s, err == nil
}

// storageSet writes localStorage[key] (quota and sandbox errors returned).
func storageSet(key, value string) error {
	ls, err := global("localStorage")
	if err != nil {
		return err
	}
	_, err = ls.Call("setItem", key, value)
	return err
}

// setRootAttr sets an attribute on <html>.
func setRootAttr(name, value string) error {
	el, err := global("document", "documentElement")
	if err != nil {
		return err
	}
	_, err = el.Call("setAttribute", name, value)
	return err
}

// locationSearch returns location.search.
func locationSearch() string {
	v, err := global("location", "search")
	if err != nil {
		return ""
	}
	search, _ := v.String()
	return search
}

// embedded reports whether the page runs inside another page's frame.
func embedded() bool {
	w := safejs.Global()
	parent, err := w.Get("parent")
	if err != nil {
		return true // a cross-origin parent may throw: we are framed
	}
	return !parent.Equal(w)
}

// contentHeight is the height of the playground's root element in CSS px.
func contentHeight() int {
	doc, err := global("document")
	if err != nil {
		return 0
	}
	el, err := doc.Call("querySelector", ".pg")
	if err != nil || el.IsNull() || el.IsUndefined() {
		return 0
	}
	h, err := el.Get("scrollHeight")
	if err != nil {
		return 0
	}
	n, err := h.Int()
	if err != nil {
		return 0
	}
	return n
}

// postHeight tells the embedding page the playground's height:
// {type: "taints-playground:height", height}.
func postHeight(height int) error {
	parent, err := global("parent")
	if err != nil {
		return err
	}
	obj, err := jsObject("type", HeightMessageType, "height", height)
	if err != nil {
		return err
	}
	_, err = parent.Call("postMessage", obj, "*")
	return err
}

var heightObserver safejs.Func
var heightObserving bool

// observeHeight calls report with the content height now and whenever the
// layout changes size (ResizeObserver on the root element).
func observeHeight(report func(int)) error {
	if heightObserving {
		report(contentHeight())
		return nil
	}
	doc, err := global("document")
	if err != nil {
		return err
	}
	el, err := doc.Call("querySelector", ".pg")
	if err != nil {
		return err
	}
	if el.IsNull() || el.IsUndefined() {
		return errors.New("no root element")
	}
	ctor, err := global("ResizeObserver")
	if err != nil {
		return err
	}
	fn, err := safejs.FuncOf(func(this safejs.Value, args []safejs.Value) any {
		defer func() { _ = recover() }()
		report(contentHeight())
		return nil
	})
	if err != nil {
		return err
	}
	obs, err := ctor.New(fn.Value())
	if err != nil {
		fn.Release()
		return err
	}
	if _, err := obs.Call("observe", el); err != nil {
		fn.Release()
		return err
	}
	heightObserver, heightObserving = fn, true
	report(contentHeight())
	return nil
}

// downloadText offers text as a file through a Blob URL.
func downloadText(filename, mime, text string) error {
	blobCtor, err := global("Blob")
	if err != nil {
		return err
	}
	arr, err := safejs.Global().Get("Array")
	if err != nil {
		return err
	}
	parts, err := arr.New()
	if err != nil {
		return err
	}
	if _, err := parts.Call("push", text); err != nil {
		return err
	}
	o, err := jsObject("type", mime)
	if err != nil {
		return err
	}
	blob, err := blobCtor.New(parts, o)
	if err != nil {
		return err
	}
	urlObj, err := global("URL")
	if err != nil {
		return err
	}
	href, err := urlObj.Call("createObjectURL", blob)
	if err != nil {
		return err
	}
	doc, err := global("document")
	if err != nil {
		return err
	}
	a, err := doc.Call("createElement", "a")
	if err != nil {
		return err
	}
	_ = a.Set("href", href)
	_ = a.Set("download", filename)
	_ = a.Set("rel", "noopener")
	body, err := doc.Get("body")
	if err != nil {
		return err
	}
	if _, err := body.Call("appendChild", a); err != nil {
		return err
	}
	_, err = a.Call("click")
	_, _ = body.Call("removeChild", a)
	go func() {
		time.Sleep(30 * time.Second)
		_, _ = urlObj.Call("revokeObjectURL", href)
	}()
	return err
}

// droppedFileText reads the text of the first file of a drop event's
// dataTransfer; call it from ctx.Async.
func droppedFileText(dt app.Value) (name, text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the dropped file could not be read")
		}
	}()
	app.Window().Set("__tpDropped", dt)
	v, err := global("__tpDropped")
	if err != nil {
		return "", "", errors.New("nothing was dropped")
	}
	defer func() { _ = safejs.Global().Set("__tpDropped", safejs.Null()) }()
	files, err := v.Get("files")
	if err != nil {
		return "", "", err
	}
	n, err := files.Length()
	if err != nil || n == 0 {
		return "", "", errors.New("no file was dropped")
	}
	f, err := files.Index(0)
	if err != nil {
		return "", "", err
	}
	if nv, err := f.Get("name"); err == nil {
		name, _ = nv.String()
	}
	if sz, err := f.Get("size"); err == nil {
		if size, err := sz.Int(); err == nil && size > MaxScenarioBytes {
			return name, "", errors.New("the file is larger than 1 MiB")
		}
	}
	p, err := f.Call("text")
	if err != nil {
		return name, "", err
	}
	tv, err := await(p, 10*time.Second)
	if err != nil {
		return name, "", err
	}
	text, err = tv.String()
	return name, text, err
}

// elementValue reads the value of the element with the given id.
func elementValue(id string) (string, error) {
	doc, err := global("document")
	if err != nil {
		return "", err
	}
	el, err := doc.Call("getElementById", id)
	if err != nil {
		return "", err
	}
	if el.IsNull() || el.IsUndefined() {
		return "", errors.New("no element " + id)
	}
	v, err := el.Get("value")
	if err != nil {
		return "", err
	}
	return v.String()
}

// setElementValue sets the value of the element with the given id.
func setElementValue(id, value string) error {
	doc, err := global("document")
	if err != nil {
		return err
	}
	el, err := doc.Call("getElementById", id)
	if err != nil {
		return err
	}
	if el.IsNull() || el.IsUndefined() {
		return errors.New("no element " + id)
	}
	return el.Set("value", value)
}

// selectElement focuses and selects the text of an input or textarea (the
// copy fallback where the clipboard is refused).
func selectElement(id string) error {
	doc, err := global("document")
	if err != nil {
		return err
	}
	el, err := doc.Call("getElementById", id)
	if err != nil {
		return err
	}
	if el.IsNull() || el.IsUndefined() {
		return errors.New("no element " + id)
	}
	if _, err := el.Call("focus"); err != nil {
		return err
	}
	_, err = el.Call("select")
	return err
}

// focusElement moves keyboard focus to the element with the given id.
func focusElement(id string) {
	doc, err := global("document")
	if err != nil {
		return
	}
	el, err := doc.Call("getElementById", id)
	if err != nil || el.IsNull() || el.IsUndefined() {
		return
	}
	_, _ = el.Call("focus")
}

// reloadPage loads the address again (the language switch).
func reloadPage(href string) {
	loc, err := global("location")
	if err != nil {
		return
	}
	_, _ = loc.Call("assign", href)
}
