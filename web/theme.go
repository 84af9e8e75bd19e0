package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ThemeKey is the localStorage key of the theme the reader picked
// ("light", "dark" or "auto"). static/editor.js applies it while the page is
// parsed, before the first paint; theme= in the address wins (embeds).
const ThemeKey = "taints-playground:theme"

// IDTheme is the id of the theme switch.
const IDTheme = "theme"

// Themes are the theme switch's values, in its order.
var Themes = []string{"auto", "light", "dark"}

// ChooseTheme is the theme the page shows: the address's theme= when it
// names light or dark, else the stored choice when valid, else "auto".
func ChooseTheme(fromAddress, stored string) string {
	if fromAddress == "light" || fromAddress == "dark" {
		return fromAddress
	}
	switch stored {
	case "light", "dark", "auto":
		return stored
	}
	return "auto"
}

// theme is the theme the switch shows (read once).
func (p *Playground) themeChoice() string {
	if p.theme == "" {
		stored, _ := storageGet(ThemeKey)
		p.theme = ChooseTheme(p.x.opts.Theme, stored)
	}
	return p.theme
}

// SetTheme applies a theme, and remembers it in this browser.
func (p *Playground) SetTheme(theme string) {
	theme = ChooseTheme("", theme)
	p.theme = theme
	_ = storageSet(ThemeKey, theme)
	if theme == "auto" {
		_ = removeRootAttr("data-theme")
		return
	}
	_ = setRootAttr("data-theme", theme)
}

// ThemeSwitch picks the light, dark or automatic (the system's) theme.
type ThemeSwitch struct {
	app.Compo
	Page  *Playground
	Theme string
}

// Render implements app.Composer.
func (c *ThemeSwitch) Render() app.UI {
	names := map[string]string{"auto": Msg.ThemeAuto, "light": Msg.ThemeLight, "dark": Msg.ThemeDark}
	opts := make([]app.UI, 0, len(Themes))
	for _, t := range Themes {
		opts = append(opts, app.Option().Value(t).Selected(t == c.Theme).Text(names[t]))
	}
	return app.Label().Class("theme-switch small").For(IDTheme).Body(
		app.Span().Class("theme-label").Text(Msg.Theme),
		app.Select().ID(IDTheme).Class("select select-small").Body(opts...).
			OnChange(func(ctx app.Context, e app.Event) {
				var v string
				c.Page.guard(func() { v = ctx.JSSrc().Get("value").String() })
				c.Page.guard(func() { c.Page.SetTheme(v) })
				c.Theme = c.Page.themeChoice()
			}),
	)
}
