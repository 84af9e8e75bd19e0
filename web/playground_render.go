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
		opts = append(opts, app.Option().Value(EditedPresetValue).Selected(true).Disabled(true).Text(Msg.PresetCustom))
	}
	return app.Header().Class("topbar").Body(
		app.Div().Class("brand").Body(
			app.Img().Class("logo").Src("/web/icons/icon.svg").Alt("").Attr("role", "presentation").Width(40).Height(40),
			app.Div().Body(
				app.H1().Text(Msg.AppTitle),
				app.P().Class("tagline").Text(Msg.AppTagline),
			),
		),
		app.Div().Class("picker").Body(
			app.Label().For(IDPreset).Text(Msg.PresetLabel),
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
	if r := p.m.Run; r != nil {
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
	label := Msg.More
	if p.intro {
		label = Msg.Less
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
				Text(Msg.Dismiss),
		),
	)
}

func (p *Playground) renderSimulation() app.UI {
	m := p.m
	f := m.Current()
	n := m.FrameCount()
	runLabel, runIcon := Msg.Run, "icon-play"
	if m.Playing {
		runLabel, runIcon = Msg.Pause, "icon-pause"
	}
	info := ""
	if f != nil {
		info = fmt.Sprintf(Msg.FrameOf, m.Frame+1, n) + " · t=" + FormatSeconds(f.At)
	}
	controls := app.Div().Class("controls").Role("toolbar").Aria("label", Msg.Playback).Body(
		app.Button().Type("button").ID(IDRun).Class("btn btn-primary").Title(Msg.RunHint).
			Disabled(n < 2).
			OnClick(func(ctx app.Context, e app.Event) { p.Run(ctx) }).
			Body(app.Span().Class("icon "+runIcon).Aria("hidden", "true"), app.Span().Class("btn-label").Text(runLabel)),
		app.Button().Type("button").ID(IDBack).Class("btn").Title(Msg.PrevEventHint).
			Disabled(m.Frame <= 0 && (f == nil || m.Time <= f.At)).
			OnClick(func(ctx app.Context, e app.Event) { p.Back(ctx) }).
			Body(app.Span().Class("icon icon-back").Aria("hidden", "true"), app.Span().Class("btn-label").Text(Msg.PrevEvent)),
		app.Button().Type("button").ID(IDStep).Class("btn").Title(Msg.NextEventHint).
			Disabled(m.AtEnd()).
			OnClick(func(ctx app.Context, e app.Event) { p.Step(ctx) }).
			Body(app.Span().Class("icon icon-step").Aria("hidden", "true"), app.Span().Class("btn-label").Text(Msg.NextEvent)),
		app.Button().Type("button").ID(IDReset).Class("btn").Title(Msg.ResetHint).
			Disabled(m.Frame == 0 && !m.Playing).
			OnClick(func(ctx app.Context, e app.Event) { p.Reset(ctx) }).
			Body(app.Span().Class("icon icon-reset").Aria("hidden", "true"), app.Span().Class("btn-label").Text(Msg.Reset)),
		app.Span().Class("frame-info").Aria("live", "polite").Text(info),
		// The run in flight, beside the board too: the editor's status
		// may be off screen.
		app.If(m.Busy, func() app.UI { return &RunProgress{Page: p, Compact: true} }),
	)

	if f == nil {
		return app.Section().Class("sim-pane").Body(controls)
	}

	v := &m.View
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
			app.Text(f.Continues+" "+Msg.Continued),
		))
	}
	if f.Caption != "" {
		caption = append(caption, app.P().Class("caption-text").Text(f.Caption))
	}
	if f.Summary != "" && f.Summary != f.Caption {
		caption = append(caption, app.P().Class("caption-summary").Text(fmt.Sprintf(Msg.SawHappen, f.Summary)))
	}
	if f.Output != "" {
		cls := "step-output"
		if lo := strings.ToLower(f.Output); strings.HasPrefix(lo, "error") {
			cls += " is-error" // kubectl's stderr: "Error from server (NotFound): …", "error: …"
		}
		caption = append(caption, app.Pre().Class(cls).Aria("label", Msg.StepOutput).Text(f.Output))
	}

	return app.Section().Class("sim-pane").Body(
		controls,
		&ClockBar{Time: m.Time, End: m.End(), Speed: m.Speed, Marks: m.FrameTimes(), Current: f.At},
		&Timeline{Items: m.TimelineItems(), Current: m.Frame},
		app.Div().Class("caption").Aria("live", "polite").Body(caption...),
		&BoardPanel{Page: p, View: m.View, Time: m.Time, Selected: m.Selected, Filter: m.NodeFilter, Version: m.Run.KubernetesVersion, Frame: m.Frame},
		app.If(!p.x.opts.Embed, func() app.UI {
			return &WhyPanel{Pod: sel, Missing: missing, Version: m.Run.KubernetesVersion, Loading: sel == nil && m.Loading()}
		}),
		app.If(!p.x.opts.Embed, func() app.UI {
			return &EventLog{Events: v.Events, Fresh: v.Fresh, Matched: v.EventsMatched, Total: v.EventsTotal, Filter: m.EventFilter}
		}),
		app.If(!p.x.opts.Embed, func() app.UI { return p.renderConsole() }),
	)
}
