package queue_test

import (
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/store"
)

const nodePorts = "NodePorts"

// deleteRunning stores a pod running on n1 and deletes it.
func deleteRunning(p *testutil.Pod) func(f *fixture) {
	return func(f *fixture) {
		v := f.running(p, "n1")
		f.env.Store.UpdatePod(v, "kubectl", func(p *store.Pod) { p.Deleted = true })
	}
}

// NodePorts registers AssignedPod Delete with
// isSchedulableAfterAssignedPodDeleted (Queue only when the deleted pod
// held a host port conflicting with the pod's) and Node Add without a
// hint (v1.37.2 node_ports.go).
func TestNodePortsHints(t *testing.T) {
	web := func() *testutil.Pod { return testutil.MakePod("p", "", "").HostPort(80, "", "") }
	one := []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")}
	runHints(t, 37, []hintCase{
		{name: "the pod holding the port is deleted", rejected: []string{nodePorts}, pod: web(), nodes: one,
			event: deleteRunning(testutil.MakePod("v", "", "").HostPort(80, "TCP", "10.0.0.1")), moved: true},
		{name: "a pod on another port is deleted", rejected: []string{nodePorts}, pod: web(), nodes: one,
			event: deleteRunning(testutil.MakePod("v", "", "").HostPort(81, "", ""))},
		{name: "same port, other protocol", rejected: []string{nodePorts}, pod: web(), nodes: one,
			event: deleteRunning(testutil.MakePod("v", "", "").HostPort(80, "UDP", ""))},
		{name: "a pod without host ports is deleted", rejected: []string{nodePorts}, pod: web(), nodes: one,
			event: deleteRunning(testutil.MakePod("v", "", ""))},
		{name: "a node is added", rejected: []string{nodePorts}, pod: web(), nodes: one,
			event: func(f *fixture) { f.env.Store.CreateNode(testutil.MakeNode("n2", "4", "8Gi").N, false) }, moved: true},
		{name: "a label change is not registered", rejected: []string{nodePorts}, pod: web(), nodes: one,
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "a")) }},
	})
	// 1.33 reads no sidecar ports: deleting a pod whose port 80 is on a
	// sidecar does not help; 1.34 does.
	always := "Always"
	sidecar := func() *testutil.Pod {
		p := testutil.MakePod("v", "", "")
		p.P.Spec.InitContainers = []core.Container{{Name: "s", RestartPolicy: &always, Ports: []core.ContainerPort{{ContainerPort: 80, HostPort: 80}}}}
		return p
	}
	runHints(t, 33, []hintCase{{name: "1.33: sidecar's port", rejected: []string{nodePorts}, pod: web(), nodes: one,
		event: deleteRunning(sidecar())}})
	runHints(t, 34, []hintCase{{name: "1.34: sidecar's port", rejected: []string{nodePorts}, pod: web(), nodes: one,
		event: deleteRunning(sidecar()), moved: true}})
}

// Before 1.32 NodePorts registered Node Add|Update: any reported node
// change moves the pod when preCheckForNode passes (its ports are free
// on the node).
func TestNodePortsBefore132(t *testing.T) {
	web := func() *testutil.Pod { return testutil.MakePod("p", "", "").HostPort(80, "", "") }
	runHints(t, 31, []hintCase{
		{name: "label change on a node with the port free", rejected: []string{nodePorts}, pod: web(),
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "a")) }, moved: true},
		{name: "condition change on a node with the port free", rejected: []string{nodePorts}, pod: web(),
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) {
				f.updateNode("n1", func(n *core.Node) {
					n.Status.Conditions = append(n.Status.Conditions, core.NodeCondition{Type: "Ready", Status: core.ConditionTrue})
				})
			}, moved: true},
		{name: "label change on a node whose port is taken", rejected: []string{nodePorts}, pod: web(),
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: func(f *fixture) {
				f.running(testutil.MakePod("holder", "", "").HostPort(80, "", ""), "n1")
				f.updateNode("n1", setLabel("zone", "a"))
			}},
		{name: "any scheduled pod deleted (no hints)", rejected: []string{nodePorts}, pod: web(),
			nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			event: deleteRunning(testutil.MakePod("v", "", "")), moved: true},
	})
}
