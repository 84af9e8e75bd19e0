package web

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

// ActionClosePod is posted when the why panel is closed.
const ActionClosePod = "tp-close-pod"

// WhyPanel explains why the selected pod is where it is, from the
// simulation's PodState.Why: the outcome, a per-node table and the taint ×
// toleration matrix. It computes nothing itself.
type WhyPanel struct {
	app.Compo

	Pod *sim.PodState
	// Missing names a selected pod that is not in the frame.
	Missing string
}

// Render implements app.Composer.
func (w *WhyPanel) Render() app.UI {
	if w.Pod == nil {
		if w.Missing != "" {
			return app.Section().Class("why").ID("why").Body(
				app.P().Class("muted").Text(fmt.Sprintf(English.WhyGone, w.Missing)),
			)
		}
		return app.Section().Class("why is-idle").ID("why").Body(
			app.P().Class("muted").Body(
				app.Span().Class("icon icon-pod").Aria("hidden", "true"),
				app.Text(English.WhyPrompt),
			),
		)
	}
	p := w.Pod
	body := []app.UI{
		app.Header().Class("why-head").Body(
			app.H2().Text(fmt.Sprintf(English.WhyTitle, p.Name)),
			app.Button().Type("button").Class("btn btn-ghost why-close").
				Title(English.WhyClose).
				Aria("label", English.WhyClose).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionClosePod) }).
				Text("×"),
		),
		w.outcome(),
	}
	if p.Why != nil && p.Why.Summary != "" &&
		(p.FailedSchedulingMessage == "" || !strings.Contains(p.Why.Summary, p.FailedSchedulingMessage)) {
		body = append(body, app.P().Class("why-summary").Text(p.Why.Summary))
	}
	if hints := w.missingTolerations(); len(hints) > 0 {
		body = append(body, app.Div().Class("why-hints").Body(
			app.H3().Text(English.WhyMissing),
			app.Ul().Body(hints...),
		))
	}
	if p.Why == nil || len(p.Why.Nodes) == 0 {
		body = append(body, app.P().Class("muted").Text(English.WhyNoDetail))
	} else {
		body = append(body, w.nodeTable(), w.matrix())
	}
	return app.Section().Class("why").ID("why").Aria("live", "polite").Body(body...)
}

func (w *WhyPanel) outcome() app.UI {
	p := w.Pod
	switch {
	case p.Phase == PhaseEvicted:
		at := "?"
		if p.EvictedAt != nil {
			at = FormatSeconds(*p.EvictedAt)
		}
		return app.P().Class("why-outcome is-evicted").Text(fmt.Sprintf(English.WhyEvicted, orDash(p.Node), at))
	case p.Node != "":
		return app.P().Class("why-outcome is-running").Text(fmt.Sprintf(English.WhyRunningOn, p.Node))
	}
	out := []app.UI{app.Strong().Text(English.WhyPending)}
	if p.FailedSchedulingMessage != "" {
		out = append(out, app.Code().Class("why-message").Text(p.FailedSchedulingMessage))
	}
	return app.Div().Class("why-outcome is-pending").Body(out...)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func (w *WhyPanel) nodeTable() app.UI {
	rows := make([]app.UI, 0, len(w.Pod.Why.Nodes))
	for _, v := range w.Pod.Why.Nodes {
		cls := "verdict"
		fits := English.No
		if v.Feasible {
			cls += " is-feasible"
			fits = English.Yes
		}
		if v.Chosen {
			cls += " is-chosen"
		}
		score := "—"
		if v.Score != nil {
			score = fmt.Sprint(*v.Score)
		}
		chosen := ""
		if v.Chosen {
			chosen = "★ " + English.Chosen
		}
		rows = append(rows, app.Tr().Class(cls).Body(
			app.Th().Scope("row").Text(v.Node),
			app.Td().Class("fits").Body(
				app.Span().Class("mark").Aria("hidden", "true").Text(mark(v.Feasible)),
				app.Text(fits),
			),
			app.Td().Class("plugin").Text(orDash(v.Plugin)),
			app.Td().Class("reasons").Text(orDash(strings.Join(v.Reasons, "; "))),
			app.Td().Class("num").Text(score),
			app.Td().Class("chosen").Text(chosen),
		))
	}
	return app.Div().Class("table-wrap").Body(
		app.Table().Class("why-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Text(English.ColNode),
				app.Th().Text(English.ColFeasible),
				app.Th().Text(English.ColPlugin),
				app.Th().Text(English.ColReasons),
				app.Th().Text(English.ColScore),
				app.Th().Text(English.ColChosen),
			)),
			app.TBody().Body(rows...),
		),
	)
}

