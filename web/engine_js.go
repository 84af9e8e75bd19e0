//go:build js && wasm

package web

import (
	"sync"

	"github.com/hack-pad/safejs"
)

// Where make dist puts the engine worker's bootstrap and the program it
// runs: this same app.wasm, which serves the engine when it finds no
// document (wasm/worker_js.go).
const (
	EngineWorkerURL = "/web/engine-worker.js"
	EngineWasmURL   = "/web/app.wasm"
)

// NewBrowserEngine is the page's engine: a WorkerEngine over two Web
// Workers (static/engine-worker.js). app.wasm is fetched and compiled once
// (WebAssembly.compileStreaming) and the compiled module is posted to each
// worker, so a worker started after a cancel or a crash only instantiates
// it; when the page cannot compile it, each worker fetches it itself. It
// also installs window.tpKillEngine(role) ("holder" or "runner"), which
// makes that worker's program exit as a crash would, for the browser test.
// Call it in the page only, never in the engine's worker.
func NewBrowserEngine(onLost func(why string)) *WorkerEngine {
	b := &browserWorkers{}
	e := NewWorkerEngine(b.spawn, onLost)
	if kill, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		role := "holder"
		if len(args) > 0 {
			if s, err := args[0].String(); err == nil {
				role = s
			}
		}
		e.Crash(role)
		return nil
	}); err == nil {
		_ = safejs.Global().Set("tpKillEngine", kill.Value())
	}
	return e
}

// browserWorkers starts the Web Workers and compiles app.wasm for them.
type browserWorkers struct {
	once   sync.Once
	module safejs.Value // a Promise of the WebAssembly.Module (or of null)
}

// compiled starts compiling app.wasm the first time; a failure resolves
// to null.
func (b *browserWorkers) compiled() safejs.Value {
	b.once.Do(func() {
		g := safejs.Global()
		b.module = safejs.Null()
		// boot.js kept the module it compiled for the page: the
		// workers run the same one, so it is not compiled twice.
		if m, err := g.Get("tpAppModule"); err == nil && m.Type() == safejs.TypeObject {
			if promise, err := g.Get("Promise"); err == nil {
				if p, err := promise.Call("resolve", m); err == nil {
					b.module = p
					return
				}
			}
		}
		wa, err := g.Get("WebAssembly")
		if err != nil {
			return
		}
		resp, err := g.Call("fetch", EngineWasmURL)
		if err != nil {
			return
		}
		if p, err := wa.Call("compileStreaming", resp); err == nil {
			b.module = p
		}
	})
	return b.module
}

// spawn starts one worker. It runs under the engine's lock: every event,
// a failure to start included, is reported later, from a JS handler or a
// goroutine.
func (b *browserWorkers) spawn(ev WorkerEvents) WorkerPort {
	p := &browserPort{ev: ev}
	if err := p.start(b.compiled()); err != nil {
		p.Terminate()
		go ev.Died("the engine's worker did not start: " + err.Error())
	}
	return p
}

// browserPort is one Web Worker.
type browserPort struct {
	ev     WorkerEvents
	worker safejs.Value
	funcs  []safejs.Func
	done   bool // terminated
	// backlog holds the events not handled yet while draining (deliver).
	mu       sync.Mutex
	backlog  []func()
	draining bool
}

func (p *browserPort) start(module safejs.Value) error {
	if p.adopt() {
		return nil
	}
	g := safejs.Global()
	ctor, err := g.Get("Worker")
	if err != nil {
		return err
	}
	if p.worker, err = ctor.New(EngineWorkerURL); err != nil {
		return err
	}
	if err := p.listen(); err != nil {
		return err
	}
	if module.Type() != safejs.TypeObject {
		p.sendModule(safejs.Null())
		return nil
	}
	// The promise may settle after the port was terminated: its handler
	// is released when it runs, never before.
	var settled safejs.Func
	settled, err = safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		defer settled.Release()
		m := safejs.Null()
		if len(args) > 0 {
			m = args[0]
		}
		p.sendModule(m)
		return nil
	})
	if err != nil {
		return err
	}
	_, err = module.Call("then", settled.Value(), settled.Value())
	return err
}

// listen handles the worker's events.
func (p *browserPort) listen() error {
	for _, name := range []string{"onmessage", "onerror", "onmessageerror"} {
		if err := p.on(p.worker, name, func(e safejs.Value) {
			p.deliver(func() { p.event(e) })
		}); err != nil {
			return err
		}
	}
	return nil
}

// event handles one event of the worker.
func (p *browserPort) event(e safejs.Value) {
	switch t, _ := e.Get("type"); mustString(t) {
	case "error":
		p.failed(e)
	case "messageerror":
		p.unreadable(e)
	default:
		p.message(e)
	}
}

// deliver handles the worker's events one at a time, in order: after the
// events an adopted worker sent before the page took it.
func (p *browserPort) deliver(f func()) {
	p.mu.Lock()
	p.backlog = append(p.backlog, f)
	if p.draining {
		p.mu.Unlock()
		return
	}
	p.draining = true
	p.mu.Unlock()
	p.drain()
}

func (p *browserPort) drain() {
	for {
		p.mu.Lock()
		if len(p.backlog) == 0 {
			p.draining = false
			p.mu.Unlock()
			return
		}
		f := p.backlog[0]
		p.backlog = p.backlog[1:]
		p.mu.Unlock()
		if !p.done {
			f()
		}
	}
}

