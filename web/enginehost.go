package web

import (
	"fmt"
	"maps"
	"slices"
	"sync"
)

// WorkerPort is one engine worker as WorkerEngine drives it: a Web
// Worker in the browser (engine_js.go), a goroutine in tests.
type WorkerPort interface {
	// Post sends an encoded request (EncodeMessage).
	Post(msg []byte)
	// Terminate stops the worker at once; it sends nothing after.
	Terminate()
	// Crash makes the worker's program die as a crash would (the browser
	// test's window.tpKillEngine); the port reports it through Died.
	Crash()
}

// WorkerEvents is what a worker reports. The port calls them from its
// event handlers, one at a time, in the order the worker sent them; none
// of them blocks.
type WorkerEvents struct {
	// Ready: the worker serves requests now (those posted before wait).
	Ready func()
	// Message: an encoded reply or progress.
	Message func(msg []byte)
	// Died: the worker crashed, ran out of memory or exited (why).
	Died func(why string)
}

// SpawnFunc starts a worker that reports to ev.
type SpawnFunc func(ev WorkerEvents) WorkerPort

// WorkerEngine is the Engine of the page in the browser: LocalEngine in
// two workers. The holder keeps the last accepted run and answers View,
// Exec, Export and Lint; the runner runs. A reply with Accepted makes the
// runner the holder and the old holder the next runner. Cancel (and a
// Run while one is in flight) terminates the runner and starts a fresh
// one, so the board stays usable throughout.
//
// A worker that dies (crash, out of memory) is replaced: its requests get
// an error reply (Messages.EngineStopped); when it was the holder, the new
// holder first runs the last accepted request again (its reply is not
// passed on; View, Exec and Export asked meanwhile wait for it), so the
// page keeps its board, and onLost (NewWorkerEngine) tells the page why.
//
// done and progress are called from the ports' event handlers, outside
// the UI's goroutine, never while the engine's lock is held.
type WorkerEngine struct {
	mu       sync.Mutex
	spawn    SpawnFunc
	holder   *engineWorker
	runner   *engineWorker
	nextID   int
	run      *engineCall // the run in flight on the runner
	accepted *RunRequest // the last accepted run's request
	rebuild  *engineCall // the last rebuild of a holder (rebuildLocked)
	onLost   func(why string)
	// unready counts the workers in a row that died before Ready; at
	// maxUnready the engine is broken (why) and answers every request
	// with an error instead of starting workers that cannot start.
	unready int
	broken  string
}

// maxUnready is how many workers in a row may die before they start.
const maxUnready = 3

var _ Engine = (*WorkerEngine)(nil)

// engineWorker is one worker and its requests without a reply.
type engineWorker struct {
	port  WorkerPort
	ready bool
	dead  bool
	queue [][]byte // posted before Ready
	calls map[int]*engineCall
}

// engineCall is one request waiting for its reply.
type engineCall struct {
	id       int
	req      Message
	data     []byte
	progress func(Progress)
	done     func(any) // gets the reply's payload
}

// NewWorkerEngine returns the engine; its two workers are started with
// spawn at the first request. onLost (may be nil) is called with why when
// the holder died and is being rebuilt.
func NewWorkerEngine(spawn SpawnFunc, onLost func(why string)) *WorkerEngine {
	return &WorkerEngine{spawn: spawn, onLost: onLost}
}

// runnerLocked starts the runner when there is none; holderLocked the
// holder. The first run needs only the runner (it becomes the holder), so
// the second worker does not start beside it, competing for the CPU.
func (e *WorkerEngine) runnerLocked() {
	if e.runner == nil {
		e.runner = e.startLocked()
	}
}

func (e *WorkerEngine) holderLocked() {
	if e.holder == nil {
		e.holder = e.startLocked()
	}
}

