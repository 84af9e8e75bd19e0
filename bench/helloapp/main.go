// Command helloapp is the go-app hello world the playground's wasm size is
// compared with (bench/RESULTS.md): one component, built with the same
// flags as dist/web/app.wasm (GOOS=js GOARCH=wasm -trimpath
// -ldflags="-s -w").
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type hello struct{ app.Compo }

func (h *hello) Render() app.UI { return app.H1().Text("Hello, world!") }

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
}
