package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/impact"
)

// Impact panel element ids.
const (
	IDImpact          = "panel-impact"
	IDImpactNode      = "impact-node"
	IDImpactSelector  = "impact-selector"
	IDImpactTaint     = "impact-taint"
	IDImpactWellKnown = "impact-wellknown"
	IDImpactPreview   = "impact-preview"
	IDImpactApply     = "impact-apply"
	IDImpactResult    = "impact-result"
)

// ImpactPanel previews a kubectl taint command: the reader types a taint
// (or picks a well-known one) for a node or a label selector, Preview asks
// the engine (Engine.Impact) and the panel lists the pods evicted (when,
// tolerationSeconds, the deciding toleration), spared, newly scheduled,
// still Pending and re-created; "Apply as a step" hands the command to
// the page's console path. State is the page's (ImpactPreview).
type ImpactPanel struct {
	app.Compo

	Page    *Playground
	Nodes   []string
	Palette []WellKnownTaint
	// Rev is the state's revision and Fresh whether its answer is about
	// the board: a change of either re-renders the panel.
	Rev   int
	Fresh bool

	st *ImpactPreview
}

// impactPanel is the panel over the page's kept state and the board.
func (p *Playground) impactPanel() *ImpactPanel {
	return &ImpactPanel{Page: p, Nodes: p.m.View.NodeNames, Palette: p.x.cfg.Palette, Rev: p.impact.rev, Fresh: p.impact.Fresh(p.m), st: &p.impact}
}

// OpenImpact opens the impact panel with node picked (a node card's
// button).
func (p *Playground) OpenImpact(node string) {
	p.impact.PickNode(node)
	p.x.panel = "impact"
}

// node is the node the panel shows picked: the state's, else the first.
func (c *ImpactPanel) node() string {
	for _, n := range c.Nodes {
		if n == c.st.Node {
			return n
		}
	}
	if len(c.Nodes) > 0 {
		return c.Nodes[0]
	}
	return ""
}

// value reads the event source's value.
func (c *ImpactPanel) value(ctx app.Context, set func(string)) {
	c.Page.guard(func() { set(ctx.JSSrc().Get("value").String()) })
}

// Render implements app.Composer.
func (c *ImpactPanel) Render() app.UI {
	s := c.st
	node := c.node()
	opts := make([]app.UI, 0, len(c.Nodes))
	for _, n := range c.Nodes {
		opts = append(opts, app.Option().Value(n).Selected(n == node).Text(n))
	}
	known := []app.UI{app.Option().Value("").Text(Msg.ImpactPick)}
	for _, t := range c.Palette {
		known = append(known, app.Option().Value(t.Spec()).Text(t.Spec()))
	}
	return app.Section().ID(IDImpact).Class("tool-panel impact-panel").Aria("label", Msg.Impact).Body(
		app.H2().Text(Msg.Impact),
		app.P().Class("muted small").Text(Msg.ImpactHint),
		app.Div().Class("panel-row").Body(
			app.Label().For(IDImpactNode).Text(Msg.ImpactNode),
			app.Select().ID(IDImpactNode).Class("select select-small").
				OnChange(func(ctx app.Context, e app.Event) { c.value(ctx, s.PickNode) }).Body(opts...),
			app.Label().For(IDImpactSelector).Text(Msg.ImpactSelector),
			app.Input().Type("text").ID(IDImpactSelector).Class("input-small").Value(s.Selector).
				Placeholder("zone=a").Attr("spellcheck", "false").
				OnInput(func(ctx app.Context, e app.Event) { c.value(ctx, s.SetSelector) }),
		),
		app.Div().Class("panel-row").Body(
			app.Label().For(IDImpactTaint).Text(Msg.ImpactTaint),
			app.Input().Type("text").ID(IDImpactTaint).Class("input-small").Value(s.Taint).
				Placeholder("key=value:NoExecute").Attr("spellcheck", "false").
				OnInput(func(ctx app.Context, e app.Event) { c.value(ctx, s.SetTaint) }),
			app.Label().For(IDImpactWellKnown).Text(Msg.ImpactWellKnown),
			app.Select().ID(IDImpactWellKnown).Class("select select-small").
				OnChange(func(ctx app.Context, e app.Event) {
					c.value(ctx, func(v string) {
						if v != "" {
							s.SetTaint(v)
						}
					})
				}).Body(known...),
		),
		app.Div().Class("panel-row").Body(
			app.Button().Type("button").ID(IDImpactPreview).Class("btn").Disabled(s.Busy).
				OnClick(func(ctx app.Context, e app.Event) {
					c.Page.guard(func() {
						if s.Selector == "" {
							s.PickNode(node)
						}
						s.Preview(c.Page.m)
					})
				}).Text(Msg.ImpactPreviewBtn),
			app.Button().Type("button").ID(IDImpactApply).Class("btn").Disabled(!c.Fresh).
				OnClick(func(ctx app.Context, e app.Event) {
					c.Page.guard(func() { s.Apply(c.Page.m, func(cmd string) { c.Page.RunCommand(ctx, cmd) }) })
				}).Text(Msg.ImpactApply),
		),
		c.renderStatus(),
		app.If(s.Result != nil && !s.Busy, func() app.UI { return renderImpact(s.Result) }),
	)
}

