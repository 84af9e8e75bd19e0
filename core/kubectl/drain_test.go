package kubectl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// EXAMPLES.md S19.
func TestDrainS19(t *testing.T) {
	pods := []DrainPod{
		{Namespace: "default", Name: "web-7d9f8-abcde", Controlled: true},
		{Namespace: "kube-system", Name: "agent-x9z", DaemonSet: true, Controlled: true},
		{Namespace: "default", Name: "cache-5c4-fghij", Controlled: true, LocalStorage: true},
		{Namespace: "default", Name: "bare"},
		{Namespace: "kube-system", Name: "etcd-n1", Mirror: true},
	}
	o, err := ParseDrain([]string{"n1"})
	require.NoError(t, err)
	plan := FilterDrainPods(pods, o)
	want := `error: unable to drain node "n1" due to error: [cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-x9z, cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-5c4-fghij, cannot delete Pods that declare no controller (use --force to override): default/bare], continuing command...
There are pending nodes to be drained:
 n1
cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-x9z
cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-5c4-fghij
cannot delete Pods that declare no controller (use --force to override): default/bare`
	assert.Equal(t, want, DrainErrorText("n1", plan.Errors))
	assert.Empty(t, plan.Evict)

	o, err = ParseDrain([]string{"n1", "--ignore-daemonsets", "--delete-emptydir-data", "--force"})
	require.NoError(t, err)
	plan = FilterDrainPods(pods, o)
	assert.Equal(t, "Warning: ignoring DaemonSet-managed Pods: kube-system/agent-x9z; deleting Pods that declare no controller: default/bare", plan.Warning)
	require.Len(t, plan.Evict, 3)
	assert.Equal(t, "web-7d9f8-abcde", plan.Evict[0].Name)
	assert.Equal(t, "bare", plan.Evict[2].Name)
	assert.Empty(t, plan.Errors)

	// A bare pod with emptyDir reports only the local-storage error.
	plan = FilterDrainPods([]DrainPod{{Namespace: "default", Name: "x", LocalStorage: true}}, DrainOptions{Node: "n1"})
	assert.Equal(t, []string{"cannot delete Pods with local storage (use --delete-emptydir-data to override): default/x"}, plan.Errors)
	assert.Equal(t, "error: unable to drain node \"n1\" due to error: cannot delete Pods with local storage (use --delete-emptydir-data to override): default/x, continuing command...\nThere are pending nodes to be drained:\n n1\ncannot delete Pods with local storage (use --delete-emptydir-data to override): default/x", DrainErrorText("n1", plan.Errors))
	assert.Equal(t, `error when evicting pods/"web" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
		EvictionRetryText("default", "web", "Cannot evict pod as it would violate the pod's disruption budget."))
	_, err = ParseDrain([]string{"n1", "--dry-run=client"})
	assert.Error(t, err, "dry run accepted")
	_, err = ParseDrain(nil)
	assert.Error(t, err, "drain without a node accepted")
}

// The filters of k8s.io/kubectl v0.37.2 pkg/drain/filters.go, one pod at
// a time: each stops at the first filter that refuses the pod, and the
// status of the last filter that ran is kept (so a later filter's "okay"
// drops an earlier warning).
func TestFilterDrainPods(t *testing.T) {
	all := DrainOptions{Node: "n1", IgnoreDaemonSets: true, DeleteEmptyDirData: true, Force: true}
	for _, tc := range []struct {
		name      string
		pod       DrainPod
		o         DrainOptions
		evict     bool
		warning   string
		errorText string
	}{
		{name: "controlled", pod: DrainPod{Controlled: true}, evict: true},
		{name: "mirror pods are skipped silently", pod: DrainPod{Mirror: true}, o: all},
		{name: "DaemonSet pod ignored", pod: DrainPod{DaemonSet: true, Controlled: true}, o: all,
			warning: "Warning: ignoring DaemonSet-managed Pods: default/p"},
		{name: "DaemonSet pod refused", pod: DrainPod{DaemonSet: true, Controlled: true},
			errorText: "cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/p"},
		{name: "local storage of a controlled pod: the later okay drops the warning", pod: DrainPod{Controlled: true, LocalStorage: true}, o: all, evict: true},
		{name: "local storage refused", pod: DrainPod{Controlled: true, LocalStorage: true},
			errorText: "cannot delete Pods with local storage (use --delete-emptydir-data to override): default/p"},
		{name: "a finished pod with local storage", pod: DrainPod{LocalStorage: true, Terminal: true}, evict: true},
		{name: "a finished bare pod", pod: DrainPod{Terminal: true}, evict: true},
		{name: "bare pod forced", pod: DrainPod{LocalStorage: true}, o: all, evict: true,
			warning: "Warning: deleting Pods that declare no controller: default/p"},
		{name: "bare pod refused", pod: DrainPod{},
			errorText: "cannot delete Pods that declare no controller (use --force to override): default/p"},
	} {
		tc.pod.Namespace, tc.pod.Name = "default", "p"
		plan := FilterDrainPods([]DrainPod{tc.pod}, tc.o)
		if tc.evict {
			assert.Equal(t, []DrainPod{tc.pod}, plan.Evict, tc.name)
		} else {
			assert.Empty(t, plan.Evict, tc.name)
		}
		assert.Equal(t, tc.warning, plan.Warning, tc.name)
		if tc.errorText == "" {
			assert.Empty(t, plan.Errors, tc.name)
		} else {
			assert.Equal(t, []string{tc.errorText}, plan.Errors, tc.name)
		}
	}
}
