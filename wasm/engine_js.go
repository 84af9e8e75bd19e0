//go:build js && wasm

package main

import "github.com/taints-playground/playground/web"

// newEngine is the page's engine: the simulator in two Web Workers that
// run this same app.wasm (web.NewBrowserEngine); onLost gets why when the
// worker holding the board died and the engine is rebuilding it.
// Integration point: the page's web.Config takes it. Never call it in the
// engine's worker (main serves the engine there first).
func newEngine(onLost func(why string)) web.Engine { return web.NewBrowserEngine(onLost) }
