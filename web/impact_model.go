package web

import (
	"strings"

	"github.com/taints-playground/playground/core/impact"
)

// ImpactPreview is the impact panel's state (no go-app): the taint the
// reader types or picks, the node or label selector it goes on, and the
// engine's last answer. The page keeps it while the panel is closed.
type ImpactPreview struct {
	// Node is the node to taint; Selector, when set, a label selector
	// (kubectl taint nodes -l SELECTOR) used instead.
	Node, Selector string
	// Taint is KEY[=VALUE]:EFFECT, or KEY[:EFFECT]- to remove one.
	Taint string

	// Busy is set while the engine answers.
	Busy bool
	// Command and At are what Result (or Err) answers; ranText the
	// scenario it was asked about.
	Command string
	At      float64
	Result  *impact.Impact
	Err     string
	ranText string
	seq     int
	// rev counts changes, so that the open panel re-renders.
	rev int
}

// CommandLine is the kubectl taint command the panel previews ("" until
// a taint and a node or selector are given).
func (s *ImpactPreview) CommandLine() string {
	taint := strings.TrimSpace(s.Taint)
	sel, node := strings.TrimSpace(s.Selector), strings.TrimSpace(s.Node)
	switch {
	case taint == "":
		return ""
	case sel != "":
		return "kubectl taint nodes -l " + quoteWord(sel) + " " + quoteWord(taint)
	case node != "":
		return "kubectl taint nodes " + quoteWord(node) + " " + quoteWord(taint)
	}
	return ""
}

// quoteWord single-quotes a word that the command-line splitter would
// otherwise break or read as an operator.
func quoteWord(w string) string {
	if !strings.ContainsAny(w, " \t'\"\\|;&<>") {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// PickNode puts the taint on node (a node card's or the picker's),
// dropping any selector.
func (s *ImpactPreview) PickNode(node string) {
	s.Node, s.Selector = node, ""
	s.rev++
}

// SetTaint and SetSelector are the panel's inputs.
func (s *ImpactPreview) SetTaint(v string) { s.Taint = v; s.rev++ }

func (s *ImpactPreview) SetSelector(v string) { s.Selector = v; s.rev++ }

// Preview asks m's engine what the command would do at the frame on the
// board. Only the latest request's answer is kept.
func (s *ImpactPreview) Preview(m *Model) {
	cmd := s.CommandLine()
	f := m.Current()
	s.rev++
	if cmd == "" || f == nil {
		s.Result, s.Err = nil, Msg.ImpactNeedTaint
		return
	}
	s.seq++
	seq := s.seq
	s.Busy, s.Command, s.At, s.ranText = true, cmd, f.At, m.RanText
	m.eng.Impact(ImpactRequest{At: f.At, Command: cmd}, func(r ImpactReply) {
		if seq != s.seq {
			return
		}
		s.Busy, s.Result, s.Err = false, r.Impact, r.Err
		s.rev++
	})
}

// Fresh reports whether the answer is about the scenario and the frame
// time on the board, so that applying it adds the step it previewed.
func (s *ImpactPreview) Fresh(m *Model) bool {
	f := m.Current()
	return s.Result != nil && !s.Busy && f != nil && f.At == s.At && s.ranText == m.RanText
}

// Apply hands the previewed command to run (the page's RunCommand, which
// adds it as a step at the frame on the board through Model.AppendStep,
// as the console does) when the answer is fresh, and clears the answer;
// it reports whether it did.
func (s *ImpactPreview) Apply(m *Model, run func(command string)) bool {
	if !s.Fresh(m) {
		return false
	}
	cmd := s.Command
	s.Result, s.Err = nil, ""
	s.rev++
	run(cmd)
	return true
}
