package web

import (
	"fmt"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/sim"
)

// BoardPanel draws the board of one frame from the engine's FrameView: the
// node filter, the node cards with their pods, the summary card of the
// nodes beyond the limit, and the Pending and Evicted lanes. It owns the
// chip views it made last for each card and lane, and hands a card the
// same slice while its chips are unchanged, so a step re-renders only the
// cards and lanes that changed; while a place's key (FrameView.Keys) is
// the same, its chips are not even made again. Filter and "show more" go
// to Page.
type BoardPanel struct {
	app.Compo

	Page     *Playground
	View     FrameView
	Time     float64
	Selected string
	Filter   string
	Version  string
	Frame    int

	viewsAt map[string]chipsAt
}

// chipsAt is what BoardPanel made last for one place: the chips, and what
// they were made from (the place's key, the selection, the language);
// clocked says a chip depends on the clock (a countdown or grace period).
type chipsAt struct {
	key      uint64
	selected string
	lang     string
	clocked  bool
	views    []PodView
}

// Render implements app.Composer.
func (b *BoardPanel) Render() app.UI {
	v := &b.View
	filtered := strings.TrimSpace(b.Filter) != ""
	return app.Section().ID(IDBoard).Class("board").Aria("label", Msg.Board).DataSet("frame", b.Frame).Body(
		app.Div().Class("board-head").Body(
			app.H2().Body(
				app.Text(Msg.Board),
				app.If(b.Version != "", func() app.UI {
					return app.Span().Class("k8s-version").Text(fmt.Sprintf(Msg.K8sVersion, b.Version))
				}),
			),
			legend(),
		),
		app.If(v.Err != "", func() app.UI {
			return app.P().Class("editor-error board-error").Role("alert").Text(v.Err)
		}),
		app.If(v.Overview != nil, func() app.UI {
			return app.Div().Class("overview-slot").Body(&OverviewMap{Data: *v.Overview, Filter: b.Filter})
		}),
		b.renderNodeFilter(),
		app.Div().Class(nodesClass(v.NodeTotal)).Body(b.renderNodes()...),
		&Lane{Kind: "pending", Title: Msg.PendingLane, Empty: Msg.PendingEmpty, Pods: b.viewsFor(PlacePending, v.Pending), Total: v.PendingMatched, All: v.PendingAll, Filtered: filtered},
		app.If(v.EvictedAll > 0, func() app.UI {
			return &Lane{Kind: "evicted", Title: Msg.EvictedLane, Pods: b.viewsFor(PlaceEvicted, v.Evicted), Total: v.EvictedMatched, All: v.EvictedAll, Filtered: filtered}
		}),
	)
}

// evictionStart is when the pod's pending eviction deadline was first
// seen (FrameView.EvictStart), for its countdown ring.
func (b *BoardPanel) evictionStart(p *sim.PodState) (float64, bool) {
	s, ok := b.View.EvictStart[EvictKey(p)]
	return s, ok
}

// viewsFor trims the pods of one place on the board (NodePlace, a lane)
// with countdown rings at the clock, returning the slice it returned last
// time while the chips are the same: without making them again while the
// place's key, the selection and the language are, and no chip follows the
// clock.
func (b *BoardPanel) viewsFor(place string, pods []*sim.PodState) []PodView {
	key := b.View.Keys[place]
	old, ok := b.viewsAt[place]
	if ok && key != 0 && old.key == key && old.selected == b.Selected && old.lang == Lang && !old.clocked {
		return old.views
	}
	views := viewsOf(pods, b.Selected, Clock{Now: b.Time, Start: b.evictionStart})
	if ok && equalViews(old.views, views) {
		views = old.views
	}
	if b.viewsAt == nil {
		b.viewsAt = map[string]chipsAt{}
	}
	b.viewsAt[place] = chipsAt{key: key, selected: b.Selected, lang: Lang, clocked: slices.ContainsFunc(pods, clocked), views: views}
	return views
}

