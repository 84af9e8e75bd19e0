package sim

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Expected times from upstream v1.37 (shared/reference/CONTROLLERS.md
// §8.1 and §8.3): the taint-eviction controller's timers are lost with
// the process and rebuilt with now = the restart (processPodOnNode); the
// node-lifecycle controller's nodeHealthMap is rebuilt with probe time =
// now (tryUpdateNodeHealth), and its first pass removes and re-adds its
// NoExecute taints (markNodeAsReachable, processTaintBaseEviction).

// restartNodes are n1 and a healthy n2 (one node alone would put its
// zone in full disruption, where no NoExecute taint is added).
const restartNodes = `---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
`

// restartRun runs steps over n1 and a pod p bound to it with the
// tolerations given (YAML flow list, "" for none).
func restartRun(t *testing.T, steps, tolerations string) *Result {
	t.Helper()
	pod := "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  nodeName: n1\n  containers: [{name: c, image: x}]\n"
	if tolerations != "" {
		pod += "  tolerations: " + tolerations + "\n"
	}
	return run(t, "kind: Scenario\nname: restart\nuntil: 15m\nsteps:\n"+steps+restartNodes+pod)
}

func reasonsAt(res *Result, object string) map[string][]float64 {
	out := map[string][]float64{}
	for _, e := range res.Events {
		if e.Object == object {
			out[e.Reason+": "+e.Message] = append(out[e.Reason+": "+e.Message], e.At)
		}
	}
	return out
}

// A pod tolerating a NoExecute taint for 300 s, tainted at 0 s: deleted
// at 300 s; with a restart at 200 s, at 500 s. The lost timer is not
// cancelled through the API: no "Cancelling deletion" event.
func TestRestartRetimesNoExecuteEvictions(t *testing.T) {
	tol := "[{key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 300}]"
	taint := "- {at: 0s, run: kubectl taint nodes n1 k=v:NoExecute}\n"
	res := restartRun(t, taint, tol)
	require.NotNil(t, final(res)["p"].EvictedAt)
	assert.Equal(t, 300.0, *final(res)["p"].EvictedAt, "without a restart")

	res = restartRun(t, taint+"- {at: 200s, run: restart kube-controller-manager}\n", tol)
	require.NotNil(t, final(res)["p"].EvictedAt)
	assert.Equal(t, 500.0, *final(res)["p"].EvictedAt, "restart at 200 s")
	ev := reasonsAt(res, "pod/default/p")
	assert.Equal(t, []float64{500}, ev["TaintManagerEviction: Marking for deletion Pod default/p"])
	assert.NotContains(t, ev, "TaintManagerEviction: Cancelling deletion of Pod default/p")
	assert.Equal(t, []float64{200}, reasonsAt(res, "node/n1")["RegisteredNode: Registered Node n1 in Controller"])
	for _, f := range res.Frames {
		if f.Step == "restart kube-controller-manager" {
			assert.False(t, f.StepFailed())
			assert.Contains(t, f.Summary, "kube-controller-manager restarted")
		}
	}
}

// A taint tolerated without tolerationSeconds sets no timer before or
// after a restart (getMinTolerationTime < 0: tolerated forever).
func TestRestartKeepsForeverTolerations(t *testing.T) {
	res := restartRun(t, "- {at: 0s, run: kubectl taint nodes n1 k=v:NoExecute}\n- {at: 200s, run: restart kube-controller-manager}\n",
		"[{key: k, operator: Exists, effect: NoExecute}]")
	assert.Nil(t, final(res)["p"].EvictedAt)
}

// The kubelet stops at 0 s: the node turns Unknown at the first 5 s pass
// after 50 s (55 s). A restart at 30 s gives the node its whole grace
// period again from 30 s: Unknown at 85 s, the unreachable NoExecute
// taint in the same pass, the pod's default 300 s toleration from there.
func TestRestartRestartsNodeGracePeriods(t *testing.T) {
	res := restartRun(t, "- {at: 0s, run: node n1 stop}\n", "")
	require.NotNil(t, final(res)["p"].EvictedAt)
	assert.Equal(t, 355.0, *final(res)["p"].EvictedAt, "without a restart")
	assert.Equal(t, []float64{55}, reasonsAt(res, "node/n1")["NodeNotReady: Node n1 status is now: NodeNotReady"])

	res = restartRun(t, "- {at: 0s, run: node n1 stop}\n- {at: 30s, run: restart kube-controller-manager}\n", "")
	assert.Equal(t, []float64{85}, reasonsAt(res, "node/n1")["NodeNotReady: Node n1 status is now: NodeNotReady"])
	require.NotNil(t, final(res)["p"].EvictedAt)
	assert.Equal(t, 385.0, *final(res)["p"].EvictedAt)

	// At 32 s: the new process's passes run at 32, 37, … 82, 87 s; the
	// first strictly after 32 + 50 is 87 s.
	res = restartRun(t, "- {at: 0s, run: node n1 stop}\n- {at: 32s, run: restart kube-controller-manager}\n", "")
	assert.Equal(t, []float64{87}, reasonsAt(res, "node/n1")["NodeNotReady: Node n1 status is now: NodeNotReady"])
}

// The node is unreachable and tainted at 55 s (the pod's deletion timed
// for 355 s). A restart at 200 s: markNodeAsReachable removes the
// unreachable NoExecute taint, the fresh tainting queue adds it again at
// once, and the taint-eviction controller times the pod from 200 s.
func TestRestartReaddsNodeLifecycleTaints(t *testing.T) {
	res := restartRun(t, "- {at: 0s, run: node n1 stop}\n- {at: 200s, run: restart kube-controller-manager}\n", "")
	require.NotNil(t, final(res)["p"].EvictedAt)
	assert.Equal(t, 500.0, *final(res)["p"].EvictedAt)
	var at200 *Frame
	for i := range res.Frames {
		if res.Frames[i].Step == "restart kube-controller-manager" {
			at200 = &res.Frames[i]
		}
	}
	require.NotNil(t, at200)
	require.Len(t, at200.Nodes, 2)
	assert.Contains(t, at200.Summary, "the node-lifecycle controller removed node.kubernetes.io/unreachable:NoExecute from n1")
	assert.Contains(t, at200.Summary, "the node-lifecycle controller added node.kubernetes.io/unreachable:NoExecute to n1")
	keys := []string{}
	for _, tt := range at200.Nodes[0].Taints {
		keys = append(keys, tt.ToString())
	}
	assert.Contains(t, keys, "node.kubernetes.io/unreachable:NoExecute")
}

// The workload controllers resync every object after a restart (empty
// expectations): replicas already running, nothing is created or
// deleted.
func TestRestartResyncsWorkloadsWithoutChurn(t *testing.T) {
	res := run(t, "kind: Scenario\nname: rs\nsteps:\n- {at: 30s, run: restart kube-controller-manager}\n"+restartNodes+fmt.Sprintf(webDeployment, 3))
	var creates, deletes int
	for _, e := range res.Events {
		switch e.Reason {
		case "SuccessfulCreate":
			creates++
		case "SuccessfulDelete":
			deletes++
		}
	}
	assert.Equal(t, 3, creates, "the three pods of t=0 only")
	assert.Zero(t, deletes)
	running := 0
	for _, p := range final(res) {
		if p.Phase == PhaseRunning {
			running++
		}
	}
	assert.Equal(t, 3, running)
}

// A DaemonSet pod the kubelet rejects on a DiskPressure node is deleted at
// 0, 1, 3, 7, 15, 31 and 63 s (failedPodsBackoff, flowcontrol.NewBackOff(1s,
// 15min)); the next deletion is due at 127 s. A restart at 100 s loses
// the back-off, which the new process builds again from nothing
// (NewDaemonSetsController): its first sync deletes the failed pod at
// once, and the delays start again at 1 s (101, 103, 107, 115 s).
func TestRestartForgetsDaemonSetBackoff(t *testing.T) {
	res := run(t, `kind: Scenario
name: restart-ds
until: 120s
steps:
- {at: 100s, run: restart kube-controller-manager}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "True"}
  - {type: DiskPressure, status: "True"}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: kube-system}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: agent}]
`)
	var failed []float64
	for _, e := range res.Events {
		if e.Object == "daemonset/kube-system/agent" && e.Reason == "FailedDaemonPod" {
			failed = append(failed, e.At)
		}
	}
	assert.Equal(t, []float64{0, 1, 3, 7, 15, 31, 63, 100, 101, 103, 107, 115}, failed)
}

// kubectl delete node n1 at 30 s: PodGC's pass at 40 s queues n1 for the
// 40 s quarantine and the pass at 80 s deletes db (see
// TestPodGCOrphansAfterDeleteNode). A restart at 50 s loses the queue
// (nodeQueue is in memory); the new process passes at once (50 s), then
// every 20 s from there (wait.UntilWithContext): it queues n1 at 50 s and
// deletes db at 90 s.
func TestRestartRequeuesPodGCQuarantine(t *testing.T) {
	scen := func(steps string) string {
		return "kind: Scenario\nname: r\nuntil: 120s\nsteps:\n- {at: 30s, run: kubectl delete node n1}\n" + steps + restartNodes +
			"---\napiVersion: v1\nkind: Pod\nmetadata: {name: db}\nspec:\n  nodeName: n1\n  containers: [{name: c, image: x}]\n"
	}
	evictedAt := func(res *Result) float64 {
		p := final(res)["db"]
		require.NotNil(t, p.EvictedAt)
		return *p.EvictedAt
	}
	assert.Equal(t, 80.0, evictedAt(run(t, scen(""))), "no restart")
	assert.Equal(t, 90.0, evictedAt(run(t, scen("- {at: 50s, run: restart kube-controller-manager}\n"))), "restart at 50 s")
}
