package scenario

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func nodesYAML(n int) string {
	var b strings.Builder
	b.WriteString("kind: List\nitems:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "- {kind: Node, metadata: {name: n%d}}\n", i)
	}
	return b.String()
}

func wantCap(t *testing.T, err error, want ...string) {
	t.Helper()
	require.Error(t, err, "accepted, want an error mentioning %q", want)
	for _, w := range want {
		assert.ErrorContains(t, err, w)
	}
}

func TestCapBytes(t *testing.T) {
	data := "kind: Node\nmetadata: {name: n1}\n# " + strings.Repeat("x", MaxScenarioBytes) + "\n"
	_, err := Parse([]byte(data), "big.yaml")
	wantCap(t, err, "big.yaml: ", "too large", "1 MiB")
	// Exactly at the limit is read.
	pad := MaxScenarioBytes - len("kind: Node\nmetadata: {name: n1}\n# \n")
	data = "kind: Node\nmetadata: {name: n1}\n# " + strings.Repeat("x", pad) + "\n"
	require.Len(t, data, MaxScenarioBytes, "test data")
	_, err = Parse([]byte(data), "max.yaml")
	require.NoError(t, err, "1 MiB exactly")
}

func TestCapNodes(t *testing.T) {
	_, err := Parse([]byte(nodesYAML(MaxNodes)), "f.yaml")
	require.NoError(t, err, "%d nodes", MaxNodes)
	_, err = Parse([]byte(nodesYAML(MaxNodes+1)), "f.yaml")
	wantCap(t, err, "5001 nodes", "at most 5000")
}

func TestCapPods(t *testing.T) {
	deploy := func(replicas int) string {
		return fmt.Sprintf(`kind: Node
metadata: {name: n1}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: %d
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: nginx}]}
`, replicas)
	}
	_, err := Parse([]byte(deploy(MaxPods)), "f.yaml")
	require.NoError(t, err, "%d replicas", MaxPods)
	_, err = Parse([]byte(deploy(MaxPods+1)), "f.yaml")
	wantCap(t, err, "50001 pods", "at most 50000")
	_, err = Parse([]byte(deploy(2147483647)), "f.yaml")
	wantCap(t, err, "2147483647 pods")

	// Pods built in code (the bytes cap keeps files below this).
	s := &Scenario{}
	for range MaxPods + 1 {
		s.Pods = append(s.Pods, nil)
	}
	wantCap(t, s.CheckCaps(), "50001 pods")
}

func TestCapSteps(t *testing.T) {
	steps := func(n int) string {
		var b strings.Builder
		b.WriteString("kind: Node\nmetadata: {name: n1}\n---\nkind: Scenario\nname: s\nsteps:\n")
		for i := 0; i < n; i++ {
			b.WriteString("- {at: 1, run: kubectl cordon n1}\n")
		}
		return b.String()
	}
	_, err := Parse([]byte(steps(MaxSteps)), "f.yaml")
	require.NoError(t, err, "%d steps", MaxSteps)
	_, err = Parse([]byte(steps(MaxSteps+1)), "f.yaml")
	wantCap(t, err, "10001 steps", "at most 10000")
}

func TestCapVirtualTime(t *testing.T) {
	const head = "kind: Node\nmetadata: {name: n1}\n---\nkind: Scenario\nname: s\n"
	ok := []string{
		head + "until: 720h\n",
		head + "steps: [{at: 720h, run: kubectl cordon n1}]\n",
		head + "steps: [{at: 719h, run: wait 1h}]\n",
	}
	for i, data := range ok {
		t.Run(fmt.Sprintf("ok %d", i), func(t *testing.T) {
			_, err := Parse([]byte(data), "f.yaml")
			assert.NoError(t, err, "%q", data)
		})
	}
	for data, want := range map[string]string{
		head + "until: 720h1s\n":                                   "until is 720h0m1s",
		head + "steps: [{at: 721h, run: kubectl cordon n1}]\n":     "steps[0] reaches 721h0m0s",
		head + "steps: [{at: 719h, run: wait 1h1s}]\n":             "steps[0] reaches 720h0m1s",
		head + "until: 8760h\n":                                    "until is 8760h0m0s",
		head + "steps: [{at: 1s, run: wait 100000h}]\nuntil: 2s\n": "steps[0] reaches",
	} {
		t.Run(want, func(t *testing.T) {
			_, err := Parse([]byte(data), "f.yaml")
			wantCap(t, err, want, "30 days")
		})
	}
	s := &Scenario{Until: MaxVirtualTime + time.Nanosecond}
	wantCap(t, s.CheckCaps(), "30 days")
}

func TestCapFrames(t *testing.T) {
	require.NoError(t, CheckFrames(1370, 10_000_000, 25_000, time.Hour), "the 500-node storm")
	require.NoError(t, CheckFrames(10, MaxFrameSlots, MaxFrameStates, time.Hour), "at the limits")
	wantCap(t, CheckFrames(5001, MaxFrameSlots+1, 5000, 90*time.Minute),
		"too large", "by virtual time 1h30m0s", "5001 frames", "25000001 node and pod states", "at most 25000000", "run out of memory", "until")
	wantCap(t, CheckFrames(300, 600_000, MaxFrameStates+1, time.Minute),
		"too large", "by virtual time 1m0s", "300 frames", "500001 new node and pod states", "at most 500000", "run out of memory", "until")
}
