package web

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/fixit"
)

// Actions of the why panel's "Fix it" section.
const (
	ActionFixNode     = "tp-fix-node"   // value: node name ("" best)
	ActionFixEffect   = "tp-fix-effect" // value: NoSchedule or NoExecute
	ActionFixApply    = "tp-fix-apply"
	ActionFixTaint    = "tp-fix-taint"
	ActionFixUncordon = "tp-fix-uncordon"
)

// Element ids of the "Fix it" section.
const (
	IDFixNode     = "fix-node"
	IDFixEffect   = "fix-effect"
	IDFixApply    = "fix-apply"
	IDFixTaint    = "fix-taint"
	IDFixUncordon = "fix-uncordon"
)

// FixPanel is the why panel's "Fix it" section: for a Pending pod the
// tolerations that let it run on the node picked (the best candidate by
// default) and what else blocks it there; for a running pod the taint
// that keeps it off its node and what that taint does to the node's other
// pods. It shows the engine's FixReply and computes nothing itself.
type FixPanel struct {
	app.Compo

	Reply *FixReply
	// Node and Effect are the page's choices (Model.FixNode, FixEffect).
	Node, Effect string
}

// Render implements app.Composer.
func (f *FixPanel) Render() app.UI {
	r := f.Reply
	if r == nil {
		return app.Div().Class("why-fix is-empty")
	}
	body := []app.UI{app.H3().Text(Msg.FixTitle)}
	switch {
	case r.Err != "":
		body = append(body, app.P().Class("muted fix-err").Text(fmt.Sprintf(Msg.FixErr, r.Err)))
	case r.Pending != nil:
		body = append(body, f.pending(r.Pending)...)
	case r.KeepOff != nil:
		body = append(body, f.keepOff(r.KeepOff)...)
	}
	return app.Div().Class("why-fix").ID("why-fix").Body(body...)
}

// pending is the proposal for a Pending pod.
func (f *FixPanel) pending(plan *fixit.Plan) []app.UI {
	r := f.Reply
	np := plan.Node
	out := []app.UI{}
	if len(plan.Gated) > 0 {
		out = append(out, app.P().Class("fix-gated").Text(fmt.Sprintf(Msg.FixGated, strings.Join(plan.Gated, " "))))
	}
	if len(plan.Candidates) == 0 {
		return out
	}
	out = append(out, app.Div().Class("panel-row").Body(
		app.Label().For(IDFixNode).Text(Msg.FixNodeLabel),
		app.Select().ID(IDFixNode).Class("select select-small").
			OnChange(func(ctx app.Context, e app.Event) {
				v := ""
				func() {
					defer func() { _ = recover() }()
					v = ctx.JSSrc().Get("value").String()
				}()
				ctx.NewActionWithValue(ActionFixNode, v)
			}).Body(f.nodeOptions(plan)...),
	))
	rule := Msg.FixBestRule
	if !plan.Fits {
		rule = Msg.FixBestRuleNoFit
	}
	out = append(out, app.P().Class("muted small fix-rule").Text(rule))
	if !plan.Fits {
		out = append(out, app.P().Class("fix-nofit").Text(fmt.Sprintf(Msg.FixNoNodeFits, plan.Best)))
	}
	if plan.Checked < plan.Nodes {
		out = append(out, app.P().Class("muted small").Text(fmt.Sprintf(Msg.FixChecked, plan.Checked, plan.Nodes)))
	}
	if len(np.Add) == 0 {
		none := Msg.FixNoneNeeded
		if np.Cordoned {
			none = Msg.FixNoneNeededCordon
		}
		out = append(out, app.P().Class("fix-none").Text(fmt.Sprintf(none, np.Node)))
	} else {
		head := Msg.FixTolerations
		if np.Cordoned {
			head = Msg.FixTolerationsCordon
		}
		out = append(out,
			app.P().Text(fmt.Sprintf(head, np.Node)),
			app.Pre().Class("console-out fix-yaml").Text(strings.TrimRight(r.YAML, "\n")),
		)
	}
	out = append(out, f.verdict(np)...)
	if np.Cordoned {
		out = append(out,
			app.P().Class("fix-cordoned").Text(fmt.Sprintf(Msg.FixCordoned, np.Node)),
			app.Pre().Class("console-out fix-uncordon-command").Text("$ "+np.Uncordon),
			app.Button().Type("button").ID(IDFixUncordon).Class("btn").Title(Msg.FixUncordonHint).
				OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionFixUncordon) }).
				Text(Msg.FixUncordonAdd),
		)
	}
	if len(np.Add) > 0 {
		out = append(out, f.apply()...)
	}
	return out
}

