package sim

import (
	"fmt"
	"math/rand"
	"runtime/debug"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/controllers/daemonset"
	"github.com/taints-playground/playground/core/controllers/deployment"
	"github.com/taints-playground/playground/core/controllers/disruption"
	"github.com/taints-playground/playground/core/controllers/kubelet"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
	"github.com/taints-playground/playground/core/controllers/podgc"
	"github.com/taints-playground/playground/core/controllers/replicaset"
	"github.com/taints-playground/playground/core/controllers/tainteviction"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched/scheduler"
	"github.com/taints-playground/playground/core/store"
)

// Pod phases as the board shows them (store.PhasePending, …).
const (
	PhasePending = store.PhasePending
	PhaseRunning = store.PhaseRunning
	// PhaseEvicted marks a pod the taint-eviction controller deleted, or one
	// the kubelet rejected at admission; upstream it is gone (or Failed with
	// reason Evicted), the board keeps it visible.
	PhaseEvicted = store.PhaseEvicted
)

// Event types and the reasons the simulator's scheduler and taint-eviction
// controller emit.
const (
	EventNormal  = core.EventNormal
	EventWarning = core.EventWarning

	ReasonScheduled            = scheduler.ReasonScheduled
	ReasonFailedScheduling     = scheduler.ReasonFailedScheduling
	ReasonTaintManagerEviction = tainteviction.EventReason
)

// DefaultSchedulerName is the scheduler the simulated cluster runs.
const DefaultSchedulerName = scheduler.Name

// maxIterations bounds internal loops so that no input can make Run spin.
const maxIterations = 100000

// Run simulates the scenario from t=0 up to and including s.Until and
// returns every frame and event. The same scenario always gives the same
// result. Errors are reported for a nil scenario and for any internal
// failure (Run recovers from panics so a browser build never crashes).
func Run(s *scenario.Scenario) (*Result, error) { return RunWithProgress(s, nil) }

// RunWithProgress is Run that calls fn (when not nil) with the run's
// progress about every ProgressInterval of real time, from the goroutine
// that called it, and once more at the end when the run succeeded. fn
// only observes: the result is the same as Run's, byte for byte.
func RunWithProgress(s *scenario.Scenario, fn func(Progress)) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("simulation failed: %v\n%s", r, debug.Stack())
		}
	}()
	if s == nil {
		return nil, fmt.Errorf("no scenario")
	}
	sm := newSimulator(s)
	if fn != nil {
		sm.progress = progress{fn: fn, last: time.Now()}
	}
	if err := sm.run(); err != nil {
		return nil, err
	}
	if fn != nil {
		fn(sm.progressNow())
	}
	if verifyFrames {
		// Again without detail, so that every frame shares states and
		// each shared state is checked against a fresh one.
		v := newSimulator(s)
		v.detail.exhausted = true
		if err := v.run(); err != nil {
			return nil, err
		}
	}
	return &Result{Name: s.Name, Title: s.Title, Description: s.Description, Until: s.Until.Seconds(), KubernetesVersion: s.Options.Version().String(),
		Frames: sm.frames, Events: sm.st.Events(), NotModelled: s.NotModelled, Refused: sm.refused, scen: s}, nil
}

// simulator wires one run: the store, the clock, the components of the
// control plane, the steps, and the recorder of frames.
type simulator struct {
	scen *scenario.Scenario
	env  *controllers.Env
	st   *store.Store
	clk  *clock.Clock

	mgr     *controllers.Manager
	kubelet *kubelet.Kubelet
	nlc     *nodelifecycle.Controller
	budgets *disruption.Controller
	sched   *scheduler.Scheduler
	rs      *replicaset.Controller
	ds      *daemonset.Controller
	podgc   *podgc.Controller

	frames []Frame
	rec    recorder
	detail detailState // which frames get Why detail and Describe (detail.go)
	notes  []string    // what happened since the last frame, for the summary
	fctx   *frameCtx   // the frame being settled (settleShowingPending)
	// refused lists the file's pods admission refused at the start.
	refused []Refusal
	// stepFailed is set while the frame of a step whose command failed
	// is recorded.
	stepFailed bool
	// timerOutput is what a running command printed later (kubectl drain's
	// retries), shown as the Output of that moment's frame.
	timerOutput []string
	// timerRuns are the step commands timerOutput comes from, in order.
	timerRuns []string
	capErr    error // a cap on frame storage or live pods was exceeded
	progress  progress
}