// renderStatus is the busy, error or stale line.
func (c *ImpactPanel) renderStatus() app.UI {
	s := c.st
	switch {
	case s.Busy:
		return app.P().Class("muted").Role("status").Text(Msg.ImpactBusy)
	case s.Err != "":
		return app.Pre().Class("notice is-error impact-error").Role("alert").Text(s.Err)
	case s.Result != nil && !c.Fresh:
		return app.P().Class("notice").Role("status").Text(Msg.ImpactStale)
	}
	return nil
}

// renderImpact lists the answer's differences, one table each.
func renderImpact(im *impact.Impact) app.UI {
	return app.Div().ID(IDImpactResult).Class("impact-result").Aria("live", "polite").Body(
		app.P().Class("small").Text(fmt.Sprintf(Msg.ImpactSummary, im.Command, "t="+FormatSeconds(im.At), "t="+FormatSeconds(im.Horizon))),
		app.If(im.Warning != "", func() app.UI {
			return app.Div().Class("notice impact-warning").Role("status").Body(
				app.P().Text(Msg.ImpactWarning),
				app.Pre().Class("impact-error").Text(im.Warning),
			)
		}),
		// Shown only when there are some: a warning, not a difference.
		app.If(len(im.BreaksSteps) > 0, func() app.UI {
			return app.Div().Body(
				app.P().Class("notice is-error impact-breaks-hint").Role("alert").Text(Msg.ImpactBreaksHint),
				impactTable(Msg.ImpactBreaks, "impact-breaks",
					[]string{Msg.ImpactColWhen, Msg.ImpactColStep, Msg.ImpactColError},
					stepRows(im.BreaksSteps)),
			)
		}),
		impactTable(Msg.ImpactNodes, "impact-nodes",
			[]string{Msg.ImpactColNode, Msg.ImpactColBefore, Msg.ImpactColAfter},
			nodeRows(im.Nodes)),
		impactTable(Msg.ImpactEvicted, "impact-evicted",
			[]string{Msg.ImpactColPod, Msg.ImpactColNode, Msg.ImpactColWhen, Msg.ImpactColSeconds, Msg.ImpactColToleration, Msg.ImpactColWithout, Msg.ImpactColWhy},
			evictedRows(im.Evicted)),
		impactTable(Msg.ImpactSpared, "impact-spared",
			[]string{Msg.ImpactColPod, Msg.ImpactColNode, Msg.ImpactColWithout},
			sparedRows(im.Spared)),
		impactTable(Msg.ImpactScheduled, "impact-scheduled",
			[]string{Msg.ImpactColPod, Msg.ImpactColNode, Msg.ImpactColWhen, Msg.ImpactColWithout},
			scheduledRows(im.Scheduled)),
		impactTable(Msg.ImpactPending, "impact-pending",
			[]string{Msg.ImpactColPod, Msg.ImpactColWhy},
			pendingRows(im.StillPending)),
		impactTable(Msg.ImpactRecreated, "impact-recreated",
			[]string{Msg.ImpactColPod, Msg.ImpactColOwner, Msg.ImpactColWhen, Msg.ImpactColNode, Msg.ImpactColReplaces},
			recreatedRows(im.Recreated)),
		app.If(len(im.FixesSteps) > 0, func() app.UI {
			return impactTable(Msg.ImpactFixes, "impact-fixes",
				[]string{Msg.ImpactColWhen, Msg.ImpactColStep, Msg.ImpactColError},
				stepRows(im.FixesSteps))
		}),
	)
}

// impactTable is one titled table, or the title and "none".
func impactTable(title, class string, head []string, rows [][]string) app.UI {
	if len(rows) == 0 {
		return app.Div().Class("impact-section "+class).Body(
			app.H3().Text(title),
			app.P().Class("muted small").Text(Msg.ImpactNone),
		)
	}
	ths := make([]app.UI, len(head))
	for i, h := range head {
		ths[i] = app.Th().Scope("col").Text(h)
	}
	trs := make([]app.UI, len(rows))
	for i, r := range rows {
		tds := make([]app.UI, len(r))
		for j, v := range r {
			tds[j] = app.Td().DataSet("label", head[j]).Text(v)
		}
		trs[i] = app.Tr().Body(tds...)
	}
	return app.Div().Class("impact-section "+class).Body(
		app.H3().Text(title),
		app.Div().Class("table-wrap").Body(
			app.Table().Class("why-table impact-table").Body(
				app.THead().Body(app.Tr().Body(ths...)),
				app.TBody().Body(trs...),
			),
		),
	)
}

