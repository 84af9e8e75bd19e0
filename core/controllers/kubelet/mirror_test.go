package kubelet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock/clocktest"
	"github.com/taints-playground/playground/core/store"
)

func mirror(p *core.Pod) {
	p.Annotations = map[string]string{ConfigMirrorAnnotationKey: "abc", "kubernetes.io/config.source": "file"}
}

// CONTROLLERS.md §4 (predicate.go generalFilter, kubetypes.IsCriticalPod,
// v1.37): a static pod (its mirror) is admitted whatever the node's
// NoExecute taints and pressure; the resource check still applies to it.
func TestStaticPodAdmission(t *testing.T) {
	f := newFixture(t,
		node("tainted", taint("maint", core.TaintEffectNoExecute)),
		node("disk", condition(core.NodeDiskPressure, core.ConditionTrue)),
		node("mem", condition(core.NodeMemoryPressure, core.ConditionTrue)),
		node("small"))
	for _, n := range []string{"tainted", "disk", "mem"} {
		p := f.create("static-"+n, n, mirror)
		assert.True(t, p.Running(), n)
		assert.Empty(t, p.StatusReason, n)
		plain := f.create("plain-"+n, n)
		assert.False(t, plain.Running(), "%s: a pod without the annotation is rejected", n)
	}
	p := f.create("static-big", "small", mirror, cpu("5"))
	assert.Equal(t, "OutOfcpu", p.StatusReason)
}

// tryReconcileMirrorPods: a mirror pod force-deleted (grace 0, its record
// gone) while the kubelet runs its static pod comes back
// MirrorRecreateDelay later, a new object (new record, same name) bound
// and Running; no event. On a node whose kubelet is not posting it is not
// re-created.
func TestMirrorRecreated(t *testing.T) {
	f := newFixture(t, node("n1"), node("down", condition(core.NodeReady, core.ConditionFalse)))
	old := f.create("etcd-n1", "n1", mirror)
	f.env.Clock.Set(10 * time.Second)
	zero := int64(0)
	f.env.Store.DeletePod(old, "kubectl", store.Deletion{Now: f.env.Now(), GracePeriod: &zero}, nil)
	require.True(t, old.Deleted)
	at, ok := f.k.MirrorAt(old)
	require.True(t, ok)
	assert.Equal(t, 11*time.Second, at)
	clocktest.Advance(f.env.Clock, 11*time.Second, nil)
	pods := f.env.Store.Pods()
	require.Len(t, pods, 2)
	cur := pods[1]
	assert.Equal(t, "etcd-n1", cur.Name())
	assert.True(t, cur.Running())
	assert.Equal(t, 11*time.Second, *cur.ScheduledAt)
	assert.True(t, old.Deleted)
	_, ok = f.k.MirrorAt(old)
	assert.False(t, ok)
	assert.Empty(t, f.events())

	gone := f.create("kube-proxy-down", "down", mirror)
	f.env.Store.DeletePod(gone, "kubectl", store.Deletion{Now: f.env.Now(), GracePeriod: &zero}, nil)
	_, ok = f.k.MirrorAt(gone)
	assert.False(t, ok, "no kubelet posting on a not-Ready node")
}

// A mirror pod deleted while its node is not Ready stays Terminating (no
// kubelet to force-delete it); when the kubelet posts Ready again it
// force-deletes the old mirror and creates a new one (SyncPod →
// tryReconcileMirrorPods), MirrorRecreateDelay later here.
//
// A mirror deleted with its grace period on a Ready node is not stopped
// (no Killing: the static pod runs on); it is replaced the same way.
func TestMirrorRecreatedWhenKubeletReturns(t *testing.T) {
	f := newFixture(t, node("n1"))
	p := f.create("etcd-n1", "n1", mirror)
	f.env.Clock.Set(5 * time.Second)
	down := f.env.Store.Node("n1").DeepCopy()
	down.SetCondition(core.NodeReady, core.ConditionUnknown, "NodeStatusUnknown", "")
	f.env.Store.UpdateNode(down)
	f.env.Store.DeletePod(p, "taint-eviction-controller", store.Deletion{Now: f.env.Now(), Evict: true}, nil)
	assert.True(t, p.IsTerminating())
	_, ok := f.k.MirrorAt(p)
	assert.False(t, ok)

	f.env.Clock.Set(20 * time.Second)
	up := f.env.Store.Node("n1").DeepCopy()
	up.SetCondition(core.NodeReady, core.ConditionTrue, "KubeletReady", "")
	f.env.Store.UpdateNode(up)
	assert.True(t, p.IsTerminating(), "until the kubelet's sync force-deletes it")
	at, ok := f.k.MirrorAt(p)
	require.True(t, ok)
	assert.Equal(t, 21*time.Second, at)
	clocktest.Advance(f.env.Clock, at, nil)
	assertNewMirror(t, f, p, at)
}

// assertNewMirror checks that the mirror record p is the kubelet's new
// mirror pod since at: one record, Running, created and bound at at, with
// no deletion left on its object.
func assertNewMirror(t *testing.T, f *fixture, p *store.Pod, at time.Duration) {
	t.Helper()
	require.Len(t, f.env.Store.Pods(), 1, "one record per mirror name")
	assert.False(t, p.IsTerminating())
	assert.True(t, p.Running())
	assert.Equal(t, at, p.CreatedAt)
	assert.Equal(t, at, *p.ScheduledAt)
	assert.Nil(t, p.Object.DeletionTimestamp)
	assert.Nil(t, p.Object.DeletionGracePeriodSeconds)
	assert.Nil(t, p.DisruptionTarget)
}

func TestMirrorDeletedGracefullyIsReplaced(t *testing.T) {
	f := newFixture(t, node("n1"))
	p := f.create("etcd-n1", "n1", mirror)
	f.env.Clock.Set(5 * time.Second)
	f.env.Store.DeletePod(p, "taint-eviction-controller", store.Deletion{Now: f.env.Now(), Evict: true}, nil)
	require.True(t, p.IsTerminating())
	at, ok := f.k.MirrorAt(p)
	require.True(t, ok)
	assert.Equal(t, 6*time.Second, at)
	clocktest.Advance(f.env.Clock, at, nil)
	assertNewMirror(t, f, p, at)
	assert.Empty(t, f.events(), "no Killing: the static pod keeps running")
}
