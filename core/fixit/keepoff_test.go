package fixit_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/fixit"
)

func secs(n int64) *int64 { return &n }

// The tolerations DefaultTolerationSeconds gives every pod.
var defaults = []core.Toleration{
	{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: secs(300)},
	{Key: "node.kubernetes.io/unreachable", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: secs(300)},
}

// The DaemonSet controller's tolerations (AddOrUpdateDaemonPodTolerations):
// none covers an arbitrary key.
var daemon = []core.Toleration{
	{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
	{Key: "node.kubernetes.io/unreachable", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
	{Key: "node.kubernetes.io/disk-pressure", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	{Key: "node.kubernetes.io/memory-pressure", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	{Key: "node.kubernetes.io/pid-pressure", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	{Key: "node.kubernetes.io/unschedulable", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
}

func podsOnNode() (web fixit.PodOnNode, all []fixit.PodOnNode) {
	web = fixit.PodOnNode{Pod: "default/web-1", Tolerations: defaults, Owner: "ReplicaSet/web-5d8"}
	all = []fixit.PodOnNode{
		{Pod: "kube-system/agent-x", Tolerations: daemon, Owner: "DaemonSet/agent"},
		web,
		{Pod: "kube-system/etcd-n1", Tolerations: []core.Toleration{{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}}, Owner: "Node/n1", Static: true},
		{Pod: "kube-system/proxy-n1", Tolerations: defaults, Owner: "Node/n1", Static: true},
		{Pod: "default/batch", Tolerations: append([]core.Toleration{{Key: "dedicated", Operator: core.TolerationOpExists, TolerationSeconds: secs(30)}}, defaults...)},
		{Pod: "default/ml", Tolerations: []core.Toleration{{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "other"}}},
	}
	return web, all
}

func TestKeepOffNoExecute(t *testing.T) {
	web, all := podsOnNode()
	plan, err := fixit.KeepOff(web, "n1", nil, all, core.TaintEffectNoExecute, false)
	require.NoError(t, err)
	assert.False(t, plan.Impossible)
	assert.Equal(t, core.Taint{Key: "dedicated", Value: "other", Effect: core.TaintEffectNoExecute}, plan.Taint)
	assert.Equal(t, "kubectl taint nodes n1 dedicated=other:NoExecute", plan.Command)
	assert.Equal(t, []fixit.PodFate{
		// The pod asked about comes first.
		{Pod: "default/web-1", Owner: "ReplicaSet/web-5d8", Fate: fixit.FateEvictedNow},
		// No DaemonSet toleration covers dedicated: evicted too.
		{Pod: "kube-system/agent-x", Owner: "DaemonSet/agent", Fate: fixit.FateEvictedNow, DaemonSet: true},
		// The empty-key Exists NoExecute toleration tolerates it forever.
		{Pod: "kube-system/etcd-n1", Owner: "Node/n1", Fate: fixit.FateStays},
		// A mirror pod is deleted, the kubelet creates it again.
		{Pod: "kube-system/proxy-n1", Owner: "Node/n1", Fate: fixit.FateMirrorRecreated},
		// Tolerated for 30 s (empty effect matches every effect).
		{Pod: "default/batch", Fate: fixit.FateEvictedAfter, After: 30},
		// Equal dedicated=other without tolerationSeconds: stays.
		{Pod: "default/ml", Fate: fixit.FateStays},
	}, plan.Pods)
	assert.Equal(t, 2, plan.Moved, "agent-x and batch leave besides web-1")
}

// NoSchedule keeps new pods off and moves nobody.
func TestKeepOffNoSchedule(t *testing.T) {
	web, all := podsOnNode()
	plan, err := fixit.KeepOff(web, "n1", nil, all, core.TaintEffectNoSchedule, false)
	require.NoError(t, err)
	assert.Equal(t, "kubectl taint nodes n1 dedicated=other:NoSchedule", plan.Command)
	for _, f := range plan.Pods {
		assert.Equal(t, fixit.FateStays, f.Fate, f.Pod)
	}
	assert.Zero(t, plan.Moved)
}

func TestKeepOffSuggestion(t *testing.T) {
	// The pod tolerates dedicated=other: the next suggestion is used; a
	// key already on the node with that effect is skipped too.
	pod := fixit.PodOnNode{Pod: "default/p", Tolerations: []core.Toleration{{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "other"}}}
	taints := []core.Taint{{Key: "dedicated", Value: "keep-off", Effect: core.TaintEffectNoExecute}}
	plan, err := fixit.KeepOff(pod, "n1", taints, nil, core.TaintEffectNoExecute, false)
	require.NoError(t, err)
	assert.Equal(t, "kubectl taint nodes n1 keep-off:NoExecute", plan.Command)

	// The wildcard tolerates every taint: no taint keeps it off.
	wild := fixit.PodOnNode{Pod: "default/w", Tolerations: []core.Toleration{{Operator: core.TolerationOpExists}}}
	plan, err = fixit.KeepOff(wild, "n1", nil, nil, core.TaintEffectNoExecute, false)
	require.NoError(t, err)
	assert.True(t, plan.Impossible)
	assert.Empty(t, plan.Command)
	assert.Equal(t, []fixit.PodFate{{Pod: "default/w", Fate: fixit.FateStays}}, plan.Pods)

	_, err = fixit.KeepOff(pod, "n1", nil, nil, core.TaintEffectPreferNoSchedule, false)
	require.ErrorContains(t, err, `effect "PreferNoSchedule"`)
	_, err = fixit.KeepOff(pod, "", nil, nil, core.TaintEffectNoExecute, false)
	require.ErrorContains(t, err, "runs on no node")
}

// A static pod's mirror pod: the kubelet runs the static pod from its
// manifest whatever the taints (generalFilter skips the taint check for
// static pods; a NoExecute taint only deletes the mirror pod, which the
// kubelet creates again), so no taint is proposed, whatever the effect.
func TestKeepOffStaticPod(t *testing.T) {
	_, all := podsOnNode()
	proxy := all[3]
	for _, e := range []core.TaintEffect{core.TaintEffectNoExecute, core.TaintEffectNoSchedule} {
		plan, err := fixit.KeepOff(proxy, "n1", nil, all, e, false)
		require.NoError(t, err)
		assert.True(t, plan.Static, e)
		assert.Empty(t, plan.Command, e)
		assert.Empty(t, plan.Pods, e)
		assert.False(t, plan.Impossible, e)
	}
}
