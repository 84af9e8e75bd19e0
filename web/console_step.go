package web

import (
	"fmt"
	"math"
	"strings"

	"github.com/taints-playground/playground/core/scenario"
)

// AppendStep adds command as a step at the current frame's time, through
// core/scenario (parse, insert, marshal), re-runs the scenario and shows
// the step's frame. The console records what kubectl printed, or the
// error; a command that fails leaves the scenario as it was. It reports
// whether the scenario changed.
func (m *Model) AppendStep(command string) (changed bool) {
	command = strings.Join(strings.Fields(command), " ")
	f := m.Current()
	if command == "" || f == nil {
		return false
	}
	entry := ConsoleEntry{At: f.At, Command: command}
	defer func() {
		if r := recover(); r != nil {
			entry.Output, entry.Failed, changed = fmt.Sprintf(English.PanicError, fmt.Sprint(r)), true, false
		}
		m.Console = append([]ConsoleEntry{entry}, m.Console...)
		if len(m.Console) > MaxConsoleEntries {
			m.Console = m.Console[:MaxConsoleEntries]
		}
		m.Command = ""
	}()
	if err := scenario.CheckCommand(command); err != nil {
		entry.Output, entry.Failed = strings.TrimSpace(err.Error()), true
		return false
	}
	text, err := scenario.InsertStep(m.RanText, m.filename(), f.At, command)
	if err != nil {
		entry.Output, entry.Failed = strings.TrimSpace(err.Error()), true
		return false
	}
	oldText, oldFrame := m.RanText, m.Frame
	if !m.SetText(text) {
		entry.Output, entry.Failed = m.Err, true
		m.SetText(oldText)
		m.Frame = oldFrame
		return false
	}
	// The new step's frame: InsertStep puts the step after every step at
	// that time, so it is the last frame at that time made by that command
	// (an identical earlier step has its own, earlier frame).
	idx := -1
	for i, fr := range m.Result.Frames {
		if fr.Step == command && math.Abs(fr.At-entry.At) < 1e-6 {
			idx = i
		}
	}
	if idx < 0 {
		entry.Output = English.ConsoleStepAdded
		m.Seek(oldFrame)
		return true
	}
	out := strings.TrimRight(m.Result.Frames[idx].Output, "\n")
	if lo := strings.ToLower(out); m.Result.Frames[idx].StepFailed() || strings.HasPrefix(lo, "error") {
		// kubectl refused: nothing changed, so neither does the scenario.
		entry.Output, entry.Failed = out, true
		m.SetText(oldText)
		m.Frame = oldFrame
		return false
	}
	if out == "" {
		out = English.ConsoleStepAdded
	}
	entry.Output = out
	m.Seek(idx)
	return true
}