func atText(v float64) string { return "t=" + FormatSeconds(v) }

func optAtText(v *float64, none string) string {
	if v == nil {
		return none
	}
	return atText(*v)
}

func evictedRows(es []impact.Eviction) [][]string {
	rows := make([][]string, 0, len(es))
	for _, e := range es {
		when, secs, tol := atText(e.At), "—", Msg.ImpactNoToleration
		if e.Never {
			when = Msg.ImpactNever
		}
		if e.TolerationSeconds != nil {
			secs = strconv.FormatInt(*e.TolerationSeconds, 10)
		}
		if e.Toleration != nil {
			tol = FormatToleration(*e.Toleration)
		}
		rows = append(rows, []string{e.Pod, e.Node, when, secs, tol, optAtText(e.Otherwise, Msg.ImpactNotAt), e.Reason})
	}
	return rows
}

func stepRows(ss []impact.StepFailure) [][]string {
	rows := make([][]string, 0, len(ss))
	for _, s := range ss {
		rows = append(rows, []string{atText(s.At), s.Command, s.Error})
	}
	return rows
}

func nodeRows(ns []impact.NodeChange) [][]string {
	rows := make([][]string, 0, len(ns))
	for _, n := range ns {
		rows = append(rows, []string{n.Node, taintsText(n.Before), taintsText(n.After)})
	}
	return rows
}

// taintsText is a node's taints as kubectl writes them (Taint.ToString),
// comma-separated, or "none".
func taintsText(ts []core.Taint) string {
	if len(ts) == 0 {
		return Msg.ImpactNone
	}
	out := make([]string, len(ts))
	for i := range ts {
		out[i] = ts[i].ToString()
	}
	return strings.Join(out, ", ")
}

func sparedRows(ss []impact.Spared) [][]string {
	rows := make([][]string, 0, len(ss))
	for _, s := range ss {
		rows = append(rows, []string{s.Pod, s.Node, atText(s.Otherwise)})
	}
	return rows
}

func scheduledRows(ss []impact.Scheduling) [][]string {
	rows := make([][]string, 0, len(ss))
	for _, s := range ss {
		other := optAtText(s.Otherwise, Msg.ImpactNone)
		if s.OtherwiseNode != "" {
			other += " " + s.OtherwiseNode
		}
		rows = append(rows, []string{s.Pod, s.Node, atText(s.At), other})
	}
	return rows
}

func pendingRows(ps []impact.Pending) [][]string {
	rows := make([][]string, 0, len(ps))
	for _, p := range ps {
		why := p.Reason
		if p.Blocked {
			why = Msg.ImpactBlocked + ": " + why
		}
		rows = append(rows, []string{p.Pod, why})
	}
	return rows
}

func recreatedRows(rs []impact.Replacement) [][]string {
	rows := make([][]string, 0, len(rs))
	for _, r := range rs {
		node := r.Node
		if node == "" {
			node = fmt.Sprintf(Msg.ImpactStillPending, r.Reason)
		}
		replaces := r.Replaces
		if replaces == "" {
			replaces = "—"
		}
		rows = append(rows, []string{r.Pod, r.Owner, atText(r.At), node, replaces})
	}
	return rows
}

// ActionImpactNode is posted with a node name by a node card's "Preview a
// taint" button: the page opens the impact panel for that node.
const ActionImpactNode = "tp-impact-node"

// impactButton is a node card's button that opens the impact panel for
// the node.
func impactButton(node string) app.UI {
	return app.Button().Type("button").Class("btn btn-small node-impact").
		Aria("label", fmt.Sprintf(Msg.ImpactNodeAria, node)).
		OnClick(func(ctx app.Context, e app.Event) {
			ctx.NewActionWithValue(ActionImpactNode, node)
		}, app.EventScope(node)).
		Text(Msg.ImpactNodeBtn)
}

// handleImpact opens the impact panel for the node a card's button names.
func (p *Playground) handleImpact(ctx app.Context) {
	ctx.Handle(ActionImpactNode, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if node, ok := a.Value.(string); ok && node != "" {
				p.OpenImpact(node)
				ctx.Defer(func(app.Context) { focusElement(IDImpactTaint) })
			}
		})
	})
}
