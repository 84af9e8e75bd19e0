package sim

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
)

// runRealCluster runs a node list of core/testdata/clusters with the
// everyday workloads beside it and returns the last frame's pods by name
// prefix.
func runRealCluster(t *testing.T, nodes string) (map[string][]*PodState, *Result) {
	t.Helper()
	n, err := os.ReadFile("../testdata/clusters/" + nodes)
	require.NoError(t, err)
	w, err := os.ReadFile("../testdata/clusters/workloads.yaml")
	require.NoError(t, err)
	s, err := scenario.Parse([]byte(string(n)+"---\n"+string(w)), nodes)
	require.NoError(t, err)
	res, err := Run(s)
	require.NoError(t, err)
	last := res.Frames[len(res.Frames)-1]
	byWorkload := map[string][]*PodState{}
	for _, p := range last.Pods {
		prefix := p.Name
		for _, w := range []string{"ingress-nginx-controller", "nvidia-device-plugin-daemonset", "web", "gpu-inference", "batch-report"} {
			if strings.HasPrefix(p.Name, w) {
				prefix = w
			}
		}
		byWorkload[prefix] = append(byWorkload[prefix], p)
	}
	return byWorkload, res
}

func nodesOf(pods []*PodState) []string {
	var out []string
	for _, p := range pods {
		out = append(out, p.Node)
	}
	sort.Strings(out)
	return out
}

// The EKS node list (two general nodes in eu-west-1a and 1b, a spot node
// tainted eks.amazonaws.com/capacityType=SPOT:NoSchedule in 1c, a one-GPU
// g5.xlarge tainted nvidia.com/gpu=true:NoSchedule in 1a) with the
// everyday workloads. The outcome, worked out from upstream's rules:
//   - the ingress DaemonSet runs on the two untainted nodes only
//     (NodeShouldRunDaemonPod: an untolerated NoSchedule taint), the
//     device plugin on the GPU node only (its node affinity);
//   - web's three replicas can only go to the two general nodes (the
//     others' taints are not tolerated); anti-affinity and zone spreading
//     put the second on the other node, so each general node runs one or
//     two;
//   - gpu-inference asks for nvidia.com/gpu through limits only, which
//     SetDefaults_Pod copies to requests: one replica takes the only GPU,
//     the other two are Pending with 3 Insufficient nvidia.com/gpu (the
//     general nodes have none, the GPU node's is taken) and the spot
//     node's taint;
//   - batch-report's cpu limit 3 becomes its request: the general nodes
//     have 1930m (Insufficient cpu), the spot and GPU nodes' taints are
//     not tolerated.
func TestRealClusterEKS(t *testing.T) {
	const (
		a   = "ip-10-0-1-23.eu-west-1.compute.internal"
		b   = "ip-10-0-2-47.eu-west-1.compute.internal"
		gpu = "ip-10-0-1-180.eu-west-1.compute.internal"
	)
	pods, _ := runRealCluster(t, "eks-nodes.yaml")
	assert.Equal(t, []string{a, b}, nodesOf(pods["ingress-nginx-controller"]))
	assert.Equal(t, []string{gpu}, nodesOf(pods["nvidia-device-plugin-daemonset"]))

	web := nodesOf(pods["web"])
	require.Len(t, web, 3)
	assert.Contains(t, web, a)
	assert.Contains(t, web, b)
	for _, n := range web {
		assert.Contains(t, []string{a, b}, n)
	}

	var running, pending []*PodState
	for _, p := range pods["gpu-inference"] {
		if p.Phase == PhaseRunning {
			running = append(running, p)
		} else {
			pending = append(pending, p)
		}
	}
	require.Len(t, running, 1)
	assert.Equal(t, gpu, running[0].Node)
	require.Len(t, pending, 2)
	for _, p := range pending {
		assert.Contains(t, p.FailedSchedulingMessage, "0/4 nodes are available: ")
		assert.Contains(t, p.FailedSchedulingMessage, "3 Insufficient nvidia.com/gpu")
		assert.Contains(t, p.FailedSchedulingMessage, "1 node(s) had untolerated taint(s)")
	}

	batch := pods["batch-report"]
	require.Len(t, batch, 1)
	assert.Equal(t, PhasePending, batch[0].Phase)
	assert.Contains(t, batch[0].FailedSchedulingMessage, "2 Insufficient cpu")
}

