package web

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/sim"
)

// fakeEngine answers about the last text it accepted: a text with "bad"
// does not run, one with "panic" panics.
type fakeEngine struct{ text string }

func (f *fakeEngine) Run(req RunRequest, progress func(Progress), done func(RunReply)) {
	if strings.Contains(req.Text, "panic") {
		panic("boom")
	}
	progress(Progress{Gen: req.Gen, At: 1, Until: 2})
	if strings.Contains(req.Text, "bad") {
		done(RunReply{Gen: req.Gen, Err: "bad text"})
		return
	}
	f.text = req.Text
	done(RunReply{Gen: req.Gen, Accepted: true, Run: &RunInfo{Name: req.Text}})
}

func (f *fakeEngine) View(q ViewQuery, done func(FrameView)) {
	if f.text == "" {
		done(FrameView{Seq: q.Seq, Err: "no run"})
		return
	}
	done(FrameView{Seq: q.Seq, Frame: q.Frame, NodeNames: []string{f.text}})
}

func (f *fakeEngine) Exec(req ExecRequest, done func(ExecReply)) {
	done(ExecReply{Output: f.text + ": " + req.Command})
}
func (f *fakeEngine) Lint(text string, done func(LintReply)) { done(LintReply{Err: "lint " + text}) }
func (f *fakeEngine) Export(req ExportRequest, done func(ExportReply)) {
	done(ExportReply{Text: f.text + " as " + req.Format})
}
func (f *fakeEngine) Cancel() {}
func (f *fakeEngine) Impact(req ImpactRequest, done func(ImpactReply)) {
	done(ImpactReply{Err: f.text + " impact " + req.Command})
}

// fakePort is a worker served by hand: serve answers what was posted.
type fakePort struct {
	ev         WorkerEvents
	eng        fakeEngine
	inbox      [][]byte
	terminated bool
}

func (p *fakePort) Post(b []byte) { p.inbox = append(p.inbox, b) }
func (p *fakePort) Terminate()    { p.terminated = true }
func (p *fakePort) Crash()        { p.ev.Died("exit code 2") }

// serve answers every request posted so far, in order.
func (p *fakePort) serve() {
	for len(p.inbox) > 0 && !p.terminated {
		b := p.inbox[0]
		p.inbox = p.inbox[1:]
		ServeMessage(&p.eng, b, p.ev.Message)
	}
}

// fakeWorkers records every worker spawned.
type fakeWorkers struct{ all []*fakePort }

func (f *fakeWorkers) spawn(ev WorkerEvents) WorkerPort {
	p := &fakePort{ev: ev}
	f.all = append(f.all, p)
	return p
}

// start makes a WorkerEngine whose two workers are ready.
func start(t *testing.T) (*WorkerEngine, *fakeWorkers, *[]string) {
	t.Helper()
	fw := &fakeWorkers{}
	var lost []string
	e := NewWorkerEngine(fw.spawn, func(why string) { lost = append(lost, why) })
	require.Empty(t, fw.all, "started at the first request")
	e.Cancel()
	require.Empty(t, fw.all)
	e.mu.Lock()
	e.holderLocked()
	e.runnerLocked()
	e.mu.Unlock()
	require.Len(t, fw.all, 2)
	fw.all[0].ev.Ready()
	fw.all[1].ev.Ready()
	return e, fw, &lost
}

func (e *WorkerEngine) ports() (holder, runner *fakePort) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.holder != nil {
		holder = e.holder.port.(*fakePort)
	}
	if e.runner != nil {
		runner = e.runner.port.(*fakePort)
	}
	return holder, runner
}

func TestWorkerEngineRunPromotes(t *testing.T) {
	e, _, _ := start(t)
	h0, r0 := e.ports()
	var progress []Progress
	var reply RunReply
	e.Run(RunRequest{Gen: 1, Text: "one"}, func(p Progress) { progress = append(progress, p) }, func(r RunReply) { reply = r })
	require.Empty(t, h0.inbox, "runs go to the runner")
	r0.serve()
	assert.Equal(t, []Progress{{Gen: 1, At: 1, Until: 2}}, progress)
	assert.Equal(t, RunReply{Gen: 1, Accepted: true, Run: &RunInfo{Name: "one"}}, reply)
	h, r := e.ports()
	assert.Same(t, r0, h, "the runner that accepted holds the run")
	assert.Same(t, h0, r)

	var view FrameView
	e.View(ViewQuery{Seq: 4, Frame: 2}, func(v FrameView) { view = v })
	h.serve()
	assert.Equal(t, FrameView{Seq: 4, Frame: 2, NodeNames: []string{"one"}}, view)

	// A run that is not accepted leaves the holder.
	e.Run(RunRequest{Gen: 2, Text: "bad"}, nil, func(r RunReply) { reply = r })
	r.serve()
	assert.Equal(t, RunReply{Gen: 2, Err: "bad text"}, reply)
	h2, _ := e.ports()
	assert.Same(t, h, h2)
}

