package kubectl_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// kubectl delete (k8s.io/kubectl v0.37.2 pkg/cmd/delete): one DELETE per
// named pod in the namespace of -n (default "default"); a missing pod is
// the API server's NotFound.
//
// The success line is `pod "web" deleted from default namespace`
// (DeleteOptions.PrintObj adds "from <ns> namespace" for namespaced
// objects since kubectl v1.34): TestDeleteOutput.
func TestDelete(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		calls []string
	}{
		{"pod NAME", []string{"pod", "web"}, []string{"DELETE pods default/web"}},
		{"pods NAME NAME", []string{"pods", "web", "db"}, []string{"DELETE pods default/web", "DELETE pods default/db"}},
		{"po/NAME", []string{"po/web"}, []string{"DELETE pods default/web"}},
		{"-n", []string{"pod", "agent", "-n", "kube-system"}, []string{"DELETE pods kube-system/agent"}},
		{"--namespace=", []string{"--namespace=kube-system", "pod", "agent"}, []string{"DELETE pods kube-system/agent"}},
		{"flags kubectl accepts", []string{"pod", "web", "--wait=false", "--cascade=background"}, []string{"DELETE pods default/web"}},
		// DeleteOptions.Complete: --now is 1 s; --grace-period=0 without
		// --force becomes 1; --force alone is 0.
		{"--now", []string{"pod", "web", "--now"}, []string{"DELETE pods default/web gracePeriodSeconds=1"}},
		{"--grace-period=0", []string{"pod", "web", "--grace-period=0"}, []string{"DELETE pods default/web gracePeriodSeconds=1"}},
		{"--grace-period=5", []string{"pod", "web", "--grace-period", "5"}, []string{"DELETE pods default/web gracePeriodSeconds=5"}},
		{"--force --grace-period=0", []string{"pod", "web", "--force", "--grace-period=0"}, []string{"DELETE pods default/web gracePeriodSeconds=0"}},
		{"--force", []string{"pod", "web", "--force"}, []string{"DELETE pods default/web gracePeriodSeconds=0"}},
		{"--grace-period=-1", []string{"pod", "web", "--grace-period=-1"}, []string{"DELETE pods default/web"}},
	} {
		c := newCluster()
		for _, p := range []string{"web", "db"} {
			c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: p}})
		}
		c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "agent", Namespace: "kube-system"}})
		_, err := kubectl.Delete(c, tc.args)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.calls, c.calls, tc.name)
	}
}

func TestDeleteErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing pod", []string{"pod", "nope"}, `Error from server (NotFound): pods "nope" not found`},
		// cli-runtime's builder (ResourceTypeOrNameArgs without names).
		{"no name", []string{"pod"}, "error: resource(s) were provided, but no name was specified"},
		{"unknown flag", []string{"pod", "web", "--bogus"}, "error: unknown flag: --bogus\nSee 'kubectl delete --help' for usage."},
		{"bad bool", []string{"pod", "web", "--force=maybe"},
			"error: invalid argument \"maybe\" for \"--force\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax\nSee 'kubectl delete --help' for usage."},
		// DeleteOptions.Complete and RunDelete's checks.
		{"--now with --grace-period", []string{"pod", "web", "--now", "--grace-period=3"}, "error: --now and --grace-period cannot be specified together"},
		{"--force with a positive period", []string{"pod", "web", "--force", "--grace-period=5"}, "error: --force and --grace-period greater than 0 cannot be specified together"},
		{"bad int", []string{"pod", "web", "--grace-period=x"},
			"error: invalid argument \"x\" for \"--grace-period\" flag: strconv.ParseInt: parsing \"x\": invalid syntax\nSee 'kubectl delete --help' for usage."},
		// The playground deletes pods and nodes only.
		{"a deployment", []string{"deployment", "web"}, `error: the playground deletes pods and nodes only, not "deployment"`},
		{"a deployment/NAME", []string{"deploy/web"}, `error: the playground deletes pods and nodes only, not "deploy"`},
	} {
		c := newCluster()
		c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web"}})
		out, err := kubectl.Delete(c, tc.args)
		require.Error(t, err, tc.name)
		assert.Empty(t, out, tc.name)
		assert.Equal(t, tc.want, err.Error(), tc.name)
	}
}

// --force --grace-period=0 prints kubectl's warning (RunDelete's
// WarningPrinter, "Warning: " prefix) and "force deleted" (PrintObj when
// the grace period is 0).
func TestDeleteForceOutput(t *testing.T) {
	c := newCluster()
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web"}})
	out, err := kubectl.Delete(c, []string{"pod", "web", "--force", "--grace-period=0"})
	require.NoError(t, err)
	assert.Equal(t, "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\npod \"web\" force deleted from default namespace", out)
}

// A namespaced object's line names its namespace (DeleteOptions.PrintObj,
// k8s.io/kubectl v0.37.2; "from %s namespace" since v0.34).
func TestDeleteOutput(t *testing.T) {
	c := newCluster()
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web", Namespace: "default"}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "agent", Namespace: "kube-system"}})
	out, err := kubectl.Delete(c, []string{"pod", "web"})
	require.NoError(t, err)
	assert.Equal(t, `pod "web" deleted from default namespace`, out)
	out, err = kubectl.Delete(c, []string{"pod", "agent", "-n", "kube-system", "--grace-period=5"})
	require.NoError(t, err)
	assert.Equal(t, `pod "agent" deleted from kube-system namespace`, out)
}

// kubectl delete node (cluster-scoped: no namespace in the request or the
// output, `node "n1" deleted`); -n is ignored for nodes.
func TestDeleteNode(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		out   string
		calls []string
		err   string
	}{
		{"node NAME", []string{"node", "n1"}, `node "n1" deleted`, []string{"DELETE nodes n1"}, ""},
		{"no/NAME and -n", []string{"no/n1", "-n", "kube-system"}, `node "n1" deleted`, []string{"DELETE nodes n1"}, ""},
		{"nodes NAME NAME", []string{"nodes", "n1", "n2"}, "node \"n1\" deleted\nnode \"n2\" deleted", []string{"DELETE nodes n1", "DELETE nodes n2"}, ""},
		{"missing node", []string{"node", "nope"}, "", []string{"DELETE nodes nope"}, `Error from server (NotFound): nodes "nope" not found`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(nodeNamed("n1"), nodeNamed("n2"))
			out, err := kubectl.Delete(c, tc.args)
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
			} else {
				require.NoError(t, err)
			}
			assert.Equal(t, tc.out, out)
			assert.Equal(t, tc.calls, c.calls)
		})
	}
}

func nodeNamed(name string) *core.Node {
	n := &core.Node{}
	n.Name = name
	return n
}