func zonesOf(t *testing.T, res *Result, nodes []string) []string {
	t.Helper()
	zone := map[string]string{}
	for _, n := range res.Scenario().Nodes {
		zone[n.Name] = n.Labels["topology.kubernetes.io/zone"]
	}
	var out []string
	for _, n := range nodes {
		out = append(out, zone[n])
	}
	sort.Strings(out)
	return out
}

func phases(pods []*PodState) (running, pending []*PodState) {
	for _, p := range pods {
		if p.Phase == PhaseRunning {
			running = append(running, p)
		} else {
			pending = append(pending, p)
		}
	}
	return running, pending
}

// The GKE node list: four default-pool nodes in europe-west1-b (two), -c
// and -d, and a one-GPU node in -b that GKE taints
// nvidia.com/gpu=present:NoSchedule. Worked out from upstream's rules:
// web's replicas land in three different zones (the zone spread's
// ScheduleAnyway score prefers the emptiest zone, the hostname
// anti-affinity the nodes without a replica, and -b's second node ties
// with it only until -c and -d have one each); one GPU replica runs, two
// are Pending on 5 Insufficient nvidia.com/gpu (their toleration lets
// them past the GPU node's taint); batch-report's 3 cpu fit in a
// default-pool node's 3920m.
func TestRealClusterGKE(t *testing.T) {
	const gpu = "gke-prod-gpu-pool-5e8a1b3c-q9lp"
	pods, res := runRealCluster(t, "gke-nodes.yaml")
	assert.Len(t, pods["ingress-nginx-controller"], 4)
	for _, p := range pods["ingress-nginx-controller"] {
		assert.NotEqual(t, gpu, p.Node)
	}
	assert.Equal(t, []string{gpu}, nodesOf(pods["nvidia-device-plugin-daemonset"]))
	assert.Equal(t, []string{"europe-west1-b", "europe-west1-c", "europe-west1-d"}, zonesOf(t, res, nodesOf(pods["web"])))

	running, pending := phases(pods["gpu-inference"])
	require.Len(t, running, 1)
	assert.Equal(t, gpu, running[0].Node)
	require.Len(t, pending, 2)
	for _, p := range pending {
		assert.True(t, strings.HasPrefix(p.FailedSchedulingMessage, "0/5 nodes are available: 5 Insufficient nvidia.com/gpu."), p.FailedSchedulingMessage)
	}
	batch := pods["batch-report"]
	require.Len(t, batch, 1)
	assert.Equal(t, PhaseRunning, batch[0].Phase)
	assert.NotEqual(t, gpu, batch[0].Node)
}

// The AKS node list: two system-pool nodes tainted
// CriticalAddonsOnly=true:NoSchedule and three user-pool nodes in zones
// westeurope-1, -2 and -3, no GPU. Worked out from upstream's rules: the
// ingress DaemonSet and web's replicas go to the user pool, web one per
// zone; no node has the GPU the limits-only replicas request, so all three
// are Pending on the system nodes' taint and 3 Insufficient
// nvidia.com/gpu; batch-report's 3 cpu fit in a user node's 3860m.
func TestRealClusterAKS(t *testing.T) {
	pods, res := runRealCluster(t, "aks-nodes.yaml")
	assert.Len(t, pods["ingress-nginx-controller"], 3)
	assert.Empty(t, pods["nvidia-device-plugin-daemonset"])
	assert.Equal(t, []string{"westeurope-1", "westeurope-2", "westeurope-3"}, zonesOf(t, res, nodesOf(pods["web"])))
	running, pending := phases(pods["gpu-inference"])
	assert.Empty(t, running)
	require.Len(t, pending, 3)
	for _, p := range pending {
		assert.True(t, strings.HasPrefix(p.FailedSchedulingMessage,
			"0/5 nodes are available: 2 node(s) had untolerated taint(s), 3 Insufficient nvidia.com/gpu."), p.FailedSchedulingMessage)
	}
	batch := pods["batch-report"]
	require.Len(t, batch, 1)
	assert.Equal(t, PhaseRunning, batch[0].Phase)
	assert.True(t, strings.HasPrefix(batch[0].Node, "aks-user-"), batch[0].Node)
}
