//go:build !(js && wasm)

package main

import "github.com/taints-playground/playground/web"

// newEngine is nil natively (prerendering, tests): the page then runs the
// simulator in process, answering before each call returns.
func newEngine(func(why string)) web.Engine { return nil }
