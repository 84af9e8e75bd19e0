package web

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// LocalEngine is the Engine that runs the simulator in process: natively
// (tests, prerendering) and, in the browser, inside the Web Worker that
// the page's engine posts to. It keeps the last accepted run and answers
// every question about it; done is called before each method returns.
type LocalEngine struct {
	simulate SimulateFunc
	exec     ExecFunc
	lint     LintFunc
	export   ExportFunc

	// res is the last accepted run, of text read as filename.
	res            *sim.Result
	text, filename string

	// groupsAt/groups cache the pod groups of one frame of res.
	groupsFor *sim.Result
	groupsAt  int
	groups    PodGroups
	// overview caches the overview of one frame of res.
	overviewFor *sim.Result
	overviewAt  int
	overview    Overview
	// evictStart caches, per res, when each pending eviction deadline was
	// first seen (EvictKey → time).
	evictOf    *sim.Result
	evictStart map[string]float64

	// early is the run Prerun made before the page asked for it;
	// defaultPreset is what Prerun runs for an address without a link
	// (Config.Presets[0], the page's default).
	early         *earlyRun
	defaultPreset Preset
	// seed tells this engine's board keys (FrameView.Keys) from another
	// engine's; it changes with every accepted run.
	seed uint64
	// fixes caches the last "Fix it" proposal (engine_fix.go).
	fixes *fixCache
}

var _ Engine = (*LocalEngine)(nil)

// NewLocalEngine returns an engine over cfg's simulator, console, lint and
// export functions.
func NewLocalEngine(cfg Config) *LocalEngine {
	e := &LocalEngine{simulate: cfg.Simulate, exec: cfg.Exec, lint: cfg.Lint, export: cfg.Export, seed: rand.Uint64()}
	if len(cfg.Presets) > 0 {
		e.defaultPreset = cfg.Presets[0]
	}
	return e
}

// Cancel implements Engine: an in-process run cannot be in flight.
func (e *LocalEngine) Cancel() {}

// Run implements Engine.
func (e *LocalEngine) Run(req RunRequest, progress func(Progress), done func(RunReply)) {
	reply := RunReply{Gen: req.Gen, StepFrame: -1}
	early := e.takeEarly(req)
	if early != nil && early.fragment == "" {
		// The default preset, run before the page asked.
		e.finish(req, early.res, early.err, &reply)
		done(reply)
		return
	}
	if req.Fragment != "" {
		if early != nil {
			reply.Text, reply.NoScenario, reply.LinkErr = early.text, early.noScenario, early.linkErr
			reply.SamePreset = early.text != "" && samePreset(req, early.text)
			if early.ran {
				req.Text = early.text
				e.finish(req, early.res, early.err, &reply)
			}
			done(reply)
			return
		}
		text, ok := decodeRequest(req.Fragment, &reply)
		if !ok {
			done(reply)
			return
		}
		req.Text, reply.Text = text, text
		reply.SamePreset = samePreset(req, text)
	}
	if req.Insert {
		text, err := insertStep(req)
		if err != nil {
			reply.Err = strings.TrimSpace(err.Error())
			done(reply)
			return
		}
		req.Text, reply.Text = text, text
	}
	res, err := e.run(req, progress)
	e.finish(req, res, err, &reply)
	done(reply)
}

// finish fills reply for req's run (res or err) and accepts the run when
// it is one.
func (e *LocalEngine) finish(req RunRequest, res *sim.Result, err error, reply *RunReply) {
	switch {
	case err != nil:
		reply.Err = strings.TrimSpace(err.Error())
		var se *scenario.Error
		if errors.As(err, &se) && se.FileLine > 0 {
			// "line N" in the text is the file's line, as the editor's
			// gutter numbers it.
			reply.Err = strings.TrimSpace(strings.Replace(err.Error(), se.Error(), se.FileError(), 1))
			reply.ErrLine = se.FileLine
		}
	case req.StepCommand != "" && stepRefused(res, req, reply):
		// kubectl refused the step: the last accepted run stays.
	default:
		e.res, e.text, e.filename = res, req.Text, req.Filename
		e.seed++
		reply.Accepted = true
		reply.Run = runInfo(res)
		if req.Link {
			frag, err := encodeFragmentParsed(req.Text, res.Scenario())
			reply.Fragment = frag
			if err != nil {
				reply.FragmentErr = err.Error()
			}
		}
	}
}

// insertStep adds req's step to its text at its time (scenario.InsertStep),
// turning a panic into an error.
func insertStep(req RunRequest) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			text, err = "", fmt.Errorf(Msg.PanicError, fmt.Sprint(r))
		}
	}()
	return scenario.InsertStep(req.Text, req.Filename, req.StepAt, req.StepCommand)
}

