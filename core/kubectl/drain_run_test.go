package kubectl_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// kubectl drain (k8s.io/kubectl v0.37.2 pkg/cmd/drain RunDrain and
// pkg/drain evictPods, filters.go): cordon, the pod filters, one eviction
// per pod, "pod/<name> evicted" once it is gone, "node/<n> drained". A
// PodDisruptionBudget refusal (429) prints the retry line and is retried
// every 5 s. Stdout and stderr are checked together, as a terminal shows
// them (kubectl writes the Warning and the retry line to stderr).

func owned(kind string) []core.OwnerReference {
	yes := true
	return []core.OwnerReference{{APIVersion: "apps/v1", Kind: kind, Name: "owner", Controller: &yes}}
}

func drainCluster() *cluster {
	c := newCluster(node("n1", nil, false), node("n2", nil, false))
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web-a", OwnerReferences: owned("ReplicaSet")}, Spec: core.PodSpec{NodeName: "n1"}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "agent", Namespace: "kube-system", OwnerReferences: owned("DaemonSet")}, Spec: core.PodSpec{NodeName: "n1"}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "etcd-n1", Namespace: "kube-system", Annotations: map[string]string{"kubernetes.io/config.mirror": "x"}}, Spec: core.PodSpec{NodeName: "n1"}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web-b", OwnerReferences: owned("ReplicaSet")}, Spec: core.PodSpec{NodeName: "n1"}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "elsewhere", OwnerReferences: owned("ReplicaSet")}, Spec: core.PodSpec{NodeName: "n2"}})
	return c
}

const pdbRetry = `error when evicting pods/"web-a" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`

func TestDrain(t *testing.T) {
	c := drainCluster()
	out, wait, err := kubectl.Drain(c, []string{"n1", "--ignore-daemonsets"})
	require.NoError(t, err)
	assert.Nil(t, wait)
	assert.Equal(t, strings.Join([]string{
		"node/n1 cordoned",
		"Warning: ignoring DaemonSet-managed Pods: kube-system/agent",
		"evicting pod default/web-a",
		"evicting pod default/web-b",
		"pod/web-a evicted",
		"pod/web-b evicted",
		"node/n1 drained",
	}, "\n"), out)
	assert.Equal(t, []string{"EVICT pods default/web-a uid=uid-0 skipBudgets=false", "EVICT pods default/web-b uid=uid-3 skipBudgets=false"}, c.calls)
	assert.True(t, c.nodes["n1"].Spec.Unschedulable)
	assert.False(t, c.nodes["n2"].Spec.Unschedulable)
	assert.Equal(t, []string{"PATCH /nodes/n1"}, c.writes, "drain adds no taint: one write, the cordon")
}

// Pods that completed are deletable whatever their owner; a node already
// cordoned says so.
func TestDrainTerminalPodAndCordonedNode(t *testing.T) {
	c := newCluster(node("n1", nil, true))
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "job"}, Spec: core.PodSpec{NodeName: "n1"}, Status: core.PodStatus{Phase: core.PodSucceeded}})
	out, wait, err := kubectl.Drain(c, []string{"n1"})
	require.NoError(t, err)
	assert.Nil(t, wait)
	assert.Equal(t, "node/n1 already cordoned\nevicting pod default/job\npod/job evicted\nnode/n1 drained", out)
}

func TestDrainWaitsForBudget(t *testing.T) {
	c := drainCluster()
	c.budget["default/web-a"] = 2
	out, wait, err := kubectl.Drain(c, []string{"n1", "--ignore-daemonsets"})
	require.NoError(t, err)
	require.NotNil(t, wait)
	assert.Equal(t, "n1", wait.Node)
	assert.Equal(t, strings.Join([]string{
		"node/n1 cordoned",
		"Warning: ignoring DaemonSet-managed Pods: kube-system/agent",
		"evicting pod default/web-a",
		"evicting pod default/web-b",
		pdbRetry,
		"pod/web-b evicted",
	}, "\n"), out)
	assert.Equal(t, 5*time.Second, kubectl.DrainRetry)
	assert.Equal(t, time.Second, kubectl.DrainPoll)
	assert.NotEmpty(t, c.narration, "the wait is narrated")

	// The retry comes DrainRetry later: four polls, then refused again.
	tick := func(n int) (lines []string, done bool) {
		for i := 0; i < n; i++ {
			lines, done = wait.Tick(c)
		}
		return lines, done
	}
	_, done := tick(5)
	assert.False(t, done)
	assert.Len(t, c.calls, 3, "one retry after 5 polls")
	// Allowed: the pod is evicted, gone at the next look, and the node
	// drained.
	lines, done := tick(5)
	assert.True(t, done)
	assert.Contains(t, lines, "pod/web-a evicted")
	assert.Equal(t, "node/n1 drained", lines[len(lines)-1])
	assert.Equal(t, []string{
		"EVICT pods default/web-a uid=uid-0 skipBudgets=false",
		"EVICT pods default/web-b uid=uid-3 skipBudgets=false",
		"EVICT pods default/web-a uid=uid-0 skipBudgets=false",
		"EVICT pods default/web-a uid=uid-0 skipBudgets=false",
	}, c.calls)
}

