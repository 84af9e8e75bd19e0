package sim

import (
	"testing"

	"github.com/taints-playground/playground/core/scenario"
)

// A NoExecute taint at t=0 evicts a ReplicaSet's pods in the same instant
// the ReplicaSet created them. Upstream the controller replaces them at
// once; the per-instant creation cap (kept against kubelet-rejection spins)
// must defer the replacements, never drop them.
func TestReplicaSetReplacesPodsEvictedInTheInstantTheyWereCreated(t *testing.T) {
	const file = `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx}]
---
kind: Scenario
name: resync
until: 20s
steps:
- at: 0s
  run: kubectl taint nodes n1 x=y:NoExecute
`
	s, err := scenario.Parse([]byte(file), "resync.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(s)
	if err != nil {
		t.Fatal(err)
	}
	last := res.Frames[len(res.Frames)-1]
	var evicted, pending int
	for _, p := range last.Pods {
		switch p.Phase {
		case PhaseEvicted:
			evicted++
		case PhasePending:
			pending++
			const want = "0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
			if p.FailedSchedulingMessage != want {
				t.Errorf("%s: FailedScheduling %q, want %q", p.Name, p.FailedSchedulingMessage, want)
			}
		}
	}
	if evicted != 2 || pending != 2 {
		t.Fatalf("at the end: %d evicted, %d pending; want 2 evicted and 2 replacements Pending", evicted, pending)
	}
	creates := 0
	for _, e := range res.Events {
		if e.Reason == "SuccessfulCreate" {
			creates++
		}
	}
	if creates != 4 {
		t.Errorf("%d SuccessfulCreate events, want 4 (2 pods, then 2 replacements)", creates)
	}
}
