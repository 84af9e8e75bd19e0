package web

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// PlaybackControls is the toolbar over the timeline: run or pause, the
// previous and next event, reset, which frame is on the board, and, while
// a run is in flight, its progress and Cancel (beside the board too: the
// editor's status may be off screen). The page's clock answers the
// buttons (Page.Run, Back, Step, Reset).
type PlaybackControls struct {
	app.Compo

	Page    *Playground
	Playing bool
	Frames  int
	// CanBack: there is an earlier event or time to go back to; AtEnd: no
	// later one; AtStart: the first frame, not playing.
	CanBack, AtEnd, AtStart bool
	Info                    string // the frame on the board and its time
	Busy                    bool   // a run is in flight
}

// Render implements app.Composer.
func (c *PlaybackControls) Render() app.UI {
	runLabel, runIcon := Msg.Run, "icon-play"
	if c.Playing {
		runLabel, runIcon = Msg.Pause, "icon-pause"
	}
	p := c.Page
	return app.Div().Class("controls").Role("toolbar").Aria("label", Msg.Playback).Body(
		app.Button().Type("button").ID(IDRun).Class("btn btn-primary").Title(Msg.RunHint).
			Disabled(c.Frames < 2).
			OnClick(func(ctx app.Context, e app.Event) { p.Run(ctx) }).
			Body(app.Span().Class("icon "+runIcon).Aria("hidden", "true"), app.Span().Class("btn-label").Text(runLabel)),
		app.Button().Type("button").ID(IDBack).Class("btn").Title(Msg.PrevEventHint).
			Disabled(!c.CanBack).
			OnClick(func(ctx app.Context, e app.Event) { p.Back(ctx) }).
			Body(app.Span().Class("icon icon-back").Aria("hidden", "true"), app.Span().Class("btn-label").Text(Msg.PrevEvent)),
		app.Button().Type("button").ID(IDStep).Class("btn").Title(Msg.NextEventHint).
			Disabled(c.AtEnd).
			OnClick(func(ctx app.Context, e app.Event) { p.Step(ctx) }).
			Body(app.Span().Class("icon icon-step").Aria("hidden", "true"), app.Span().Class("btn-label").Text(Msg.NextEvent)),
		app.Button().Type("button").ID(IDReset).Class("btn").Title(Msg.ResetHint).
			Disabled(c.AtStart).
			OnClick(func(ctx app.Context, e app.Event) { p.Reset(ctx) }).
			Body(app.Span().Class("icon icon-reset").Aria("hidden", "true"), app.Span().Class("btn-label").Text(Msg.Reset)),
		app.Span().Class("frame-info").Aria("live", "polite").Text(c.Info),
		// The run in flight, beside the board too: the editor's status
		// may be off screen.
		app.If(c.Busy, func() app.UI { return &RunProgress{Page: p, Compact: true} }),
	)
}
