package controllers_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/admission/defaulttolerationseconds"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

// newEnv is an Env over a fresh store and clock with the default admission
// chain (DefaultTolerationSeconds on, 300 s) and its notes collected.
func newEnv() (*controllers.Env, *[]string) {
	st := store.New()
	notes := &[]string{}
	return &controllers.Env{
		Store: st, Clock: clock.New(),
		Notes: func(n string) { *notes = append(*notes, n) },
		Admission: &admission.Chain{Objects: st, Config: admission.Config{
			NotReadySeconds: defaulttolerationseconds.DefaultSeconds, UnreachableSeconds: defaulttolerationseconds.DefaultSeconds,
		}},
	}, notes
}

func TestEnvEmitStampsTimeAndSource(t *testing.T) {
	env, _ := newEnv()
	env.Clock.Set(90 * time.Second)
	env.Emit("taint-eviction-controller", core.EventNormal, "TaintManagerEviction", "pod/default/a", "Marking for deletion Pod default/a")
	require.Len(t, env.Store.Events(), 1)
	assert.Equal(t, core.Event{At: 90, Type: core.EventNormal, Reason: "TaintManagerEviction", Object: "pod/default/a",
		Message: "Marking for deletion Pod default/a", Source: "taint-eviction-controller"}, env.Store.Events()[0])
	assert.Equal(t, 90*time.Second, env.Now())
}

func TestEnvNote(t *testing.T) {
	env, notes := newEnv()
	env.Note("%s evicted from %s", "web", "n1")
	assert.Equal(t, []string{"web evicted from n1"}, *notes)
	env.Notes = nil
	assert.NotPanics(t, func() { env.Note("dropped") })
}

// NewPod runs admission: DefaultTolerationSeconds appends the not-ready
// and unreachable NoExecute tolerations (Exists, 300 s) the pod does not
// cover (SCHEDULER.md §5), and the record says who added each.
func TestEnvNewPodRunsAdmission(t *testing.T) {
	env, _ := newEnv()
	env.Clock.Set(12 * time.Second)
	p := &core.Pod{}
	p.Namespace, p.Name = "default", "web"
	p.Spec.NodeName = "n1"
	p.Spec.Tolerations = []core.Toleration{{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}}
	rec := env.NewPod(p, nil)
	secs := defaulttolerationseconds.DefaultSeconds
	assert.Equal(t, []core.Toleration{
		{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
		{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &secs},
	}, rec.Object.Spec.Tolerations)
	assert.Equal(t, []string{admission.SourceUser, admission.SourceDefaultTolerationSeconds}, rec.TolerationSources)
	assert.Equal(t, store.PhasePending, rec.Phase)
	assert.True(t, rec.Direct, "spec.nodeName set: bound without the scheduler")
	assert.Equal(t, 12*time.Second, rec.CreatedAt)
	assert.Equal(t, int32(0), rec.Priority)
	assert.Empty(t, rec.AdmitErr)
	assert.Empty(t, env.Store.Pods(), "NewPod does not store the record")
}

func TestEnvDeleteOwned(t *testing.T) {
	env, notes := newEnv()
	p := &core.Pod{}
	p.Namespace, p.Name = "default", "web-x7k2p"
	rec := &store.Pod{Object: p, Phase: store.PhasePending}
	env.Store.AddPod(rec, "")
	var by string
	env.Store.WatchPods(func(ev store.PodEvent) { by = ev.By })
	env.DeleteOwned(rec, "replicaset-controller", "replicaset/default/web", "replica set web scaled down")
	assert.True(t, rec.Deleted)
	assert.Equal(t, "replicaset-controller", by)
	require.Len(t, env.Store.Events(), 1)
	e := env.Store.Events()[0]
	assert.Equal(t, "SuccessfulDelete", e.Reason)
	assert.Equal(t, "Deleted pod: web-x7k2p", e.Message)
	assert.Equal(t, "replicaset/default/web", e.Object)
	assert.Equal(t, "replicaset-controller", e.Source)
	assert.Equal(t, []string{"web-x7k2p deleted: replica set web scaled down"}, *notes)
}
