//go:build js && wasm

package web

import "github.com/hack-pad/safejs"

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

// perfClock is window.performance, looked up once: the timing itself
// should cost as little as possible.
var perfClock struct {
	looked bool
	v      safejs.Value
	err    error
}

// perfNow is performance.now() in milliseconds (0 when unavailable).
func perfNow() float64 {
	if !perfClock.looked {
		perfClock.looked = true
		perfClock.v, perfClock.err = global("performance")
	}
	if perfClock.err != nil {
		return 0
	}
	v, err := perfClock.v.Call("now")
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
