package web

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// clipboard copies the share link, the embed snippet and the export, and
// says how the last copy went: "busy", "copied", "failed" or "fallback"
// for the link, "snippet" or "snippet-fallback" for a field. It is one
// state for all of them because one message shows at a time (a new copy
// replaces the last one's); the page keeps it and passes it to the copy
// link button (ShareTools), the fallback field and the embed panel.
type clipboard struct{ state string }

// copyLink copies href through the clipboard API; where the browser
// refuses, the page shows the address in a selected field instead.
func (c *clipboard) copyLink(ctx app.Context, href string) {
	if href == "" {
		c.state = "failed"
		return
	}
	c.state = "busy"
	ctx.Async(func() {
		err := clipboardWrite(href)
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				c.state = "fallback"
				ctx.Defer(func(app.Context) { _ = selectElement(IDLinkField) })
				return
			}
			c.state = "copied"
			ctx.After(2500*time.Millisecond, func(ctx app.Context) {
				if c.state == "copied" {
					c.state = ""
				}
			})
		})
	})
}

// copyField copies the text of a field (the embed snippet, the export),
// falling back to selecting it.
func (c *clipboard) copyField(ctx app.Context, id string) {
	text, err := elementValue(id)
	if err != nil {
		return
	}
	ctx.Async(func() {
		err := clipboardWrite(text)
		ctx.Dispatch(func(ctx app.Context) {
			if err != nil {
				c.state = "snippet-fallback"
				_ = selectElement(id)
				return
			}
			c.state = "snippet"
		})
	})
}

// ShareTools is the header's tool row: copy link, embed, the toggles of
// the tool panels and the language switch. Panel is the open tool panel
// and Copied how the last copy went (the page's clipboard); opening a
// panel and copying go to Page.
type ShareTools struct {
	app.Compo

	Page   *Playground
	Panel  string
	Copied string
	// FrameLink: copied links open at the frame on the board.
	FrameLink bool
}

// Render implements app.Composer.
func (c *ShareTools) Render() app.UI {
	state := ""
	label := Msg.CopyLink
	switch c.Copied {
	case "copied":
		state, label = "copied", Msg.LinkCopied
	case "failed", "fallback":
		state = "failed"
	}
	langs := make([]app.UI, 0, len(LanguageOrder))
	for _, l := range LanguageOrder {
		langs = append(langs, app.Option().Value(l).Selected(l == Lang).Text(LanguageNames[l]))
	}
	tool := func(name, text string) app.UI {
		return app.Button().Type("button").ID(IDPanelToggle+name).Class("btn btn-ghost").
			Aria("expanded", c.Panel == name).Aria("controls", "panel-"+name).
			OnClick(func(ctx app.Context, e app.Event) { c.Page.togglePanel(name) }, app.EventScope(name)).
			Text(text)
	}
	return app.Span().Class("share-tools").Body(
		app.Button().Type("button").ID(IDCopyLink).Class("btn btn-ghost").
			Title(Msg.CopyLinkHint).Attr("data-state", state).
			OnClick(c.copyLink).
			Body(
				app.Span().Class("icon icon-link").Aria("hidden", "true"),
				app.Span().Class("btn-label").Aria("live", "polite").Text(label),
			),
		app.Label().Class("link-frame small").Title(Msg.LinkThisFrameHint).Body(
			app.Input().Type("checkbox").ID(IDLinkFrame).Checked(c.FrameLink).
				OnChange(func(ctx app.Context, e app.Event) {
					c.Page.guard(func() { c.Page.x.frameLink = ctx.JSSrc().Get("checked").Bool() })
				}),
			app.Text(" "+Msg.LinkThisFrame),
		),
		app.Button().Type("button").ID(IDEmbedBtn).Class("btn btn-ghost").
			Aria("expanded", c.Panel == "embed").Aria("controls", "panel-embed").
			OnClick(func(ctx app.Context, e app.Event) { c.Page.togglePanel("embed") }).
			Text(Msg.Embed),
		tool("import", Msg.ImportExport),
		tool("library", Msg.Library),
		tool("palette", Msg.Palette),
		tool("impact", Msg.Impact),
		app.Label().Class("lang-switch").Body(
			app.Span().Class("sr-only").Text(Msg.Language),
			app.Select().ID(IDLang).Class("select select-small").
				Aria("label", Msg.Language).
				OnChange(c.onLang).Body(langs...),
		),
	)
}

// copyLink copies the share address (the page's clipboard).
func (c *ShareTools) copyLink(ctx app.Context, e app.Event) {
	c.Page.guard(func() { c.Page.clip.copyLink(ctx, c.Page.shareURL(false)) })
}

func (c *ShareTools) onLang(ctx app.Context, e app.Event) {
	var lang string
	c.Page.guard(func() { lang = ctx.JSSrc().Get("value").String() })
	c.SwitchLanguage(ctx, lang)
}

// SwitchLanguage reloads the page in another language: lang= in the query,
// the scenario kept in the fragment.
func (c *ShareTools) SwitchLanguage(ctx app.Context, lang string) {
	if _, ok := Catalogs[lang]; !ok || lang == Lang {
		return
	}
	c.Page.guard(func() {
		u := c.Page.pageURL(ctx)
		if u == nil {
			return
		}
		u2 := *u
		q := u2.Query()
		if lang == "en" {
			q.Del("lang")
		} else {
			q.Set("lang", lang)
		}
		u2.RawQuery = q.Encode()
		if frag := c.Page.m.Fragment(); frag != "" {
			u2.Fragment, u2.RawFragment = frag, ""
		}
		reloadPage(u2.String())
	})
}

// EmbedPanel shows the iframe snippet for the scenario on the board and
// copies it. Snippet is made by the page from the share address; Copied
// is how the last copy went (the page's clipboard).
type EmbedPanel struct {
	app.Compo

	Page    *Playground
	Snippet string
	Copied  string
}

// embedPanel is the embed panel for the scenario on the board.
func (p *Playground) embedPanel() *EmbedPanel {
	title := Msg.AppTitle
	if r := p.m.Run; r != nil && r.Title != "" {
		title = r.Title
	}
	return &EmbedPanel{Page: p, Snippet: EmbedSnippet(p.shareURL(true), title), Copied: p.clip.state}
}

// Render implements app.Composer.
func (c *EmbedPanel) Render() app.UI {
	status := ""
	switch c.Copied {
	case "snippet":
		status = Msg.SnippetCopied
	case "snippet-fallback":
		status = Msg.CopyFallback
	}
	return app.Section().ID("panel-embed").Class("tool-panel").Aria("label", Msg.Embed).Body(
		app.H2().Text(Msg.Embed),
		app.P().Class("muted small").Text(Msg.EmbedHint),
		app.Label().For(IDEmbedSnippet).Class("sr-only").Text(Msg.Embed),
		app.Textarea().ID(IDEmbedSnippet).Class("snippet").ReadOnly(true).Rows(5).Spellcheck(false).Text(c.Snippet),
		app.Div().Class("panel-row").Body(
			app.Button().Type("button").ID(IDEmbedCopy).Class("btn").
				OnClick(func(ctx app.Context, e app.Event) {
					c.Page.guard(func() { c.Page.clip.copyField(ctx, IDEmbedSnippet) })
				}).
				Text(Msg.CopySnippet),
			app.Span().Class("muted small").Aria("live", "polite").Text(status),
		),
	)
}
