package impact

import (
	"time"

	"github.com/taints-playground/playground/core/sim"
)

// StepFailure is a later step of the scenario whose command fails in one
// run and not in the other.
type StepFailure struct {
	// At (virtual seconds) and Command are the step.
	At      float64 `json:"at"`
	Command string  `json:"command"`
	// Error is what the failing command printed (kubectl's stderr, after
	// any stdout it printed first).
	Error string `json:"error"`
}

// stepRun is one step frame of a run.
type stepRun struct {
	at     float64
	cmd    string
	failed bool
	output string
}

// stepRuns lists the step frames of r (Frame.Step set), in order, from
// virtual time at on.
func stepRuns(r *sim.Result, at time.Duration) []stepRun {
	var out []stepRun
	for i := range r.Frames {
		f := &r.Frames[i]
		if f.Step == "" || f.At < at.Seconds() {
			continue
		}
		out = append(out, stepRun{at: f.At, cmd: f.Step, failed: f.StepFailed(), output: f.Output})
	}
	return out
}

// stepChanges compares the steps of the run without the previewed
// command (base) and with it (with) from its time on: breaks are the
// steps that fail with the command and not without it, fixes the steps
// that fail without it and not with it. The previewed step itself (the
// last step at its time with its command, where withSteps puts it) is
// left out of with; the rest are the same steps in the same order, so
// they pair by position.
func stepChanges(base, with *sim.Result, at time.Duration, command string) (breaks, fixes []StepFailure) {
	a, b := stepRuns(base, at), stepRuns(with, at)
	added := -1
	for i, s := range b {
		if s.at == at.Seconds() && s.cmd == command {
			added = i
		}
	}
	if added >= 0 {
		b = append(b[:added:added], b[added+1:]...)
	}
	breaks, fixes = []StepFailure{}, []StepFailure{}
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i].at != b[i].at || a[i].cmd != b[i].cmd {
			break // not the same steps any more: stop pairing
		}
		switch {
		case b[i].failed && !a[i].failed:
			breaks = append(breaks, StepFailure{At: b[i].at, Command: b[i].cmd, Error: b[i].output})
		case a[i].failed && !b[i].failed:
			fixes = append(fixes, StepFailure{At: a[i].at, Command: a[i].cmd, Error: a[i].output})
		}
	}
	return breaks, fixes
}
