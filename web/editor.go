package web

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Editor is the scenario's text editor: the textarea and its status line
// (waiting for typing to pause, the run's progress, the error, or how
// many frames and events the text made). Typing re-renders the editor
// alone, not the page, and the text, which can be megabytes, is not
// rendered by go-app in the browser: the textarea's value is set by script
// only when the model's text changed from outside (a preset, a link, an
// import, a step), so a keystroke costs neither a copy of the text into the
// page's tree nor a diff of it.
type Editor struct {
	app.Compo
	Page *Playground
	// Text is the model's text, Err its error, Typing whether the reader
	// is typing; Busy and Ran say whether a run is in flight or ran.
	Text, Err    string
	Typing, Busy bool
	Drop         bool
	// Hold: the page waits for the engine (a run or the board's view);
	// a new large text goes into the textarea after the board that goes
	// with it, for its layout in the textarea takes a while. A small one
	// goes in at once: the reader may type into it.
	Hold   bool
	Frames int
	Events int
	Ran    bool
	// Failed counts the run's failed steps, FailErr is the first one's
	// error; ErrLine is the line of the file Err points at (0: none).
	Failed  int
	FailErr string
	ErrLine int
	// Covered: a lesson's file is hidden until its answer (FileHidden).
	Covered bool

	// shown is the text the textarea holds (set by script or typed).
	shown string
}

// editorFor is the editor of the page's current state.
func (p *Playground) editorFor() *Editor {
	m := p.m
	e := &Editor{Page: p, Text: m.Text, Err: m.Err, Typing: p.typing, Busy: m.Busy, Drop: p.x.dropActive, Hold: m.Busy || m.Loading()}
	if m.Run != nil {
		e.Ran, e.Frames, e.Events = true, len(m.Run.Frames), m.Run.Events
		e.Failed, e.FailErr = m.StepFailures()
	}
	if m.Err != "" {
		e.ErrLine = m.ErrLine
	}
	e.Covered = m.FileHidden()
	return e
}

// OnMount shows the model's text.
func (c *Editor) OnMount(ctx app.Context) {
	c.sync(ctx)
	ctx.Defer(func(app.Context) { gutterRefresh(IDEditor) })
}

// OnUpdate shows the model's text when it changed from outside.
func (c *Editor) OnUpdate(ctx app.Context) {
	c.sync(ctx)
	ctx.Defer(func(app.Context) { gutterRefresh(IDEditor) })
}

// sync sets the textarea's value after the render when the model's text is
// not what it holds.
func (c *Editor) sync(ctx app.Context) {
	if !editorByScript || c.Text == c.shown || (c.Hold && len(c.Text) > editorQuickLimit) {
		return
	}
	c.shown = c.Text
	text := c.Text
	if len(text) <= editorQuickLimit {
		ctx.Defer(func(app.Context) { _ = setElementValue(IDEditor, text); gutterRefresh(IDEditor) })
		return
	}
	// A task of its own, after the board painted: a large text costs its
	// copy into the browser and the textarea's layout (0.5 s for 400 KB).
	ctx.Defer(func(ctx app.Context) {
		afterPaint(func() {
			ctx.Dispatch(func(app.Context) {
				if c.shown == text {
					_ = setElementValue(IDEditor, text)
					gutterRefresh(IDEditor)
				}
			})
		})
	})
}

// editorQuickLimit is the largest text the editor sets in the same task
// as the render that brought it: its layout is quick.
const editorQuickLimit = 64 << 10

func (c *Editor) onInput(ctx app.Context, e app.Event) {
	c.Typing = true
	src := ctx.JSSrc()
	c.Page.editLater(ctx, func() (text string, ok bool) {
		c.Page.guard(func() { text, ok = src.Get("value").String(), true })
		if ok {
			c.shown = text
		}
		return text, ok
	})
}

// Render draws the textarea and the status line.
func (c *Editor) Render() app.UI {
	var status app.UI
	switch {
	case c.Typing:
		status = app.P().Class("editor-status is-busy").Text(Msg.EditorRunning)
	case c.Busy:
		status = &RunProgress{Page: c.Page}
	case c.Err != "":
		status = app.Div().ID(IDError).Class("editor-error").Role("alert").Body(
			app.Strong().Text(Msg.EditorError),
			app.Pre().Class("err-text").Text(c.Err),
			app.If(c.ErrLine > 0, func() app.UI { return c.goLine() }),
			app.If(c.Ran, func() app.UI { return app.P().Class("small").Text(Msg.KeptLastGood) }),
		)
	case c.Ran && c.Failed > 0:
		status = app.P().ID(IDEditorFailed).Class("editor-status is-failed").Role("status").Body(
			app.Span().Class("mark").Aria("hidden", "true").Text("✗ "),
			app.Text(EditorFailedText(c.Frames, c.Events, c.Failed, c.FailErr)),
		)
	case c.Ran:
		status = app.P().Class("editor-status is-ok").Body(
			app.Span().Class("mark").Aria("hidden", "true").Text("✓ "),
			app.Text(EditorOKText(c.Frames, c.Events)),
		)
	default:
		status = app.P().Class("editor-status").Text("")
	}
	cls := "editor"
	if c.Err != "" && !c.Typing {
		cls += " has-error"
	}
	if c.Drop {
		cls += " is-drop"
	}
	area := app.Textarea().
		ID(IDEditor).
		Class(cls).
		Spellcheck(false).
		Attr("autocapitalize", "off").
		Attr("autocomplete", "off").
		Attr("wrap", "off").
		Aria("invalid", c.Err != "" && !c.Typing).
		Aria("describedby", IDError).
		OnInput(c.onInput).
		OnDragOver(c.Page.onDragOver).
		OnDragLeave(c.Page.onDragLeave).
		OnDrop(c.Page.onDrop)
	if !editorByScript {
		area = area.Text(c.Text)
	}
	if c.Covered {
		area = area.TabIndex(-1).Aria("hidden", "true")
	}
	return app.Section().Class("editor-pane").Body(
		app.Div().Class("pane-head").Body(
			app.Label().For(IDEditor).Class("pane-title").Text(Msg.EditorLabel),
			app.Span().Class("muted small").Text(Msg.EditorHint),
		),
		app.Div().Class("editor-wrap").Body(
			app.Div().ID(IDGutter).Class("editor-gutter").Aria("hidden", "true").
				DataSet("error-line", c.errLine()),
			area,
			app.If(c.Covered, func() app.UI { return c.cover() }),
		),
		status,
	)
}

// cover hides a lesson's file until its answer: the question and the board
// are what a prediction needs, and the file's captions state the answer.
func (c *Editor) cover() app.UI {
	return app.Div().Class("editor-cover").Body(
		app.P().Text(Msg.EditorCovered),
		app.Button().Type("button").ID(IDShowFile).Class("btn btn-small").
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(ActionShowFile) }).
			Text(Msg.ShowFile),
	)
}
