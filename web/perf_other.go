//go:build !(js && wasm)

package web

func perfEnabled() bool                        { return false }
func perfNow() float64                         { return 0 }
func perfRecord(handler, wait, render float64) {}
