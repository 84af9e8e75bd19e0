package web

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core"
)

// WellKnownTaint is one taint of the palette (core/wellknown).
type WellKnownTaint struct {
	Key, Value, Effect string
	Summary            string // who sets it and why
	Docs               string // the Kubernetes documentation page
}

// Spec is the taint as kubectl taint writes it: KEY[=VALUE]:EFFECT.
func (t WellKnownTaint) Spec() string {
	s := t.Key
	if t.Value != "" {
		s += "=" + t.Value
	}
	return s + ":" + t.Effect
}

// Palette element ids.
const (
	IDPalette     = "panel-palette"
	IDPaletteNode = "palette-node"
)

// PaletteCommand is the kubectl taint step a palette click adds.
func PaletteCommand(node string, t WellKnownTaint) string {
	return "kubectl taint nodes " + node + " " + t.Spec()
}

// PalettePanel lists the well-known taints; a click adds a kubectl taint
// step for the chosen node at the current frame's time (through Page's
// console). It owns the chosen node, which the page keeps while the panel
// is closed (closing unmounts the panel).
type PalettePanel struct {
	app.Compo

	Page    *Playground
	Nodes   []string // the nodes on the board
	Palette []WellKnownTaint

	node *string
}

// palettePanel is the palette over the page's kept choice and the board.
func (p *Playground) palettePanel() *PalettePanel {
	return &PalettePanel{Page: p, Nodes: p.m.View.NodeNames, Palette: p.x.cfg.Palette, node: &p.paletteNode}
}

// Render implements app.Composer.
func (c *PalettePanel) Render() app.UI {
	nodes := c.Nodes
	node := *c.node
	found := false
	for _, n := range nodes {
		found = found || n == node
	}
	if !found && len(nodes) > 0 {
		node = nodes[0]
	}
	opts := make([]app.UI, 0, len(nodes))
	for _, n := range nodes {
		opts = append(opts, app.Option().Value(n).Selected(n == node).Text(n))
	}
	items := make([]app.UI, 0, len(c.Palette))
	for _, t := range c.Palette {
		tt := t
		items = append(items, app.Li().Class("palette-item").Body(
			app.Button().Type("button").Class("taint palette-chip "+EffectClass(core.TaintEffect(tt.Effect))).
				Disabled(node == "").
				Aria("label", fmt.Sprintf(Msg.PaletteAdd, tt.Spec(), node)).
				OnClick(func(ctx app.Context, e app.Event) {
					*c.node = node
					c.Page.RunCommand(ctx, PaletteCommand(node, tt))
				}, app.EventScope(tt.Spec())).
				Body(
					app.Span().Class("icon icon-effect").Aria("hidden", "true"),
					app.Span().Class("taint-kv").Text(tt.Spec()),
				),
			app.Span().Class("small palette-summary").Text(tt.Summary),
			app.If(tt.Docs != "", func() app.UI {
				return app.A().Class("small").Href(tt.Docs).Target("_blank").Rel("noopener noreferrer").
					Aria("label", Msg.PaletteDocs+": "+fmt.Sprintf(Msg.PaletteDocsAria, tt.Key)).Text(Msg.PaletteDocs)
			}),
		))
	}
	var body app.UI = app.Ul().Class("palette").Body(items...)
	if len(items) == 0 {
		body = app.P().Class("muted").Text(Msg.PaletteEmpty)
	}
	return app.Section().ID(IDPalette).Class("tool-panel").Aria("label", Msg.Palette).Body(
		app.H2().Text(Msg.Palette),
		app.P().Class("muted small").Text(Msg.PaletteHint),
		app.Div().Class("panel-row").Body(
			app.Label().For(IDPaletteNode).Text(Msg.PaletteNode),
			app.Select().ID(IDPaletteNode).Class("select select-small").
				OnChange(func(ctx app.Context, e app.Event) {
					c.Page.guard(func() { *c.node = ctx.JSSrc().Get("value").String() })
				}).Body(opts...),
		),
		body,
	)
}
