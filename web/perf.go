package web

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// stepPerf times the Go side of a step in the page, for cmd/benchpage. It
// is on only when the page defined window.tpPerf (an array) before the app
// started; then every Step pushes {handler, wait, render} in milliseconds:
// the click handler (the model change and the chips' first FLIP half), the
// wait for go-app's next frame, and the render (Render, the diff and the
// DOM writes, up to the deferred calls after it).
type stepPerf struct {
	on          bool
	pending     bool
	t0, t1, t2  float64
	renderStart bool
}

// start marks the beginning of a step's handler.
func (s *stepPerf) start() {
	if !s.on {
		return
	}
	s.t0, s.t1, s.t2, s.pending, s.renderStart = perfNow(), 0, 0, false, false
}

// handled marks the end of the handler; done (deferred after the render)
// records the step.
func (s *stepPerf) handled(ctx app.Context) {
	if !s.on {
		return
	}
	s.t1, s.pending = perfNow(), true
	ctx.Defer(func(app.Context) { s.done() })
}

// rendering marks the start of the render that follows a handled step.
// Render calls it: it only reads the clock, and only while timing.
func (s *stepPerf) rendering() {
	if s.on && s.pending && !s.renderStart {
		s.t2, s.renderStart = perfNow(), true
	}
}

func (s *stepPerf) done() {
	if !s.pending {
		return
	}
	s.pending = false
	t3 := perfNow()
	if !s.renderStart {
		s.t2 = s.t1
	}
	perfRecord(s.t1-s.t0, s.t2-s.t1, t3-s.t2)
}
