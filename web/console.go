package web

import (
	"fmt"

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

// ConsolePanel is the kubectl console docked on the board's top edge (a
// command and the board it changes are in view together): the input, the commands worth a click for the frame on the
// board, the answers, and the command history (arrow keys), which is the
// scenario's (Model.History). It collapses to its title bar. Commands go
// to Page.
type ConsolePanel struct {
	app.Compo

	Page        *Playground
	At          float64
	Suggestions []string
	Entries     []ConsoleEntry
	Command     string
	History     *CommandHistory

	collapsed bool
}

// IDConsoleBody is the id of the console's body, which its title bar's
// button shows and hides.
const IDConsoleBody = "console-body"

// MaxHistory is how many console commands the arrow keys recall.
const MaxHistory = 50

// hist is the history the panel uses (one of its own without a page).
func (c *ConsolePanel) hist() *CommandHistory {
	if c.History == nil {
		c.History = &CommandHistory{}
	}
	return c.History
}

// remember adds a command to the history.
func (c *ConsolePanel) remember(command string) { c.hist().Remember(command) }

// HistoryMove moves through the history (-1: older, +1: newer) and
// returns the command to show ("" past the newest).
func (c *ConsolePanel) HistoryMove(delta int) string { return c.hist().Move(delta) }

// run remembers a command and sends it to the page.
func (c *ConsolePanel) run(ctx app.Context, command string) {
	c.remember(command)
	c.Page.RunCommand(ctx, command)
}

func (c *ConsolePanel) onKey(ctx app.Context, e app.Event) {
	c.Page.guard(func() {
		delta := 0
		switch e.Get("key").String() {
		case "ArrowUp":
			delta = -1
		case "ArrowDown":
			delta = 1
		default:
			return
		}
		e.PreventDefault()
		cmd := c.HistoryMove(delta)
		c.Page.m.Command = cmd
		_ = setElementValue(IDConsoleInput, cmd)
	})
}

func (c *ConsolePanel) onInput(ctx app.Context, e app.Event) {
	c.Page.guard(func() { c.Page.m.Command = ctx.JSSrc().Get("value").String() })
}

func (c *ConsolePanel) onSubmit(ctx app.Context, e app.Event) {
	c.Page.guard(func() { e.PreventDefault() })
	c.run(ctx, c.Page.m.Command)
	// The typed text may never have reached the virtual DOM (input and
	// submit handled in one frame), so clear the field itself too.
	c.Page.guard(func() {
		if in := app.Window().GetElementByID(IDConsoleInput); in.Truthy() {
			in.Set("value", "")
		}
	})
}

// consoleSuggestions are commands worth a click for the frame on the board.
func (p *Playground) consoleSuggestions() []string {
	if p.m.Current() == nil {
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

// renderConsole is the console with the page's current props.
func (p *Playground) renderConsole() app.UI {
	at := 0.0
	if f := p.m.Current(); f != nil {
		at = f.At
	}
	return &ConsolePanel{Page: p, At: at, Suggestions: p.consoleSuggestions(), Entries: p.m.Console, Command: p.m.Command, History: p.m.History}
}

// Render implements app.Composer.
func (c *ConsolePanel) Render() app.UI {
	chips := make([]app.UI, 0, len(c.Suggestions))
	for _, cmd := range c.Suggestions {
		chips = append(chips, app.Li().Body(
			app.Button().Type("button").Class("cmd-chip").DataSet("cmd", cmd).
				OnClick(func(ctx app.Context, e app.Event) { c.run(ctx, cmd) }, app.EventScope(cmd)).
				Text(cmd),
		))
	}
	entries := make([]app.UI, 0, len(c.Entries))
	for _, en := range c.Entries {
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
	cls := "console console-dock"
	if c.collapsed {
		cls += " is-collapsed"
	}
	toggle := Msg.ConsoleHide
	if c.collapsed {
		toggle = Msg.ConsoleShow
	}
	return app.Section().ID("console").Class(cls).Aria("label", Msg.ConsoleTitle).Body(
		app.Div().Class("console-head").Body(
			app.H2().Text(Msg.ConsoleTitle),
			app.Span().Class("console-at-now muted small").Text("t="+FormatSeconds(c.At)),
			app.Button().Type("button").ID("console-toggle").Class("btn btn-ghost btn-small").
				Aria("expanded", !c.collapsed).Aria("controls", IDConsoleBody).
				OnClick(func(ctx app.Context, e app.Event) { c.collapsed = !c.collapsed }).
				Text(toggle),
		),
		app.If(!c.collapsed, func() app.UI { return c.renderBody(chips, entries) }),
	)
}

// renderBody is the console below its title bar.
func (c *ConsolePanel) renderBody(chips, entries []app.UI) app.UI {
	return app.Div().ID(IDConsoleBody).Class("console-body").Body(
		app.P().ID("console-hint").Class("muted small console-hint").Text(fmt.Sprintf(Msg.ConsoleHint, "t="+FormatSeconds(c.At))),
		app.Form().Class("console-form").OnSubmit(c.onSubmit).Body(
			app.Span().Class("prompt").Aria("hidden", "true").Text("$"),
			app.Input().Type("text").ID(IDConsoleInput).Class("console-input").
				Aria("label", Msg.ConsoleTitle).
				Placeholder(Msg.ConsolePlaceholder).
				AutoComplete(false).
				Spellcheck(false).
				Attr("autocapitalize", "off").
				Value(c.Command).
				Aria("describedby", "console-hint console-keys").
				OnKeyDown(c.onKey).
				OnInput(c.onInput),
			app.Button().Type("submit").ID(IDConsoleRun).Class("btn").Text(Msg.ConsoleRun),
		),
		app.P().ID("console-keys").Class("muted small").Text(Msg.ConsoleKeys),
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