func TestWorkerEngineQueuesUntilReady(t *testing.T) {
	fw := &fakeWorkers{}
	e := NewWorkerEngine(fw.spawn, nil)
	var out ExecReply
	e.Exec(ExecRequest{Command: "kubectl get pods"}, func(r ExecReply) { out = r })
	h, r := e.ports()
	require.Nil(t, r, "an Exec alone starts only the holder")
	require.Empty(t, h.inbox)
	h.ev.Ready()
	h.serve()
	assert.Equal(t, ExecReply{Output: ": kubectl get pods"}, out)
}

func TestWorkerEngineCancel(t *testing.T) {
	e, fw, _ := start(t)
	h, r := e.ports()
	called := false
	e.Run(RunRequest{Gen: 1, Text: "one"}, nil, func(RunReply) { called = true })
	// While it runs, the holder answers.
	var lint LintReply
	e.Lint("x", func(l LintReply) { lint = l })
	h.serve()
	assert.Equal(t, LintReply{Err: "lint x"}, lint)

	// A new run cancels it: the runner is replaced, its done never called.
	var reply RunReply
	e.Run(RunRequest{Gen: 2, Text: "two"}, nil, func(rr RunReply) { reply = rr })
	assert.True(t, r.terminated)
	require.Len(t, fw.all, 3)
	r2 := fw.all[2]
	r2.ev.Ready()
	r2.serve()
	assert.False(t, called)
	assert.Equal(t, 2, reply.Gen)
	assert.True(t, reply.Accepted)

	// Cancel with nothing in flight does nothing; with a run, replaces
	// the runner.
	e.Cancel()
	require.Len(t, fw.all, 3)
	e.Run(RunRequest{Gen: 3, Text: "three"}, nil, func(RunReply) { called = true })
	e.Cancel()
	require.Len(t, fw.all, 4)
	_, r3 := e.ports()
	assert.Same(t, fw.all[3], r3)
	assert.True(t, h.terminated, "the old holder was the runner")
}

// TestWorkerEngineCancelRoutesHolderCalls: a view the old holder had not
// answered when it became the runner goes to the new holder on cancel.
func TestWorkerEngineCancelRoutesHolderCalls(t *testing.T) {
	e, _, _ := start(t)
	h0, r0 := e.ports()
	var views []FrameView
	e.View(ViewQuery{Seq: 1}, func(v FrameView) { views = append(views, v) })
	e.Run(RunRequest{Gen: 1, Text: "one"}, nil, func(RunReply) {})
	r0.serve() // accepted: h0 is the runner now, its view unanswered
	e.Run(RunRequest{Gen: 2, Text: "two"}, nil, func(RunReply) {})
	e.Cancel()
	assert.True(t, h0.terminated)
	r0.serve()
	require.Equal(t, []FrameView{{Seq: 1, NodeNames: []string{"one"}}}, views)
}

func TestWorkerEngineRunnerCrash(t *testing.T) {
	e, fw, lost := start(t)
	h, r := e.ports()
	var reply RunReply
	e.Run(RunRequest{Gen: 5, Text: "one"}, nil, func(rr RunReply) { reply = rr })
	e.Crash("runner")
	assert.Equal(t, RunReply{Gen: 5, Err: "The simulation stopped: the worker was killed", StepFrame: -1, Stopped: true}, reply)
	assert.True(t, r.terminated)
	assert.Empty(t, *lost, "the holder is intact")
	require.Len(t, fw.all, 3)
	h2, r2 := e.ports()
	assert.Same(t, h, h2)
	assert.Same(t, fw.all[2], r2)
}

func TestWorkerEngineHolderCrashRebuilds(t *testing.T) {
	e, fw, lost := start(t)
	_, r := e.ports()
	e.Run(RunRequest{Gen: 1, Text: "one"}, nil, func(RunReply) {})
	r.serve()
	var views []FrameView
	e.View(ViewQuery{Seq: 1}, func(v FrameView) { views = append(views, v) })
	e.Crash("holder")
	require.Equal(t, []FrameView{{Seq: 1, Err: "The simulation stopped: exit code 2", Stopped: true}}, views)
	require.Equal(t, []string{"The simulation stopped: exit code 2"}, *lost)

	// The new holder runs the accepted text again before the next view.
	require.Len(t, fw.all, 3)
	h := fw.all[2]
	e.View(ViewQuery{Seq: 2}, func(v FrameView) { views = append(views, v) })
	h.ev.Ready()
	h.serve()
	require.Equal(t, FrameView{Seq: 2, NodeNames: []string{"one"}}, views[1])
	h2, _ := e.ports()
	assert.Same(t, h, h2)
}

