package web

import (
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// wireEngine is a LocalEngine whose board views cross the wire format, as
// they do between the engine's worker and the page; it adds up the time
// the worker's side (View and encoding) and the page's decoding take.
type wireEngine struct {
	*LocalEngine
	count          bool
	worker, decode time.Duration
	bytes          int
}

func (w *wireEngine) View(q ViewQuery, done func(FrameView)) {
	t0 := time.Now()
	var data []byte
	w.LocalEngine.View(q, func(v FrameView) {
		var err error
		if data, err = EncodeMessage(1, OpViewReply, v); err != nil {
			panic(err)
		}
	})
	t1 := time.Now()
	m, err := DecodeMessage(data)
	if err != nil {
		panic(err)
	}
	if w.count {
		w.worker += t1.Sub(t0)
		w.decode += time.Since(t1)
		w.bytes += len(data)
	}
	done(m.Payload.(FrameView))
}

// BenchmarkStepLarge steps the page benchmark's 500-node / 2,000-pod board
// (bench.Cluster) through its frames natively, every view crossing the
// wire: the Go side of "one step at 500 nodes" (issue 14) without the DOM.
func BenchmarkStepLarge(b *testing.B) {
	eng := &wireEngine{LocalEngine: NewLocalEngine(Config{Simulate: func(name string, text []byte, pr func(sim.Progress)) (*sim.Result, error) {
		s, err := scenario.Parse(text, name)
		if err != nil {
			return nil, err
		}
		return sim.RunWithProgress(s, pr)
	}})}
	p := New(Config{Presets: []Preset{{Name: "cluster", YAML: bench.Cluster(500, 2000)}}, Engine: eng})
	e := app.NewTestEngine()
	require.NoError(b, e.Load(p))
	e.ConsumeAll()
	require.NotNil(b, p.m.Run)
	frames := p.m.FrameCount()
	require.Greater(b, frames, 2)
	steps := 0
	var elapsed time.Duration
	for b.Loop() {
		p.ctx.Dispatch(func(ctx app.Context) { p.m.Reset() })
		e.ConsumeAll()
		eng.count = true
		t0 := time.Now()
		for p.m.Frame < frames-1 {
			p.ctx.Dispatch(func(ctx app.Context) { p.Step(ctx) })
			e.ConsumeAll()
			steps++
		}
		elapsed += time.Since(t0)
		eng.count = false
	}
	perStep := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(steps) }
	b.ReportMetric(perStep(elapsed), "ms/step")
	b.ReportMetric(perStep(eng.worker), "worker-ms/step")
	b.ReportMetric(perStep(eng.decode), "decode-ms/step")
	b.ReportMetric(float64(eng.bytes)/float64(steps), "bytes/step")
}
