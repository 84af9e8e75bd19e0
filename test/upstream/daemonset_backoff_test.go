package upstream

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
	"k8s.io/client-go/util/flowcontrol"
	testingclock "k8s.io/utils/clock/testing"
)

const backoffScenario = `kind: Scenario
name: ds-backoff
until: 5000s
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  conditions: [{type: Ready, status: "True"}, {type: DiskPressure, status: "True"}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: kube-system}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: a, image: a}]
`

// upstreamDeletions drives kube-controller-manager's own failed-pod
// back-off (flowcontrol.NewBackOff(1s, 15min) on a fake clock) the way
// daemon_controller.go podsShouldBeOnNode uses it, for a node whose
// kubelet rejects every daemon pod at once: a sync that finds the Failed
// pod in back-off requeues the DaemonSet after Get (enqueueDaemonSetAfter),
// otherwise it steps the back-off (Next) and deletes the pod; the
// replacement fails at the same instant and is synced again.
func upstreamDeletions(until time.Duration) []float64 {
	start := time.Unix(0, 0)
	clk := testingclock.NewFakeClock(start)
	b := flowcontrol.NewFakeBackOff(time.Second, 15*time.Minute, clk)
	const key = "uid/0/n1"
	var out []float64
	for at := time.Duration(0); at <= until; {
		clk.SetTime(start.Add(at))
		now := clk.Now()
		if b.IsInBackOffSinceUpdate(key, now) {
			at += b.Get(key)
			continue
		}
		b.Next(key, now)
		out = append(out, at.Seconds())
	}
	return out
}

// TestDaemonSetBackoffMatchesUpstream: the simulator's FailedDaemonPod
// events fall exactly where upstream's Backoff puts the deletions,
// through the 15 min cap (1023, 1923, 2823, 3723, 4623 s).
func TestDaemonSetBackoffMatchesUpstream(t *testing.T) {
	s, err := scenario.Parse([]byte(backoffScenario), "ds.yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	var got []float64
	for _, e := range res.Events {
		if e.Reason == "FailedDaemonPod" {
			got = append(got, e.At)
		}
	}
	want := upstreamDeletions(5000 * time.Second)
	require.Equal(t, []float64{0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 1923, 2823, 3723, 4623}, want)
	require.Equal(t, want, got)
}
