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
	text, err := scenario.InsertStep(m.RanText, m.filename(), f.At, command)
	if err != nil {
		fail(err.Error())
		return
	}
	oldText, oldPreset, oldFrame := m.Text, m.Preset, m.Frame
	m.Text, m.Preset = text, m.presetForText(text)
	m.start(RunRequest{Text: text, StepCommand: command, StepAt: f.At}, func(r RunReply) {
		switch {
		case r.Err != "":
			m.Text, m.Preset = oldText, oldPreset
			fail(r.Err)
			return
		case r.StepFailed:
			// kubectl refused: nothing changed, so neither does the scenario.
			m.Text, m.Preset = oldText, oldPreset
			fail(r.StepOutput)
			return
		}
		m.accept(r)
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
