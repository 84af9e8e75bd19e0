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
	// Version is the simulated Kubernetes release (Result.KubernetesVersion).
	Version string
	// Loading is set while the engine is still explaining the selection.
	Loading bool
	// Fix is the engine's "Fix it" proposal for the pod (FrameView.Fix),
	// FixNode and FixEffect the page's choices for it (why_fix.go).
	Fix                *FixReply
	FixNode, FixEffect string
}

// Render implements app.Composer.
func (w *WhyPanel) Render() app.UI {
	if w.Pod == nil {
		if w.Loading {
			return app.Section().Class("why is-loading").ID("why").Aria("busy", "true").Body(
				app.P().Class("muted").Text(Msg.WhyLoading),
			)
		}
		if w.Missing != "" {
			return app.Section().Class("why").ID("why").Body(
				app.P().Class("muted").Text(fmt.Sprintf(Msg.WhyGone, w.Missing)),
			)
		}
		return app.Section().Class("why is-idle").ID("why").Body(
			app.P().Class("muted").Body(
				app.Span().Class("icon icon-pod").Aria("hidden", "true"),
				app.Text(Msg.WhyPrompt),
			),
		)
	}
	p := w.Pod
	body := []app.UI{
		app.Header().Class("why-head").Body(
			app.H2().Body(
				app.Text(fmt.Sprintf(Msg.WhyTitle, p.Name)),
				app.If(w.Version != "", func() app.UI {
					return app.Span().Class("k8s-version").Text(fmt.Sprintf(Msg.K8sVersion, w.Version))
				}),
			),
			app.Button().Type("button").Class("btn btn-ghost why-close").
				Title(Msg.WhyClose).
				Aria("label", Msg.WhyClose).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionClosePod) }).
				Text("×"),
		),
		w.outcome(),
	}
	if p.Why != nil && p.Why.Summary != "" &&
		(p.FailedSchedulingMessage == "" || !strings.Contains(p.Why.Summary, p.FailedSchedulingMessage)) {
		body = append(body, app.P().Class("why-summary").Text(p.Why.Summary))
	}
	if p.Static {
		body = append(body, app.P().Class("why-static").Text(fmt.Sprintf(Msg.WhyStatic, p.Node)))
	}
	if len(p.NotModelled) > 0 {
		items := make([]app.UI, 0, len(p.NotModelled))
		for _, g := range p.NotModelled {
			items = append(items, app.Li().Body(app.Code().Text(g.Path), app.Text(": "+g.Why)))
		}
		body = append(body, app.Div().Class("why-not-modelled").Body(
			app.H3().Text(Msg.WhyNotModelled),
			app.Ul().Body(items...),
		))
	}
	if hints := w.missingTolerations(); len(hints) > 0 {
		body = append(body, app.Div().Class("why-hints").Body(
			app.H3().Text(Msg.WhyMissing),
			app.Ul().Body(hints...),
		))
	}
	if hints := w.spreadRejections(); len(hints) > 0 {
		body = append(body, app.Div().Class("why-hints why-spread").Body(
			app.H3().Text(Msg.WhySpread),
			app.Ul().Body(hints...),
			app.P().Class("muted").Text(Msg.WhySpreadPolicy),
		))
	}
	if w.Fix != nil && w.Fix.Pod == PodKey(p) {
		body = append(body, &FixPanel{Reply: w.Fix, Node: w.FixNode, Effect: w.FixEffect})
	}
	if p.Why == nil || len(p.Why.Nodes) == 0 {
		body = append(body, app.P().Class("muted").Text(Msg.WhyNoDetail))
	} else {
		body = append(body, w.nodeTable(), w.notes(), w.scoreTable(), w.matrix())
	}
	if p.Describe != "" {
		body = append(body, app.Details().Class("describe describe-pod").Body(
			app.Summary().Text(fmt.Sprintf(Msg.DescribePod, p.Name)),
			app.Pre().Class("console-out").Text(strings.TrimRight(p.Describe, "\n")),
		))
	}
	return app.Section().Class("why").ID("why").Aria("live", "polite").Body(body...)
}

