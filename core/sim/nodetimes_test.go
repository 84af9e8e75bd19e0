package sim

import (
	"strings"
	"testing"

	"github.com/taints-playground/playground/core/clock"
)

// kubectl describe node prints the virtual times of the node's conditions:
// after the kubelet stops at t=10 s (1.37: grace period 50 s, the 5 s
// monitor pass marks it at t=65 s), tryUpdateNodeHealth sets Ready,
// MemoryPressure, DiskPressure and PIDPressure to Unknown with reason
// NodeStatusUnknown, keeping the last heartbeat (t=10 s) and stamping the
// transition (t=65 s). Once the kubelet posts again, Ready=True with a
// fresh heartbeat and transition.
func TestDescribeNodeConditionTimes(t *testing.T) {
	res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  conditions:
  - {type: Ready, status: "True"}
---
kind: Scenario
name: times
options: {kubernetesVersion: "1.37"}
steps:
- {at: 5s, run: kubectl describe node n1}
- {at: 10s, run: node n1 stop}
- {at: 70s, run: kubectl describe node n1}
- {at: 80s, run: node n1 start}
- {at: 90s, run: kubectl describe node n1}
`)
	out := map[string]string{}
	for _, f := range res.Frames {
		if strings.HasPrefix(f.Step, "kubectl describe") {
			out[clock.FormatSeconds(f.At)] = f.Output
		}
	}
	const t0, t5, t10, t65, t80, t90 = "Thu, 01 Jan 2026 00:00:00 +0000", "Thu, 01 Jan 2026 00:00:05 +0000", "Thu, 01 Jan 2026 00:00:10 +0000",
		"Thu, 01 Jan 2026 00:01:05 +0000", "Thu, 01 Jan 2026 00:01:20 +0000", "Thu, 01 Jan 2026 00:01:30 +0000"
	want := map[string][]string{
		"5s": {"Ready   True    " + t5 + "   " + t0 + "   "},
		"70s": {
			"Ready            Unknown   " + t10 + "   " + t65 + "   NodeStatusUnknown   Kubelet stopped posting node status.",
			"MemoryPressure   Unknown   " + t10 + "   " + t65 + "   NodeStatusUnknown   Kubelet stopped posting node status.",
			"DiskPressure     Unknown   " + t10 + "   " + t65 + "   NodeStatusUnknown   Kubelet stopped posting node status.",
			"PIDPressure      Unknown   " + t10 + "   " + t65 + "   NodeStatusUnknown   Kubelet stopped posting node status.",
		},
		"90s": {"Ready            True    " + t90 + "   " + t80 + "   KubeletReady"},
	}
	for at, lines := range want {
		for _, l := range lines {
			if !strings.Contains(out[at], l) {
				t.Errorf("describe at %s lacks %q:\n%s", at, l, out[at])
			}
		}
	}
}
