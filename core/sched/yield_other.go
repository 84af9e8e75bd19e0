//go:build !wasm

package sched

// yield does nothing where goroutines are preempted (see yield_wasm.go).
func yield() {}
