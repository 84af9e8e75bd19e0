package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// restart kube-scheduler (v1.37.2): the new PriorityQueue holds every
// pending pod in activeQ with no attempts, so a pod waiting in
// unschedulablePods is tried at once, its backoff starts again at 1 s,
// and the 5-minute flush ticks every 30 s from the restart: a pod that
// failed at 0 s, 100 s (restart) is next retried at 100+330 = 430 s,
// not at 330 s.
func TestRestartScheduler(t *testing.T) {
	res := run(t, flushCluster+`---
kind: Scenario
name: r
until: 500s
steps:
- {at: 100s, run: restart kube-scheduler}
`)
	assert.Equal(t, []float64{0, 100, 430}, failedAt(res, "p"), "FailedScheduling times")
	for _, f := range res.Frames {
		if f.At != 100 {
			continue
		}
		for _, p := range f.Pods {
			if p.Name == "p" {
				assert.Equal(t, 1, p.Attempts, "t=100: attempts")
				assert.Equal(t, "unschedulablePods", p.Queue, "t=100: queue")
			}
		}
	}
}

// A preemptor's nomination survives a restart: the new scheduler's
// nominator reads status.nominatedNodeName when the informer lists the
// pod (PriorityQueue.Add → addNominatedPod, ModeNoop).
func TestRestartKeepsNomination(t *testing.T) {
	res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: low}
spec:
  terminationGracePeriodSeconds: 0
  containers: [{name: c, image: x, resources: {requests: {cpu: 600m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: high}
spec:
  priority: 1000
  containers: [{name: c, image: x, resources: {requests: {cpu: 600m}}}]
---
kind: Scenario
name: r
until: 20s
options: {kubernetesVersion: "1.32"}
steps:
- {at: 10s, run: create pod high}
- {at: 10s, run: restart kube-scheduler}
`)
	for _, f := range res.Frames {
		for _, p := range f.Pods {
			if p.Name == "high" && f.At == 10 && p.Phase == PhasePending {
				assert.Equal(t, "n1", p.NominatedNodeName, "t=10: high's nomination after the restart")
			}
		}
	}
	p := final(res)["high"]
	assert.Equal(t, PhaseRunning, p.Phase)
	assert.Equal(t, "n1", p.Node)
}
