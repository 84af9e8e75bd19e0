//go:build js && wasm

package main

import (
	"fmt"
	"os"
	"sync"

	"github.com/hack-pad/safejs"
	"github.com/taints-playground/playground/web"
)

// inWorker reports whether the program runs in a Web Worker (the engine's,
// static/engine-worker.js) rather than in the page: a worker has no
// document.
func inWorker() bool {
	d, err := safejs.Global().Get("document")
	return err == nil && d.IsUndefined()
}

// serveWorker is the engine's worker: it answers the page's requests
// (web.ServeMessage) with the engine newEngine makes and never returns.
// A worker that static/boot.js started early, with the page's address
// in self.tpPrerun, first runs what the page will ask for: that address's
// link, or the default preset (web.ServePrerun).
// Messages are Uint8Arrays of web/enginewire.go; the string "tp-exit"
// makes the program exit, as a crash would (the browser test's
// window.tpKillEngine).
func serveWorker(newEngine func() web.Engine) {
	if newEngine == nil {
		fmt.Fprintln(os.Stderr, "fatal error: this app.wasm has no engine to serve")
		os.Exit(3)
	}
	e := newEngine()
	self := safejs.Global()
	u8, err := self.Get("Uint8Array")
	if err != nil {
		os.Exit(3)
	}
	post := func(b []byte) {
		arr, err := u8.New(len(b))
		if err != nil {
			return
		}
		if _, err := safejs.CopyBytesToJS(arr, b); err != nil {
			return
		}
		buf, _ := arr.Get("buffer")
		_, _ = self.Call("postMessage", arr, []any{buf})
	}
	q := &inbox{wake: make(chan struct{}, 1)}
	onMessage, err := safejs.FuncOf(func(_ safejs.Value, args []safejs.Value) any {
		data, err := args[0].Get("data")
		if err != nil {
			return nil
		}
		if s, err := data.String(); err == nil && data.Type() == safejs.TypeString && s == "tp-exit" {
			os.Exit(2)
		}
		n, err := data.Length()
		if err != nil {
			return nil
		}
		b := make([]byte, n)
		if _, err := safejs.CopyBytesToGo(b, data); err != nil {
			return nil
		}
		q.put(b)
		return nil
	})
	if err != nil {
		os.Exit(3)
	}
	if err := self.Set("onmessage", onMessage.Value()); err != nil {
		os.Exit(3)
	}
	_, _ = self.Call("postMessage", map[string]any{"tp": "ready"})
	if pr, ok := e.(web.Prerunner); ok {
		if f, err := self.Get("tpPrerun"); err == nil && f.Type() == safejs.TypeString {
			if frag, err := f.String(); err == nil && frag != "" {
				// static/boot.js started this worker with the address
				// before the page asked: run its link or the default
				// preset now (the page's requests wait meanwhile).
				web.ServePrerun(pr, frag, post)
			}
		}
	}
	for {
		web.ServeMessage(e, q.take(), post)
	}
}

// inbox is the requests in order of arrival: the JS message handler puts
// without blocking (a Go callback from JS must never block), the serving
// loop takes.
type inbox struct {
	mu    sync.Mutex
	queue [][]byte
	wake  chan struct{} // holds a token while queue may be non-empty
}

func (q *inbox) put(b []byte) {
	q.mu.Lock()
	q.queue = append(q.queue, b)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *inbox) take() []byte {
	for {
		q.mu.Lock()
		if len(q.queue) > 0 {
			b := q.queue[0]
			q.queue = q.queue[1:]
			q.mu.Unlock()
			return b
		}
		q.mu.Unlock()
		<-q.wake
	}
}
