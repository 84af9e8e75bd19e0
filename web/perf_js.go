//go:build js && wasm

package web

// perfEnabled reports whether the page asked for step timings: window.tpPerf
// is an array (cmd/benchpage defines it before the app starts).
func perfEnabled() bool {
	v, err := global("tpPerf")
	if err != nil {
		return false
	}
	array, err := global("Array")
	if err != nil {
		return false
	}
	ok, err := v.InstanceOf(array)
	return err == nil && ok
}

// perfNow is performance.now() in milliseconds (0 when unavailable).
func perfNow() float64 {
	p, err := global("performance")
	if err != nil {
		return 0
	}
	v, err := p.Call("now")
	if err != nil {
		return 0
	}
	f, err := v.Float()
	if err != nil {
		return 0
	}
	return f
}

// perfRecord appends {handler, wait, render} (ms) to window.tpPerf.
func perfRecord(handler, wait, render float64) {
	arr, err := global("tpPerf")
	if err != nil {
		return
	}
	obj, err := jsObject("handler", handler, "wait", wait, "render", render)
	if err != nil {
		return
	}
	_, _ = arr.Call("push", obj)
}
