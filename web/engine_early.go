package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/sim"
)

// EarlyFilename is the file name a link's scenario runs under: the page
// names an unknown text "scenario.yaml" (Model.filename), and a run made
// before the page asked must match the page's request exactly.
const EarlyFilename = "scenario.yaml"

// earlyRun is a link's scenario run by Prerun before the page asked.
type earlyRun struct {
	fragment   string
	text       string
	noScenario bool
	linkErr    string
	// ran reports that the text was simulated: res or err.
	ran bool
	res *sim.Result
	err error
}

// Prerun decodes a page address's fragment and runs its scenario at once,
// as the page is about to ask (RunRequest.Fragment): the engine's worker
// starts it while the page is still starting (static/board.js), so the two
// overlap. The next Run for the same fragment and EarlyFilename answers
// from it; any other Run drops it. progress (may be nil) gets the run's
// progress with Gen 0.
func (e *LocalEngine) Prerun(fragment string, progress func(Progress)) {
	fragment = strings.TrimPrefix(fragment, "#")
	early := &earlyRun{fragment: fragment}
	defer func() { e.early = early }()
	var reply RunReply
	text, ok := decodeRequest(fragment, &reply)
	early.text, early.noScenario, early.linkErr = text, reply.NoScenario, reply.LinkErr
	if !ok {
		return
	}
	early.ran = true
	early.res, early.err = e.run(RunRequest{Filename: EarlyFilename, Text: text}, progress)
}

// takeEarly returns the early run that answers req, if any, and forgets
// it either way: it is the page's first request that may use it.
func (e *LocalEngine) takeEarly(req RunRequest) *earlyRun {
	early := e.early
	e.early = nil
	if early == nil || early.fragment != strings.TrimPrefix(req.Fragment, "#") ||
		req.Filename != EarlyFilename || req.Insert || req.StepCommand != "" {
		return nil
	}
	return early
}

// decodeRequest reads the scenario of a run's fragment (DecodeFragment)
// into text, or says in reply why there is none.
func decodeRequest(fragment string, reply *RunReply) (text string, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			text, ok, reply.LinkErr = "", false, fmt.Sprint(r)
		}
	}()
	text, err := DecodeFragment(fragment)
	switch {
	case errors.Is(err, ErrNoScenario):
		reply.NoScenario = true
		return "", false
	case err != nil:
		reply.LinkErr = err.Error()
		return "", false
	}
	return text, true
}