// nodeOptions are the node picker's options, best first.
func (f *FixPanel) nodeOptions(plan *fixit.Plan) []app.UI {
	opts := make([]app.UI, 0, len(plan.Candidates))
	for _, c := range plan.Candidates {
		text := fmt.Sprintf(Msg.FixOption, c.Node, c.Tolerations)
		switch {
		case !c.Fits:
			text = fmt.Sprintf(Msg.FixOptionBlocked, c.Node, c.Tolerations, c.Blockers)
		case c.Rejected:
			text = fmt.Sprintf(Msg.FixOptionRejected, c.Node, c.Tolerations)
		}
		if c.Node == plan.Best {
			text = fmt.Sprintf(Msg.FixOptionBest, text)
		}
		value := c.Node
		if c.Node == plan.Best {
			value = ""
		}
		opts = append(opts, app.Option().Value(value).Selected(c.Node == plan.Node.Node).Text(text))
	}
	return opts
}

// verdict says what the filters answer with the tolerations added.
func (f *FixPanel) verdict(np fixit.NodePlan) []app.UI {
	var out []app.UI
	if np.Fits {
		out = append(out, app.P().Class("fix-fits").Text(fmt.Sprintf(Msg.FixFits, np.Node)))
		if np.Rejected != "" {
			out = append(out, app.P().Class("fix-rejected").Text(fmt.Sprintf(Msg.FixRejected, np.Node, strings.TrimSpace(np.Rejected))))
		}
		if np.Chosen != "" && np.Chosen != np.Node {
			out = append(out, app.P().Class("fix-other").Text(fmt.Sprintf(Msg.FixChosenOther, np.Chosen, np.Node)))
		}
	} else {
		items := make([]app.UI, 0, len(np.Blockers))
		for _, b := range np.Blockers {
			items = append(items, app.Li().Body(
				app.Span().Class("plugin-name").Text(b.Plugin),
				app.Text(": "+strings.Join(b.Reasons, "; ")),
			))
		}
		out = append(out,
			app.P().Class("fix-blocked").Text(fmt.Sprintf(Msg.FixBlocked, np.Node)),
			app.Ul().Class("fix-blockers").Body(items...),
		)
	}
	if np.EvictAfter != nil {
		var taints []string
		for _, t := range np.EvictTaints {
			taints = append(taints, FormatTaint(t))
		}
		text := fmt.Sprintf(Msg.FixEvictAfter, *np.EvictAfter, strings.Join(taints, ", "))
		if *np.EvictAfter == 0 {
			text = fmt.Sprintf(Msg.FixEvictNow, strings.Join(taints, ", "))
		}
		out = append(out, app.P().Class("fix-evict").Text(text))
	}
	return out
}

// apply is the "Add to the pod" button, or why it cannot be.
func (f *FixPanel) apply() []app.UI {
	r := f.Reply
	if r.Text == "" {
		return []app.UI{app.P().Class("fix-cannot").Text(fmt.Sprintf(Msg.FixCannotAdd, r.TextErr))}
	}
	out := []app.UI{
		app.Button().Type("button").ID(IDFixApply).Class("btn btn-primary").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionFixApply) }).
			Text(Msg.FixAdd),
		app.P().Class("muted small fix-target").Text(fmt.Sprintf(Msg.FixAddTo, r.Target)),
	}
	if !strings.HasPrefix(r.Target, "Pod ") {
		out = append(out, app.P().Class("muted small fix-template").Text(Msg.FixTemplate))
	}
	return out
}

