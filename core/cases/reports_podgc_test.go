package cases

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// runReport runs testdata/reports/<name>.yaml.
func runReport(t *testing.T, name string) *sim.Result {
	t.Helper()
	data, err := os.ReadFile("testdata/reports/" + name + ".yaml")
	require.NoError(t, err)
	s, err := scenario.Parse(data, name+".yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	return res
}

// stepFrame is the frame of the step run at sec.
func stepFrame(t *testing.T, res *sim.Result, sec float64, run string) sim.Frame {
	t.Helper()
	for _, f := range res.Frames {
		if f.At == sec && f.Step == run {
			return f
		}
	}
	require.Failf(t, "no frame", "no frame of %q at t=%v", run, sec)
	return sim.Frame{}
}

// Issue 13, report 1: "out-of-service: pods Terminating forever". n1's
// kubelet stops at 10 s; the node turns Unknown at 65 s (the first 5 s
// monitor pass after the 50 s node-monitor-grace-period) and the operator
// adds node.kubernetes.io/out-of-service=nodeshutdown:NoExecute at 70 s.
//
//   - tainteviction processPodOnNode: the pods tolerate only not-ready and
//     unreachable (DefaultTolerationSeconds), so the new NoExecute taint
//     evicts them at once, at 70 s;
//   - their node is not Ready, so no kubelet finishes the deletion: they
//     stay Terminating (deletionTimestamp set, phase Running) and the
//     ReplicaSet, which does not count terminating pods, replaces web's
//     two at once, on n2;
//   - podgc gcTerminating (pass every gcCheckPeriod = 20 s from t=0,
//     wait.UntilWithContext) finds them at 80 s on a node that is not
//     Ready and has the out-of-service key, and force-deletes them
//     (markFailedAndDeletePod: Failed, no condition added, grace 0).
func TestReportPodGCOutOfService(t *testing.T) {
	res := runReport(t, "podgc-out-of-service")
	victims := []string{"db"}
	for _, p := range ownedBy(at(res, 60), "ReplicaSet/web") {
		require.Equal(t, "n1", p.Node)
		victims = append(victims, p.Name)
	}
	require.Len(t, victims, 3)

	for _, name := range victims {
		ev := events(res, "pod/default/"+name)
		require.NotEmpty(t, ev, name)
		last := ev[len(ev)-1]
		assert.Equal(t, 70.0, last.At, name)
		assert.Equal(t, "Marking for deletion Pod default/"+name, last.Message, name)

		p, _ := pod(at(res, 79), name)
		assert.True(t, p.Terminating, "t=79: %s Terminating", name)
		assert.Equal(t, 70.0, val(p.EvictedAt), name)
		if assert.NotNil(t, p.Why, name) {
			assert.Contains(t, p.Why.Summary, "Terminating: node n1 is not Ready and has the out-of-service taint; PodGC force-deletes it at its next pass (every 20s).", name)
		}

		p, _ = pod(at(res, 80), name)
		assert.False(t, p.Terminating, "t=80: %s force-deleted", name)
		if assert.NotNil(t, p.Why, name) {
			assert.Contains(t, p.Why.Summary, "PodGC force-deleted it at t=80s (node n1 is not Ready and has the out-of-service taint)", name)
		}
	}
	f80 := at(res, 80)
	assert.Equal(t, 80.0, f80.At)
	assert.Contains(t, f80.Summary, "PodGC force-deleted db at t=80s (node n1 is not Ready and has the out-of-service taint)")

	// kubectl get pods lists them Terminating at 75 s and not at 85 s.
	get75 := stepFrame(t, res, 75, "kubectl get pods").Output
	get85 := stepFrame(t, res, 85, "kubectl get pods").Output
	for _, name := range victims {
		assert.Regexp(t, `(?m)^`+name+` +1/1 +Terminating `, get75)
		assert.NotContains(t, get85, name)
	}
	// The replacements run on n2 from 70 s; podgc emits no events.
	var running []string
	for _, p := range ownedBy(at(res, 85), "ReplicaSet/web") {
		if p.Phase == "Running" {
			running = append(running, p.Name+"@"+p.Node)
			assert.Equal(t, 70.0, val(p.ScheduledAt))
		}
	}
	assert.Len(t, running, 2)
	for _, r := range running {
		assert.True(t, strings.HasSuffix(r, "@n2"), r)
	}
	for _, e := range res.Events {
		assert.NotContains(t, e.Source, "pod-garbage-collector")
	}
}
