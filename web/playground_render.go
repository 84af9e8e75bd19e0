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
		title := m.ListTitle(pr) // a lesson's own title states its claim
		opts = append(opts, app.Option().Value(pr.Name).Selected(pr.Name == m.Preset).Text(title))
	}
	if m.Preset == "" {
		custom := Msg.PresetCustom
		if from := m.Shown().EditedFrom; from != "" {
			custom = fmt.Sprintf(Msg.EditedFrom, from)
		}
		opts = append(opts, app.Option().Value(EditedPresetValue).Selected(true).Disabled(true).Text(custom))
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
				&ShareTools{Page: p, Panel: p.x.panel, Copied: p.clip.state, FrameLink: p.x.frameLink},
				&ThemeSwitch{Page: p, Theme: p.themeChoice()},
			),
		),
	)
}

// intro is the scenario's title and description for the page: the
// Scenario document's own, so edited and shared scenarios get theirs too.
func (p *Playground) intro() *Intro {
	if p.m.Run == nil {
		return &Intro{Page: p}
	}
	s := p.m.Shown()
	return &Intro{Page: p, Title: s.Title, Description: s.Description, Answer: s.Answer, Hidden: s.Hidden}
}

// Intro shows the title and description of the scenario on the board; a
// long description shows three lines and a button that expands it. It
// owns whether it is expanded (it stays mounted as scenarios change).
type Intro struct {
	app.Compo

	Title, Description string
	// Answer is a lesson's answer once revealed; Hidden says a lesson's
	// answer is still hidden (Model.Shown): the intro offers to show it.
	Answer string
	Hidden bool
	Page   *Playground

	expanded bool
}

// Render implements app.Composer.
func (c *Intro) Render() app.UI {
	desc := c.Description
	if desc == "" {
		return app.Div().Class("intro-slot")
	}
	long := len(desc) > introClampChars
	cls := "intro"
	if long && !c.expanded {
		cls += " is-clamped"
	}
	label := Msg.More
	if c.expanded {
		label = Msg.Less
	}
	return app.Div().Class("intro-slot").Body(
		app.Div().Class(cls).Body(
			app.Strong().Text(c.Title),
			app.P().Class("intro-text").Text(desc),
			c.renderAnswer(),
			app.If(long, func() app.UI {
				return app.Button().Type("button").Class("btn btn-ghost btn-small intro-toggle").
					Aria("expanded", c.expanded).
					OnClick(func(ctx app.Context, e app.Event) { c.expanded = !c.expanded }).
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
	info := ""
	if f != nil {
		info = fmt.Sprintf(Msg.FrameOf, m.Frame+1, n) + " · t=" + FormatSeconds(f.At)
	}
	controls := &PlaybackControls{
		Page: p, Playing: m.Playing, Frames: n, Info: info, Busy: m.Busy,
		CanBack: m.Frame > 0 || (f != nil && m.Time > f.At),
		AtEnd:   m.AtEnd(),
		AtStart: m.Frame == 0 && !m.Playing,
	}

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
	text := m.FrameCaption(m.Frame)
	if text != "" && !f.Failed {
		caption = append(caption, p.captionText(f, text))
	}
	if f.Summary != "" && f.Summary != f.Caption {
		caption = append(caption, app.P().Class("caption-summary").Text(fmt.Sprintf(Msg.SawHappen, f.Summary)))
	}
	if f.Output != "" {
		cls := "step-output"
		if lo := strings.ToLower(f.Output); strings.HasPrefix(lo, "error") || f.Failed {
			cls += " is-error" // kubectl's stderr: "Error from server (NotFound): …", "error: …"
		}
		caption = append(caption, app.Pre().Class(cls).Aria("label", Msg.StepOutput).Text(f.Output))
	}
	caption = append(caption, failedCaption(f, text)...)

	return app.Section().Class("sim-pane").Body(
		controls,
		&ClockBar{Time: m.Time, End: m.End(), Speed: m.Speed, Marks: m.FrameTimes(), Current: f.At},
		&Timeline{Items: m.TimelineItems(), Current: m.Frame},
		app.Div().Class("caption").Aria("live", "polite").Body(caption...),
		// The console is docked on the board's top edge: a command and the
		// board it changes are in view together, and it covers nothing.
		app.If(!p.x.opts.Embed, func() app.UI { return p.renderConsole() }),
		&BoardPanel{Page: p, View: m.View, Time: m.Time, Selected: m.Selected, Filter: m.NodeFilter, Version: m.Run.KubernetesVersion, Frame: m.Frame},
		app.If(!p.x.opts.Embed, func() app.UI {
			return &WhyPanel{Pod: sel, Missing: missing, Version: m.Run.KubernetesVersion, Loading: sel == nil && m.Loading(),
				Fix: v.Fix, FixNode: m.FixNode, FixEffect: m.FixEffect}
		}),
		app.If(!p.x.opts.Embed, func() app.UI {
			return &EventLog{Events: v.Events, Fresh: v.Fresh, Matched: v.EventsMatched, Total: v.EventsTotal, Filter: m.EventFilter}
		}),
	)
}
