package sim

import (
	"reflect"
	"testing"
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
	if got, want := failedAt(res, "p"), []float64{0, 100, 430}; !reflect.DeepEqual(got, want) {
		t.Errorf("FailedScheduling at %v, want %v", got, want)
	}
	for _, f := range res.Frames {
		if f.At != 100 {
			continue
		}
		for _, p := range f.Pods {
			if p.Name == "p" && (p.Attempts != 1 || p.Queue != "unschedulablePods") {
				t.Errorf("t=100: p after %d attempts in %q; want 1 attempt, unschedulablePods", p.Attempts, p.Queue)
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
			if p.Name == "high" && f.At == 10 && p.Phase == PhasePending && p.NominatedNodeName != "n1" {
				t.Errorf("t=10: high nominated %q after the restart, want n1", p.NominatedNodeName)
			}
		}
	}
	if p := final(res)["high"]; p.Phase != PhaseRunning || p.Node != "n1" {
		t.Errorf("high %s on %q, want Running on n1", p.Phase, p.Node)
	}
}