// newSimulator wires the components. Watches registered on the store run
// in registration order, which decides the order of what they emit: the
// recorder first, the kubelet before the taint-eviction controller (a
// newly bound pod is admitted before it is looked at), the scheduling
// queue last.
func newSimulator(s *scenario.Scenario) *simulator {
	sm := &simulator{scen: s, st: store.New(), clk: clock.New()}
	if verifyFrames {
		sm.st.CheckWrites()
	}
	sm.env = &controllers.Env{
		Store: sm.st, Clock: sm.clk, Gate: s.Options.ComparisonOperators(), Version: s.Options.Version(),
		Notes:     func(n string) { sm.notes = append(sm.notes, n) },
		Admission: &admission.Chain{Objects: sm.st, Config: s.Options.Admission.Config()},
	}
	sm.rec.watch(sm)
	sm.nlc = nodelifecycle.New(sm.env)
	sm.kubelet = kubelet.New(sm.env)
	sm.mgr = &controllers.Manager{}
	sm.mgr.WatchPods(sm.st, replicaset.ControllerName, daemonset.ControllerName)
	te := tainteviction.New(sm.env)
	sm.podgc = podgc.New(sm.env, podgc.Config{})
	sm.sched = scheduler.New(sm.env, s.Options.Seed)
	// Generated names come from their own seeded generator so that they
	// never shift the scheduler's tie-breaks.
	names := rand.New(rand.NewSource(s.Options.Seed ^ 0x5eed))
	sm.rs = replicaset.New(sm.env, sm.mgr, names)
	deployment.New(sm.env)
	sm.ds = daemonset.New(sm.env, sm.mgr, names)
	sm.budgets = disruption.New(sm.st)
	// A restart of kube-controller-manager: the node-lifecycle controller
	// first (its first pass removes its NoExecute taints), so the
	// taint-eviction controller's lists see the nodes after it.
	sm.mgr.OnRestart(sm.nlc)
	sm.mgr.OnRestart(te)
	sm.mgr.OnRestart(sm.rs)
	sm.mgr.OnRestart(sm.ds)
	sm.mgr.OnRestart(sm.podgc)
	return sm
}

func (s *simulator) note(format string, args ...any) { s.env.Note(format, args...) }

// run is the whole simulation.
func (s *simulator) run() error {
	s.start()
	s.settle()
	var refused []string
	for _, r := range s.refused {
		refused = append(refused, r.Error)
	}
	s.frame("", "", strings.Join(refused, "\n"), "Initial scheduling pass")
	if s.capErr != nil {
		return s.capErr
	}
	for i := range s.scen.Steps {
		s.clk.At(s.scen.Steps[i].At, clock.Step, func() { s.step(i) })
	}
	for n := 0; s.clk.Len() > 0; n++ {
		if n > maxIterations {
			return fmt.Errorf("too large: by virtual time %s the simulation ran %d timers (each a moment when a controller, the kubelet or a step acts; a static pod's mirror churning on a NoExecute-tainted node makes one every second); the playground runs at most %d, so that no scenario can run for ever: simulate less virtual time (until)", clock.FormatAt(s.clk.Now()), maxIterations, maxIterations)
		}
		if s.capErr != nil {
			return s.capErr
		}
		t := s.clk.Pop()
		if t.At > s.scen.Until {
			s.clk.Unpop(t)
			break
		}
		s.clk.Set(t.At)
		switch t.Kind {
		case clock.Step, clock.Wait:
			t.Fire()
		default:
			s.instant(t)
		}
		s.tick()
	}
	if last := s.frames[len(s.frames)-1]; s.scen.Until.Seconds() > last.At {
		s.clk.Set(s.scen.Until)
		s.frame("", "", "", "End of the scenario at "+clock.FormatAt(s.scen.Until))
	}
	return s.capErr
}

