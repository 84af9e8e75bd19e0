package scenario

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseCaps builds scenarios around fuzzed counts, times and step
// commands: Parse must never panic, anything it accepts must be within
// the caps, and an over-cap scenario must be refused with a "too large"
// message.
func FuzzParseCaps(f *testing.F) {
	f.Add(uint16(3), int64(2), "30s", "720h", "kubectl cordon n0")
	f.Add(uint16(1), int64(50001), "1", "30d", "wait 720h")
	f.Add(uint16(0), int64(-1), "1e300", "-5s", "wait 1e9h")
	f.Add(uint16(5001), int64(0), "720h0m1s", "", "kubectl scale deployment web --replicas=2147483647")
	f.Add(uint16(2), int64(2147483647), "0", "1h", "create pod p0")
	f.Fuzz(func(t *testing.T, nodes uint16, replicas int64, at, until, run string) {
		if nodes > MaxNodes+2 {
			nodes = MaxNodes + 2
		}
		if strings.ContainsAny(run, "\n\r") || strings.ContainsAny(at+until, "\n\r{}[],:#") {
			return
		}
		var b strings.Builder
		fmt.Fprintf(&b, "kind: Scenario\nname: f\n")
		if until != "" {
			fmt.Fprintf(&b, "until: %q\n", until)
		}
		fmt.Fprintf(&b, "steps:\n- at: %q\n  run: %q\n", at, run)
		b.WriteString("---\nkind: List\nitems:\n")
		for i := 0; i < int(nodes); i++ {
			fmt.Fprintf(&b, "- {kind: Node, metadata: {name: n%d}}\n", i)
		}
		fmt.Fprintf(&b, "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: %d\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: c, image: nginx}]}\n", replicas)
		s, err := Parse([]byte(b.String()), "f.yaml")
		if err != nil {
			msg := err.Error()
			require.NotContains(t, msg, "cannot read scenario", "panic")
			if int(nodes) > MaxNodes {
				named := strings.Contains(msg, "too large") || strings.Contains(msg, "Invalid value") || strings.Contains(msg, "Required value")
				require.True(t, named, "%d nodes refused without naming the cap: %v", nodes, err)
			}
			return
		}
		require.NoError(t, s.CheckCaps(), "Parse accepted an over-cap scenario")
		require.LessOrEqual(t, len(s.Nodes), MaxNodes, "nodes")
		require.LessOrEqual(t, s.Until, MaxVirtualTime, "until")
		require.LessOrEqual(t, len(s.Steps), MaxSteps, "steps")
		require.LessOrEqual(t, s.podCount(), int64(MaxPods), "pods")
	})
}
