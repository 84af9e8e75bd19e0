package web

import (
	"fmt"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Actions the overview posts: a node's name when its tile is picked, a
// zone's name ("" for no zone) when its heading is clicked.
const (
	ActionOverviewNode = "tp-overview-node"
	ActionOverviewZone = "tp-overview-zone"
)

// IDOverview is the id of the overview; board.js draws its canvases.
const IDOverview = "overview"

// OverviewMap shows an Overview: a legend, then per zone a heading button
// and a canvas of the zone's tiles, which board.js (tpOverviewDraw) draws,
// hit-tests and moves a keyboard focus over; a picked tile comes back as a
// tp-ov-pick event with its index. Filter is the board's node filter: the
// tile or zone it picks exactly is drawn chosen.
//
// The tiles are not DOM elements: with a button per tile, a filter change
// at 5,000 nodes took 134–630 ms from input to paint in headless Chromium
// (go-app re-rendering and diffing 5,000 elements), on canvases 46–175 ms,
// of which drawing the tiles is 4–19 ms (issue 14).
type OverviewMap struct {
	app.Compo

	Data   Overview
	Filter string

	// sentKey is the NamesKey of the names board.js holds (sent: it holds
	// some).
	sentKey uint64
	sent    bool
}

// OnMount implements app.Mounter: the canvases are new.
func (o *OverviewMap) OnMount(ctx app.Context) {
	o.sent = false
	ctx.Defer(o.draw)
}

// OnUpdate implements app.Updater: the data or the filter changed.
func (o *OverviewMap) OnUpdate(ctx app.Context) { ctx.Defer(o.draw) }

// draw sends the tiles to board.js once the DOM shows this render.
func (o *OverviewMap) draw(app.Context) {
	defer func() { _ = recover() }() // a failed draw leaves the map blank, never the page dead
	names := ""
	if !o.sent || o.sentKey != o.Data.NamesKey {
		names = strings.Join(o.Data.Names, "\n")
	}
	chosen := -1
	if kind, value := exactFilter(o.Filter); kind == 'n' {
		chosen = slices.Index(o.Data.Names, value)
	}
	labels := make([]string, 0, len(tileMarks)+1)
	for _, mk := range tileMarks {
		labels = append(labels, mk.text())
	}
	labels = append(labels, Msg.OverviewUtil)
	if drawOverview(&o.Data, names, chosen, strings.Join(labels, "\n")) == nil && len(o.Data.Names) > 0 {
		o.sent, o.sentKey = true, o.Data.NamesKey
	}
}

// Render implements app.Composer.
func (o *OverviewMap) Render() app.UI {
	kind, chosen := exactFilter(o.Filter)
	groups := make([]app.UI, 0, len(o.Data.Zones))
	for _, z := range o.Data.Zones {
		groups = append(groups, o.zone(z, kind == 'z' && chosen == z.Name))
	}
	title := fmt.Sprintf(Msg.Overview, FormatCount(o.Data.Len()))
	return app.Section().ID(IDOverview).Class("overview").Aria("label", title).Body(
		app.Div().Class("ov-head").Body(
			app.H3().Class("ov-title").Text(title),
			app.P().Class("small muted ov-hint").Text(Msg.OverviewHint),
			overviewLegend(),
		),
		app.Div().Class("ov-zones").On("tp-ov-pick", o.onPick).Body(groups...),
		app.P().Class("sr-only ov-live").Aria("live", "polite"),
	)
}

func (o *OverviewMap) zone(z OverviewZone, pressed bool) app.UI {
	name := z.Name
	label := name
	if name == "" {
		label = Msg.OverviewNoZone
	}
	return app.Div().Class("ov-zone").Body(
		app.Button().Type("button").Class("ov-zone-head").
			Aria("pressed", pressed).
			Title(fmt.Sprintf(Msg.OverviewZoneHint, label)).
			OnClick(func(ctx app.Context, e app.Event) {
				ctx.NewActionWithValue(ActionOverviewZone, name)
			}, app.EventScope("z:"+name)).
			Body(
				app.Span().Class("ov-zone-name").Text(label),
				app.Span().Class("ov-zone-counts").Text(fmt.Sprintf(Msg.OverviewZoneCounts, FormatCount(z.Count), z.Tainted, z.Unhealthy, z.Cordoned)),
			),
		app.Canvas().Class("ov-canvas").
			DataSet("start", z.Start).DataSet("count", z.Count).
			Attr("tabindex", "0").Role("application").
			Aria("label", fmt.Sprintf(Msg.OverviewTiles, label)),
	)
}

// onPick posts the node of the tile board.js reports picked.
func (o *OverviewMap) onPick(ctx app.Context, e app.Event) {
	i := e.Get("detail").Int()
	if i < 0 || i >= len(o.Data.Names) {
		return
	}
	ctx.NewActionWithValue(ActionOverviewNode, o.Data.Names[i])
}

// tileMarks name each mark bit: its CSS class and its words.
var tileMarks = []struct {
	bit   byte
	class string
	text  func() string
}{
	{MarkNoSchedule, "m-ns", func() string { return Msg.EffectNoSchedule }},
	{MarkPreferNoSchedule, "m-pns", func() string { return Msg.EffectPreferNoSchedule }},
	{MarkNoExecute, "m-ne", func() string { return Msg.EffectNoExecute }},
	{MarkNotReady, "m-notready", func() string { return Msg.MarkNotReady }},
	{MarkUnreachable, "m-unreachable", func() string { return Msg.MarkUnreachable }},
	{MarkPressure, "m-pressure", func() string { return Msg.MarkPressure }},
	{MarkCordoned, "m-cordoned", func() string { return Msg.Cordoned }},
	{MarkOver, "m-over", func() string { return Msg.MarkOver }},
}

// overviewLegend shows what each mark looks like.
func overviewLegend() app.UI {
	items := make([]app.UI, 0, len(tileMarks)+1)
	for _, mk := range tileMarks {
		items = append(items, app.Li().Class("ov-legend-item").Body(
			app.Span().Class("ov-tile is-sample "+mk.class).Aria("hidden", "true"),
			app.Text(mk.text()),
		))
	}
	items = append(items, app.Li().Class("ov-legend-item").Body(
		app.Span().Class("ov-tile is-sample").Style("--u", "60%").Aria("hidden", "true"),
		app.Text(Msg.OverviewUtilLegend),
	))
	return app.Ul().Class("ov-legend").Aria("label", Msg.OverviewLegend).Body(items...)
}

// handleOverview makes a picked tile or zone the board's node filter (or
// clears it when it is that already), so the cards below show it.
func (p *Playground) handleOverview(ctx app.Context) {
	pick := func(filter string) {
		p.guard(func() {
			if p.m.NodeFilter == filter {
				filter = ""
			}
			p.m.SetNodeFilter(filter)
			ctx.Defer(func(app.Context) {
				// go-app drops an empty value attribute without clearing
				// the field's text: set it.
				_ = setElementValue(IDNodeFilter, filter)
				revealNodes()
			})
		})
	}
	ctx.Handle(ActionOverviewNode, func(ctx app.Context, a app.Action) {
		if name, ok := a.Value.(string); ok {
			pick(ExactNodeFilter(name))
		}
	})
	ctx.Handle(ActionOverviewZone, func(ctx app.Context, a app.Action) {
		if zone, ok := a.Value.(string); ok {
			pick(ZoneFilter(zone))
		}
	})
}
