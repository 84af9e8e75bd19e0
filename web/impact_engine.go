package web

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/impact"
	"github.com/taints-playground/playground/core/scenario"
)

// ImpactRequest asks for the preview of a kubectl taint command run at
// virtual time At (the frame on the board).
type ImpactRequest struct {
	At      float64
	Command string
}

// ImpactReply is the preview, or why there is none.
type ImpactReply struct {
	Impact *impact.Impact
	Err    string
}

// Impact implements Engine: impact.Preview on the last accepted run's
// scenario, which it does not change. A panic comes back as an error.
func (e *LocalEngine) Impact(req ImpactRequest, done func(ImpactReply)) {
	var reply ImpactReply
	func() {
		defer func() {
			if r := recover(); r != nil {
				reply = ImpactReply{Err: fmt.Sprintf(Msg.PanicError, fmt.Sprint(r))}
			}
		}()
		if e.res == nil || e.text == "" {
			reply.Err = "the preview is not available before a scenario ran"
			return
		}
		s, err := scenario.Parse([]byte(e.text), e.filename)
		if err != nil {
			reply.Err = strings.TrimSpace(err.Error())
			return
		}
		if math.IsNaN(req.At) || math.IsInf(req.At, 0) {
			reply.Err = "at: must be a number of seconds"
			return
		}
		im, err := impact.Preview(s, time.Duration(math.Round(req.At*1000))*time.Millisecond, req.Command)
		if err != nil {
			reply.Err = strings.TrimSpace(err.Error())
			return
		}
		reply.Impact = im
	}()
	done(reply)
}

// Impact asks the holder for a taint's preview.
func (e *WorkerEngine) Impact(req ImpactRequest, done func(ImpactReply)) {
	e.ask(OpImpact, req, func(p any) { done(p.(ImpactReply)) })
}

// Impact implements Engine.
func (e *pageEngine) Impact(req ImpactRequest, done func(ImpactReply)) {
	e.Engine.Impact(req, func(r ImpactReply) { e.dispatch(func(app.Context) { done(r) }) })
}
