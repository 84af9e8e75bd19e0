package sim

import (
	"fmt"
	"os"
	"testing"
)

// Every core/sim test runs with verifyFrames: each frame's states are
// recomputed from scratch and compared with the (possibly shared) states
// the frame holds, and Run simulates each scenario a second time without
// detail so that sharing happens in every frame.
func init() { verifyFrames = true }

func TestMain(m *testing.M) {
	code := m.Run()
	if n := verifyMismatches.Load(); n > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d frame state mismatch(es) between shared and freshly computed states (see above)\n", n)
		code = 1
	}
	os.Exit(code)
}
