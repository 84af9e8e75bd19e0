package web

import (
	"fmt"
	"slices"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// IDCancel is the id of the button that cancels the run in flight.
const IDCancel = "btn-cancel"

// RunProgress says how far the run in flight has come, with a button that
// cancels it (the board keeps the last run): in the editor's status and,
// Compact, beside the playback controls. A run reports its progress up to
// ten times a second; each report re-renders these components only, not
// the page (Playground.progressed).
type RunProgress struct {
	app.Compo
	Page    *Playground
	Compact bool

	ctx app.Context
	pr  Progress
}

// OnMount registers the component for the run's progress reports.
func (c *RunProgress) OnMount(ctx app.Context) {
	c.ctx, c.pr = ctx, c.Page.m.Progress
	c.Page.progressViews.add(c)
}

// OnDismount unregisters it.
func (c *RunProgress) OnDismount() { c.Page.progressViews.remove(c) }

// Render draws the progress.
func (c *RunProgress) Render() app.UI {
	text := progressText(c.pr)
	cancel := func(ctx app.Context, e app.Event) { c.Page.guard(c.Page.m.Cancel) }
	if c.Compact {
		return app.Span().Class("run-busy small").Body(
			app.Span().Class("run-busy-text").Text(text),
			app.Button().Type("button").Class("btn btn-small btn-ghost").Title(Msg.CancelHint).
				OnClick(cancel).Text(Msg.Cancel),
		)
	}
	frac := 0.0
	if c.pr.Until > 0 {
		frac = min(1, c.pr.At/c.pr.Until)
	}
	return app.Div().Class("editor-status is-busy run-progress").Role("status").Body(
		app.Progress().Max(1).Value(fmt.Sprint(frac)).Aria("label", text),
		app.Span().Class("run-progress-text").Text(text),
		app.Button().Type("button").ID(IDCancel).Class("btn btn-small").Title(Msg.CancelHint).
			OnClick(cancel).Text(Msg.Cancel),
	)
}

// progressText says how far a run has come.
func progressText(pr Progress) string {
	if pr.Until > 0 || pr.Frames > 0 {
		return fmt.Sprintf(Msg.RunProgress, FormatSeconds(pr.At), FormatSeconds(pr.Until), pr.Frames, pr.Scheduled, pr.Pods)
	}
	return Msg.RunStarting
}

// progressViews are the mounted RunProgress components.
type progressViews struct {
	mu    sync.Mutex
	views []*RunProgress
}

func (v *progressViews) add(c *RunProgress) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.views = append(v.views, c)
}

func (v *progressViews) remove(c *RunProgress) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.views = slices.DeleteFunc(v.views, func(x *RunProgress) bool { return x == c })
}

func (v *progressViews) list() []*RunProgress {
	v.mu.Lock()
	defer v.mu.Unlock()
	return slices.Clone(v.views)
}

// progressed takes a run's progress report (safe from any goroutine):
// apply records it in the model on the UI goroutine, and the RunProgress
// components re-render, not the page. With none mounted the page does.
func (p *Playground) progressed(pr Progress, apply func(Progress)) {
	views := p.progressViews.list()
	if len(views) == 0 {
		p.ctx.Dispatch(func(app.Context) { p.guard(func() { apply(pr) }) })
		return
	}
	views[0].ctx.Dispatch(func(app.Context) { p.guard(func() { apply(pr) }) })
	for _, c := range views {
		c.ctx.Dispatch(func(app.Context) { c.pr = p.m.Progress })
	}
}
