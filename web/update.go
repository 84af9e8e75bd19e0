package web

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// IDUpdateReload is the update notice's Reload button.
const IDUpdateReload = "update-reload"

// UpdateBanner is the small notice that a new version of the page is
// installed and waiting (Playground.OnAppUpdate): "A new version is
// available — Reload". It does not block the page; Reload lets the new
// version's service worker take over and reloads the same address, so the
// scenario in the fragment stays (static/update.js, wasm/handler.go).
type UpdateBanner struct {
	app.Compo

	Shown bool
}

// Render implements app.Composer.
func (c *UpdateBanner) Render() app.UI {
	if !c.Shown {
		return app.Div().Class("update-slot")
	}
	return app.Div().Class("update-slot").Body(
		app.Div().Class("update-banner").Role("status").Body(
			app.Span().Class("update-text").Text(Msg.UpdateReady),
			app.Button().Type("button").ID(IDUpdateReload).Class("btn btn-primary btn-small").
				Title(Msg.UpdateReloadHint).OnClick(c.reload).Text(Msg.UpdateReload),
		),
	)
}

func (c *UpdateBanner) reload(ctx app.Context, e app.Event) {
	if err := applyUpdate(); err != nil {
		ctx.Reload()
	}
}

// errNoUpdater: static/update.js is not loaded (applyUpdate).
var errNoUpdater = errors.New("static/update.js is not loaded")
