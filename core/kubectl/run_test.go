package kubectl_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// Run hands each verb to its command and trims the final newline kubectl
// ends its output with.
func TestRun(t *testing.T) {
	for _, tc := range []struct {
		line, want string
	}{
		{"taint nodes n1 k=v:NoSchedule", "node/n1 tainted"},
		{"cordon n1", "node/n1 cordoned"},
		{"uncordon n2", "node/n2 uncordoned"},
		{"label nodes n1 zone=a", "node/n1 labeled"},
		{"scale deployment web --replicas=2", "deployment.apps/web scaled"},
		{"apply -f -", "pod/p created"},
		{"get pods", "NAME   READY   STATUS    RESTARTS   AGE\np      0/1     Pending   0          0s"},
		{"drain n1", "node/n1 cordoned\nnode/n1 drained"},
	} {
		c := newCluster(node("n1", nil, false), node("n2", nil, true))
		c.workloads["deployment/default/web"] = 1
		c.manifest = &kubectl.Manifest{Pods: []*core.Pod{{ObjectMeta: meta("p")}}}
		c.addPod(&core.Pod{ObjectMeta: meta("p"), Spec: core.PodSpec{Containers: []core.Container{{Name: "c"}}}})
		args, err := kubectl.Split(tc.line)
		require.NoError(t, err)
		out, wait, err := kubectl.Run(c, args, "kind: Pod")
		require.NoError(t, err, tc.line)
		assert.Nil(t, wait, tc.line)
		assert.Equal(t, tc.want, out, tc.line)
	}
}

func TestRunDeleteAndDescribe(t *testing.T) {
	c := newCluster(node("n1", nil, false))
	c.addPod(&core.Pod{ObjectMeta: meta("p")})
	_, _, err := kubectl.Run(c, []string{"describe", "node", "n1"}, "")
	require.NoError(t, err)
	_, _, err = kubectl.Run(c, []string{"delete", "pod", "p"}, "")
	require.NoError(t, err)
	assert.Equal(t, []string{"DELETE pods default/p"}, c.calls)
}

func TestRunDrainWaits(t *testing.T) {
	c := drainCluster()
	c.budget["default/web-a"] = 1
	_, wait, err := kubectl.Run(c, []string{"drain", "n1", "--ignore-daemonsets"}, "")
	require.NoError(t, err)
	require.NotNil(t, wait)
}

// cobra's "unknown command %q for %q" (no suggestion for this name),
// printed by cmdutil.CheckErr with "error: ".
func TestRunUnknownCommand(t *testing.T) {
	out, wait, err := kubectl.Run(newCluster(), []string{"frobnicate", "x"}, "")
	require.Error(t, err)
	assert.Empty(t, out)
	assert.Nil(t, wait)
	assert.Equal(t, `error: unknown command "frobnicate" for "kubectl"`, err.Error())
}

// The resource names and short names kubectl's discovery knows
// (`kubectl api-resources`), case-insensitive, with their group-qualified
// forms.
func TestKind(t *testing.T) {
	for want, names := range map[string][]string{
		"Pod":                 {"pod", "pods", "po", "Pod", "PODS"},
		"Node":                {"node", "nodes", "no", "Node"},
		"Deployment":          {"deployment", "deployments", "deploy", "deployment.apps", "deployments.apps", "Deployment"},
		"ReplicaSet":          {"replicaset", "replicasets", "rs", "replicaset.apps", "replicasets.apps"},
		"DaemonSet":           {"daemonset", "daemonsets", "ds", "daemonset.apps", "daemonsets.apps"},
		"StatefulSet":         {"statefulset", "statefulsets", "sts"},
		"Namespace":           {"namespace", "namespaces", "ns"},
		"Event":               {"event", "events", "ev"},
		"PriorityClass":       {"priorityclass", "priorityclasses", "pc"},
		"PodDisruptionBudget": {"poddisruptionbudget", "poddisruptionbudgets", "pdb"},
		"Service":             {"service", "services", "svc"},
		"ConfigMap":           {"configmap", "configmaps", "cm"},
		"CronJob":             {"cronjob", "cronjobs", "cj"},
		"Job":                 {"job", "jobs"},
		"ServiceAccount":      {"serviceaccount", "serviceaccounts", "sa"},
		"":                    {"widgets", "", "pod.apps"},
	} {
		for _, n := range names {
			assert.Equal(t, want, kubectl.Kind(n), "%q", n)
		}
	}
}

func TestVerbs(t *testing.T) {
	assert.Equal(t, []string{"taint", "cordon", "uncordon", "drain", "label", "delete", "scale", "patch", "apply", "describe", "get"}, kubectl.Verbs)
}