// clocked reports whether p's chip depends on the clock: a pending
// eviction's countdown (Clock.Countdown), a Terminating pod's grace period
// (Clock.Grace).
func clocked(p *sim.PodState) bool {
	return (p.EvictAt != nil && p.Phase != PhaseEvicted) || (p.Terminating && !p.KubeletAway && p.GraceEnd != nil)
}

// renderNodes renders the node cards of the view (those that match the
// filter, up to the limit) and one summary card for the rest: with
// thousands of nodes the board stays responsive.
func (b *BoardPanel) renderNodes() []app.UI {
	v := &b.View
	if v.NodeTotal == 0 {
		return []app.UI{app.P().Class("muted").Text(Msg.NoNodes)}
	}
	if len(v.Nodes) == 0 {
		return []app.UI{app.P().Class("muted no-match").Text(fmt.Sprintf(Msg.NoNodeMatches, b.Filter))}
	}
	cards := make([]app.UI, 0, len(v.Nodes)+1)
	for _, node := range v.Nodes {
		cards = append(cards, &NodeCard{Node: node, Pods: b.viewsFor(NodePlace(node.Name), v.OnNode[node.Name])})
	}
	if h := v.Hidden; h.Nodes > 0 {
		moreNodes := Msg.MoreNodes
		if strings.TrimSpace(b.Filter) != "" {
			moreNodes = Msg.MoreMatchingNodes
		}
		cards = append(cards, app.Div().Class("more-nodes").Body(
			app.Strong().Class("more-count").Text(fmt.Sprintf(moreNodes, h.Nodes)),
			app.P().Class("small muted").Text(fmt.Sprintf(Msg.MoreNodesCounts, h.Tainted, h.NotReady, h.Cordoned, h.Pods)),
			app.Button().Type("button").Class("btn btn-small").ID("btn-more-nodes").
				OnClick(func(ctx app.Context, e app.Event) { b.Page.guard(b.Page.m.MoreNodes) }).
				Text(fmt.Sprintf(Msg.ShowMore, min(h.Nodes, NodeLimitFor(v.NodeTotal)))),
		))
	}
	return cards
}

// renderNodeFilter is the filter field over the node cards, offered from
// NodeFilterThreshold nodes (or while a filter is set).
func (b *BoardPanel) renderNodeFilter() app.UI {
	v := &b.View
	if v.NodeTotal < NodeFilterThreshold && b.Filter == "" {
		return app.Div().Class("node-filter-slot")
	}
	return app.Div().Class("node-filter-slot").Body(
		app.Label().Class("node-filter").For(IDNodeFilter).Body(
			app.Span().Class("node-filter-label").Text(Msg.NodeFilter),
			app.Input().Type("search").ID(IDNodeFilter).Class("input").
				Placeholder(Msg.NodeFilterHint).
				Attr("autocomplete", "off").
				Value(b.Filter).
				OnInput(func(ctx app.Context, e app.Event) {
					b.Page.guard(func() { b.Page.m.SetNodeFilter(ctx.JSSrc().Get("value").String()) })
				}),
		),
		app.Span().Class("small muted nodes-count").Aria("live", "polite").
			Text(NodesCountText(len(v.Nodes), v.NodeMatched, v.NodeTotal, strings.TrimSpace(b.Filter) != "")),
	)
}

func legend() app.UI {
	return app.Ul().Class("legend").Aria("label", Msg.Legend).Body(
		TaintChipLegend("NoSchedule"),
		TaintChipLegend("PreferNoSchedule"),
		TaintChipLegend("NoExecute"),
	)
}

// nodesClass is the node grid's class: "is-large" once the board has more
// nodes than it draws cards for at first (static/extra.css then lets the
// browser skip the off-screen cards).
func nodesClass(n int) string {
	if n > DefaultNodeLimit {
		return "nodes is-large"
	}
	return "nodes"
}
