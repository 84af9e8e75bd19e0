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

	Node sim.NodeState
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
		Aria("label", fmt.Sprintf(English.NodeAria, n.Name)).
		Body(
			app.Header().Class("node-head").Body(head...),
			renderLabels(n.Labels),
			renderTaints(n.Taints),
			renderBars(n.Allocatable, n.Requested),
			app.Div().Class("node-pods").Body(podChips(c.Pods, English.NoPods)...),
			app.If(n.Describe != "", func() app.UI {
				return app.Details().Class("describe").Body(
					app.Summary().Text("kubectl describe node "+n.Name),
					app.Pre().Class("console-out").Text(strings.TrimRight(n.Describe, "\n")),
				)
			}),
		)
}

func hasProblem(n sim.NodeState) bool {
	for _, c := range n.Conditions {
		if c.Type == core.NodeReady && c.Status != core.ConditionTrue {
			return true
		}
	}
	return false
}

func nodeBadges(n sim.NodeState) []app.UI {
	var out []app.UI
	if n.Unschedulable {
		out = append(out, app.Span().
			Class("badge badge-cordon").
			Title(English.CordonedTitle).
			Body(
				app.Span().Class("icon icon-lock").Aria("hidden", "true"),
				app.Text(English.Cordoned),
			))
	}
	for _, cond := range n.Conditions {
		bad := (cond.Type == core.NodeReady && cond.Status != core.ConditionTrue) ||
			(cond.Type != core.NodeReady && cond.Status == core.ConditionTrue)
		if !bad {
			continue
		}
		label := fmt.Sprintf(English.Condition, cond.Type, cond.Status)
		title := label
		if cond.Reason != "" {
			title += " (" + cond.Reason + ")"
		}
		out = append(out, app.Span().
			Class("badge badge-condition").
			Title(title).
			Body(
				app.Span().Class("icon icon-alert").Aria("hidden", "true"),
				app.Text(label),
			))
	}
	return out
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
	return app.Ul().Class("node-labels").Aria("label", English.Labels).Body(chips...)
}

// TaintChip renders a taint shaped, iconed and coloured by its effect, so
// the effect reads without colour.
func TaintChip(t core.Taint) app.UI {
	return app.Li().
		Class("taint "+EffectClass(t.Effect)).
		Title(effectHelp(t.Effect)).
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
		return English.EffectHelpNoSchedule
	case core.TaintEffectPreferNoSchedule:
		return English.EffectHelpPrefer
	case core.TaintEffectNoExecute:
		return English.EffectHelpNoExecute
	}
	return string(e)
}

func renderTaints(taints []core.Taint) app.UI {
	if len(taints) == 0 {
		return app.P().Class("node-taints is-empty").Text(English.NoTaints)
	}
	chips := make([]app.UI, 0, len(taints))
	for _, t := range taints {
		chips = append(chips, TaintChip(t))
	}
	return app.Ul().Class("node-taints").Aria("label", English.Taints).Body(chips...)
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
		rows = append(rows, app.Div().Class("bar-row").Title(fmt.Sprintf(English.BarTitle, r, FormatResource(r, q), FormatResource(r, a))).Body(
			app.Span().Class("bar-name").Text(string(r)),
			app.Div().Class("bar").Body(
				app.Div().Class(fill).Style("width", fmt.Sprintf("%.1f%%", pct)),
			),
			app.Span().Class("bar-amount").Text(amount),
		))
	}
	return app.Div().Class("node-bars").Body(rows...)
}

// podChips renders pods as buttons; a click posts ActionSelectPod.
func podChips(pods []PodView, empty string) []app.UI {
	if len(pods) == 0 {
		return []app.UI{app.P().Class("lane-empty").Text(empty)}
	}
	out := make([]app.UI, 0, len(pods))
	for _, p := range pods {
		out = append(out, podChip(p))
	}
	return out
}

func podChip(p PodView) app.UI {
	key := p.Key
	classes := "pod phase-" + strings.ToLower(p.Phase)
	if p.Selected {
		classes += " is-selected"
	}
	if p.Note != "" && p.Phase != PhaseEvicted {
		classes += " is-doomed"
	}
	var tols app.UI
	if len(p.Tolerations) == 0 {
		tols = app.Span().Class("pod-tols is-empty").Text(English.NoTolerations)
	} else {
		items := make([]app.UI, 0, len(p.Tolerations))
		for _, t := range p.Tolerations {
			items = append(items, app.Li().Class("tol").Title(t).Text(t))
		}
		tols = app.Ul().Class("pod-tols").Aria("label", English.Tolerations).Body(items...)
	}
	name := p.Name
	if p.Namespace != "" && p.Namespace != "default" {
		name = p.Namespace + "/" + p.Name
	}
	body := []app.UI{
		app.Span().Class("pod-head").Body(
			app.Span().Class("icon icon-pod").Aria("hidden", "true"),
			app.Span().Class("pod-name").Text(name),
			app.Span().Class("pod-phase").Text(p.Phase),
		),
		tols,
	}
	if p.Note != "" {
		body = append(body, app.Span().Class("pod-note").Text(p.Note))
	}
	title := fmt.Sprintf(English.ClickForWhy, p.Name)
	if p.Requests != "" {
		title += "\n" + fmt.Sprintf(English.PodRequests, p.Requests)
	}
	if p.Priority != 0 {
		title += "\n" + fmt.Sprintf(English.PodPriority, p.Priority)
		body[0] = app.Span().Class("pod-head").Body(
			app.Span().Class("icon icon-pod").Aria("hidden", "true"),
			app.Span().Class("pod-name").Text(name),
			app.Span().Class("pod-prio").Title(fmt.Sprintf(English.PodPriority, p.Priority)).Text(fmt.Sprintf("p%d", p.Priority)),
			app.Span().Class("pod-phase").Text(p.Phase),
		)
	}
	return app.Button().
		Type("button").
		Class(classes).
		DataSet("pod", key).
		Aria("pressed", p.Selected).
		Title(title).
		// go-app keeps an element's handler when the new closure has the
		// same code pointer, so chips reused for another pod (positional
		// diffing) would report the old pod: the scope forces a re-mount.
		OnClick(func(ctx app.Context, e app.Event) {
			ctx.NewActionWithValue(ActionSelectPod, key)
		}, app.EventScope(key)).
		Body(body...)
}

// Lane is a row of pods that are not on a node: Pending or Evicted.
type Lane struct {
	app.Compo

	Kind  string
	Title string
	Empty string
	Pods  []PodView
}

// Render implements app.Composer.
func (l *Lane) Render() app.UI {
	return app.Section().
		Class("lane lane-"+l.Kind).
		Aria("label", l.Title).
		Body(
			app.H3().Class("lane-title").Body(
				app.Text(l.Title),
				app.Span().Class("count").Text(fmt.Sprint(len(l.Pods))),
			),
			app.Div().Class("lane-pods").Body(podChips(l.Pods, l.Empty)...),
		)
}

// TaintChipLegend renders an effect's chip for the legend.
func TaintChipLegend(effect string) app.UI {
	e := core.TaintEffect(effect)
	return app.Li().Class("taint "+EffectClass(e)).Title(effectHelp(e)).Body(
		app.Span().Class("icon icon-effect").Aria("hidden", "true"),
		app.Span().Class("taint-effect").Text(effect),
	)
}
