//go:build wasm

package sched

import "runtime"

// yield lets other goroutines run before a scheduling cycle. Under
// WebAssembly there is one thread and no preemption, so a simulation that
// schedules thousands of pods without blocking would never let the
// garbage collector's background mark worker run: the heap grows far past
// its goal (and the browser's memory with it) until assists alone finish
// the cycle. Yielding once per cycle costs a goroutine switch.
func yield() { runtime.Gosched() }