// Run runs req on the runner, cancelling the run in flight.
func (e *WorkerEngine) Run(req RunRequest, progress func(Progress), done func(RunReply)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.runnerLocked()
	if e.run != nil {
		e.cancelLocked()
	}
	c := e.callLocked(OpRun, req, func(p any) { done(p.(RunReply)) })
	c.progress = progress
	if e.sendLocked(e.runner, c) {
		e.run = c
	}
}

// View asks the holder for a frame's view.
func (e *WorkerEngine) View(q ViewQuery, done func(FrameView)) {
	e.ask(OpView, q, func(p any) { done(p.(FrameView)) })
}

// Exec asks the holder for a console command's answer.
func (e *WorkerEngine) Exec(req ExecRequest, done func(ExecReply)) {
	e.ask(OpExec, req, func(p any) { done(p.(ExecReply)) })
}

// Lint asks the holder to check a text.
func (e *WorkerEngine) Lint(text string, done func(LintReply)) {
	e.ask(OpLint, LintRequest{Text: text}, func(p any) { done(p.(LintReply)) })
}

// Export asks the holder for the last accepted run's text as Format.
func (e *WorkerEngine) Export(req ExportRequest, done func(ExportReply)) {
	e.ask(OpExport, req, func(p any) { done(p.(ExportReply)) })
}

// Cancel stops the run in flight: the runner is terminated and replaced.
func (e *WorkerEngine) Cancel() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.run != nil {
		e.cancelLocked()
	}
}

// Crash makes a worker die, for the browser test: the holder's
// ("holder") program exits (WorkerPort.Crash), as it would on a crash; the
// runner, busy running and so deaf to messages, is terminated and
// reported dead at once, as a crash in the middle of a run would be.
func (e *WorkerEngine) Crash(role string) {
	e.mu.Lock()
	h, r := e.holder, e.runner
	e.mu.Unlock()
	switch {
	case role == "holder" && h != nil:
		h.port.Crash()
	case role != "holder" && r != nil:
		e.died(r, "the worker was killed")
	}
}

func (e *WorkerEngine) ask(op string, req any, done func(any)) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.holderLocked()
	e.sendLocked(e.holder, e.callLocked(op, req, done))
}

// callLocked encodes a request. One that cannot be encoded (which the
// wire test rules out for the request types) is answered at once.
func (e *WorkerEngine) callLocked(op string, req any, done func(any)) *engineCall {
	e.nextID++
	c := &engineCall{id: e.nextID, req: Message{ID: e.nextID, Op: op, Payload: req}, done: done}
	data, err := EncodeMessage(c.id, op, req)
	if err != nil {
		_, p := errorReply(c.req, err.Error())
		go done(p)
		c.done = func(any) {}
	}
	c.data = data
	return c
}

// sendLocked posts c to w (or queues it until w is ready) and reports
// whether a reply will come from w.
func (e *WorkerEngine) sendLocked(w *engineWorker, c *engineCall) bool {
	if c.data == nil {
		return false
	}
	if e.broken != "" {
		_, p := errorReply(c.req, e.broken)
		go c.done(p)
		return false
	}
	w.calls[c.id] = c
	if w.ready {
		w.port.Post(c.data)
	} else {
		w.queue = append(w.queue, c.data)
	}
	return true
}

// startLocked spawns a worker (none once broken).
func (e *WorkerEngine) startLocked() *engineWorker {
	w := &engineWorker{calls: map[int]*engineCall{}}
	if e.broken != "" {
		w.dead, w.port = true, nopPort{}
		return w
	}
	w.port = e.spawn(WorkerEvents{
		Ready:   func() { e.ready(w) },
		Message: func(b []byte) { e.message(w, b) },
		Died:    func(why string) { e.died(w, why) },
	})
	return w
}

// cancelLocked terminates the runner and starts a fresh one. The run's
// done is never called; the other requests the runner still had (it was
// the holder before the last accepted run) go to the holder.
func (e *WorkerEngine) cancelLocked() {
	old := e.runner
	old.dead = true
	old.port.Terminate()
	e.run = nil
	e.runner = e.startLocked()
	for _, id := range slices.Sorted(maps.Keys(old.calls)) {
		if c := old.calls[id]; c.req.Op != OpRun {
			e.holderLocked()
			e.sendLocked(e.holder, c)
		}
	}
}

