package sim

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// graceCluster is one node with room for one 1-CPU pod, the pod web on
// it (terminationGracePeriodSeconds from the test), and a ReplicaSet-free
// waiting pod big that needs web's CPU.
func graceCluster(tgps, steps string) string {
	spec := ""
	if tgps != "" {
		spec = "terminationGracePeriodSeconds: " + tgps + ", "
	}
	return `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec: {` + spec + `containers: [{name: app, image: nginx, resources: {requests: {cpu: 600m}}}]}
---
kind: Scenario
name: grace
until: 100s
steps:
` + steps
}

// stepOutput is the output of the frame of step run at at.
func stepOutput(t *testing.T, res *Result, run string, at float64) string {
	t.Helper()
	for _, f := range res.Frames {
		if f.Step == run && f.At == at {
			return f.Output
		}
	}
	t.Fatalf("no frame for %q at %v", run, at)
	return ""
}

// One rule each, with the expected times from upstream:
// podStrategy.CheckGracefulDelete (grace = DeleteOptions, else
// spec.terminationGracePeriodSeconds, default 30 by SetDefaults_PodSpec;
// 0 for an unscheduled pod), kubectl delete's DeleteOptions.Complete
// (--grace-period=0 without --force is 1 s; --force is 0), and the
// kubelet finishing the deletion when the grace period ends (the
// playground's containers ignore SIGTERM).
func TestGracefulDeletion(t *testing.T) {
	const terminating = "NAME   READY   STATUS        RESTARTS   AGE\nweb    1/1     Terminating   0          "
	const gone = "No resources found in default namespace."
	for _, tc := range []struct {
		name    string
		tgps    string
		delete  string
		before  float64 // a get pods that still lists web Terminating (0: none)
		goneAt  float64
		deleted string // the delete step's output
	}{
		{name: "default 30 s", delete: "kubectl delete pod web", before: 39, goneAt: 40, deleted: `pod "web" deleted from default namespace`},
		{name: "terminationGracePeriodSeconds 5", tgps: "5", delete: "kubectl delete pod web", before: 14, goneAt: 15, deleted: `pod "web" deleted from default namespace`},
		{name: "terminationGracePeriodSeconds 0", tgps: "0", delete: "kubectl delete pod web", goneAt: 10, deleted: `pod "web" deleted from default namespace`},
		{name: "--grace-period=5 wins", delete: "kubectl delete pod web --grace-period=5", before: 14, goneAt: 15, deleted: `pod "web" deleted from default namespace`},
		{name: "--grace-period=0 is 1 s", delete: "kubectl delete pod web --grace-period=0", before: 10.5, goneAt: 11, deleted: `pod "web" deleted from default namespace`},
		{name: "--force --grace-period=0 at once", delete: "kubectl delete pod web --force --grace-period=0", goneAt: 10,
			deleted: "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\npod \"web\" force deleted from default namespace"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			steps := "- {at: 10s, run: " + tc.delete + "}\n"
			if tc.before > 0 {
				steps += fmt.Sprintf("- {at: %vs, run: kubectl get pods}\n", tc.before)
			}
			// A step runs before the timers due at its instant: look one
			// second after the end.
			steps += fmt.Sprintf("- {at: %vs, run: kubectl get pods --field-selector=metadata.name=web}\n", tc.goneAt+1)
			res := run(t, graceCluster(tc.tgps, steps))
			assert.Equal(t, tc.deleted, stepOutput(t, res, tc.delete, 10))
			if tc.before > 0 {
				assert.True(t, strings.HasPrefix(stepOutput(t, res, "kubectl get pods", tc.before), terminating), "Terminating at %v", tc.before)
			}
			assert.Equal(t, gone, stepOutput(t, res, "kubectl get pods --field-selector=metadata.name=web", tc.goneAt+1), "gone at %v", tc.goneAt)
		})
	}
}

// A node's resources are held until termination completes: a pod waiting
// for web's CPU binds only when web's 30 s grace period ends (the
// scheduler's cache drops a pod on its delete event; NodeResourcesFit's
// AssignedPod Delete hint requeues the waiting pod then).
func TestResourcesHeldWhileTerminating(t *testing.T) {
	doc := graceCluster("", "- {at: 5s, run: create pod big}\n- {at: 10s, run: kubectl delete pod web}\n") + `---
apiVersion: v1
kind: Pod
metadata: {name: big}
spec: {containers: [{name: app, image: nginx, resources: {requests: {cpu: 600m}}}]}
`
	res := run(t, doc)
	big := final(res)["big"]
	require.NotNil(t, big)
	assert.Equal(t, PhaseRunning, big.Phase)
	assert.Equal(t, 40.0, at(big.ScheduledAt), "bound when web's termination ends")
}

