package cases

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// runTermReport simulates testdata/reports/term-NAME.yaml.
func runTermReport(t *testing.T, name string) *sim.Result {
	t.Helper()
	file := "testdata/reports/term-" + name + ".yaml"
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	s, err := scenario.Parse(b, file)
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	return res
}

// Issue 13's report "a ReplicaSet replacement appears while the old pod
// is Terminating": the taint-eviction controller deletes web-csrn6 at
// 10 s with the pod's 30 s grace period (deletePodHandler's empty
// DeleteOptions; SetDefaults_PodSpec's 30), the ReplicaSet creates
// web-l7kvk at once (controller.FilterActivePods drops pods with a
// deletionTimestamp) and it binds to n2 at 10 s; the old pod is listed
// Terminating at 20 s (printPod) and holds n1's CPU, so late, which needs
// it, binds only when the kubelet finishes the deletion at 40 s (the
// Killing event, kuberuntime killContainer, at 10 s).
func TestReportTermReplacement(t *testing.T) {
	res := runTermReport(t, "replacement")
	checkPod(t, at(res, 10), "web-l7kvk", want{"Running", "n2", 10, -1})
	old, ok := pod(at(res, 20), "web-csrn6")
	require.True(t, ok)
	assert.True(t, old.Terminating, "web-csrn6 at 20 s")
	assert.Equal(t, 40.0, val(old.GraceEnd))
	for _, f := range res.Frames {
		if f.Step == "kubectl get pods -o wide" {
			assert.Contains(t, f.Output, "web-csrn6   1/1     Terminating   0          20s   <none>   n1")
			assert.Contains(t, f.Output, "web-l7kvk   1/1     Running       0          10s   <none>   n2")
		}
	}
	checkPod(t, at(res, 39), "late", want{"Pending", "", -1, -1})
	checkPod(t, at(res, 40), "late", want{"Running", "n1", 40, -1})
	gone, _ := pod(at(res, 40), "web-csrn6")
	assert.False(t, gone.Terminating, "web-csrn6 finished at 40 s")

	var created []float64
	for _, e := range events(res, "replicaset/default/web") {
		if e.Reason == "SuccessfulCreate" {
			created = append(created, e.At)
		}
	}
	assert.Equal(t, []float64{0, 10}, created)
	ev := events(res, "pod/default/web-csrn6")
	require.Len(t, ev, 3)
	assert.Equal(t, "Killing", ev[2].Reason)
	assert.Equal(t, "Stopping container web", ev[2].Message)
	assert.Equal(t, 10.0, ev[2].At)
}