func (e *WorkerEngine) ready(w *engineWorker) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if w.dead || w.ready {
		return
	}
	w.ready = true
	for _, b := range w.queue {
		w.port.Post(b)
	}
	w.queue = nil
}

// message takes a reply or progress; a message that cannot be read
// counts as the worker's death (its requests would never be answered).
func (e *WorkerEngine) message(w *engineWorker, b []byte) {
	m, err := DecodeMessage(b)
	if err != nil {
		e.died(w, err.Error())
		return
	}
	e.mu.Lock()
	c := w.calls[m.ID]
	if m.ID == EarlyRunID && m.Op == OpProgress {
		c = e.earlyLocked(w)
	}
	if w.dead || c == nil {
		e.mu.Unlock()
		return
	}
	if m.Op == OpProgress {
		e.mu.Unlock()
		if c.progress != nil {
			p := m.Payload.(Progress)
			p.Gen = c.req.Payload.(RunRequest).Gen
			c.progress(p)
		}
		return
	}
	delete(w.calls, m.ID)
	if r, ok := m.Payload.(RunReply); ok {
		e.ranLocked(c, r)
	}
	e.mu.Unlock()
	c.done(m.Payload)
}

// earlyLocked is the call that a worker's early run (EarlyRunID) stands
// for: the run of a link in flight on that worker, if any.
func (e *WorkerEngine) earlyLocked(w *engineWorker) *engineCall {
	if e.run == nil || w.calls[e.run.id] != e.run || e.run.req.Payload.(RunRequest).Fragment == "" {
		return nil
	}
	return e.run
}

// ranLocked takes a run's reply: the runner that accepted its run is the
// holder now. (The reply of a holder's rebuild changes nothing.)
func (e *WorkerEngine) ranLocked(c *engineCall, r RunReply) {
	if c != e.run {
		return
	}
	e.run = nil
	if r.Accepted {
		req := c.req.Payload.(RunRequest)
		e.accepted = &req
		e.holder, e.runner = e.runner, e.holder
	}
}

// died replaces a dead worker and answers its requests with an error.
func (e *WorkerEngine) died(w *engineWorker, why string) {
	e.mu.Lock()
	if w.dead {
		e.mu.Unlock()
		return
	}
	w.dead = true
	w.port.Terminate()
	e.unready++
	if w.ready {
		e.unready = 0
	}
	if e.unready >= maxUnready {
		e.broken = why
	}
	var failed []*engineCall
	for _, id := range slices.Sorted(maps.Keys(w.calls)) {
		failed = append(failed, w.calls[id])
	}
	if e.run != nil && w.calls[e.run.id] == e.run {
		e.run = nil
	}
	lost := w == e.holder
	switch w {
	case e.holder:
		// A holder that dies rebuilding the accepted run would die again:
		// the next holder starts empty.
		if e.rebuild != nil && w.calls[e.rebuild.id] == e.rebuild {
			e.accepted = nil
		}
		e.holder = e.startLocked()
		e.rebuildLocked()
	case e.runner:
		e.runner = e.startLocked()
	}
	e.mu.Unlock()
	for _, c := range failed {
		_, p := errorReply(c.req, why)
		c.done(p)
	}
	if lost && e.onLost != nil {
		e.onLost(fmt.Sprintf(Msg.EngineStopped, why))
	}
}

// rebuildLocked has the new holder run the last accepted request again;
// its reply is not passed on.
func (e *WorkerEngine) rebuildLocked() {
	if e.accepted == nil {
		return
	}
	e.rebuild = e.callLocked(OpRun, *e.accepted, func(any) {})
	e.sendLocked(e.holder, e.rebuild)
}

// nopPort stands for the workers of a broken engine.
type nopPort struct{}

func (nopPort) Post([]byte) {}
func (nopPort) Terminate()  {}
func (nopPort) Crash()      {}
