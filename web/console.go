package web

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/scenario"
)

// Console element ids.
const (
	IDConsoleInput = "console-input"
	IDConsoleRun   = "console-run"
)

// RunCommand answers a console command at the current frame's time. A
// read command (describe, get) is answered by the cluster as it is at that
// frame; a command that changes the cluster (taint, cordon, label, delete,
// drain, scale, node …) becomes a step of the scenario at that time, the
// scenario re-runs, and the console shows what kubectl printed.
func (p *Playground) RunCommand(ctx app.Context, command string) {
	p.remember(command)
	p.guard(func() {
		if scenario.Mutates(command) {
			p.playGen++
			p.editGen++
			p.typing = false
			p.m.AppendStep(command, func(changed bool) {
				if changed {
					p.writeURL(p.ctx)
				}
			})
			return
		}
		p.m.RunCommand(command)
	})
}

// remember adds a command to the console history (arrow keys).
func (p *Playground) remember(command string) {
	command = strings.TrimSpace(command)
	if command == "" {
		return
	}
	if n := len(p.x.history); n == 0 || p.x.history[n-1] != command {
		p.x.history = append(p.x.history, command)
		if len(p.x.history) > MaxHistory {
			p.x.history = p.x.history[len(p.x.history)-MaxHistory:]
		}
	}
	p.x.histPos = len(p.x.history)
}

// MaxHistory is how many console commands the arrow keys recall.
const MaxHistory = 50

// HistoryMove moves through the console history (-1: older, +1: newer) and
// returns the command to show ("" past the newest).
func (p *Playground) HistoryMove(delta int) string {
	n := len(p.x.history)
	if n == 0 {
		return ""
	}
	p.x.histPos = clamp(p.x.histPos+delta, 0, n)
	if p.x.histPos == n {
		return ""
	}
	return p.x.history[p.x.histPos]
}

func (p *Playground) onConsoleKey(ctx app.Context, e app.Event) {
	p.guard(func() {
		key := e.Get("key").String()
		delta := 0
		switch key {
		case "ArrowUp":
			delta = -1
		case "ArrowDown":
			delta = 1
		default:
			return
		}
		e.PreventDefault()
		cmd := p.HistoryMove(delta)
		p.m.Command = cmd
		_ = setElementValue(IDConsoleInput, cmd)
	})
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
	v := &p.m.View
	for i, n := range v.Nodes {
		if i == 2 {
			break
		}
		out = append(out, "kubectl describe node "+n.Name)
	}
	if name := firstPodName(v); name != "" {
		if sel := p.m.SelectedPod(); sel != nil {
			name = sel.Name
		}
		out = append(out, "kubectl describe pod "+name)
	}
	return append(out, "kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints",
		"kubectl get pods -A -o wide", "kubectl get events")
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
				Aria("describedby", "console-keys").
				OnKeyDown(p.onConsoleKey).
				OnInput(p.onConsoleInput),
			app.Button().Type("submit").ID(IDConsoleRun).Class("btn").Text(English.ConsoleRun),
		),
		app.P().ID("console-keys").Class("muted small").Text(English.ConsoleKeys),
		app.Ul().Class("cmd-chips").Body(chips...),
		app.Div().Class("console-log").Aria("live", "polite").Body(entries...),
	)
}

// firstPodName is the name of the first pod on the board: on the first
// node card with pods, else in the Pending lane; "" when there is none.
func firstPodName(v *FrameView) string {
	for _, n := range v.Nodes {
		if pods := v.OnNode[n.Name]; len(pods) > 0 {
			return pods[0].Name
		}
	}
	if len(v.Pending) > 0 {
		return v.Pending[0].Name
	}
	return ""
}