func (p *browserPort) failed(e safejs.Value) {
	p.ev.Died("the engine's worker failed: " + errorText(e))
}

func (p *browserPort) unreadable(safejs.Value) {
	p.ev.Died("a message from the engine's worker could not be read")
}

// adopt takes the worker static/boot.js started before the page's
// program ran (window.tpEarlyEngine: {worker, events}), once: it already
// has the module and runs the address's link (LocalEngine.Prerun). The
// events it sent meanwhile are handled first, after start returns (the
// engine's lock is held now) and before any later event: Go runs every
// runnable goroutine before the browser delivers the next event.
func (p *browserPort) adopt() bool {
	g := safejs.Global()
	early, err := g.Get("tpEarlyEngine")
	if err != nil || early.Type() != safejs.TypeObject {
		return false
	}
	_ = g.Set("tpEarlyEngine", safejs.Undefined())
	_ = g.Set("tpEarlyAdopted", true) // for the browser test
	w, err := early.Get("worker")
	if err != nil || w.Type() != safejs.TypeObject {
		return false
	}
	events, err := early.Get("events")
	if err != nil {
		return false
	}
	n, _ := events.Length()
	p.worker = w
	p.draining = true // the events so far come first
	for i := 0; i < n; i++ {
		if ev, err := events.Index(i); err == nil {
			p.backlog = append(p.backlog, func() { p.event(ev) })
		}
	}
	if err := p.listen(); err != nil {
		_, _ = w.Call("terminate")
		p.worker, p.backlog, p.draining = safejs.Undefined(), nil, false
		return false
	}
	// spawn runs under the engine's lock, which the events take.
	go p.drain()
	return true
}

// mustString is v's string, "" when it is none.
func mustString(v safejs.Value) string {
	s, _ := v.String()
	return s
}

// sendModule posts the compiled module to the worker, or null (a
// rejection's reason, no module: the worker then fetches app.wasm).
func (p *browserPort) sendModule(m safejs.Value) {
	if p.done {
		return
	}
	wa, _ := safejs.Global().Get("WebAssembly")
	mod, _ := wa.Get("Module")
	if ok, _ := m.InstanceOf(mod); !ok {
		m = safejs.Null()
	}
	_, _ = p.worker.Call("postMessage", map[string]any{"tp": "module", "module": m})
}

// on sets target[name] to a Go handler of its first argument.
func (p *browserPort) on(target safejs.Value, name string, fn func(safejs.Value)) error {
	f, err := p.jsFunc(fn)
	if err != nil {
		return err
	}
	return target.Set(name, f)
}

// jsFunc wraps fn as a JS function, released with the port.
func (p *browserPort) jsFunc(fn func(safejs.Value)) (safejs.Value, error) {
	f, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		arg := safejs.Undefined()
		if len(args) > 0 {
			arg = args[0]
		}
		fn(arg)
		return nil
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	p.funcs = append(p.funcs, f)
	return f.Value(), nil
}

// message takes a reply (a Uint8Array) or a control message of the
// bootstrap ({tp: "ready"}, {tp: "exited", why}).
func (p *browserPort) message(e safejs.Value) {
	data, err := e.Get("data")
	if err != nil {
		return
	}
	if u8, err := safejs.Global().Get("Uint8Array"); err == nil {
		if ok, _ := data.InstanceOf(u8); ok {
			n, err := data.Length()
			if err != nil {
				return
			}
			b := make([]byte, n)
			if _, err := safejs.CopyBytesToGo(b, data); err == nil {
				p.ev.Message(b)
			}
			return
		}
	}
	tp, _ := data.Get("tp")
	switch s, _ := tp.String(); s {
	case "ready":
		p.ev.Ready()
	case "exited":
		why, _ := data.Get("why")
		text, _ := why.String()
		p.ev.Died(text)
	}
}

// Post sends a request as a transferred Uint8Array.
func (p *browserPort) Post(msg []byte) {
	u8, err := safejs.Global().Get("Uint8Array")
	if err != nil {
		return
	}
	arr, err := u8.New(len(msg))
	if err != nil {
		return
	}
	if _, err := safejs.CopyBytesToJS(arr, msg); err != nil {
		return
	}
	buf, _ := arr.Get("buffer")
	_, _ = p.worker.Call("postMessage", arr, []any{buf})
}

// Terminate stops the worker; its handlers are unset before they are
// released, so no queued event calls a released function.
func (p *browserPort) Terminate() {
	p.done = true
	if p.worker.Type() == safejs.TypeObject {
		for _, name := range []string{"onmessage", "onerror", "onmessageerror"} {
			_ = p.worker.Set(name, safejs.Null())
		}
		_, _ = p.worker.Call("terminate")
	}
	for _, f := range p.funcs {
		f.Release()
	}
	p.funcs = nil
}

// Crash makes the worker's program exit (wasm/worker_js.go).
func (p *browserPort) Crash() {
	if p.worker.Type() == safejs.TypeObject {
		_, _ = p.worker.Call("postMessage", "tp-exit")
	}
}

// errorText is an ErrorEvent's message.
func errorText(e safejs.Value) string {
	if m, err := e.Get("message"); err == nil {
		if s, err := m.String(); err == nil && s != "" {
			return s
		}
	}
	return "unknown error"
}
