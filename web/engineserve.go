package web

import (
	"fmt"

	"github.com/taints-playground/playground/core/sim"
)

// ServeMessage is the engine's side of the wire, in its Web Worker
// (wasm/worker_js.go): it decodes one request, asks e, and posts the
// replies (and a run's progress) with post, now or later, as e answers.
// A request that cannot be decoded is dropped (its reply could not be
// addressed); a panic in e, or a reply that cannot be encoded, is
// answered with an error reply (Messages.EngineStopped), so the page's
// callback is always called.
func ServeMessage(e Engine, data []byte, post func([]byte)) {
	m, err := DecodeMessage(data)
	if err != nil {
		return
	}
	reply := func(op string, payload any) {
		b, err := EncodeMessage(m.ID, op, payload)
		if err != nil {
			op, payload = errorReply(m, err.Error())
			if b, err = EncodeMessage(m.ID, op, payload); err != nil {
				return
			}
		}
		post(b)
	}
	defer func() {
		if r := recover(); r != nil {
			reply(errorReply(m, fmt.Sprint("panic: ", r)))
		}
	}()
	switch req := m.Payload.(type) {
	case RunRequest:
		e.Run(req, func(p Progress) { reply(OpProgress, p) }, func(r RunReply) { reply(OpRunReply, r) })
	case ViewQuery:
		e.View(req, func(v FrameView) { reply(OpViewReply, v) })
	case ExecRequest:
		e.Exec(req, func(r ExecReply) { reply(OpExecReply, r) })
	case LintRequest:
		e.Lint(req.Text, func(r LintReply) { reply(OpLintReply, r) })
	case ExportRequest:
		e.Export(req, func(r ExportReply) { reply(OpExportReply, r) })
	case ImpactRequest:
		e.Impact(req, func(r ImpactReply) { reply(OpImpactReply, r) })
	}
}

// EarlyRunID is the message ID of the progress of the run the engine's
// worker makes before the page asks (LocalEngine.Prerun): the page passes
// it on to its run of the same link (WorkerEngine).
const EarlyRunID = 0

// Prerunner is an Engine that can run a link's scenario before the page
// asks for it (LocalEngine).
type Prerunner interface {
	Prerun(fragment string, progress func(Progress))
}

// ServePrerun runs fragment's scenario early (Prerun) and posts its
// progress as EarlyRunID messages.
func ServePrerun(e Prerunner, fragment string, post func([]byte)) {
	defer func() { _ = recover() }() // the page's request runs it again
	e.Prerun(fragment, func(p Progress) {
		if b, err := EncodeMessage(EarlyRunID, OpProgress, p); err == nil {
			post(b)
		}
	})
}

// errorReply is the reply to request m saying that the engine stopped
// (why), in the reply type the request expects.
func errorReply(m Message, why string) (string, any) {
	text := fmt.Sprintf(Msg.EngineStopped, why)
	switch req := m.Payload.(type) {
	case RunRequest:
		return OpRunReply, RunReply{Gen: req.Gen, Err: text, StepFrame: -1, Stopped: true}
	case ViewQuery:
		return OpViewReply, FrameView{Seq: req.Seq, Frame: req.Frame, Err: text, Stopped: true}
	case ExecRequest:
		return OpExecReply, ExecReply{Err: text}
	case LintRequest:
		return OpLintReply, LintReply{Err: text}
	case ImpactRequest:
		return OpImpactReply, ImpactReply{Err: text}
	default:
		return OpExportReply, ExportReply{Err: text}
	}
}

// ProgressOf is a run's progress as the page gets it: sim.Progress in
// seconds, for the run req.Gen (LocalEngine passes it to SimulateFunc).
func ProgressOf(gen int, p sim.Progress) Progress {
	return Progress{Gen: gen, At: p.At.Seconds(), Until: p.Until.Seconds(),
		Frames: p.Frames, Scheduled: p.Scheduled, Pods: p.Pods}
}