// keepOff is the proposal for a running pod.
func (f *FixPanel) keepOff(plan *fixit.KeepOffPlan) []app.UI {
	if plan.Static {
		return []app.UI{
			app.H4().Text(Msg.FixKeepOff),
			app.P().Class("fix-static").Text(fmt.Sprintf(Msg.FixStatic, f.Reply.Pod, plan.Node)),
		}
	}
	effect := f.Effect
	if effect == "" {
		effect = string(core.TaintEffectNoExecute)
	}
	var opts []app.UI
	for _, e := range []string{string(core.TaintEffectNoExecute), string(core.TaintEffectNoSchedule)} {
		opts = append(opts, app.Option().Value(e).Selected(e == effect).Text(e))
	}
	help := Msg.FixNoExecuteHelp
	if effect == string(core.TaintEffectNoSchedule) {
		help = Msg.FixNoScheduleHelp
	}
	out := []app.UI{
		app.H4().Text(Msg.FixKeepOff),
		app.Div().Class("panel-row").Body(
			app.Label().For(IDFixEffect).Text(Msg.FixEffectLabel),
			app.Select().ID(IDFixEffect).Class("select select-small").
				OnChange(func(ctx app.Context, e app.Event) {
					v := ""
					func() {
						defer func() { _ = recover() }()
						v = ctx.JSSrc().Get("value").String()
					}()
					ctx.NewActionWithValue(ActionFixEffect, v)
				}).Body(opts...),
		),
		app.P().Class("muted small fix-effect-help").Text(help),
	}
	if plan.Impossible {
		return append(out, app.P().Class("fix-impossible").Text(fmt.Sprintf(Msg.FixImpossible, effect)))
	}
	out = append(out,
		app.Pre().Class("console-out fix-command").Text("$ "+plan.Command),
		app.Button().Type("button").ID(IDFixTaint).Class("btn").Title(Msg.FixTaintHint).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionFixTaint) }).
			Text(Msg.FixTaintAdd),
		app.P().Text(fmt.Sprintf(Msg.FixPodsOnNode, plan.Node)),
		app.Ul().Class("fix-fates").Body(fates(plan.Pods)...),
	)
	if plan.Moved > 0 {
		out = append(out, app.P().Class("fix-moved").Text(fmt.Sprintf(Msg.FixMoved, plan.Moved)))
	}
	return out
}

// fates lists what the taint does to each pod, the pod itself first.
func fates(pods []fixit.PodFate) []app.UI {
	items := make([]app.UI, 0, len(pods))
	for i, p := range pods {
		text := Msg.FateStays
		switch p.Fate {
		case fixit.FateEvictedNow:
			text = Msg.FateEvictedNow
		case fixit.FateEvictedAfter:
			text = fmt.Sprintf(Msg.FateEvictedAfter, p.After)
		case fixit.FateMirrorRecreated:
			text = Msg.FateMirror
		}
		if p.DaemonSet {
			text += " · " + Msg.FateDaemonSet
		}
		name := p.Pod
		if i == 0 {
			name += " (" + Msg.FateThisPod + ")"
		}
		items = append(items, app.Li().Class("fix-fate fate-"+strings.ToLower(p.Fate)).Body(
			app.Code().Text(name),
			app.Text(": "+text),
		))
	}
	return items
}

// handleFix wires the "Fix it" section's actions to the model: the node
// and effect pickers ask again, "Add to the pod" re-runs the scenario with
// the tolerations, and "Add the taint" adds a console step.
func (p *Playground) handleFix(ctx app.Context) {
	ctx.Handle(ActionFixNode, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if v, ok := a.Value.(string); ok {
				p.m.SetFixNode(v)
			}
		})
	})
	ctx.Handle(ActionFixEffect, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			if v, ok := a.Value.(string); ok {
				p.m.SetFixEffect(v)
			}
		})
	})
	ctx.Handle(ActionFixApply, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			p.playGen++
			p.editGen++
			p.typing = false
			p.m.ApplyFix(func(ok bool) {
				if ok {
					p.writeURL(p.ctx)
				}
			})
		})
	})
	ctx.Handle(ActionFixUncordon, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			p.playGen++
			p.editGen++
			p.typing = false
			p.m.Uncordon(func(changed bool) {
				if changed {
					p.writeURL(p.ctx)
				}
			})
		})
	})
	ctx.Handle(ActionFixTaint, func(ctx app.Context, a app.Action) {
		p.guard(func() {
			p.playGen++
			p.editGen++
			p.typing = false
			p.m.KeepOff(func(changed bool) {
				if changed {
					p.writeURL(p.ctx)
				}
			})
		})
	})
}
