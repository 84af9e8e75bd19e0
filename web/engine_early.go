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

// earlyRun is a scenario run by Prerun before the page asked: a link's
// (fragment, without '#') or, with fragment "", the default preset's text
// read as filename.
type earlyRun struct {
	fragment   string
	filename   string
	text       string
	noScenario bool
	linkErr    string
	// ran reports that the text was simulated: res or err.
	ran bool
	res *sim.Result
	err error
}

// Prerun runs at once the scenario a page address's fragment will make
// the page ask for (web/model_link.go, Model.LoadFragment): the engine's
// worker starts it while the page is still starting (static/boot.js), so
// the two overlap. A fragment with a link (RunRequest.Fragment) runs the
// link's scenario; one without (an address with no fragment, or with
// other parameters only) runs the default preset, as the page then loads
// it; #local (a scenario kept in the page's storage) runs nothing. The next
// Run for the same fragment and EarlyFilename, or for the default preset's
// text and file name, answers from it; any other Run drops it. progress
// (may be nil) gets the run's progress with Gen 0.
func (e *LocalEngine) Prerun(fragment string, progress func(Progress)) {
	fragment = strings.TrimPrefix(fragment, "#")
	if !hasScenarioParam(fragment) {
		def := e.defaultPreset
		if IsLocalFragment(fragment) || def.Name == "" {
			return
		}
		early := &earlyRun{filename: presetFilename(def.Name), text: def.YAML, ran: true}
		early.res, early.err = e.run(RunRequest{Filename: early.filename, Text: early.text}, progress)
		e.early = early
		return
	}
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
	if early == nil || req.Insert || req.StepCommand != "" {
		return nil
	}
	if early.fragment == "" {
		if req.Fragment != "" || req.Filename != early.filename || req.Text != early.text {
			return nil
		}
		return early
	}
	if early.fragment != strings.TrimPrefix(req.Fragment, "#") || req.Filename != EarlyFilename {
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
