package impact

import (
	"fmt"
	"math"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// Settle is what the horizon adds after the latest deadline (see the
// package documentation).
const Settle = 60 * time.Second

// Impact is what a taint command would change, from its time on.
type Impact struct {
	// Command and At (virtual seconds) are the previewed step.
	Command string  `json:"command"`
	At      float64 `json:"at"`
	// Horizon is how far both runs were compared (virtual seconds).
	Horizon float64 `json:"horizon"`
	// Output is what kubectl prints for the command ("node/n1 tainted").
	Output string `json:"output"`
	// Warning is kubectl's error output when it carries the command out
	// only on some nodes (a selector picking nodes without the taint to
	// remove: kubectl visits every node, changes those it can and reports
	// the others); the step still changes Nodes.
	Warning string `json:"warning,omitempty"`
	// BreaksSteps are the scenario's later steps that fail with the
	// command and not without it; FixesSteps those that fail without it
	// and not with it.
	BreaksSteps []StepFailure `json:"breaksSteps"`
	FixesSteps  []StepFailure `json:"fixesSteps"`
	// Nodes are the nodes the command changes, with their taints.
	Nodes []NodeChange `json:"nodes"`
	// Evicted are the pods the taint-eviction controller deletes (or
	// deletes at another time) because of the command, in time order, then
	// the pods on the changed nodes that tolerate it for ever (Never).
	Evicted []Eviction `json:"evicted"`
	// Spared are the pods that would be evicted without the command and
	// are not with it (a removed NoExecute taint).
	Spared []Spared `json:"spared"`
	// Scheduled are the pods the scheduler binds (or binds elsewhere or at
	// another time) because of the command, replacements excluded.
	Scheduled []Scheduling `json:"scheduled"`
	// StillPending are the pods Pending at At that are still Pending at
	// the horizon, and the pods the command keeps out.
	StillPending []Pending `json:"stillPending"`
	// Recreated are the pods the workload controllers create because of
	// the command, and where they land.
	Recreated []Replacement `json:"recreated"`
}

// Eviction is one pod the command evicts, or lets stay for ever.
type Eviction struct {
	Pod   string `json:"pod"` // namespace/name
	Node  string `json:"node"`
	Owner string `json:"owner,omitempty"`
	// At is when the taint-eviction controller deletes it (virtual
	// seconds); Never marks a pod that tolerates the node's NoExecute
	// taints with no tolerationSeconds (At is then 0).
	At    float64 `json:"at"`
	Never bool    `json:"never,omitempty"`
	// TolerationSeconds is the deciding toleration's tolerationSeconds
	// (nil: none set, or no toleration); Toleration is the toleration that
	// decides (nil when a taint is not tolerated at all); Taint the
	// NoExecute taint it decides on.
	TolerationSeconds *int64           `json:"tolerationSeconds,omitempty"`
	Toleration        *core.Toleration `json:"toleration,omitempty"`
	Taint             *core.Taint      `json:"taint,omitempty"`
	// Reason is the rule in words.
	Reason string `json:"reason"`
	// Otherwise is when the pod would be evicted without the command
	// (within the horizon; nil: not at all).
	Otherwise *float64 `json:"otherwise,omitempty"`
	// Static marks a static pod's mirror pod.
	Static bool `json:"static,omitempty"`
}

// Spared is a pod evicted without the command and not with it.
type Spared struct {
	Pod       string  `json:"pod"`
	Node      string  `json:"node"`
	Otherwise float64 `json:"otherwise"`
}

// Scheduling is a pod bound because of the command.
type Scheduling struct {
	Pod  string  `json:"pod"`
	Node string  `json:"node"`
	At   float64 `json:"at"`
	// Otherwise and OtherwiseNode are its binding without the command
	// (nil, "": none within the horizon).
	Otherwise     *float64 `json:"otherwise,omitempty"`
	OtherwiseNode string   `json:"otherwiseNode,omitempty"`
}

// Pending is a pod that stays Pending.
type Pending struct {
	Pod string `json:"pod"`
	// Reason is the scheduler's FailedScheduling message at the horizon.
	Reason string `json:"reason"`
	// Blocked marks a pod that would be bound without the command.
	Blocked bool `json:"blocked,omitempty"`
}

// Replacement is a pod a controller creates because of the command.
type Replacement struct {
	Pod   string `json:"pod"`
	Owner string `json:"owner"` // ReplicaSet/NAME, DaemonSet/NAME
	// At is its creation; Node where it is bound by the horizon ("":
	// still Pending, Reason says why).
	At     float64 `json:"at"`
	Node   string  `json:"node,omitempty"`
	Reason string  `json:"reason,omitempty"`
	// Replaces is the evicted pod of the same owner it stands in for.
	Replaces string `json:"replaces,omitempty"`
}

// Preview computes the impact of running command at virtual time at on
// scenario s. s is not changed. Errors name the field: at (negative, or
// beyond the 30-day limit), command (not `kubectl taint`, or kubectl's own
// error for it at that moment), or the simulation's error.
func Preview(s *scenario.Scenario, at time.Duration, command string) (*Impact, error) {
	if s == nil {
		return nil, fmt.Errorf("scenario: none given")
	}
	if at < 0 || at > scenario.MaxVirtualTime {
		return nil, fmt.Errorf("at: must be between 0s and %s, got %s", scenario.MaxVirtualTime, at)
	}
	if _, err := checkCommand(command); err != nil {
		return nil, err
	}
	base, err := sim.Run(withSteps(s, max(s.Until, at), nil))
	if err != nil {
		return nil, err
	}
	if len(base.Frames) == 0 {
		return nil, fmt.Errorf("scenario: the simulation recorded no frame")
	}
	before := frameAt(base, at)
	changes, out, warning, err := dryTaint(before, at.Seconds(), command)
	if err != nil {
		return nil, err
	}
	gate := s.Options.ComparisonOperators()
	end := horizon(s.Until, at, before, changes, gate)
	if end.Seconds() > base.Until {
		if base, err = sim.Run(withSteps(s, end, nil)); err != nil {
			return nil, err
		}
	}
	with, err := sim.Run(withSteps(s, end, &scenario.Step{At: at, Run: command}))
	if err != nil {
		return nil, err
	}
	if f := stepFrame(with, at, command); f != nil && f.StepFailed() && warning == "" {
		return nil, fmt.Errorf("command: %s", f.Output)
	}
	im := &Impact{Command: command, At: at.Seconds(), Horizon: end.Seconds(), Output: out, Warning: warning, Nodes: changes,
		Evicted: []Eviction{}, Spared: []Spared{}, Scheduled: []Scheduling{}, StillPending: []Pending{}, Recreated: []Replacement{}}
	im.BreaksSteps, im.FixesSteps = stepChanges(base, with, at, command)
	compare(im, base, with, before, gate)
	return im, nil
}

// withSteps is s with until and, when step is not nil, one more step
// after those at its time (scenario.InsertStep's place). s is not changed:
// the copy shares the objects, which a run only reads.
func withSteps(s *scenario.Scenario, until time.Duration, step *scenario.Step) *scenario.Scenario {
	c := *s
	c.Until, c.UntilSet = until, true
	if step == nil {
		return &c
	}
	i := len(s.Steps)
	for i > 0 && s.Steps[i-1].At > step.At {
		i--
	}
	c.Steps = make([]scenario.Step, 0, len(s.Steps)+1)
	c.Steps = append(append(append(c.Steps, s.Steps[:i]...), *step), s.Steps[i:]...)
	return &c
}

// frameAt is the last frame at or before at: the board the step would
// change.
func frameAt(r *sim.Result, at time.Duration) *sim.Frame {
	f := &r.Frames[0]
	for i := range r.Frames {
		if r.Frames[i].At > at.Seconds() {
			break
		}
		f = &r.Frames[i]
	}
	return f
}

// stepFrame is the frame of the added step (the last frame at its time
// with its command).
func stepFrame(r *sim.Result, at time.Duration, command string) *sim.Frame {
	var out *sim.Frame
	for i := range r.Frames {
		if r.Frames[i].At == at.Seconds() && r.Frames[i].Step == command {
			out = &r.Frames[i]
		}
	}
	return out
}

// horizon is the package documentation's rule: the later of until and at
// + the largest finite deadline on the changed nodes + Settle.
func horizon(until, at time.Duration, f *sim.Frame, changes []NodeChange, gate bool) time.Duration {
	var longest time.Duration
	for _, c := range changes {
		for _, p := range f.Pods {
			if p.Node != c.Node || p.Phase != sim.PhaseRunning || p.Terminating {
				continue
			}
			d := decide(at, p, c.After, gate)
			if d.deadline != nil && *d.deadline-at > longest {
				longest = *d.deadline - at
			}
		}
	}
	end := at + longest + Settle
	if longest > scenario.MaxVirtualTime || end > scenario.MaxVirtualTime {
		end = scenario.MaxVirtualTime
	}
	return max(until, end)
}

// seconds is a virtual time in seconds as a duration, rounded to the
// millisecond as scenario times are.
func seconds(v float64) time.Duration {
	return time.Duration(math.Round(v*1000)) * time.Millisecond
}
