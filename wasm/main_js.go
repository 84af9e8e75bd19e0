//go:build js && wasm

package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/web"
)

func main() {
	if inWorker() {
		serveWorker(localEngine) // never returns
	}
	web.FixLocation()           // before go-app parses the address
	web.ConfigureFromLocation() // language, embed mode, theme, step, autoplay
	routes()
	app.RunWhenOnBrowser()
}