func (w *WhyPanel) outcome() app.UI {
	p := w.Pod
	var status app.UI = app.Text("")
	if p.Reason != "" || p.Message != "" {
		text := p.Reason
		if p.Message != "" {
			if text != "" {
				text += ": "
			}
			text += p.Message
		}
		if p.StatusPhase != "" {
			text = "status.phase " + p.StatusPhase + " · " + text
		}
		status = app.Code().Class("why-status").Text(text)
	}
	switch {
	case p.Phase == PhaseEvicted && p.MirrorAt != nil:
		// A static pod: only its mirror pod was deleted.
		head := Msg.WhyRunningOn
		if p.Terminating {
			head = Msg.WhyMirrorOn
		}
		return app.Div().Class("why-outcome is-running").Body(
			app.Strong().Text(fmt.Sprintf(head, p.Node)),
			status,
		)
	case p.Phase == PhaseEvicted:
		at := "?"
		if p.EvictedAt != nil {
			at = FormatSeconds(*p.EvictedAt)
		}
		return app.Div().Class("why-outcome is-evicted").Body(
			app.Strong().Text(fmt.Sprintf(Msg.WhyEvicted, orDash(p.Node), at)),
			status,
		)
	case p.Node != "":
		return app.Div().Class("why-outcome is-running").Body(
			app.Strong().Text(fmt.Sprintf(Msg.WhyRunningOn, p.Node)),
			status,
		)
	}
	headline := Msg.WhyPending
	if len(p.SchedulingGates) > 0 {
		// Not tried at all: no node was asked.
		headline = Msg.WhyPendingGated
	}
	out := []app.UI{app.Strong().Text(headline)}
	if p.FailedSchedulingMessage != "" {
		out = append(out, app.Code().Class("why-message").Text(p.FailedSchedulingMessage))
	}
	var facts []app.UI
	if p.Attempts > 0 {
		facts = append(facts, app.Li().Text(fmt.Sprintf(Msg.WhyAttempts, p.Attempts)))
	}
	if p.Queue != "" {
		facts = append(facts, app.Li().Text(fmt.Sprintf(Msg.WhyQueue, p.Queue)))
	}
	if p.NominatedNodeName != "" {
		facts = append(facts, app.Li().Text(fmt.Sprintf(Msg.WhyNominated, p.NominatedNodeName)))
	}
	if len(p.SchedulingGates) > 0 {
		facts = append(facts, app.Li().Class("why-gated").Text(fmt.Sprintf(Msg.WhyGated, strings.Join(p.SchedulingGates, " "))))
	}
	if len(facts) > 0 {
		out = append(out, app.Ul().Class("why-facts").Body(facts...))
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
	ties := len(w.Pod.Why.Tied) > 1
	for _, v := range w.Pod.Why.Nodes {
		cls := "verdict"
		fits := Msg.No
		if v.Feasible {
			cls += " is-feasible"
			fits = Msg.Yes
		}
		if v.Chosen {
			cls += " is-chosen"
		}
		if v.NotExamined {
			cls += " is-unexamined"
			fits = Msg.NotExamined
		}
		score := "—"
		if v.Score != nil {
			score = fmt.Sprint(*v.Score)
		}
		chosen := ""
		switch {
		case v.Chosen && !v.Feasible:
			chosen = "★ " + Msg.ChosenNoFit
		case v.Chosen && v.Tied && ties:
			chosen = "★ " + Msg.Chosen + " · " + Msg.Tied
		case v.Chosen:
			chosen = "★ " + Msg.Chosen
		case v.Tied && ties:
			chosen = Msg.Tied
			cls += " is-tied"
		}
		var breakdown []string
		for _, part := range v.Scores {
			breakdown = append(breakdown, fmt.Sprintf("%s %d", part.Plugin, part.Weighted))
		}
		scoreCell := app.Td().Class("num").Text(score)
		if len(breakdown) > 0 {
			scoreCell = app.Td().Class("num has-breakdown").Title(strings.Join(breakdown, " + ")).Text(score)
		}
		rows = append(rows, app.Tr().Class(cls).Body(
			app.Th().Scope("row").Text(v.Node),
			app.Td().Class("fits").Body(
				app.Span().Class("mark").Aria("hidden", "true").Text(mark(v.Feasible)),
				app.Text(fits),
			),
			pluginCell(v),
			app.Td().Class("reasons").Body(
				app.Text(orDash(strings.Join(v.Reasons, "; "))),
				unreported(v.Filters),
			),
			scoreCell,
			app.Td().Class("chosen").Text(chosen),
		))
	}
	return app.Div().Class("table-wrap").Body(
		app.Table().Class("why-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Text(Msg.ColNode),
				app.Th().Text(Msg.ColFeasible),
				app.Th().Text(Msg.ColPlugin),
				app.Th().Text(Msg.ColReasons),
				app.Th().Text(Msg.ColScore),
				app.Th().Text(Msg.ColChosen),
			)),
			app.TBody().Body(rows...),
		),
	)
}