// start loads the starting cluster: nodes in file order (the kubelet's
// registration and the node-lifecycle controller's first look: their
// condition taints at once, without the rate limiter), zones, namespaces,
// priority classes and budgets, pods through admission in file order (a
// refused pod is never created: it is reported like a refused `kubectl
// apply`, see refuse), the workloads and their adoption of the
// file's pods; then the kubelets start the pods that name their node and
// the scheduler queues the rest. Steps at 0s run after this first pass.
func (s *simulator) start() {
	for _, n := range s.scen.Nodes {
		if s.scen.NodeCreatedLater(n.Name) {
			continue // joins at its `create node` step
		}
		n = n.DeepCopy()
		kubelet.Register(n)
		s.nlc.Register(n)
		s.st.CreateNode(n, true)
	}
	// The node-lifecycle controller's first pass sees the starting zones.
	s.nlc.UpdateZones()
	for _, ns := range s.scen.Namespaces {
		s.st.PutNamespace(ns)
	}
	for _, pc := range s.scen.PriorityClasses {
		s.st.PutPriorityClass(pc)
	}
	for _, rc := range s.scen.RuntimeClasses {
		s.st.PutRuntimeClass(rc)
	}
	for _, pdb := range s.scen.PodDisruptionBudgets {
		s.st.PutPodDisruptionBudget(pdb)
	}
	for _, p := range s.scen.Pods {
		rec := s.env.NewPod(p.DeepCopy(), nil)
		rec.Reserved = s.scen.CreatedLater(p.Namespace, p.Name)
		if rec.AdmitErr != "" {
			rec.Deleted = true
			if !rec.Reserved {
				s.refuse(rec)
			}
		}
		s.st.AddPod(rec, "")
	}
	// Workloads are copied: scale and apply steps set spec.replicas on
	// the store's objects, and the scenario must stay as it was given
	// (Result.Scenario, share links, Explain's re-runs).
	for _, d := range s.scen.Deployments {
		cp := *d
		s.st.CreateDeployment(&cp)
	}
	for _, rs := range s.scen.ReplicaSets {
		cp := *rs
		s.st.CreateReplicaSet(&cp, nil)
	}
	for _, ds := range s.scen.DaemonSets {
		cp := *ds
		s.st.CreateDaemonSet(&cp)
	}
	s.rs.Adopt()
	s.ds.Adopt()
	s.kubelet.Start()
	s.podgc.Start()
	s.sched.Start()
}

// instant runs every timer due at this moment (up to the next step) and
// records one frame for all of it.
func (s *simulator) instant(t *clock.Timer) {
	t.Fire()
	for s.clk.DueNow(clock.Work, clock.FollowsStep, clock.Wait) {
		// A wait that ends with other work shares its frame.
		if u := s.clk.Pop(); u.Kind != clock.Wait {
			u.Fire()
		}
	}
	out := strings.Join(s.timerOutput, "\n")
	s.timerOutput = nil
	if s.settleShowingPending("", "", out) {
		out = ""
	}
	if len(s.notes) > 0 {
		s.frame("", "", out, "")
	}
	s.timerRuns = nil
}

// step runs one step of the scenario and records its frame.
func (s *simulator) step(i int) {
	st := s.scen.Steps[i]
	if d, err := scenario.WaitDuration(st.Run); err == nil {
		start := st.At
		s.clk.At(s.clk.Now()+d, clock.Wait, func() {
			waited := "waited " + clock.Format(s.clk.Now()-start) + " after " + clock.FormatAt(start)
			if !s.settleShowingPending("", "", "") || len(s.notes) > 0 {
				s.frame("", "", "", waited)
			}
		})
	}
	out, err := s.runCommand(&st)
	// The NoExecute tainter reacting to this step shares its frame.
	for s.clk.DueNow(clock.FollowsStep) {
		s.clk.Pop().Fire()
	}
	if err != nil {
		if out != "" {
			out += "\n"
		}
		out += err.Error()
		s.note("the command failed: %s", firstLine(err.Error()))
	}
	s.stepFailed = err != nil
	defer func() { s.stepFailed = false }()
	if s.settleShowingPending(st.Run, st.Caption, out) {
		if len(s.notes) > 0 {
			s.frame("", "", "", "")
		}
	} else {
		s.frame(st.Run, st.Caption, out, "")
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// settle runs the controllers and the scheduler until nothing is left to
// do at this instant: woken workload controllers sync, recorded cluster
// events move unschedulable pods (queueing hints), then pods are popped
// and scheduled one at a time.
func (s *simulator) settle() {
	for i := 0; i < maxIterations; i++ {
		if s.mgr.TakeWake() {
			s.mgr.Sync()
			if s.mgr.TakeCreated() && s.fctx != nil && !s.fctx.used {
				// The controllers' new pods are Pending before the
				// scheduler places them: one frame shows that moment.
				s.fctx.used = true
				s.frame(s.fctx.step, s.fctx.caption, s.fctx.output, "")
			}
		}
		s.sched.Queue.Dispatch()
		p := s.sched.Queue.Pop()
		if p == nil {
			return
		}
		s.sched.Cycle(p)
		s.tick()
	}
}

// frameCtx is the frame a step or timer would make, used for the extra
// frame that shows controller-created pods still Pending.
type frameCtx struct {
	step, caption, output string
	used                  bool
}

// settleShowingPending is settle that records a frame (with this step,
// caption and output) at the moment controllers created pods and before
// the scheduler places them. It reports whether that frame was made.
func (s *simulator) settleShowingPending(step, caption, output string) bool {
	s.fctx = &frameCtx{step: step, caption: caption, output: output}
	s.settle()
	used := s.fctx.used
	s.fctx = nil
	return used
}