func mark(ok bool) string {
	if ok {
		return "✓"
	}
	return "✗"
}

func sameToleration(a, b core.Toleration) bool {
	if a.Key != b.Key || a.Operator != b.Operator || a.Value != b.Value || a.Effect != b.Effect {
		return false
	}
	if (a.TolerationSeconds == nil) != (b.TolerationSeconds == nil) {
		return false
	}
	return a.TolerationSeconds == nil || *a.TolerationSeconds == *b.TolerationSeconds
}

// MatchColumn is the index of the pod toleration a TaintMatch names, or -1.
func MatchColumn(tols []core.Toleration, m sim.TaintMatch) int {
	if !m.Tolerated || m.By == nil {
		return -1
	}
	for i, t := range tols {
		if sameToleration(t, *m.By) {
			return i
		}
	}
	return -1
}

func (w *WhyPanel) matrix() app.UI {
	tols := w.Pod.Tolerations
	head := []app.UI{app.Th().Text(English.ColNode), app.Th().Text(English.ColTaint)}
	for i, t := range tols {
		head = append(head, app.Th().Class("tol-col").Title(FormatToleration(t)).Body(
			app.Span().Class("tol-index").Text(fmt.Sprintf("#%d", i+1)),
			app.Span().Class("tol-text").Text(FormatToleration(t)),
		))
	}
	head = append(head, app.Th().Text(English.ColResult))

	var rows []app.UI
	for _, v := range w.Pod.Why.Nodes {
		for _, m := range v.Taints {
			col := MatchColumn(tols, m)
			cells := []app.UI{
				app.Th().Scope("row").Text(v.Node),
				app.Td().Body(app.Ul().Class("taint-inline").Body(TaintChip(m.Taint))),
			}
			for i := range tols {
				if i == col {
					cells = append(cells, app.Td().Class("cell is-match").Title(fmt.Sprintf(English.MatchedBy, i+1)).Text("●"))
				} else {
					cells = append(cells, app.Td().Class("cell").Text("·"))
				}
			}
			res := app.Td().Class("result is-untolerated").Body(
				app.Span().Class("mark").Aria("hidden", "true").Text("✗ "),
				app.Text(English.Untolerated),
			)
			if m.Tolerated {
				res = app.Td().Class("result is-tolerated").Body(
					app.Span().Class("mark").Aria("hidden", "true").Text("✓ "),
					app.Text(English.Tolerated),
				)
			}
			cells = append(cells, res)
			rows = append(rows, app.Tr().Body(cells...))
		}
	}
	if len(rows) == 0 {
		return app.Div().Class("matrix").Body(
			app.H3().Text(English.Matrix),
			app.P().Class("muted").Text(English.MatrixEmpty),
		)
	}
	return app.Div().Class("matrix").Body(
		app.H3().Text(English.Matrix),
		app.P().Class("muted small").Text(English.MatrixHint),
		app.Div().Class("table-wrap").Body(
			app.Table().Class("matrix-table").Body(
				app.THead().Body(app.Tr().Body(head...)),
				app.TBody().Body(rows...),
			),
		),
	)
}

// missingTolerations lists, for a pod the TaintToleration filter kept off
// some nodes, the blocking taints it does not tolerate there (from the
// simulation's verdicts: NoSchedule and NoExecute taints marked untolerated
// on nodes whose reported plugin is TaintToleration).
func (w *WhyPanel) missingTolerations() []app.UI {
	p := w.Pod
	if p.Why == nil || p.Node != "" || p.Phase != PhasePending {
		return nil
	}
	var out []app.UI
	for _, v := range p.Why.Nodes {
		if v.Feasible || v.Plugin != "TaintToleration" {
			continue
		}
		var chips []app.UI
		for _, m := range v.Taints {
			if !m.Tolerated && m.Taint.Effect != core.TaintEffectPreferNoSchedule {
				chips = append(chips, TaintChip(m.Taint))
			}
		}
		if len(chips) == 0 {
			continue
		}
		out = append(out, app.Li().Class("why-hint").Body(
			app.Span().Text(fmt.Sprintf(English.WhyMissingOn, v.Node)),
			app.Ul().Class("taint-inline").Body(chips...),
		))
	}
	return out
}
