package cases

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// Issue 13's kubelet reports (testdata/reports/kubelet-*.yaml). Expected
// times and texts come from upstream v1.37 source, cited per test.

// runKubeletReport parses and simulates one report file.
func runKubeletReport(t *testing.T, name string) *sim.Result {
	t.Helper()
	path := filepath.Join("testdata", "reports", name)
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	s, err := scenario.Parse(text, path)
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	return res
}

// eventTimes lists "AT MESSAGE" for the events of one reason on object.
func eventTimes(res *sim.Result, object, reason string) []string {
	var out []string
	for _, e := range res.Events {
		if e.Object == object && e.Reason == reason {
			out = append(out, fmt.Sprintf("%v %s", e.At, e.Message))
		}
	}
	return out
}

// A static pod on a node with an untolerated NoExecute taint. The kubelet
// admits static pods whatever the taints (pkg/kubelet/lifecycle/predicate.go
// generalFilter skips the taint check when kubetypes.IsStaticPod); the
// taint-eviction controller has no mirror exception and deletes the mirror
// pod ("Marking for deletion Pod %s", emitPodDeletionEvent); the kubelet's
// tryReconcileMirrorPods creates a new mirror with the same name. Upstream
// the loop runs at API latency; the simulator re-creates after
// kubelet.MirrorRecreateDelay (1 s), so the mirror is deleted at 10, 11,
// 12, 13 and 14 s, and the one created at 15 s, after the taint went at
// the step of 15 s, stays. etcd tolerates every NoExecute taint: untouched.
func TestKubeletReportStaticPodChurn(t *testing.T) {
	res := runKubeletReport(t, "kubelet-static-pod-churn.yaml")
	const obj = "pod/kube-system/kube-scheduler-cp-1"
	var marking []string
	for s := 10; s <= 14; s++ {
		marking = append(marking, fmt.Sprintf("%d Marking for deletion Pod kube-system/kube-scheduler-cp-1", s))
	}
	assert.Equal(t, marking, eventTimes(res, obj, sim.ReasonTaintManagerEviction))
	assert.Empty(t, events(res, "pod/kube-system/etcd-cp-1"))
	for s := 10.0; s <= 14; s++ {
		f := at(res, s+0.5)
		p, ok := pod(f, "kube-scheduler-cp-1")
		require.True(t, ok, "t=%v", s)
		assert.Equal(t, sim.PhaseEvicted, p.Phase, "t=%v", s)
		assert.True(t, p.Static)
		assert.Equal(t, s+1, val(p.MirrorAt), "t=%v: the kubelet's next mirror", s)
		assert.Contains(t, p.Why.Summary, "The static pod keeps running on cp-1")
		checkPod(t, f, "etcd-cp-1", want{"Running", "cp-1", 0, -1})
	}
	checkPod(t, at(res, 20), "kube-scheduler-cp-1", want{"Running", "cp-1", 15, -1})
	// One frame per re-creation: t=0, the step at 10, 11–14, the step and
	// the re-creation at 15, the end.
	var times []float64
	for _, f := range res.Frames {
		times = append(times, f.At)
	}
	assert.Equal(t, []float64{0, 10, 11, 12, 13, 14, 15, 15, 20}, times)
}

// A DaemonSet pod on a DiskPressure node: the kubelet's eviction manager
// rejects it ("The node had condition: [DiskPressure]. ", reason Evicted);
// daemon_controller.go podsShouldBeOnNode deletes each Failed pod once
// failedPodsBackoff (flowcontrol.NewBackOff(1s, 15min)) allows, with
// Warning FailedDaemonPod "Found failed daemon pod %s/%s on node %s, will
// try to kill it", and the next sync creates the replacement: deletions
// at 0, 1, 3, 7, 15, 31, 63, 127, 255 and 511 s (CONTROLLERS.md §5.3).
func TestKubeletReportDaemonSetBackoff(t *testing.T) {
	res := runKubeletReport(t, "kubelet-daemonset-backoff.yaml")
	const obj = "daemonset/kube-system/agent"
	var failed []float64
	var created []string
	for _, e := range res.Events {
		switch {
		case e.Object == obj && e.Reason == "FailedDaemonPod":
			failed = append(failed, e.At)
			assert.Regexp(t, `^Found failed daemon pod kube-system/agent-[a-z0-9]{5} on node n1, will try to kill it$`, e.Message)
		case e.Object == obj && e.Reason == "SuccessfulCreate":
			created = append(created, fmt.Sprint(e.At))
		}
	}
	assert.Equal(t, []float64{0, 1, 3, 7, 15, 31, 63, 127, 255, 511}, failed)
	// n1: 0 (D1), 0, 1, 3, …, 511; n2: one pod at 0.
	assert.Equal(t, []string{"0", "0", "0", "1", "3", "7", "15", "31", "63", "127", "255", "511"}, created)
	last := res.Frames[len(res.Frames)-1]
	n1 := 0
	for _, p := range last.Pods {
		if p.Node == "n1" {
			n1++
			assert.Equal(t, "Evicted", p.Reason)
			assert.Equal(t, "Pod was rejected: The node had condition: [DiskPressure]. ", p.Message)
			assert.Contains(t, p.Why.Summary, "The DaemonSet controller deletes this failed pod at t=1023s")
		}
	}
	assert.Equal(t, 1, n1, "at 600 s the pod created at 511 s sits Failed until 1023 s")
}

// node.kubernetes.io/not-ready:NoExecute added by hand to a Ready node:
// the next monitor pass (node_lifecycle_controller.go monitorNodeHealth →
// processTaintBaseEviction → markNodeAsReachable, --node-monitor-period
// 5 s) removes it at 15 s. batch, which tolerates it for 0 s, is deleted at
// once (12 s); web's DefaultTolerationSeconds 300 s eviction is cancelled
// ("Cancelling deletion of Pod %s") instead of firing at 312 s. A
// hand-added memory-pressure:NoSchedule goes in the same update
// (doNoScheduleTaintingPass).
func TestKubeletReportNotReadyNoExecute(t *testing.T) {
	res := runKubeletReport(t, "kubelet-not-ready-noexecute.yaml")
	assert.Equal(t, []string{"15 Cancelling deletion of Pod default/web"}, eventTimes(res, "pod/default/web", sim.ReasonTaintManagerEviction))
	assert.Equal(t, []string{"12 Marking for deletion Pod default/batch"}, eventTimes(res, "pod/default/batch", sim.ReasonTaintManagerEviction))
	taints := func(sec float64) int { return len(at(res, sec).Nodes[0].Taints) }
	assert.Equal(t, 1, taints(14), "until the pass")
	assert.Equal(t, 0, taints(15))
	assert.Equal(t, 0, taints(30), "memory-pressure:NoSchedule removed in its own update")
	checkPod(t, at(res, 400), "web", want{"Running", "n1", 0, -1})
}
