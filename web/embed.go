package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Embedded reports whether the page runs in embed mode (?embed=1, /embed).
// The start options are read before the first render (OnInit).
func (p *Playground) Embedded() bool {
	return p.x.opts.Embed
}

// embedWaiting reports whether an embed still waits for its start click:
// until then it neither decodes nor simulates anything.
func (p *Playground) embedWaiting() bool {
	p.initExtras()
	return p.x.opts.Embed && !p.x.started
}

// StartEmbed runs the embedded scenario: the click-to-start overlay's
// button, or autoplay.
func (p *Playground) StartEmbed(ctx app.Context) {
	p.x.started = true
	p.guard(func() {
		p.loaded = false
		p.x.startStep = true
		p.loadURL(ctx)
		ctx.Defer(func(app.Context) { focusElement(IDRun) })
	})
}

// applyStartStep shows the frame of scenario step step=N and starts playing with autoplay=1,
// once the embedded scenario ran (loadURL calls it).
func (p *Playground) applyStartStep(ctx app.Context) {
	if !p.x.startStep {
		return
	}
	p.x.startStep = false
	if n := p.x.opts.Step; n > 0 {
		p.m.SeekStep(n)
	}
	if p.x.opts.Autoplay && p.m.FrameCount() > 1 && !p.m.Playing && !p.m.AtEnd() {
		p.Run(ctx)
	}
}

// startEmbed is called once the page is mounted: it reports the height to
// the parent page and, with autoplay, starts at once.
func (p *Playground) mountEmbed(ctx app.Context) {
	p.initExtras()
	if !p.x.opts.Embed {
		return
	}
	ctx.Defer(func(app.Context) {
		_ = observeHeight(func(h int) {
			if h > 0 {
				_ = postHeight(h)
			}
		})
	})
}

// renderEmbed is the minimal chrome of embed mode: title, the board with
// its controls, timeline and captions, and a link to the full playground.
func (p *Playground) renderEmbed() app.UI {
	title := Msg.AppTitle
	if s := p.m.Shown(); s.Title != "" && p.x.started {
		title = s.Title
	}
	open := p.shareURL(false)
	if open == "" {
		open = p.embedOwnURL()
	}
	head := app.Header().Class("embed-head").Body(
		app.H1().Class("embed-title").Text(title),
		app.A().Class("embed-open").Href(open).Target("_blank").Rel("noopener").Text(Msg.OpenFull),
	)
	if !p.x.started {
		return app.Div().Class("pg is-embed").DataSet("started", "0").Body(
			&UpdateBanner{Shown: p.update},
			head,
			app.Div().Class("embed-start").Body(
				app.Button().Type("button").ID(IDStartEmbed).Class("btn btn-primary btn-start").
					OnClick(func(ctx app.Context, e app.Event) { p.StartEmbed(ctx) }).
					Body(
						app.Span().Class("icon icon-play").Aria("hidden", "true"),
						app.Span().Class("btn-label").Text(Msg.StartEmbed),
					),
				app.P().Class("muted small").Text(Msg.StartEmbedHint),
			),
		)
	}
	return app.Div().Class("pg is-embed").DataSet("started", "1").Body(
		&UpdateBanner{Shown: p.update},
		head,
		p.renderNotice(),
		app.If(p.m.Shown().Question != "", func() app.UI { return p.intro() }),
		app.Main().Class("embed-main").Body(p.renderSimulation()),
	)
}

// embedOwnURL is the full playground at the embed's own fragment: before
// its start click an embed has run nothing, so the scenario it would open
// is the one its address carries.
func (p *Playground) embedOwnURL() string {
	if !p.hasCtx {
		return "/"
	}
	u := p.pageURL(p.ctx)
	if u == nil {
		return "/"
	}
	c := *u
	c.RawQuery, c.Path = "", "/"
	if Lang != "en" {
		c.RawQuery = "lang=" + Lang
	}
	return c.String()
}