// unreported lists the filters that also reject the node but that
// Kubernetes does not report, because the first failing filter ends the
// node's evaluation.
func unreported(filters []sim.FilterVerdict) app.UI {
	var items []app.UI
	for _, f := range filters {
		if f.Reported || f.Code == "" || f.Code == "Success" {
			continue
		}
		text := f.Plugin
		if len(f.Reasons) > 0 {
			text += ": " + strings.Join(f.Reasons, "; ")
		}
		items = append(items, app.Li().Class("also-fails").Title(Msg.NotReported).Text(text))
	}
	if len(items) == 0 {
		return app.Text("")
	}
	return app.Div().Class("unreported").Body(
		app.Span().Class("tag tag-unreported").Text(Msg.AlsoFails),
		app.Ul().Body(items...),
	)
}

// pluginCell names the filter Kubernetes reports for a node, marked
// "reported".
func pluginCell(v sim.NodeVerdict) app.UI {
	if v.Plugin == "" {
		return app.Td().Class("plugin").Text("—")
	}
	return app.Td().Class("plugin").Body(
		app.Span().Class("plugin-name").Text(v.Plugin),
		app.Text(" "), // read as two words by screen readers and innerText
		app.Span().Class("tag tag-reported").Text(Msg.Reported),
	)
}

// notes says what the table leaves implicit: plugins whose PreScore
// skipped, nodes the Filter pass never reached, and a choice made without
// scoring.
func (w *WhyPanel) notes() app.UI {
	why := w.Pod.Why
	var items []app.UI
	unexamined := 0
	feasible := 0
	for _, v := range why.Nodes {
		if v.NotExamined {
			unexamined++
		}
		if v.Feasible {
			feasible++
		}
	}
	if unexamined > 0 {
		items = append(items, app.Li().Class("note-unexamined").Text(fmt.Sprintf(Msg.NotExaminedNote, unexamined)))
	}
	if !why.Scored && feasible == 1 {
		items = append(items, app.Li().Class("note-unscored").Text(Msg.NotScored))
	}
	if len(why.SkippedScorePlugins) > 0 && why.Scored {
		items = append(items, app.Li().Class("note-skipped").Text(fmt.Sprintf(Msg.SkippedPlugins, strings.Join(why.SkippedScorePlugins, ", "))))
	}
	if len(items) == 0 {
		return app.Text("")
	}
	return app.Ul().Class("why-notes").Body(items...)
}

