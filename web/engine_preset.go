package web

import (
	"bytes"
	"strings"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/link"
	"github.com/taints-playground/playground/core/sim"
)

// samePreset reports whether text, the scenario req.Fragment carries, is
// the preset req.PresetText unchanged: the link is the preset's own
// precomputed link, or the texts are equal, or both parse to the same
// canonical form (link.Canonical, what a share link stores). A text that
// does not parse is never the preset.
func samePreset(req RunRequest, text string) (same bool) {
	if req.PresetText == "" {
		return false
	}
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	if req.PresetLink != "" && fragmentParam(req.Fragment, FragmentKey) == req.PresetLink {
		return true
	}
	if text == req.PresetText {
		return true
	}
	a, err := canonicalText(text)
	if err != nil {
		return false
	}
	b, err := canonicalText(req.PresetText)
	return err == nil && bytes.Equal(a, b)
}

// canonicalText is the canonical form of a scenario file.
func canonicalText(text string) ([]byte, error) {
	s, err := scenario.Parse([]byte(text), "scenario.yaml")
	if err != nil {
		return nil, err
	}
	return link.Canonical(s)
}

// fragmentParam is the value of parameter key in a fragment (with or
// without '#'), "" when absent.
func fragmentParam(fragment, key string) string {
	for _, part := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		if v, ok := strings.CutPrefix(part, key+"="); ok {
			return v
		}
	}
	return ""
}

// numberSteps sets FrameInfo.StepNo: the frames a step made (sim.Frame.Step
// is its command) are matched in order with the scenario's steps, which
// run in file order (scenario.Step.At never decreases). A frame whose
// command matches no later step gets 0.
func numberSteps(res *sim.Result, frames []FrameInfo) {
	s := res.Scenario()
	if s == nil {
		return
	}
	next := 0
	for i := range frames {
		if frames[i].Step == "" {
			continue
		}
		for j := next; j < len(s.Steps); j++ {
			if s.Steps[j].Run == frames[i].Step {
				frames[i].StepNo, next = j+1, j+1
				break
			}
		}
	}
}
