package scenario

import (
	"math"
	"time"
)

// InsertStep returns the scenario text with a step running command at
// virtual time at (seconds), after any steps at the same time; until
// moves to at when the file set it earlier. The text goes through Parse
// and Marshal, so it comes back in the canonical layout. The console
// turns a command that changes the cluster into a step this way.
func InsertStep(text, filename string, at float64, command string) (string, error) {
	s, err := Parse([]byte(text), filename)
	if err != nil {
		return "", err
	}
	d := time.Duration(math.Round(at*1000)) * time.Millisecond
	i := len(s.Steps)
	for i > 0 && s.Steps[i-1].At > d {
		i--
	}
	s.Steps = append(s.Steps, Step{})
	copy(s.Steps[i+1:], s.Steps[i:])
	s.Steps[i] = Step{At: d, Run: command}
	if s.UntilSet && s.Until < d {
		s.Until = d
	}
	out, err := s.Marshal()
	if err != nil {
		return "", err
	}
	return string(out), nil
}
