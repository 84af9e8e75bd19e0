package web

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

// The why panel's taint × toleration matrix.

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

// MatchColumn is the index of the pod toleration that tolerates a taint
// first (the simulator's ByIndex), or -1.
func MatchColumn(tols []core.Toleration, m sim.TaintMatch) int {
	if !m.Tolerated {
		return -1
	}
	if m.ByIndex >= 0 && m.ByIndex < len(tols) && (m.By == nil || sameToleration(tols[m.ByIndex], *m.By)) {
		return m.ByIndex
	}
	if m.By == nil {
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
	head := []app.UI{app.Th().Text(Msg.ColNode), app.Th().Text(Msg.ColTaint)}
	for i, t := range tols {
		head = append(head, tolHeader(i, t))
	}
	head = append(head, app.Th().Text(Msg.ColResult))

	var rows []app.UI
	for _, v := range w.Pod.Why.Nodes {
		for _, m := range v.Taints {
			col := MatchColumn(tols, m)
			var uses []string
			if m.Filters {
				uses = append(uses, Msg.UseFilter)
			}
			if m.Scores {
				uses = append(uses, Msg.UseScore)
			}
			if m.Evicts {
				uses = append(uses, Msg.UseEvict)
			}
			cells := []app.UI{
				app.Th().Scope("row").Text(v.Node),
				app.Td().Body(
					app.Ul().Class("taint-inline").Body(TaintChip(m.Taint)),
					app.If(len(uses) > 0, func() app.UI {
						return app.Span().Class("taint-uses").Text(strings.Join(uses, " · "))
					}),
				),
			}
			checks := map[int]sim.TolerationCheck{}
			for _, c := range m.Checks {
				checks[c.Index] = c
			}
			for i := range tols {
				c, known := checks[i]
				alt := tolColumnClass(i)
				switch {
				case i == col:
					title := fmt.Sprintf(Msg.MatchedBy, i+1)
					if c.Why != "" {
						title += ": " + c.Why
					}
					cells = append(cells, app.Td().Class("cell is-match"+alt).Title(title).TabIndex(0).Body(
						app.Span().Aria("hidden", "true").Text("●"),
						app.Span().Class("cell-why").Text(title),
					))
				case known && c.Tolerates:
					cells = append(cells, app.Td().Class("cell is-also"+alt).Title(orDash(c.Why)).TabIndex(0).Body(
						app.Span().Aria("hidden", "true").Text("○"),
						app.Span().Class("cell-why").Text(orDash(c.Why)),
					))
				case known && c.Why != "":
					cells = append(cells, app.Td().Class("cell"+alt).Title(c.Why).TabIndex(0).Body(
						app.Span().Aria("hidden", "true").Text("·"),
						app.Span().Class("cell-why").Text(c.Why),
					))
				default:
					cells = append(cells, app.Td().Class("cell"+alt).Text("·"))
				}
			}
			res := app.Td().Class("result is-untolerated").Body(
				app.Span().Class("mark").Aria("hidden", "true").Text("✗ "),
				app.Text(Msg.Untolerated),
			)
			if m.Tolerated {
				res = app.Td().Class("result is-tolerated").Body(
					app.Span().Class("mark").Aria("hidden", "true").Text("✓ "),
					app.Text(Msg.Tolerated),
				)
			}
			cells = append(cells, res)
			rows = append(rows, app.Tr().Body(cells...))
		}
	}
	if len(rows) == 0 {
		return app.Div().Class("matrix").Body(
			app.H3().Text(Msg.Matrix),
			app.P().Class("muted").Text(Msg.MatrixEmpty),
		)
	}
	return app.Div().Class("matrix").Body(
		app.H3().Text(Msg.Matrix),
		app.P().Class("muted small").Text(Msg.MatrixHint),
		app.Div().Class("table-wrap").Body(
			app.Table().Class("matrix-table").Body(
				app.THead().Body(app.Tr().Body(head...)),
				app.TBody().Body(rows...),
			),
		),
	)
}

// tolHeader is the matrix's column head of toleration i: its number, its
// key, and its operator, value, effect and seconds on a second line, each
// cut to the column with the whole toleration on hover and for screen
// readers.
func tolHeader(i int, t core.Toleration) app.UI {
	full := fmt.Sprintf("#%d %s", i+1, FormatToleration(t))
	key := t.Key
	if key == "" {
		key = "*"
	}
	op := string(t.Operator)
	if op == "" {
		op = string(core.TolerationOpEqual)
	}
	rest := []string{op}
	if t.Value != "" {
		rest = append(rest, t.Value)
	}
	if t.Effect != "" {
		rest = append(rest, string(t.Effect))
	} else {
		rest = append(rest, "*")
	}
	if t.TolerationSeconds != nil {
		rest = append(rest, fmt.Sprintf("%ds", *t.TolerationSeconds))
	}
	return app.Th().Class("tol-col"+tolColumnClass(i)).Scope("col").Title(full).Aria("label", full).Body(
		app.Span().Class("tol-index").Text(fmt.Sprintf("#%d", i+1)),
		app.Span().Class("tol-text tol-key").Text(key),
		app.Span().Class("tol-text tol-rest").Text(strings.Join(rest, " ")),
	)
}

// tolColumnClass stripes every other toleration column of the matrix.
func tolColumnClass(i int) string {
	if i%2 == 1 {
		return " tol-c is-alt"
	}
	return " tol-c"
}
