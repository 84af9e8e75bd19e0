package sim

import (
	"fmt"
	"time"

	"github.com/taints-playground/playground/core/scenario"
)

// Exec answers a console command (`kubectl describe pod p`, `kubectl get
// events`, …) against the cluster as it is at virtual time at: it runs the
// scenario with the command added as a step at that moment (after the
// file's own steps of the same time) and returns what the command printed,
// or its error text as an error. The scenario itself is not modified.
func Exec(s *scenario.Scenario, at time.Duration, command string) (string, error) {
	if s == nil {
		return "", fmt.Errorf("no scenario")
	}
	if at < 0 {
		at = 0
	}
	if err := scenario.CheckCommand(command); err != nil {
		return "", fmt.Errorf("error: %v", err)
	}
	cp := *s
	cp.Steps = nil
	inserted := false
	for _, st := range s.Steps {
		if !inserted && st.At > at {
			cp.Steps = append(cp.Steps, scenario.Step{At: at, Run: command})
			inserted = true
		}
		cp.Steps = append(cp.Steps, st)
	}
	if !inserted {
		cp.Steps = append(cp.Steps, scenario.Step{At: at, Run: command})
	}
	if cp.Until < at {
		cp.Until = at
	}
	res, err := Run(&cp)
	if err != nil {
		return "", err
	}
	var found *Frame
	for i := range res.Frames {
		f := &res.Frames[i]
		if f.Step == command && f.At == at.Seconds() {
			found = f
		}
	}
	if found == nil {
		return "", fmt.Errorf("the command did not run")
	}
	if found.Output != "" && found.StepFailed() {
		return "", fmt.Errorf("%s", found.Output)
	}
	return found.Output, nil
}

// StepFailed reports whether the frame's step command failed: its Output
// is then the command's error text (kubectl's stderr or the simulator's
// message). It comes from the command's own error, never from the
// summary, which lists only MaxSummaryNotes notes.
func (f *Frame) StepFailed() bool { return f.Step != "" && f.failed }
