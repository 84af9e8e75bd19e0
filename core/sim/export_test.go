package sim

import "github.com/taints-playground/playground/core/scenario"

// RunWithoutDetail is Run with every frame left without detail (as after
// DetailBudget), so that frames share states from the first one.
func RunWithoutDetail(s *scenario.Scenario) (*Result, error) {
	sm := newSimulator(s)
	sm.detail.exhausted = true
	if err := sm.run(); err != nil {
		return nil, err
	}
	return &Result{Frames: sm.frames, Events: sm.st.Events()}, nil
}
