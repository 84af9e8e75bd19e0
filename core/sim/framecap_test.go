package sim

import (
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core/scenario"
)

// TestFrameCapStopsTheRun: once the frames exceed the cap on frame
// storage (scenario.CheckFrames; lowered here), Run stops and returns the
// cap's error instead of a result.
func TestFrameCapStopsTheRun(t *testing.T) {
	s := manyStepsScenario(t, 200)
	defer func(f func(int, int, int, time.Duration) error) { checkFrames = f }(checkFrames)
	frames := 0
	checkFrames = func(n, slots, built int, at time.Duration) error {
		frames = n
		if n > 50 {
			return scenario.CheckFrames(n, scenario.MaxFrameSlots+slots, built, at)
		}
		return scenario.CheckFrames(n, slots, built, at)
	}
	res, err := Run(s)
	if err == nil || res != nil {
		t.Fatalf("Run = %v, %v; want the frame cap's error", res, err)
	}
	for _, want := range []string{"too large: by virtual time 50s the timeline has 51 frames", "run out of memory"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if frames != 51 {
		t.Errorf("the run went on to frame %d after the cap", frames)
	}
	if _, err := RunWithoutDetail(s); err == nil {
		t.Error("RunWithoutDetail: no error")
	}
}
