// Command wasm is the playground's single entry point. Compiled with
// GOOS=js GOARCH=wasm it is the browser app; run natively it writes the
// static site (index.html, app.js, the versioned service worker, manifest)
// into the directory given by -dist.
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/web"
)

// playground is the one long-lived page component: the route factories
// return it, so a navigation can never replace its state (GOAPP.md §2).
// routes makes it: the engine's worker runs this program too and needs
// none.
var playground *web.Playground

func routes() {
	playground = web.New(web.Config{
		Presets: presetList(), Simulate: simulate, Exec: execute,
		Lint: lintText, Export: exportText, Library: library(), Palette: palette(),
		Engine: newEngine(func(why string) { playground.EngineLost(why) }),
	})
	factory := func() app.Composer { return playground }
	app.Route("/", factory)
	app.RouteWithRegexp(`^/index\.html$`, factory)
}
