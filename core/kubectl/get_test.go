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

// Expected texts are kubectl v1.37's (k8s.io/kubectl v0.37.2 pkg/cmd/get,
// pkg/cmd/describe, pkg/printers; cmdutil.CheckErr; pflag v1.0.10 errors;
// the flag-error hint of pkg/util/templates).

func readCluster() *cluster {
	n2 := node("n2", nil, true)
	n2.Status.Capacity = core.ResourceList{core.ResourceCPU: core.MustParseQuantity("4"), core.ResourcePods: core.MustParseQuantity("110")}
	n2.Status.Allocatable = n2.Status.Capacity
	c := newCluster(node("n1", nil, false), n2)
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web-1"}, Spec: core.PodSpec{NodeName: "n1", Containers: []core.Container{{Name: "c"}}}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web-2"}, Spec: core.PodSpec{NodeName: "n1", Containers: []core.Container{{Name: "c"}}}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "pending"}, Spec: core.PodSpec{Containers: []core.Container{{Name: "c"}}}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "agent", Namespace: "kube-system"}, Spec: core.PodSpec{NodeName: "n2", Containers: []core.Container{{Name: "c"}}}})
	c.events = []core.Event{
		{At: 5, Type: core.EventNormal, Reason: "Scheduled", Object: "pod/default/web-1", Message: "Successfully assigned default/web-1 to n1", Source: "default-scheduler"},
		{At: 10, Type: core.EventWarning, Reason: "FailedScheduling", Object: "pod/default/pending", Message: "0/2 nodes are available: 2 Insufficient cpu.", Source: "default-scheduler"},
		{At: 40, Type: core.EventWarning, Reason: "FailedScheduling", Object: "pod/default/pending", Message: "0/2 nodes are available: 2 Insufficient cpu.", Source: "default-scheduler"},
		{At: 20, Type: core.EventNormal, Reason: "NodeNotReady", Object: "node/n2", Message: "Node n2 status is now: NodeNotReady", Source: "node-controller"},
		{At: 30, Type: core.EventNormal, Reason: "Scheduled", Object: "pod/kube-system/agent", Message: "Successfully assigned kube-system/agent to n2", Source: "default-scheduler"},
	}
	c.now = 75 * time.Second
	return c
}

func TestGetPods(t *testing.T) {
	table := "NAME      READY   STATUS    RESTARTS   AGE\n" +
		"pending   0/1     Pending   0          75s\n" +
		"web-1     1/1     Running   0          75s\n" +
		"web-2     1/1     Running   0          75s"
	wide := "NAME      READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES\n" +
		"pending   0/1     Pending   0          75s   <none>   <none>   <none>           <none>\n" +
		"web-1     1/1     Running   0          75s   <none>   n1       <none>           <none>\n" +
		"web-2     1/1     Running   0          75s   <none>   n1       <none>           <none>"
	system := "NAME    READY   STATUS    RESTARTS   AGE\n" +
		"agent   1/1     Running   0          75s"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"pods"}, table},
		{[]string{"pod"}, table},
		{[]string{"po"}, table},
		{[]string{"pods", "-o", "wide"}, wide},
		{[]string{"pods", "-owide"}, wide},
		{[]string{"pods", "--output=wide"}, wide},
		{[]string{"-o", "wide", "pods"}, wide},
		{[]string{"pods", "-n", "kube-system"}, system},
		{[]string{"pods", "--namespace=kube-system"}, system},
		{[]string{"pods", "--namespace", "kube-system"}, system},
		{[]string{"-nkube-system", "pods"}, system},
		{[]string{"pods", "-A=false"}, table},
		{[]string{"--", "pods"}, table},
	} {
		out, err := kubectl.Get(readCluster(), tc.args)
		require.NoError(t, err, "%q", tc.args)
		assert.Equal(t, tc.want, out, "%q", tc.args)
	}
}

// "No resources found in <ns> namespace." (kubectl prints it on stderr;
// the playground returns it as the output).
func TestGetPodsNone(t *testing.T) {
	out, err := kubectl.Get(readCluster(), []string{"pods", "-n", "empty"})
	assert.Equal(t, "No resources found in empty namespace.", transcript(out, err))
}

