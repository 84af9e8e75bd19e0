package web

import (
	"fmt"
	"sort"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

// ActionSelectPod is posted with a pod key when a pod chip is clicked.
const ActionSelectPod = "tp-select-pod"

// NodeCard shows one node: name, cordon and condition badges, labels,
// taints, capacity bars and the pods bound to it. Each card is its own
// component so that go-app's positional diff re-renders only the cards
// whose exported fields changed.
type NodeCard struct {
	app.Compo

	Node *sim.NodeState
	Pods []PodView
}

// Render implements app.Composer.
func (c *NodeCard) Render() app.UI {
	n := c.Node
	classes := []string{"node-card"}
	if n.Unschedulable {
		classes = append(classes, "is-cordoned")
	}
	badges := nodeBadges(n)
	if len(badges) > 0 && hasProblem(n) {
		classes = append(classes, "is-unhealthy")
	}

	head := []app.UI{
		app.Span().Class("icon icon-node").Aria("hidden", "true"),
		app.H3().Class("node-name").Text(n.Name),
	}
	head = append(head, badges...)

	return app.Article().
		Class(strings.Join(classes, " ")).
		DataSet("node", n.Name).
		Aria("label", fmt.Sprintf(Msg.NodeAria, n.Name)).
		Body(
			app.Header().Class("node-head").Body(head...),
			zoneBadge(n),
			renderLabels(n.Labels),
			renderTaints(n.Taints),
			impactButton(n.Name),
			renderBars(n.Allocatable, n.Requested),
			app.Div().Class("node-pods").Body(podChips(c.Pods, Msg.NoPods)...),
			app.If(n.Describe != "", func() app.UI {
				return app.Details().Class("describe").Body(
					app.Summary().Text("kubectl describe node "+n.Name),
					app.Pre().Class("console-out").Text(strings.TrimRight(n.Describe, "\n")),
				)
			}),
		)
}

func hasProblem(n *sim.NodeState) bool {
	for _, c := range n.Conditions {
		if c.Type == core.NodeReady && c.Status != core.ConditionTrue {
			return true
		}
	}
	return false
}

func nodeBadges(n *sim.NodeState) []app.UI {
	var out []app.UI
	if n.Unschedulable {
		out = append(out, app.Span().
			Class("badge badge-cordon").
			Title(Msg.CordonedTitle).
			Body(
				app.Span().Class("icon icon-lock").Aria("hidden", "true"),
				app.Text(Msg.Cordoned),
			))
	}
	for _, cond := range n.Conditions {
		bad := (cond.Type == core.NodeReady && cond.Status != core.ConditionTrue) ||
			(cond.Type != core.NodeReady && cond.Status == core.ConditionTrue)
		if !bad {
			continue
		}
		label := fmt.Sprintf(Msg.Condition, cond.Type, cond.Status)
		title := label
		if cond.Reason != "" {
			title += " (" + cond.Reason + ")"
		}
		out = append(out, app.Span().
			Class("badge badge-condition cond-"+lowerASCII(string(cond.Type))).
			Title(title).
			Body(
				app.Span().Class("icon icon-alert").Aria("hidden", "true"),
				app.Text(label),
			))
	}
	if gaps := GapsText(n.NotModelled); gaps != "" {
		out = append(out, notModelledBadge(gaps))
	}
	if n.NoExecuteQueued {
		out = append(out, app.Span().Class("badge badge-queued").Title(Msg.NoExecuteQueuedTitle).Text(Msg.NoExecuteQueued))
	}
	return out
}

// zoneBadge shows the node-lifecycle controller's zone of the node and the
// zone's disruption state.
func zoneBadge(n *sim.NodeState) app.UI {
	if n.Zone == "" && n.ZoneState == "" {
		return app.Text("")
	}
	zone := n.Zone
	if zone == "" {
		zone = Msg.ZoneUnlabelled
	}
	cls := "badge badge-zone"
	if n.ZoneState != "" && n.ZoneState != "Normal" {
		cls += " is-disrupted"
	}
	title := fmt.Sprintf(Msg.ZoneTitle, zone, orDash(n.ZoneState))
	return app.Span().Class(cls).Title(title).Body(
		app.Span().Class("zone-name").Text(fmt.Sprintf(Msg.ZoneLabel, zone)),
		app.If(n.ZoneState != "", func() app.UI {
			return app.Span().Class("zone-state zs-" + lowerASCII(n.ZoneState)).Text(n.ZoneState)
		}),
	)
}

func renderLabels(labels map[string]string) app.UI {
	if len(labels) == 0 {
		return app.Div().Class("node-labels is-empty")
	}
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	chips := make([]app.UI, 0, len(keys))
	for _, k := range keys {
		text := k
		if v := labels[k]; v != "" {
			text += "=" + v
		}
		chips = append(chips, app.Li().Class("label-chip").Title(text).Text(text))
	}
	return app.Ul().Class("node-labels").Aria("label", Msg.Labels).Body(chips...)
}

// TaintChip renders a taint shaped, iconed and coloured by its effect, so
// the effect reads without colour. A long key or value is cut to the card;
// the title holds the whole taint and what its effect does.
func TaintChip(t core.Taint) app.UI {
	return app.Li().
		Class("taint "+EffectClass(t.Effect)).
		Title(FormatTaint(t)+"\n"+effectHelp(t.Effect)).
		Body(
			app.Span().Class("icon icon-effect").Aria("hidden", "true"),
			app.Span().Class("taint-kv").Text(taintKV(t)),
			app.Span().Class("taint-effect").Text(string(t.Effect)),
		)
}

func taintKV(t core.Taint) string {
	if t.Value == "" {
		return t.Key
	}
	return t.Key + "=" + t.Value
}

func effectHelp(e core.TaintEffect) string {
	switch e {
	case core.TaintEffectNoSchedule:
		return Msg.EffectHelpNoSchedule
	case core.TaintEffectPreferNoSchedule:
		return Msg.EffectHelpPrefer
	case core.TaintEffectNoExecute:
		return Msg.EffectHelpNoExecute
	}
	return string(e)
}

func renderTaints(taints []core.Taint) app.UI {
	if len(taints) == 0 {
		return app.P().Class("node-taints is-empty").Text(Msg.NoTaints)
	}
	chips := make([]app.UI, 0, len(taints))
	for _, t := range taints {
		chips = append(chips, TaintChip(t))
	}
	return app.Ul().Class("node-taints").Aria("label", Msg.Taints).Body(chips...)
}

func renderBars(alloc, req map[core.ResourceName]int64) app.UI {
	names := ResourceOrder(alloc, req)
	if len(names) == 0 {
		return app.Div().Class("node-bars is-empty")
	}
	rows := make([]app.UI, 0, len(names))
	for _, r := range names {
		a, q := alloc[r], req[r]
		pct, over := Percent(q, a)
		fill := "bar-fill"
		switch {
		case over:
			fill += " is-over"
		case pct >= 85:
			fill += " is-high"
		}
		amount := FormatResource(r, q) + " / " + FormatResource(r, a)
		rows = append(rows, app.Div().Class("bar-row").Title(fmt.Sprintf(Msg.BarTitle, r, FormatResource(r, q), FormatResource(r, a))).Body(
			app.Span().Class("bar-name").Text(string(r)),
			app.Div().Class("bar").Body(
				app.Div().Class(fill).Style("width", fmt.Sprintf("%.1f%%", pct)),
			),
			app.Span().Class("bar-amount").Text(amount),
		))
	}
	return app.Div().Class("node-bars").Body(rows...)
}

// TaintChipLegend renders an effect's chip for the legend.
func TaintChipLegend(effect string) app.UI {
	e := core.TaintEffect(effect)
	return app.Li().Class("taint "+EffectClass(e)).Title(effectHelp(e)).Body(
		app.Span().Class("icon icon-effect").Aria("hidden", "true"),
		app.Span().Class("taint-effect").Text(effect),
	)
}

// IDNodeFilter is the id of the board's node filter field.
const IDNodeFilter = "node-filter"

// NodeFilterThreshold is the node count from which the board offers the
// filter field.
const NodeFilterThreshold = 9

// NodeMatches reports whether a node's name, one of its labels or one of
// its taints contains the filter text (case-insensitive). The overview's
// forms match exactly instead: "NAME" the node of that name, zone="ZONE"
// the nodes of that zone (ExactNodeFilter, ZoneFilter).
func NodeMatches(n *sim.NodeState, filter string) bool {
	switch kind, value := exactFilter(filter); kind {
	case 'n':
		return n.Name == value
	case 'z':
		return NodeZone(n.Labels) == value
	}
	filter = strings.ToLower(strings.TrimSpace(filter))
	if filter == "" {
		return true
	}
	if strings.Contains(strings.ToLower(n.Name), filter) {
		return true
	}
	for k, v := range n.Labels {
		if strings.Contains(strings.ToLower(k+"="+v), filter) {
			return true
		}
	}
	for _, t := range n.Taints {
		if strings.Contains(strings.ToLower(FormatTaint(t)), filter) {
			return true
		}
	}
	return false
}

// PodMatches reports whether a pod's name (or namespace/name) contains
// the filter text (case-insensitive); an empty filter matches every pod.
func PodMatches(p *sim.PodState, filter string) bool {
	filter = strings.ToLower(strings.TrimSpace(filter))
	if filter == "" {
		return true
	}
	if p == nil {
		return false
	}
	return strings.Contains(strings.ToLower(PodKey(p)), filter)
}

// NodeOrPodMatches reports whether the node matches the filter
// (NodeMatches) or one of the pods bound to it does (PodMatches).
func NodeOrPodMatches(n *sim.NodeState, pods []*sim.PodState, filter string) bool {
	if NodeMatches(n, filter) {
		return true
	}
	for _, p := range pods {
		if PodMatches(p, filter) {
			return true
		}
	}
	return false
}

// FilterPods returns the pods that match the filter (all of them, the same
// slice, for an empty filter).
func FilterPods(pods []*sim.PodState, filter string) []*sim.PodState {
	if strings.TrimSpace(filter) == "" {
		return pods
	}
	var out []*sim.PodState
	for _, p := range pods {
		if PodMatches(p, filter) {
			out = append(out, p)
		}
	}
	return out
}

// NodesCountText says how many node cards the board shows: of all nodes,
// or, while a filter is set, of the matching ones out of all of them.
func NodesCountText(shown, matched, all int, filtered bool) string {
	return countText(shown, matched, all, filtered, Msg.NodesShown, Msg.NodesMatchNone, Msg.NodesMatchShown)
}

// PodsCountText is a lane's "showing N of M" text; while a filter is set,
// M is the matching pods and the lane's size follows.
func PodsCountText(shown, matched, all int, filtered bool) string {
	return countText(shown, matched, all, filtered, Msg.PodsShown, Msg.PodsMatchNone, Msg.PodsMatchShown)
}

// countText is the "showing N of M" text of a windowed list: shownOf
// (shown, all) without a filter; with one, matchNone (all) when nothing
// matches, else matchShown (shown, matched, all).
func countText(shown, matched, all int, filtered bool, shownOf, matchNone, matchShown string) string {
	switch {
	case !filtered:
		return fmt.Sprintf(shownOf, shown, all)
	case matched == 0:
		return fmt.Sprintf(matchNone, FormatCount(all))
	}
	return fmt.Sprintf(matchShown, shown, matched, FormatCount(all))
}

// notModelledBadge marks a pod or node whose manifest has fields upstream
// acts on and the playground does not model; gaps lists them, one per
// line, for the tooltip and screen readers.
func notModelledBadge(gaps string) app.UI {
	title := fmt.Sprintf(Msg.NotModelledTitle, gaps)
	return app.Span().Class("badge badge-not-modelled").Title(title).Aria("label", title).Body(
		app.Span().Class("icon icon-alert").Aria("hidden", "true"),
		app.Text(Msg.NotModelled),
	)
}
