package web

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The parts of the playground page Render assembles.

func (p *Playground) renderHeader() app.UI {
	m := p.m
	opts := make([]app.UI, 0, len(m.Presets())+1)
	for _, pr := range m.Presets() {
		title := pr.Title
		if title == "" {
			title = pr.Name
		}
		opts = append(opts, app.Option().Value(pr.Name).Selected(pr.Name == m.Preset).Text(title))
	}
	if m.Preset == "" {
		opts = append(opts, app.Option().Value(EditedPresetValue).Selected(true).Disabled(true).Text(English.PresetCustom))
	}
	return app.Header().Class("topbar").Body(
		app.Div().Class("brand").Body(
			app.Img().Class("logo").Src("/web/icons/icon.svg").Alt("").Attr("role", "presentation").Width(40).Height(40),
			app.Div().Body(
				app.H1().Text(English.AppTitle),
				app.P().Class("tagline").Text(English.AppTagline),
			),
		),
		app.Div().Class("picker").Body(
			app.Label().For(IDPreset).Text(English.PresetLabel),
			app.Div().Class("picker-row").Body(
				app.Select().ID(IDPreset).Class("select").OnChange(p.onPreset).Body(opts...),
				p.renderShareButtons(),
			),
		),
	)
}

// renderIntro shows the title and description of the scenario on the
// board (the Scenario document's own, so edited and shared scenarios get
// theirs too).
func (p *Playground) renderIntro() app.UI {
	title, desc := "", ""
	if r := p.m.Result; r != nil {
		title, desc = r.Title, r.Description
		if title == "" {
			title = r.Name
		}
	}
	if desc == "" {
		return app.Div().Class("intro-slot")
	}
	long := len(desc) > introClampChars
	cls := "intro"
	if long && !p.intro {
		cls += " is-clamped"
	}
	label := English.More
	if p.intro {
		label = English.Less
	}
	return app.Div().Class("intro-slot").Body(
		app.Div().Class(cls).Body(
			app.Strong().Text(title),
			app.P().Class("intro-text").Text(desc),
			app.If(long, func() app.UI {
				return app.Button().Type("button").Class("btn btn-ghost btn-small intro-toggle").
					Aria("expanded", p.intro).
					OnClick(func(ctx app.Context, e app.Event) { p.intro = !p.intro }).
					Text(label)
			}),
		),
	)
}

// introClampChars is the description length above which the intro shows
// three lines and a "more" button.
const introClampChars = 280

func (p *Playground) renderNotice() app.UI {
	if p.m.Notice == "" {
		return app.Div().Class("notice-slot")
	}
	return app.Div().Class("notice-slot").Body(
		app.Div().ID(IDNotice).Class("notice").Role("alert").Body(
			app.Span().Class("icon icon-alert").Aria("hidden", "true"),
			app.Span().Class("notice-text").Text(p.m.Notice),
			app.Button().Type("button").Class("btn btn-ghost").
				OnClick(func(ctx app.Context, e app.Event) { p.m.Notice = "" }).
				Text(English.Dismiss),
		),
	)
}

func (p *Playground) renderEditor() app.UI {
	m := p.m
	var status app.UI
	switch {
	case p.typing:
		status = app.P().Class("editor-status is-busy").Text(English.EditorRunning)
	case m.Err != "":
		status = app.Div().ID(IDError).Class("editor-error").Role("alert").Body(
			app.Strong().Text(English.EditorError),
			app.Pre().Class("err-text").Text(m.Err),
			app.If(m.Result != nil, func() app.UI { return app.P().Class("small").Text(English.KeptLastGood) }),
		)
	case m.Result != nil:
		status = app.P().Class("editor-status is-ok").Body(
			app.Span().Class("mark").Aria("hidden", "true").Text("✓ "),
			app.Text(EditorOKText(len(m.Result.Frames), len(m.Result.Events))),
		)
	default:
		status = app.P().Class("editor-status").Text("")
	}
	cls := "editor"
	if m.Err != "" && !p.typing {
		cls += " has-error"
	}
	if p.x.dropActive {
		cls += " is-drop"
	}
	return app.Section().Class("editor-pane").Body(
		app.Div().Class("pane-head").Body(
			app.Label().For(IDEditor).Class("pane-title").Text(English.EditorLabel),
			app.Span().Class("muted small").Text(English.EditorHint),
		),
		app.Textarea().
			ID(IDEditor).
			Class(cls).
			Spellcheck(false).
			Attr("autocapitalize", "off").
			Attr("autocomplete", "off").
			Attr("wrap", "off").
			Aria("invalid", m.Err != "" && !p.typing).
			Aria("describedby", IDError).
			OnInput(p.onInput).
			OnDragOver(p.onDragOver).
			OnDragLeave(p.onDragLeave).
			OnDrop(p.onDrop).
			Text(m.Text),
		status,
	)
}

