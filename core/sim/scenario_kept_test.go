package sim

import (
	"reflect"
	"testing"

	"github.com/taints-playground/playground/core/scenario"
)

// Run leaves the scenario it is given as it was, also when steps scale a
// Deployment or a ReplicaSet or apply new replica counts: Result.Scenario
// (the page's share link) and Explain's re-runs read it. Explain then
// answers for every pod of every frame.
func TestRunLeavesScenarioUnchanged(t *testing.T) {
	const text = `kind: Scenario
name: scale-and-apply
steps:
- at: 10s
  run: kubectl scale deployment web --replicas=5
- at: 20s
  run: kubectl scale replicaset cache --replicas=3
- at: 30s
  run: kubectl apply -f -
  manifest: |
    apiVersion: apps/v1
    kind: ReplicaSet
    metadata: {name: cache}
    spec:
      replicas: 4
      selector: {matchLabels: {app: cache}}
      template:
        metadata: {labels: {app: cache}}
        spec:
          containers: [{name: c, image: redis}]
- at: 40s
  run: kubectl apply -f -
  manifest: |
    apiVersion: apps/v1
    kind: ReplicaSet
    metadata: {name: cache}
    spec:
      replicas: 4
      selector: {matchLabels: {app: cache}}
      template:
        metadata: {labels: {app: cache}}
        spec:
          containers: [{name: c, image: redis}]
---
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
status: {allocatable: {cpu: "8", memory: 16Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx}]
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: cache}
spec:
  replicas: 1
  selector: {matchLabels: {app: cache}}
  template:
    metadata: {labels: {app: cache}}
    spec:
      containers: [{name: c, image: redis}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: c, image: agent}]
`
	s, err := scenario.Parse([]byte(text), "scale.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := scenario.Parse([]byte(text), "scale.yaml")
	res, err := Run(s)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, fresh) {
		t.Fatalf("Run modified the scenario: replicas now web %d, cache %d", *s.Deployments[0].Spec.Replicas, *s.ReplicaSets[0].Spec.Replicas)
	}
	if n := len(res.Frames[0].Pods); n != 3 {
		t.Fatalf("frame 0 has %d pods, want 3 (web, cache, agent)", n)
	}
	last := res.Frames[len(res.Frames)-1]
	if n := len(last.Pods); n != 10 {
		t.Fatalf("the last frame has %d pods, want 10 (5 web, 4 cache, 1 agent)", n)
	}
	// kubectl's words: the first apply changes the replicas, the second
	// finds them as they are.
	var outputs []string
	for _, f := range res.Frames {
		if f.Step == "kubectl apply -f -" {
			outputs = append(outputs, f.Output)
		}
	}
	if want := []string{"replicaset.apps/cache configured", "replicaset.apps/cache unchanged"}; !reflect.DeepEqual(outputs, want) {
		t.Errorf("apply printed %q, want %q", outputs, want)
	}
	for _, f := range res.Frames {
		for _, p := range f.Pods {
			if _, _, err := res.Explain(f.Index, p.Namespace, p.Name); err != nil {
				t.Fatalf("Explain(frame %d, %s): %v", f.Index, p.Name, err)
			}
		}
	}
}

// Scaled up and down at one instant, a ReplicaSet deletes only the pods
// the scale down asks for, and replaces a deleted pod with one new pod
// (the per-instant creation cap must not turn into deletions).
func TestReplicaSetScaleUpDownSameInstant(t *testing.T) {
	const text = `kind: Scenario
name: burst
steps:
- {at: 10s, run: kubectl scale replicaset web --replicas=20}
- {at: 10s, run: kubectl scale replicaset web --replicas=14}
- {at: 10s, run: kubectl scale replicaset web --replicas=12}
---
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "64", memory: 64Gi, pods: "110"}}
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
`
	res := run(t, text)
	created, deleted := 0, 0
	for _, e := range res.Events {
		switch e.Reason {
		case "SuccessfulCreate":
			created++
		case "SuccessfulDelete":
			deleted++
		}
	}
	// The 8 deleted pods are still Terminating at 10s (30 s grace period).
	last := res.Frames[len(res.Frames)-1]
	terminating := 0
	for _, p := range last.Pods {
		if p.Terminating {
			terminating++
		}
	}
	if len(last.Pods)-terminating != 12 || terminating != 8 {
		t.Errorf("the last frame has %d pods, %d Terminating; want 12 and 8", len(last.Pods)-terminating, terminating)
	}
	// 2 at the start, 18 more at the scale to 20, then 8 deleted.
	if created != 20 || deleted != 8 {
		t.Errorf("%d pods created and %d deleted, want 20 and 8", created, deleted)
	}
}

// A scale down by more than burstReplicas pods deletes them all: only
// creations are spread over syncs.
func TestReplicaSetLargeScaleDown(t *testing.T) {
	const text = `kind: Scenario
name: down
until: 60s
steps:
- {at: 30s, run: kubectl scale replicaset cache --replicas=0}
---
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "64", memory: 64Gi, pods: "1000"}}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: cache}
spec:
  replicas: 600
  selector: {matchLabels: {app: cache}}
  template:
    metadata: {labels: {app: cache}}
    spec:
      containers: [{name: c, image: redis}]
`
	res := run(t, text)
	if n := len(res.Frames[len(res.Frames)-1].Pods); n != 0 {
		t.Fatalf("%d pods left after scaling 600 to 0, want 0", n)
	}
}
