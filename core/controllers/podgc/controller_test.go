package podgc

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/clock/clocktest"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

func newEnv(t *testing.T, cfg Config) (*controllers.Env, *Controller) {
	t.Helper()
	env := &controllers.Env{Store: store.New(), Clock: clock.New()}
	n := nodeWith("n1", core.ConditionTrue)
	env.Store.CreateNode(n, true)
	return env, New(env, cfg)
}

// failed stores a pod the kubelet rejected on n1 (a Failed object).
func failed(env *controllers.Env, name, reason string, created time.Duration) *store.Pod {
	p := &core.Pod{}
	p.Namespace, p.Name = "default", name
	rec := &store.Pod{Object: p, Node: "n1", Phase: store.PhaseEvicted, Failed: true, StatusReason: reason, CreatedAt: created}
	env.Store.AddPod(rec, "kubelet")
	return rec
}

// With --terminated-pod-gc-threshold 2 the third Failed pod (at 25 s)
// wakes the controller; its 40 s pass deletes the evicted one first.
func TestControllerTerminatedThreshold(t *testing.T) {
	env, _ := newEnv(t, Config{TerminatedPodGCThreshold: 2})
	a := failed(env, "a", "OutOfcpu", 0)
	b := failed(env, "b", EvictedReason, 5*time.Second)
	require.Zero(t, env.Clock.Len(), "two terminated pods: within the threshold")
	env.Clock.Set(25 * time.Second)
	c := failed(env, "c", "OutOfcpu", 25*time.Second)
	require.Equal(t, 1, env.Clock.Len())
	assert.Equal(t, 40*time.Second, env.Clock.Peek().At)
	clocktest.Advance(env.Clock, time.Minute, nil)
	assert.True(t, a.Live() && c.Live(), "a and c stay")
	assert.False(t, b.Live(), "b, evicted, is deleted first")
	assert.Contains(t, b.EvictReason, "PodGC deleted it at t=40s: more than 2 terminated pods")
	assert.Zero(t, env.Clock.Len(), "no pass is set while there is nothing to do")
}

func TestControllerDefaultThreshold(t *testing.T) {
	_, c := newEnv(t, Config{})
	assert.Equal(t, DefaultTerminatedThreshold, c.threshold)
	_, c = newEnv(t, Config{TerminatedPodGCThreshold: -1})
	assert.Equal(t, -1, c.threshold, "≤ 0 turns gcTerminated off")
}

// A pass due at the very moment a pod becomes a candidate runs then; a
// pass that has already run at this moment is followed by one 20 s later.
func TestControllerPassTimes(t *testing.T) {
	env, c := newEnv(t, Config{})
	env.Clock.Set(40 * time.Second)
	c.wake()
	assert.Equal(t, 40*time.Second, env.Clock.Peek().At)
	clocktest.Advance(env.Clock, 40*time.Second, nil)
	c.wake()
	assert.Equal(t, 60*time.Second, env.Clock.Peek().At)
	clocktest.Advance(env.Clock, 61*time.Second, nil)
	c.wake()
	assert.Equal(t, 80*time.Second, env.Clock.Peek().At)
}
