package web

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// pageEngine runs an Engine's answers on go-app's UI goroutine, so that
// the page re-renders with each of them: the browser's engine answers from
// a Web Worker's message events.
type pageEngine struct {
	Engine
	p *Playground
}

// dispatch runs f on the UI goroutine and re-renders the page.
func (e *pageEngine) dispatch(f func(ctx app.Context)) {
	if !e.p.hasCtx {
		return
	}
	e.p.ctx.Dispatch(func(ctx app.Context) { e.p.guard(func() { f(ctx) }) })
}

// Run implements Engine.
func (e *pageEngine) Run(req RunRequest, progress func(Progress), done func(RunReply)) {
	e.Engine.Run(req, func(pr Progress) {
		if e.p.hasCtx {
			e.p.progressed(pr, progress)
		}
	}, func(r RunReply) {
		e.dispatch(func(app.Context) { done(r) })
	})
}

// View implements Engine.
func (e *pageEngine) View(q ViewQuery, done func(FrameView)) {
	e.Engine.View(q, func(v FrameView) {
		e.dispatch(func(app.Context) { done(v) })
	})
}

// Exec implements Engine.
func (e *pageEngine) Exec(req ExecRequest, done func(ExecReply)) {
	e.Engine.Exec(req, func(r ExecReply) { e.dispatch(func(app.Context) { done(r) }) })
}

// Lint implements Engine.
func (e *pageEngine) Lint(text string, done func(LintReply)) {
	e.Engine.Lint(text, func(r LintReply) { e.dispatch(func(app.Context) { done(r) }) })
}

// Export implements Engine.
func (e *pageEngine) Export(req ExportRequest, done func(ExportReply)) {
	e.Engine.Export(req, func(r ExportReply) { e.dispatch(func(app.Context) { done(r) }) })
}

// EngineLost tells the reader that the engine's worker holding the board
// died (why, from the engine) and that the board is being rebuilt from
// the last scenario that ran, then asks for the board again: the engine
// answers once the new worker has run it. Safe from any goroutine.
func (p *Playground) EngineLost(why string) {
	if p == nil || !p.hasCtx {
		return
	}
	p.ctx.Dispatch(func(app.Context) {
		p.guard(func() {
			p.m.Notice = why + " " + Msg.EngineRebuilt
			p.m.Refresh()
		})
	})
}