// kubectl get events: LAST SEEN, TYPE, REASON, OBJECT, MESSAGE in the
// list order (event names: object name, then time); node events live in
// the default namespace; repeats are one series.
func TestGetEvents(t *testing.T) {
	out, err := kubectl.Get(readCluster(), []string{"events"})
	require.NoError(t, err)
	assert.Equal(t, "LAST SEEN   TYPE      REASON             OBJECT        MESSAGE\n"+
		"55s         Normal    NodeNotReady       node/n2       Node n2 status is now: NodeNotReady\n"+
		"35s         Warning   FailedScheduling   pod/pending   0/2 nodes are available: 2 Insufficient cpu.\n"+
		"70s         Normal    Scheduled          pod/web-1     Successfully assigned default/web-1 to n1", out)

	out, err = kubectl.Get(readCluster(), []string{"ev", "-n", "kube-system"})
	require.NoError(t, err)
	assert.Equal(t, "LAST SEEN   TYPE     REASON      OBJECT      MESSAGE\n"+
		"45s         Normal   Scheduled   pod/agent   Successfully assigned kube-system/agent to n2", out)
}

func TestDescribe(t *testing.T) {
	c := readCluster()
	web1, _ := c.Pod("default", "web-1")
	web2, _ := c.Pod("default", "web-2")
	agent, _ := c.Pod("kube-system", "agent")
	one := strings.TrimRight(kubectl.PodDescription(c, web1), "\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"pod NAME", []string{"pod", "web-1"}, one},
		{"pods NAME", []string{"pods", "web-1"}, one},
		{"po/NAME", []string{"po/web-1"}, one},
		{"-n", []string{"pod", "agent", "-n", "kube-system"}, strings.TrimRight(kubectl.PodDescription(c, agent), "\n")},
		// No pod called "web": every pod whose name starts with it.
		{"prefix", []string{"pod", "web"}, one + "\n\n" + strings.TrimRight(kubectl.PodDescription(c, web2), "\n")},
	} {
		out, err := kubectl.Describe(c, tc.args)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, out, tc.name)
	}
	// The pod's own events, as a series with its count.
	out, err := kubectl.Describe(c, []string{"pod", "pending"})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(out, "Name:             pending\nNamespace:        default\n"), out)
	assert.Contains(t, out, "  Warning  FailedScheduling  35s (x2 over 65s)  default-scheduler  0/2 nodes are available: 2 Insufficient cpu.")

	out, err = kubectl.Describe(c, []string{"node", "n2"})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(out, "Name:               n2\n"), out)
	assert.Contains(t, out, "Unschedulable:      true\n")
	assert.Contains(t, out, "  Normal  NodeNotReady  55s   node-controller  Node n2 status is now: NodeNotReady")
	assert.Equal(t, out, strings.TrimRight(mustNode(t, c, "n2"), "\n"))
}

func mustNode(t *testing.T, c *cluster, name string) string {
	t.Helper()
	s, ok := kubectl.NodeDescription(c, name)
	require.True(t, ok)
	return s
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(kubectl.Cluster, []string) (string, error)
		args []string
		want string
	}{
		{"describe missing pod", kubectl.Describe, []string{"pod", "nope"}, `Error from server (NotFound): pods "nope" not found`},
		{"describe missing node", kubectl.Describe, []string{"node", "nope"}, `Error from server (NotFound): nodes "nope" not found`},
		{"describe without a type", kubectl.Describe, nil,
			`error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.`},
		{"unknown flag", kubectl.Get, []string{"pods", "--bogus"}, "error: unknown flag: --bogus\nSee 'kubectl get --help' for usage."},
		{"unknown flag with a value", kubectl.Get, []string{"pods", "--bogus=1"}, "error: unknown flag: --bogus\nSee 'kubectl get --help' for usage."},
		{"unknown shorthand", kubectl.Get, []string{"pods", "-x"}, "error: unknown shorthand flag: 'x' in -x\nSee 'kubectl get --help' for usage."},
		{"-n without a value", kubectl.Get, []string{"pods", "-n"}, "error: flag needs an argument: 'n' in -n\nSee 'kubectl get --help' for usage."},
		{"a bad boolean for a flag with a shorthand", kubectl.Get, []string{"pods", "-A=maybe"},
			"error: invalid argument \"maybe\" for \"-A, --all-namespaces\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax\nSee 'kubectl get --help' for usage."},
		{"--namespace without a value", kubectl.Get, []string{"pods", "--namespace"}, "error: flag needs an argument: --namespace\nSee 'kubectl get --help' for usage."},
		{"-o without a value", kubectl.Describe, []string{"pod", "x", "-o"}, "error: flag needs an argument: 'o' in -o\nSee 'kubectl describe --help' for usage."},
		// The playground's own refusals (kubectl would do these).
		{"describe a deployment", kubectl.Describe, []string{"deployment", "web"}, `error: the playground describes pods and nodes, not "deployment"`},
	} {
		out, err := tc.run(readCluster(), tc.args)
		require.Error(t, err, tc.name)
		assert.Empty(t, out, tc.name)
		assert.Equal(t, tc.want, err.Error(), tc.name)
	}
}
