package sched

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

const portsReason = "node(s) didn't have free ports for the requested pod ports"

// portPod is a pod with the given priority asking for host port 80/TCP
// on every address.
func portPod(name, cpu string, p int32) *core.Pod {
	return tu.MakePod(name, cpu, "").Priority(p).HostPort(80, "", "").P
}

func TestNodePortsSchedule(t *testing.T) {
	t.Run("the node holding the port is skipped", func(t *testing.T) {
		nodes := []*NodeInfo{
			tu.MakeNode("n1", "4", "8Gi").Info(portPod("holder", "", 0)),
			tu.MakeNode("n2", "4", "8Gi").Info(),
		}
		r := Schedule(portPod("p", "1", 0), nodes, Options{})
		assert.Equal(t, "n2", r.NodeName)
		require.Contains(t, r.Rejected, "n1")
		assert.Equal(t, "NodePorts", r.Rejected["n1"].Plugin)
		assert.Equal(t, Unschedulable, r.Rejected["n1"].Code)
	})
	t.Run("another address or protocol does not conflict", func(t *testing.T) {
		holder := tu.MakePod("holder", "", "").HostPort(80, "UDP", "").HostPort(80, "TCP", "10.0.0.1").P
		pod := tu.MakePod("p", "", "").HostPort(80, "TCP", "10.0.0.2").P
		r := Schedule(pod, []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(holder)}, Options{})
		assert.Equal(t, "n1", r.NodeName, r.Message)
	})
	t.Run("NodePorts is reported before NodeResourcesFit; histogram sorted", func(t *testing.T) {
		nodes := []*NodeInfo{
			tu.MakeNode("n1", "1", "8Gi").Info(portPod("holder", "500m", 0)),
			tu.MakeNode("n2", "1", "8Gi").Info(),
		}
		r := Schedule(portPod("p", "2", 0), nodes, Options{})
		require.Empty(t, r.NodeName)
		assert.Equal(t, "NodePorts", r.Rejected["n1"].Plugin)
		assert.Equal(t, "NodeResourcesFit", r.Rejected["n2"].Plugin)
		// n2 can never hold 2 cpu (UnschedulableAndUnresolvable): the dry
		// run does not look at it; n1's holder has the pod's priority.
		assert.Equal(t, "0/2 nodes are available: 1 Insufficient cpu, 1 "+portsReason+
			". preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.", r.Message)
		v := ExplainNode(portPod("p", "2", 0), nodes[0], Options{})
		require.Len(t, v, len(FilterPluginNames()))
		assert.Equal(t, "NodePorts", v[4].Plugin)
		assert.Equal(t, []string{portsReason}, v[4].Reasons)
		assert.Equal(t, "NodeResourcesFit", v[5].Plugin)
		assert.Equal(t, []string{"Insufficient cpu"}, v[5].Reasons)
	})
	t.Run("a terminated pod frees its port", func(t *testing.T) {
		done := portPod("holder", "", 0)
		done.Status.Phase = core.PodFailed
		r := Schedule(portPod("p", "", 0), []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(done)}, Options{})
		assert.Equal(t, "n1", r.NodeName, r.Message)
	})
	t.Run("a pod nominated to the node holds its port", func(t *testing.T) {
		nominee := portPod("nominee", "", 10)
		nominee.Status.NominatedNodeName = "n1"
		r := Schedule(portPod("p", "", 5), []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info()}, Options{NominatedPods: []*core.Pod{nominee}})
		assert.Empty(t, r.NodeName)
		assert.Equal(t, "NodePorts", r.Rejected["n1"].Plugin)
	})
}

// Preemption treats a port conflict like any Unschedulable filter: the
// node's lower-priority pods are removed, then reprieved most important
// first; the pod holding the port stays a victim (SelectVictimsOnNode).
func TestNodePortsPreemption(t *testing.T) {
	t.Run("the holder of the port is the victim, the other pod is reprieved", func(t *testing.T) {
		nodes := []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(portPod("a", "500m", 1), prio("b", "500m", 2))}
		r := Schedule(portPod("p", "500m", 10), nodes, Options{})
		assert.Empty(t, r.NodeName)
		assert.Equal(t, "n1", r.NominatedNode)
		assert.Equal(t, []string{"default/a"}, r.Victims)
		assert.Equal(t, "0/1 nodes are available: 1 "+portsReason+
			". preemption: found a potential placement for pod on node n1, preempting 1 victims", r.Message)
	})
	t.Run("a higher-priority holder cannot be preempted", func(t *testing.T) {
		nodes := []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(portPod("a", "500m", 100), prio("b", "500m", 2))}
		r := Schedule(portPod("p", "500m", 10), nodes, Options{})
		assert.Empty(t, r.NominatedNode)
		assert.Equal(t, "0/1 nodes are available: 1 "+portsReason+
			". preemption: 0/1 nodes are available: 1 "+portsReason+".", r.Message)
	})
	t.Run("the node with the cheaper victim wins", func(t *testing.T) {
		nodes := []*NodeInfo{
			tu.MakeNode("n1", "4", "8Gi").Info(portPod("a", "500m", 5)),
			tu.MakeNode("n2", "4", "8Gi").Info(portPod("b", "500m", 3)),
		}
		r := Schedule(portPod("p", "500m", 10), nodes, Options{})
		assert.Equal(t, "n2", r.NominatedNode)
		assert.Equal(t, []string{"default/b"}, r.Victims)
	})
	t.Run("before 1.34 a sidecar's port is not seen", func(t *testing.T) {
		always := "Always"
		side := tu.MakePod("s", "", "").Priority(1).P
		side.Spec.InitContainers = []core.Container{{Name: "proxy", RestartPolicy: &always, Ports: []core.ContainerPort{{ContainerPort: 80, HostPort: 80}}}}
		nodes := []*NodeInfo{tu.MakeNode("n1", "4", "8Gi").Info(side)}
		assert.Equal(t, "n1", Schedule(portPod("p", "", 10), nodes, Options{Version: v(33)}).NodeName, "1.33")
		r := Schedule(portPod("p", "", 10), nodes, Options{Version: v(34)})
		assert.Empty(t, r.NodeName, "1.34")
		assert.Equal(t, []string{"default/s"}, r.Victims, "1.34")
	})
}
