//go:build !(js && wasm)

package main

import "github.com/taints-playground/playground/web"

// newEngine is the engine natively (prerendering, tests): in process.
func newEngine(func(why string)) web.Engine { return localEngine() }
