package web

import (
	"strings"

	"github.com/taints-playground/playground/core/scenario"
)

// AppendStep adds command as a step at the current frame's time, through
// core/scenario (parse, insert, marshal), re-runs the scenario and shows
// the step's frame. The console records what kubectl printed, or the
// error; a command that fails leaves the scenario as it was (the engine
// does not accept the run). then (may be nil) gets whether the scenario
// changed.
func (m *Model) AppendStep(command string, then func(changed bool)) {
	if then == nil {
		then = func(bool) {}
	}
	command = strings.Join(strings.Fields(command), " ")
	f := m.Current()
	if command == "" || f == nil {
		then(false)
		return
	}
	entry := ConsoleEntry{At: f.At, Command: command}
	m.Command = ""
	fail := func(msg string) {
		entry.Output, entry.Failed = strings.TrimSpace(msg), true
		m.record(entry)
		then(false)
	}
	if err := scenario.CheckCommand(command); err != nil {
		fail(err.Error())
		return
	}
	oldFrame := m.Frame
	// The engine adds the step to the file that ran (scenario.InsertStep)
	// and runs it; the editor gets the new file once it is accepted.
	m.start(RunRequest{Text: m.RanText, StepCommand: command, StepAt: f.At, Insert: true}, func(r RunReply) {
		switch {
		case r.Err != "":
			fail(r.Err)
			return
		case r.StepFailed:
			// kubectl refused: nothing changed, so neither does the scenario.
			fail(r.StepOutput)
			return
		}
		m.Text, m.Preset = r.Text, m.presetForText(r.Text)
		m.accept(r)
		m.markEdited(entry.At)
		if r.StepFrame < 0 {
			entry.Output = Msg.ConsoleStepAdded
			m.Seek(oldFrame)
		} else {
			entry.Output = r.StepOutput
			if entry.Output == "" {
				entry.Output = Msg.ConsoleStepAdded
			}
			m.Seek(r.StepFrame)
		}
		m.record(entry)
		then(true)
	})
}