func (p *Playground) renderSimulation() app.UI {
	m := p.m
	f := m.Current()
	n := m.FrameCount()
	runLabel, runIcon := English.Run, "icon-play"
	if m.Playing {
		runLabel, runIcon = English.Pause, "icon-pause"
	}
	info := ""
	if f != nil {
		info = fmt.Sprintf(English.FrameOf, m.Frame+1, n) + " · t=" + FormatSeconds(f.At)
	}
	controls := app.Div().Class("controls").Role("toolbar").Aria("label", English.Playback).Body(
		app.Button().Type("button").ID(IDRun).Class("btn btn-primary").Title(English.RunHint).
			Disabled(n < 2).
			OnClick(func(ctx app.Context, e app.Event) { p.Run(ctx) }).
			Body(app.Span().Class("icon "+runIcon).Aria("hidden", "true"), app.Span().Class("btn-label").Text(runLabel)),
		app.Button().Type("button").ID(IDBack).Class("btn").Title(English.PrevEventHint).
			Disabled(m.Frame <= 0 && (f == nil || m.Time <= f.At)).
			OnClick(func(ctx app.Context, e app.Event) { p.Back(ctx) }).
			Body(app.Span().Class("icon icon-back").Aria("hidden", "true"), app.Span().Class("btn-label").Text(English.PrevEvent)),
		app.Button().Type("button").ID(IDStep).Class("btn").Title(English.NextEventHint).
			Disabled(m.AtEnd()).
			OnClick(func(ctx app.Context, e app.Event) { p.Step(ctx) }).
			Body(app.Span().Class("icon icon-step").Aria("hidden", "true"), app.Span().Class("btn-label").Text(English.NextEvent)),
		app.Button().Type("button").ID(IDReset).Class("btn").Title(English.ResetHint).
			Disabled(m.Frame == 0 && !m.Playing).
			OnClick(func(ctx app.Context, e app.Event) { p.Reset(ctx) }).
			Body(app.Span().Class("icon icon-reset").Aria("hidden", "true"), app.Span().Class("btn-label").Text(English.Reset)),
		app.Span().Class("frame-info").Aria("live", "polite").Text(info),
	)

	if f == nil {
		return app.Section().Class("sim-pane").Body(controls)
	}

	groups := m.Groups()
	cards := p.renderNodes(f, groups)
	filtered := strings.TrimSpace(m.NodeFilter) != ""
	pendingAll := FilterPods(groups.Pending, m.NodeFilter)
	evictedAll := FilterPods(groups.Evicted, m.NodeFilter)
	pending := laneWindow(pendingAll, m.LaneLimit("pending"), m.Selected)
	evicted := laneWindow(evictedAll, m.LaneLimit("evicted"), m.Selected)

	events, fresh := m.Events()
	sel := m.SelectedPod()
	missing := ""
	if sel == nil {
		missing = m.Selected
	}

	caption := []app.UI{}
	switch {
	case f.Step != "":
		caption = append(caption, app.Code().Class("step-cmd").Body(
			app.Span().Class("prompt").Aria("hidden", "true").Text("$ "),
			app.Text(f.Step),
		))
	case f.Continues != "":
		// A command still running (kubectl drain) printed more.
		caption = append(caption, app.Code().Class("step-cmd is-continued").Body(
			app.Span().Class("prompt").Aria("hidden", "true").Text("$ "),
			app.Text(f.Continues+" "+English.Continued),
		))
	}
	if f.Caption != "" {
		caption = append(caption, app.P().Class("caption-text").Text(f.Caption))
	}
	if f.Summary != "" && f.Summary != f.Caption {
		caption = append(caption, app.P().Class("caption-summary").Text(fmt.Sprintf(English.SawHappen, f.Summary)))
	}
	if f.Output != "" {
		cls := "step-output"
		if lo := strings.ToLower(f.Output); strings.HasPrefix(lo, "error") {
			cls += " is-error" // kubectl's stderr: "Error from server (NotFound): …", "error: …"
		}
		caption = append(caption, app.Pre().Class(cls).Aria("label", English.StepOutput).Text(f.Output))
	}

	return app.Section().Class("sim-pane").Body(
		controls,
		&ClockBar{Time: m.Time, End: m.End(), Speed: m.Speed, Marks: m.FrameTimes(), Current: f.At},
		&Timeline{Items: m.TimelineItems(), Current: m.Frame},
		app.Div().Class("caption").Aria("live", "polite").Body(caption...),
		app.Section().ID(IDBoard).Class("board").Aria("label", English.Board).DataSet("frame", m.Frame).Body(
			app.Div().Class("board-head").Body(
				app.H2().Body(
					app.Text(English.Board),
					app.If(m.Result.KubernetesVersion != "", func() app.UI {
						return app.Span().Class("k8s-version").Text(fmt.Sprintf(English.K8sVersion, m.Result.KubernetesVersion))
					}),
				),
				legend(),
			),
			p.renderOverview(f),
			p.renderNodeFilter(f, groups),
			app.Div().Class(nodesClass(len(f.Nodes))).Body(cards...),
			&Lane{Kind: "pending", Title: English.PendingLane, Empty: English.PendingEmpty, Pods: m.ViewsFor("lane:pending", pending), Total: len(pendingAll), All: len(groups.Pending), Filtered: filtered},
			app.If(len(groups.Evicted) > 0, func() app.UI {
				return &Lane{Kind: "evicted", Title: English.EvictedLane, Pods: m.ViewsFor("lane:evicted", evicted), Total: len(evictedAll), All: len(groups.Evicted), Filtered: filtered}
			}),
		),
		app.If(!p.x.opts.Embed, func() app.UI { return &WhyPanel{Pod: sel, Missing: missing, Version: m.Result.KubernetesVersion} }),
		app.If(!p.x.opts.Embed, func() app.UI { return &EventLog{Events: events, Fresh: fresh} }),
		app.If(!p.x.opts.Embed, func() app.UI { return p.renderConsole() }),
	)
}

func legend() app.UI {
	return app.Ul().Class("legend").Aria("label", English.Legend).Body(
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