// A Pending pod (no node) is deleted at once: CheckGracefulDelete sets
// the grace period to 0 for an unscheduled pod.
func TestPendingPodDeletedAtOnce(t *testing.T) {
	doc := graceCluster("", "- {at: 5s, run: create pod big}\n- {at: 10s, run: kubectl delete pod big}\n") + `---
apiVersion: v1
kind: Pod
metadata: {name: big}
spec: {containers: [{name: app, image: nginx, resources: {requests: {cpu: 600m}}}]}
`
	res := run(t, doc)
	_, ok := final(res)["big"]
	assert.False(t, ok, "big is gone at once")
	for _, f := range res.Frames {
		if f.At == 10 {
			assert.False(t, podIn(f, "big").Terminating)
		}
	}
}

// On a node that is not Ready the kubelet cannot confirm: the pod stays
// Terminating past its grace period until the kubelet returns.
func TestDeletedOnNotReadyNodeStays(t *testing.T) {
	res := run(t, graceCluster("", `- {at: 5s, run: node n1 not-ready}
- {at: 10s, run: kubectl delete pod web}
- {at: 60s, run: kubectl describe pod web}
- {at: 70s, run: node n1 ready}
- {at: 71s, run: kubectl get pods}
`))
	out := stepOutput(t, res, "kubectl describe pod web", 60)
	// describePod: translateTimestampSince(deletionTimestamp at 40 s).
	assert.Regexp(t, `Status:\s+Terminating \(lasts 20s\)`, out)
	assert.Regexp(t, `Termination Grace Period:\s+30s`, out)
	assert.Equal(t, "No resources found in default namespace.", stepOutput(t, res, "kubectl get pods", 71))
}

// A force delete (--force --grace-period=0) of a pod stuck Terminating
// on a node that is not Ready removes it at once: rest.BeforeDelete lets
// a second delete shorten the grace period, and 0 deletes the object.
func TestForceDeleteStuckPod(t *testing.T) {
	res := run(t, graceCluster("", `- {at: 5s, run: node n1 not-ready}
- {at: 10s, run: kubectl delete pod web}
- {at: 60s, run: kubectl delete pod web --force --grace-period=0}
- {at: 60s, run: kubectl get pods}
`))
	assert.Equal(t, "No resources found in default namespace.", stepOutput(t, res, "kubectl get pods", 60))
	assert.Contains(t, stepOutput(t, res, "kubectl delete pod web --force --grace-period=0", 60), `pod "web" force deleted`)
}

// A ReplicaSet does not count a Terminating pod (controller.FilterActivePods
// drops pods with a deletionTimestamp): its replacement is created at the
// deletion, while the old pod is still Terminating.
func TestReplicaSetReplacesTerminatingPodAtOnce(t *testing.T) {
	res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: app, image: nginx}]}
---
kind: Scenario
name: rs
until: 60s
steps:
- {at: 10s, run: kubectl delete pod web-csrn6}
`)
	var created []float64
	for _, e := range res.Events {
		if e.Reason == "SuccessfulCreate" {
			created = append(created, e.At)
		}
	}
	assert.Equal(t, []float64{0, 10}, created)
	// At 10 s: the old pod Terminating beside its Running replacement.
	for _, f := range res.Frames {
		if f.At == 10 {
			assert.True(t, podIn(f, "web-csrn6").Terminating)
		}
	}
	terminating, running := 0, 0
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		if p.Terminating {
			terminating++
		}
		if p.Phase == PhaseRunning {
			running++
		}
	}
	assert.Equal(t, 0, terminating, "the old pod is gone at 40 s")
	assert.Equal(t, 1, running)
}

// A DaemonSet waits for its Terminating pod: podsShouldBeOnNode counts the
// deleting pod as the node's daemon pod and deletes nothing more, so the
// new pod comes at the next sync after the old one is gone (30 s later).
func TestDaemonSetWaitsForTerminatingPod(t *testing.T) {
	res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: kube-system}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: agent, image: x}]}
---
kind: Scenario
name: ds
until: 60s
steps:
- {at: 10s, run: kubectl delete pod agent-csrn6 -n kube-system}
`)
	var created []float64
	for _, e := range res.Events {
		if e.Reason == "SuccessfulCreate" {
			created = append(created, e.At)
		}
	}
	assert.Equal(t, []float64{0, 40}, created)
}

