package sim_test

import (
	"testing"
	"time"

	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// The core/sim tests run with frame verification on (verify_test.go):
// every frame's states are compared with freshly computed ones, in the run
// with detail and in a second run without it, where frames share states.

// TestPresetsSharedStatesVerified runs every preset under verification.
func TestPresetsSharedStatesVerified(t *testing.T) {
	list := presets.List()
	if len(list) == 0 {
		t.Fatal("no presets")
	}
	for _, p := range list {
		s, err := scenario.Parse([]byte(p.YAML), p.Name+".yaml")
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if _, err := sim.Run(s); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
	}
}

// TestStormSharesStates checks that a storm's frames share the states of
// objects that did not change: without detail (as beyond DetailBudget),
// frames hold mostly the previous frame's pointers.
func TestStormSharesStates(t *testing.T) {
	s, err := scenario.Parse([]byte(bench.Storm(30, 120, 10*time.Minute)), "storm.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.RunWithoutDetail(s)
	if err != nil {
		t.Fatal(err)
	}
	slots, distinct, limited := 0, map[any]bool{}, 0
	for _, f := range res.Frames {
		if len(f.Pods) == 0 || f.Pods[0].Why == nil || !f.Pods[0].Why.Limited {
			continue // a frame with detail builds every state
		}
		limited++
		for _, n := range f.Nodes {
			slots++
			distinct[n] = true
		}
		for _, p := range f.Pods {
			slots++
			distinct[p] = true
		}
	}
	if limited < 10 || len(distinct)*4 > slots {
		t.Fatalf("%d frames without detail, %d state slots, %d distinct states: frames do not share unchanged states", limited, slots, len(distinct))
	}
}
