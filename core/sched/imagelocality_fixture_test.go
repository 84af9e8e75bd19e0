package sched

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

// gkeNodes loads testdata/gke-nodes-images.json: `kubectl get nodes -o
// json` of a GKE-like three-node pool (e2-standard-4, one node per zone,
// identical allocatable, no taints), with the status.images a real node
// reports: digest and tag names in one entry, sizes in bytes. Every node
// holds the istio proxyv2 sidecar (274,000,000 bytes), the metrics agent,
// kube-proxy and pause; only …-9xwv holds the frontend image (412,345,678
// bytes) and only …-m2tr docker.io/library/nginx:1.25.
func gkeNodes(t *testing.T) []*NodeInfo {
	t.Helper()
	data, err := os.ReadFile("testdata/gke-nodes-images.json")
	require.NoError(t, err)
	var list struct {
		Items []*core.Node `json:"items"`
	}
	require.NoError(t, json.Unmarshal(data, &list))
	require.Len(t, list.Items, 3)
	out := make([]*NodeInfo, 0, len(list.Items))
	for _, n := range list.Items {
		require.NotEmpty(t, n.Status.Images, n.Name)
		out = append(out, NewNodeInfo(n))
	}
	return out
}

func imageLocalityOf(t *testing.T, r Result) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for _, s := range r.Scores {
		for _, p := range s.Plugins {
			if p.Plugin == "ImageLocality" {
				out[s.Node] = p.Weighted
			}
		}
	}
	return out
}

// TestImageLocalityRealNodes: the other scores tie on the identical nodes,
// so ImageLocality decides. Worked out with upstream's formula (v1.37
// image_locality.go), 3 nodes, 2 images in the pod:
//
//	proxyv2 on 3/3 nodes: int64(274000000 × 1.0)          = 274000000
//	frontend on 1/3:      int64(412345678 × 0.333…)       = 137448559
//	min = 23 MiB = 24117248; max = 2 × 1000 MiB = 2097152000
//	…-9xwv: 100 × (274000000+137448559−24117248) / (2097152000−24117248)
//	       = 38733131100 / 2073034752 = 18
//	others: 100 × (274000000−24117248) / 2073034752 = 12
func TestImageLocalityRealNodes(t *testing.T) {
	nodes := gkeNodes(t)
	const (
		a, b, c = "gke-prod-default-pool-1a2b3c4d-7kqz", "gke-prod-default-pool-1a2b3c4d-9xwv", "gke-prod-default-pool-1a2b3c4d-m2tr"
		proxy   = "gcr.io/istio-release/proxyv2:1.20.3"
	)
	for _, ref := range []string{
		"us-docker.pkg.dev/acme-prod/web/frontend:v2.14.1",
		"us-docker.pkg.dev/acme-prod/web/frontend@sha256:032c065c988109fc7e629684b664ba2c067869062660f993954bfeed56bb8159",
	} {
		pod := tu.MakePod("web", "500m", "1Gi").Image(ref).Container("100m", "128Mi").P
		pod.Spec.Containers[1].Image = proxy
		r := Schedule(pod, nodes, Options{})
		assert.Equal(t, b, r.NodeName, "%s: %s", ref, r.Message)
		assert.Equal(t, map[string]int64{a: 12, b: 18, c: 12}, imageLocalityOf(t, r), ref)
		assert.Equal(t, []string{b}, r.Tied, ref)
	}
	// The pod's "nginx:1.25" is not the node's "docker.io/library/nginx:1.25"
	// (upstream matches names as written): no node is preferred.
	// proxyv2 alone: 100 × (274000000−24117248) / 2073034752 = 12.
	pod := tu.MakePod("web", "500m", "1Gi").Image("nginx:1.25").Container("100m", "128Mi").P
	pod.Spec.Containers[1].Image = proxy
	r := Schedule(pod, nodes, Options{})
	assert.Equal(t, map[string]int64{a: 12, b: 12, c: 12}, imageLocalityOf(t, r))
	assert.Len(t, r.Tied, 3)
	// The same nodes in a Snapshot give the same scores, and replacing one
	// node (the frontend image pulled on …-7kqz too) updates the counts:
	// frontend on 2/3 → int64(412345678 × 0.666…) = 274897118;
	// 100 × (274000000+274897118−24117248) / 2073034752 = 25 on both.
	snap := NewSnapshot(nodes)
	pod = tu.MakePod("web", "500m", "1Gi").Image("us-docker.pkg.dev/acme-prod/web/frontend:v2.14.1").Container("100m", "128Mi").P
	pod.Spec.Containers[1].Image = proxy
	assert.Equal(t, map[string]int64{a: 12, b: 18, c: 12}, imageLocalityOf(t, ScheduleSnapshot(pod, snap, Options{})))
	pulled := nodes[0].Node.DeepCopy()
	pulled.Status.Images = append(pulled.Status.Images, nodes[1].Node.Status.Images[0])
	snap.Set(0, NewNodeInfo(pulled))
	assert.Equal(t, map[string]int64{a: 25, b: 25, c: 12}, imageLocalityOf(t, ScheduleSnapshot(pod, snap, Options{})))
	// Schedule over a list whose entry is replaced in place (the kept
	// snapshot is updated, not rebuilt) sees the change too.
	list := append([]*NodeInfo(nil), nodes...)
	assert.Equal(t, map[string]int64{a: 12, b: 18, c: 12}, imageLocalityOf(t, Schedule(pod, list, Options{})))
	list[0] = NewNodeInfo(pulled)
	assert.Equal(t, map[string]int64{a: 25, b: 25, c: 12}, imageLocalityOf(t, Schedule(pod, list, Options{})))
}

// TestImageCountsFollowTheSnapshot: a repeated node name is left out of
// the snapshot and of the image counts; appending a node rebuilds them.
// One 600 MiB image x:1 in a single-image pod: score 100 × (s − 23 MiB) /
// (1000 MiB − 23 MiB) with s = 600 MiB × (nodes holding it / nodes).
func TestImageCountsFollowTheSnapshot(t *testing.T) {
	const size = 600 << 20
	pod := tu.MakePod("p", "", "").Image("x:1").P
	plain := func(name string) *NodeInfo { return tu.MakeNode(name, "4", "8Gi").Info() }
	holder := func(name string) *NodeInfo { return tu.MakeNode(name, "4", "8Gi").Image(size, "x:1").Info() }
	// n1 holds it, the repeated n2 entry is ignored: 1 of 2 nodes,
	// s = 300 MiB → 100 × 277 / 977 = 28.
	snap := NewSnapshot([]*NodeInfo{holder("n1"), plain("n2"), holder("n2")})
	assert.Equal(t, map[string]int64{"n1": 28, "n2": 0}, imageLocalityOf(t, ScheduleSnapshot(pod, snap, Options{})))
	// A third node holding it: 2 of 3, s = int64(600 MiB × 0.666…) ≈
	// 419430400 → 100 × (s − 24117248) / 1024458752 = 38.
	snap.Set(snap.Len(), holder("n3"))
	assert.Equal(t, map[string]int64{"n1": 38, "n2": 0, "n3": 38}, imageLocalityOf(t, ScheduleSnapshot(pod, snap, Options{})))
}
