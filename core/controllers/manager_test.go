package controllers_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

type syncer struct {
	name string
	log  *[]string
}

func (s syncer) Sync() { *s.log = append(*s.log, s.name) }

func TestManagerSyncsInRegistrationOrder(t *testing.T) {
	var log []string
	m := &controllers.Manager{}
	m.Register(syncer{"replicaset", &log})
	m.Register(syncer{"daemonset", &log})
	m.Sync()
	m.Sync()
	assert.Equal(t, []string{"replicaset", "daemonset", "replicaset", "daemonset"}, log)
}

func TestManagerWakeAndCreatedAreTakenOnce(t *testing.T) {
	m := &controllers.Manager{}
	assert.False(t, m.TakeWake())
	m.Wake()
	m.Wake()
	assert.True(t, m.TakeWake())
	assert.False(t, m.TakeWake(), "taken")

	assert.False(t, m.TakeCreated())
	m.Created()
	assert.True(t, m.TakeCreated())
	assert.False(t, m.TakeCreated())
}

const (
	rsController = "replicaset-controller"
	dsController = "daemonset-controller"
)

// The pod watch wakes the workload controllers when a pod leaves its node
// (its controller may replace it) or a client deletes it; a controller's
// own deletion of a pod that had not started is expected (upstream's
// expectations) and wakes nobody.
func TestManagerWatchPods(t *testing.T) {
	cond := &core.PodCondition{Type: "DisruptionTarget", Status: core.ConditionTrue, Reason: "DeletionByTaintManager"}
	cases := []struct {
		name    string
		running bool
		by      string
		mutate  func(p *store.Pod)
		want    bool
	}{
		{"taint eviction of a running pod", true, "taint-eviction-controller", func(p *store.Pod) {
			p.Phase, p.DisruptionTarget = store.PhaseEvicted, cond
		}, true},
		{"kubelet rejection", true, "kubelet", func(p *store.Pod) { p.Phase, p.Failed = store.PhaseEvicted, true }, true},
		{"kubectl delete of a Pending pod", false, "kubectl", func(p *store.Pod) { p.Deleted = true }, true},
		{"kubectl delete of a running pod", true, "kubectl", func(p *store.Pod) { p.Deleted = true }, true},
		{"ReplicaSet deletes a Pending pod of its own", false, rsController, func(p *store.Pod) { p.Deleted = true }, false},
		{"DaemonSet deletes a Pending pod of its own", false, dsController, func(p *store.Pod) { p.Deleted = true }, false},
		{"scheduler binds a pod", false, "default-scheduler", func(p *store.Pod) { p.Node, p.Phase = "n1", store.PhaseRunning }, false},
		{"a status write", true, "default-scheduler", func(p *store.Pod) { p.FailedMessage = "" }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := store.New()
			m := &controllers.Manager{}
			m.WatchPods(st, rsController, dsController)
			obj := &core.Pod{}
			obj.Namespace, obj.Name = "default", "p"
			p := &store.Pod{Object: obj, Phase: store.PhasePending}
			if tc.running {
				p.Node, p.Phase = "n1", store.PhaseRunning
			}
			st.AddPod(p, "")
			require.False(t, m.TakeWake(), "adding a pod wakes nobody")
			st.UpdatePod(p, tc.by, tc.mutate)
			assert.Equal(t, tc.want, m.TakeWake())
		})
	}
}

// A controller's own deletion of a running pod still wakes the manager
// (the pod left its node); the sync that follows finds nothing to do.
func TestManagerOwnDeletionOfRunningPodWakes(t *testing.T) {
	st := store.New()
	m := &controllers.Manager{}
	m.WatchPods(st, rsController)
	obj := &core.Pod{}
	obj.Namespace, obj.Name = "default", "p"
	p := &store.Pod{Object: obj, Node: "n1", Phase: store.PhaseRunning}
	st.AddPod(p, rsController)
	st.UpdatePod(p, rsController, func(p *store.Pod) { p.Deleted = true })
	assert.True(t, m.TakeWake())
}

func (s syncer) Stop()  { *s.log = append(*s.log, "stop "+s.name) }
func (s syncer) Start() { *s.log = append(*s.log, "start "+s.name) }

// A restart stops every controller before any starts (the old process is
// gone before the new leader runs), then wakes the workload controllers.
func TestManagerRestartStopsAllThenStartsAll(t *testing.T) {
	var log []string
	m := &controllers.Manager{}
	m.OnRestart(syncer{"nodelifecycle", &log})
	m.OnRestart(syncer{"tainteviction", &log})
	m.Restart()
	assert.Equal(t, []string{"stop nodelifecycle", "stop tainteviction", "start nodelifecycle", "start tainteviction"}, log)
	assert.True(t, m.TakeWake(), "every workload resyncs")
}