// run simulates req's text. Panics in the simulator come back as errors:
// in the browser a panic would kill the page.
func (e *LocalEngine) run(req RunRequest, progress func(Progress)) (res *sim.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf(Msg.PanicError, fmt.Sprint(r))
		}
	}()
	if e.simulate == nil {
		return nil, errors.New("no simulator is configured")
	}
	var report func(sim.Progress)
	if progress != nil {
		report = func(p sim.Progress) { progress(ProgressOf(req.Gen, p)) }
	}
	res, err = e.simulate(req.Filename, []byte(req.Text), report)
	if err == nil && res == nil {
		err = errors.New("the simulation returned no result")
	}
	if err == nil && len(res.Frames) == 0 {
		err = errors.New("the simulation returned no frames")
	}
	return res, err
}

// stepRefused finds the frame of the step req added (InsertStep puts it
// after every step at that time, so it is the last frame at that time made
// by that command) and reports whether kubectl refused it.
func stepRefused(res *sim.Result, req RunRequest, reply *RunReply) bool {
	for i, f := range res.Frames {
		if f.Step == req.StepCommand && math.Abs(f.At-req.StepAt) < 1e-6 {
			reply.StepFrame = i
		}
	}
	if reply.StepFrame < 0 {
		return false
	}
	f := &res.Frames[reply.StepFrame]
	reply.StepOutput = strings.TrimRight(f.Output, "\n")
	if f.StepFailed() || strings.HasPrefix(strings.ToLower(reply.StepOutput), "error") {
		reply.StepFailed = true
		return true
	}
	return false
}

// runInfo is what the page keeps of res.
func runInfo(res *sim.Result) *RunInfo {
	info := &RunInfo{
		Name: res.Name, Title: res.Title, Description: res.Description,
		KubernetesVersion: res.KubernetesVersion, Until: res.Until,
		Frames: make([]FrameInfo, len(res.Frames)),
		Times:  FrameTimes(res), Events: len(res.Events),
	}
	for i := range res.Frames {
		f := &res.Frames[i]
		info.Frames[i] = FrameInfo{At: f.At, Step: f.Step, Caption: f.Caption, Summary: f.Summary,
			Output: f.Output, Continues: f.Continues, Events: f.Events, Failed: f.StepFailed(), Nodes: len(f.Nodes)}
	}
	numberSteps(res, info.Frames)
	if len(res.Frames) > 0 {
		info.Nodes, info.Pods = len(res.Frames[0].Nodes), len(res.Frames[0].Pods)
	}
	return info
}

// Exec implements Engine.
func (e *LocalEngine) Exec(req ExecRequest, done func(ExecReply)) {
	var reply ExecReply
	func() {
		defer func() {
			if r := recover(); r != nil {
				reply = ExecReply{Err: fmt.Sprintf(Msg.PanicError, fmt.Sprint(r))}
			}
		}()
		if e.exec == nil || e.res == nil {
			reply.Err = "the console is not available"
			return
		}
		out, err := e.exec(e.filename, []byte(e.text), req.At, req.Command)
		if err != nil {
			reply.Err = strings.TrimSpace(err.Error())
			return
		}
		reply.Output = strings.TrimRight(out, "\n")
	}()
	done(reply)
}

// Lint implements Engine.
func (e *LocalEngine) Lint(text string, done func(LintReply)) {
	var reply LintReply
	func() {
		defer func() {
			if r := recover(); r != nil {
				reply = LintReply{Err: fmt.Sprintf(Msg.PanicError, fmt.Sprint(r))}
			}
		}()
		if e.lint == nil {
			reply.Err = "checking is not available"
			return
		}
		f, err := e.lint([]byte(text))
		reply.Findings = f
		if err != nil {
			reply.Err = err.Error()
		}
	}()
	done(reply)
}

// Export implements Engine.
func (e *LocalEngine) Export(req ExportRequest, done func(ExportReply)) {
	var reply ExportReply
	func() {
		defer func() {
			if r := recover(); r != nil {
				reply = ExportReply{Err: fmt.Sprintf(Msg.PanicError, fmt.Sprint(r))}
			}
		}()
		if e.export == nil || e.res == nil {
			reply.Err = "export is not available"
			return
		}
		out, err := e.export([]byte(e.text), req.Format)
		reply.Text = out
		if err != nil {
			reply.Err = err.Error()
		}
	}()
	done(reply)
}

// EvictKey identifies a pod's pending eviction deadline: the pod and the
// deadline's time.
func EvictKey(p *sim.PodState) string {
	if p.EvictAt == nil {
		return ""
	}
	return PodKey(p) + "@" + strconv.FormatFloat(*p.EvictAt, 'g', -1, 64)
}

// evictionStarts maps EvictKey to the time of the first frame where the
// pod carried that deadline, for the countdown rings.
func (e *LocalEngine) evictionStarts() map[string]float64 {
	if e.evictOf == e.res {
		return e.evictStart
	}
	e.evictOf, e.evictStart = e.res, map[string]float64{}
	for _, f := range e.res.Frames {
		for _, q := range f.Pods {
			if q.EvictAt == nil {
				continue
			}
			k := EvictKey(q)
			if _, ok := e.evictStart[k]; !ok {
				e.evictStart[k] = f.At
			}
		}
	}
	return e.evictStart
}
