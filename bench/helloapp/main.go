// Command helloapp is go-app's hello world: one component, built with the
// same flags as dist/web/app.wasm (GOOS=js GOARCH=wasm -trimpath
// -ldflags="-s -w"). bench/RESULTS.md compares the playground's wasm size
// with it, and cmd/benchpage -only hello times its start in the browser:
// the floor the stack (Go wasm + go-app) sets, with nothing of ours in it.
//
// The js/wasm build (main_js.go) is the app. The native build
// (main_native.go) writes its static site the way ./wasm -dist writes
// dist/ (bench/NOTES.md, "The go-app floor"):
//
//	go run ./bench/helloapp -dist DIR
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// MountedAttr is set on <html> by the component's OnMount: the Go program
// is running and has mounted the page. go-app calls OnMount only in the
// browser, so the prerendered index.html never carries it.
const MountedAttr = "data-hello-mounted"

type hello struct{ app.Compo }

func (h *hello) Render() app.UI { return app.H1().Text("Hello, world!") }

// OnMount marks the page for the bench (MountedAttr).
func (h *hello) OnMount(app.Context) {
	app.Window().Get("document").Get("documentElement").Call("setAttribute", MountedAttr, "1")
}

func routes() { app.Route("/", func() app.Composer { return &hello{} }) }