func TestWorkerEnginePanicAndBadMessages(t *testing.T) {
	e, fw, _ := start(t)
	_, r := e.ports()
	var reply RunReply
	e.Run(RunRequest{Gen: 1, Text: "panic"}, nil, func(rr RunReply) { reply = rr })
	r.serve()
	assert.Equal(t, RunReply{Gen: 1, Err: "The simulation stopped: panic: boom", StepFrame: -1, Stopped: true}, reply)

	// A reply that cannot be read is the worker's death.
	e.Run(RunRequest{Gen: 2, Text: "two"}, nil, func(rr RunReply) { reply = rr })
	r.ev.Message([]byte("garbage"))
	assert.Equal(t, 2, reply.Gen)
	assert.Contains(t, reply.Err, "The simulation stopped: engine message")
	require.Len(t, fw.all, 3)
}

// TestWorkerEngineBroken: workers that die before they start are not
// started for ever; requests then get an error.
func TestWorkerEngineBroken(t *testing.T) {
	fw := &fakeWorkers{}
	e := NewWorkerEngine(fw.spawn, nil)
	e.Cancel()
	e.mu.Lock()
	e.holderLocked()
	e.runnerLocked()
	e.mu.Unlock()
	for i := 0; i < maxUnready; i++ {
		_, r := e.ports()
		r.ev.Died("404")
	}
	require.Len(t, fw.all, 2+maxUnready-1)
	done := make(chan ExecReply)
	e.Exec(ExecRequest{}, func(r ExecReply) { done <- r })
	assert.Equal(t, ExecReply{Err: "The simulation stopped: 404"}, <-done)
}

// TestWorkerEngineRebuildDies: a holder that dies while rebuilding is
// not rebuilt again (the text would kill the next one too).
func TestWorkerEngineRebuildDies(t *testing.T) {
	e, fw, lost := start(t)
	_, r := e.ports()
	e.Run(RunRequest{Gen: 1, Text: "one"}, nil, func(RunReply) {})
	r.serve()
	e.Crash("holder")
	h := fw.all[2]
	h.ev.Ready()
	h.ev.Died("out of memory")
	require.Len(t, fw.all, 4)
	h2 := fw.all[3]
	h2.ev.Ready()
	assert.Empty(t, h2.inbox, "no rebuild")
	assert.Len(t, *lost, 2)
	var view FrameView
	e.View(ViewQuery{Seq: 9}, func(v FrameView) { view = v })
	h2.serve()
	assert.Equal(t, FrameView{Seq: 9, Err: "no run"}, view)
}

func TestProgressOf(t *testing.T) {
	p := ProgressOf(3, sim.Progress{At: 1500 * time.Millisecond, Until: time.Minute, Frames: 2, Scheduled: 5, Pods: 9})
	assert.Equal(t, Progress{Gen: 3, At: 1.5, Until: 60, Frames: 2, Scheduled: 5, Pods: 9}, p)
}

// TestWorkerEngineFirstRunStartsOneWorker: the first run starts only the
// runner, which becomes the holder; the next run starts a new runner.
func TestWorkerEngineFirstRunStartsOneWorker(t *testing.T) {
	fw := &fakeWorkers{}
	e := NewWorkerEngine(fw.spawn, nil)
	var reply RunReply
	e.Run(RunRequest{Gen: 1, Text: "one"}, nil, func(r RunReply) { reply = r })
	require.Len(t, fw.all, 1)
	fw.all[0].ev.Ready()
	fw.all[0].serve()
	require.True(t, reply.Accepted)
	h, r := e.ports()
	assert.Same(t, fw.all[0], h)
	assert.Nil(t, r)
	e.Run(RunRequest{Gen: 2, Text: "two"}, nil, func(r RunReply) { reply = r })
	require.Len(t, fw.all, 2)
	fw.all[1].ev.Ready()
	fw.all[1].serve()
	require.True(t, reply.Accepted)
	h, r = e.ports()
	assert.Same(t, fw.all[1], h)
	assert.Same(t, fw.all[0], r)
}