// A pod that is gone while drain waits (NotFound) is dropped without an
// "evicted" line (evictPods returns on IsNotFound).
func TestDrainWaitPodGone(t *testing.T) {
	c := drainCluster()
	c.budget["default/web-a"] = -1
	_, wait, err := kubectl.Drain(c, []string{"n1", "--ignore-daemonsets"})
	require.NoError(t, err)
	require.NotNil(t, wait)
	require.NoError(t, c.DeletePod("default", "web-a", nil))
	var lines []string
	var done bool
	for i := 0; i < 5; i++ {
		lines, done = wait.Tick(c)
	}
	assert.True(t, done)
	assert.Equal(t, []string{"node/n1 drained"}, lines)
}

// --disable-eviction deletes: no budget is consulted.
func TestDrainDisableEviction(t *testing.T) {
	c := drainCluster()
	c.budget["default/web-a"] = -1
	_, wait, err := kubectl.Drain(c, []string{"n1", "--ignore-daemonsets", "--disable-eviction"})
	require.NoError(t, err)
	assert.Nil(t, wait)
	assert.Equal(t, []string{"EVICT pods default/web-a uid=uid-0 skipBudgets=true", "EVICT pods default/web-b uid=uid-3 skipBudgets=true"}, c.calls)
}

// The filters refuse: nothing is evicted, the node stays cordoned, and
// kubectl prints the groups (SCHEDULER.md §6; RunDrain and CheckErr).
func TestDrainRefused(t *testing.T) {
	c := drainCluster()
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "bare"}, Spec: core.PodSpec{NodeName: "n1"}})
	out, wait, err := kubectl.Drain(c, []string{"n1"})
	require.Error(t, err)
	assert.Nil(t, wait)
	assert.Equal(t, "node/n1 cordoned", out)
	assert.Equal(t, `error: unable to drain node "n1" due to error: [cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent, cannot delete Pods that declare no controller (use --force to override): default/bare], continuing command...
There are pending nodes to be drained:
 n1
cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent
cannot delete Pods that declare no controller (use --force to override): default/bare`, err.Error())
	assert.Empty(t, c.calls)
	assert.True(t, c.nodes["n1"].Spec.Unschedulable)

	// --force deletes the bare pod, with kubectl's warning.
	out, _, err = kubectl.Drain(c, []string{"n1", "--ignore-daemonsets", "--force"})
	require.NoError(t, err)
	assert.Contains(t, out, "Warning: ignoring DaemonSet-managed Pods: kube-system/agent; deleting Pods that declare no controller: default/bare\n")
	assert.Contains(t, out, "pod/bare evicted\n")
}

func TestDrainErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"nope"}, `Error from server (NotFound): nodes "nope" not found`},
		{nil, "error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples"},
		{[]string{"n1", "--bogus"}, "error: unknown flag: --bogus\nSee 'kubectl drain --help' for usage."},
		{[]string{"n1", "--grace-period"}, "error: flag needs an argument: --grace-period\nSee 'kubectl drain --help' for usage."},
	} {
		c := drainCluster()
		out, wait, err := kubectl.Drain(c, tc.args)
		require.Error(t, err, "%q", tc.args)
		assert.Empty(t, out)
		assert.Nil(t, wait)
		assert.Equal(t, tc.want, err.Error(), "%q", tc.args)
		assert.Empty(t, c.calls)
	}
}
