package web

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Console element ids.
const (
	IDConsoleInput = "console-input"
	IDConsoleRun   = "console-run"
)

// RunCommand answers a console command at the current frame's time.
func (p *Playground) RunCommand(ctx app.Context, command string) {
	p.guard(func() { p.m.RunCommand(command) })
}

func (p *Playground) onConsoleInput(ctx app.Context, e app.Event) {
	p.guard(func() { p.m.Command = ctx.JSSrc().Get("value").String() })
}

func (p *Playground) onConsoleSubmit(ctx app.Context, e app.Event) {
	p.guard(func() { e.PreventDefault() })
	p.RunCommand(ctx, p.m.Command)
	// The typed text may never have reached the virtual DOM (input and
	// submit handled in one frame), so clear the field itself too.
	p.guard(func() {
		if in := app.Window().GetElementByID(IDConsoleInput); in.Truthy() {
			in.Set("value", "")
		}
	})
}

// consoleSuggestions are commands worth a click for the frame on the board.
func (p *Playground) consoleSuggestions() []string {
	f := p.m.Current()
	if f == nil {
		return nil
	}
	var out []string
	for i, n := range f.Nodes {
		if i == 2 {
			break
		}
		out = append(out, "kubectl describe node "+n.Name)
	}
	if len(f.Pods) > 0 {
		name := f.Pods[0].Name
		if sel := p.m.SelectedPod(); sel != nil {
			name = sel.Name
		}
		out = append(out, "kubectl describe pod "+name)
	}
	return append(out, "kubectl get pods -o wide", "kubectl get events")
}

func (p *Playground) renderConsole() app.UI {
	m := p.m
	f := m.Current()
	at := ""
	if f != nil {
		at = "t=" + FormatSeconds(f.At)
	}
	suggestions := p.consoleSuggestions()
	chips := make([]app.UI, 0, len(suggestions))
	for _, cmd := range suggestions {
		c := cmd
		chips = append(chips, app.Li().Body(
			app.Button().Type("button").Class("cmd-chip").DataSet("cmd", c).
				OnClick(func(ctx app.Context, e app.Event) { p.RunCommand(ctx, c) }, app.EventScope(c)).
				Text(c),
		))
	}
	entries := make([]app.UI, 0, len(m.Console))
	for _, en := range m.Console {
		cls := "console-entry"
		if en.Failed {
			cls += " is-error"
		}
		entries = append(entries, app.Div().Class(cls).Body(
			app.Div().Class("console-cmd").Body(
				app.Span().Class("console-at").Text("t="+FormatSeconds(en.At)),
				app.Span().Class("prompt").Aria("hidden", "true").Text("$ "),
				app.Text(en.Command),
			),
			app.Pre().Class("console-out").Text(orDash(en.Output)),
		))
	}
	return app.Section().Class("console").Aria("label", English.ConsoleTitle).Body(
		app.H2().Text(English.ConsoleTitle),
		app.P().Class("muted small").Text(fmt.Sprintf(English.ConsoleHint, at)),
		app.Form().Class("console-form").OnSubmit(p.onConsoleSubmit).Body(
			app.Span().Class("prompt").Aria("hidden", "true").Text("$"),
			app.Input().Type("text").ID(IDConsoleInput).Class("console-input").
				Aria("label", English.ConsoleTitle).
				Placeholder(English.ConsolePlaceholder).
				AutoComplete(false).
				Spellcheck(false).
				Attr("autocapitalize", "off").
				Value(m.Command).
				OnInput(p.onConsoleInput),
			app.Button().Type("submit").ID(IDConsoleRun).Class("btn").Text(English.ConsoleRun),
		),
		app.Ul().Class("cmd-chips").Body(chips...),
		app.Div().Class("console-log").Aria("live", "polite").Body(entries...),
	)
}