// scoreTable is the Score phase per feasible node: each plugin's raw,
// normalized and weighted score and the total, chosen and tied nodes
// highlighted.
func (w *WhyPanel) scoreTable() app.UI {
	why := w.Pod.Why
	var plugins []string
	seen := map[string]bool{}
	weight := map[string]int64{}
	var scored []sim.NodeVerdict
	ties := len(why.Tied) > 1
	for _, v := range why.Nodes {
		if len(v.Scores) == 0 {
			continue
		}
		scored = append(scored, v)
		for _, part := range v.Scores {
			if !seen[part.Plugin] {
				seen[part.Plugin] = true
				plugins = append(plugins, part.Plugin)
			}
			if part.Normalized != 0 && weight[part.Plugin] == 0 && part.Weighted%part.Normalized == 0 {
				weight[part.Plugin] = part.Weighted / part.Normalized
			}
		}
	}
	if len(scored) == 0 {
		return app.Text("")
	}
	head := []app.UI{app.Th().Text(Msg.ColNode)}
	for _, pl := range plugins {
		label := pl
		if wt := weight[pl]; wt > 1 {
			label += fmt.Sprintf(" ×%d", wt)
		}
		head = append(head, app.Th().Class("num").Text(label))
	}
	head = append(head, app.Th().Class("num").Text(Msg.ColTotal), app.Th().Text(Msg.ColChosen))
	rows := make([]app.UI, 0, len(scored))
	for _, v := range scored {
		parts := map[string]sim.ScorePart{}
		for _, part := range v.Scores {
			parts[part.Plugin] = part
		}
		cells := []app.UI{app.Th().Scope("row").Text(v.Node)}
		for _, pl := range plugins {
			part, ok := parts[pl]
			if !ok {
				cells = append(cells, app.Td().Class("num score-cell").Text("—"))
				continue
			}
			cells = append(cells, app.Td().Class("num score-cell").
				Title(fmt.Sprintf("%s: raw %d → normalized %d → weighted %d", pl, part.Raw, part.Normalized, part.Weighted)).
				Body(
					app.Span().Class("sc-weighted").Text(fmt.Sprint(part.Weighted)),
					app.Span().Class("sc-detail").Text(fmt.Sprintf("%d → %d", part.Raw, part.Normalized)),
				))
		}
		total := "—"
		if v.Score != nil {
			total = fmt.Sprint(*v.Score)
		}
		cls := "score-row"
		chosen := ""
		switch {
		case v.Chosen:
			cls += " is-chosen"
			chosen = "★ " + Msg.Chosen
			if v.Tied && ties {
				chosen += " · " + Msg.Tied
			}
		case v.Tied && ties:
			cls += " is-tied"
			chosen = Msg.Tied
		}
		cells = append(cells, app.Td().Class("num score-total").Text(total), app.Td().Class("chosen").Text(chosen))
		rows = append(rows, app.Tr().Class(cls).Body(cells...))
	}
	return app.Div().Class("scores").Body(
		app.H3().Text(Msg.ScoreTable),
		app.P().Class("muted small").Text(Msg.ScoreHint),
		app.Div().Class("table-wrap").Body(
			app.Table().Class("score-table").Body(
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
			app.Span().Text(fmt.Sprintf(Msg.WhyMissingOn, v.Node)),
			app.Ul().Class("taint-inline").Body(chips...),
		))
	}
	return out
}

// Reasons of the PodTopologySpread filter (upstream plugin.go).
const (
	spreadReasonSkew  = "node(s) didn't match pod topology spread constraints"
	spreadReasonLabel = spreadReasonSkew + " (missing required label)"
)

// spreadRejections explains, for a Pending pod, each node the
// PodTopologySpread filter reported: too much skew, or no topology label.
func (w *WhyPanel) spreadRejections() []app.UI {
	p := w.Pod
	if p.Why == nil || p.Node != "" || p.Phase != PhasePending {
		return nil
	}
	var out []app.UI
	for _, v := range p.Why.Nodes {
		if v.Feasible || v.Plugin != "PodTopologySpread" || len(v.Reasons) == 0 {
			continue
		}
		text := Msg.WhySpreadSkew
		if v.Reasons[0] == spreadReasonLabel {
			text = Msg.WhySpreadLabel
		}
		out = append(out, app.Li().Class("why-hint").Text(fmt.Sprintf(text, v.Node)))
	}
	return out
}