// twoNodes are n1 and n2, with the default allocatable.
const twoNodes = `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
---
`

// A pod tolerating k:NoExecute for 60 s on a node tainted at 0 s has its
// deletion due at 60 s. kubectl deletes it at 10 s (Terminating until
// 40 s); the taint goes at 20 s. handleNodeUpdate processes every pod
// assigned to the node (getPodsAssignedToNode lists Terminating pods
// too), and processPodOnNode with no taints cancels the pending deletion
// with its event at 20 s, not when the pod is finally gone (v1.37).
func TestTaintRemovedWhileTerminatingCancelsEviction(t *testing.T) {
	res := run(t, twoNodes+`apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  nodeName: n1
  tolerations: [{key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
  containers: [{name: c, image: x}]
---
kind: Scenario
name: cancel-while-terminating
until: 70s
steps:
- {at: 0s, run: kubectl taint nodes n1 k=v:NoExecute}
- {at: 10s, run: kubectl delete pod p}
- {at: 20s, run: kubectl taint nodes n1 k-}
`)
	got := map[string][]float64{}
	for _, e := range res.Events {
		if e.Object == "pod/default/p" {
			got[e.Reason+": "+e.Message] = append(got[e.Reason+": "+e.Message], e.At)
		}
	}
	assert.Equal(t, map[string][]float64{
		"Killing: Stopping container c":                              {10},
		"TaintManagerEviction: Cancelling deletion of Pod default/p": {20},
	}, got)
}

// A Terminating pod's name stays taken until its deletion finishes: the
// registry's create of that name fails with AlreadyExists, and kubectl
// apply, which first gets the object, patches the Terminating one
// instead ("unchanged" for the same manifest). After the grace period
// (10 s + 30 s) the same apply creates a new pod.
func TestApplyWhileTerminating(t *testing.T) {
	const manifest = `
  manifest: |
    apiVersion: v1
    kind: Pod
    metadata: {name: web}
    spec:
      containers: [{name: app, image: nginx, resources: {requests: {cpu: 600m}}}]
`
	res := run(t, graceCluster("", "- {at: 10s, run: kubectl delete pod web}\n- at: 20s\n  run: kubectl apply -f -"+manifest+"- at: 45s\n  run: kubectl apply -f -"+manifest))
	assert.Equal(t, "pod/web unchanged", stepOutput(t, res, "kubectl apply -f -", 20))
	assert.Equal(t, "pod/web created", stepOutput(t, res, "kubectl apply -f -", 45))
	for _, f := range res.Frames {
		n := 0
		for _, p := range f.Pods {
			if p.Name == "web" && (p.Phase == PhaseRunning || p.Terminating) {
				n++
			}
		}
		assert.LessOrEqual(t, n, 1, "t=%v: one object named web at a time", f.At)
	}
	p := final(res)["web"]
	assert.Equal(t, PhaseRunning, p.Phase)
	require.NotNil(t, p.ScheduledAt)
	assert.Equal(t, 45.0, *p.ScheduledAt)
}

// kubectl drain lists the node's Terminating pods too (the default
// --skip-wait-for-delete-timeout=0 skips none: drain.shouldSkipPod); their
// eviction is a deletion again with no budget check (eviction.go
// canIgnorePDB), and drain waits for each pod to be gone: web, deleted
// at 10 s, at 40 s; db, evicted at 20 s, at 50 s.
func TestDrainWaitsForTerminatingPod(t *testing.T) {
	res := run(t, twoNodes+`apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: n1
  containers: [{name: app, image: nginx}]
---
apiVersion: v1
kind: Pod
metadata: {name: db}
spec:
  nodeName: n1
  containers: [{name: app, image: nginx}]
---
kind: Scenario
name: d
until: 100s
steps:
- {at: 10s, run: kubectl delete pod web}
- {at: 20s, run: kubectl drain n1 --force}
`)
	out := map[float64]string{}
	for _, f := range res.Frames {
		if f.Output != "" {
			out[f.At] = f.Output
		}
	}
	assert.Equal(t, map[float64]string{
		10: `pod "web" deleted from default namespace`,
		20: "node/n1 cordoned\nWarning: deleting Pods that declare no controller: default/web, default/db\nevicting pod default/web\nevicting pod default/db",
		40: "pod/web evicted",
		50: "pod/db evicted\nnode/n1 drained",
	}, out)
}
