package presets

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	lsn "github.com/taints-playground/playground/core/lesson"
	"github.com/taints-playground/playground/core/scenario"
)

// TestRegionalNetworkIsTheLessonCluster: the preset is core/lesson's
// cluster with three set-aside nodes (lsn.Cluster(DefaultParams())): the
// same nodes, allocatable, labels and taints, and the same pods in the same
// order, with the same requests, tolerations and nodeSelector.
func TestRegionalNetworkIsTheLessonCluster(t *testing.T) {
	p, ok := Get("regional-network")
	require.True(t, ok)
	s, err := scenario.Parse([]byte(p.YAML), "regional-network.yaml")
	require.NoError(t, err)
	nodes, general, batch, err := lsn.Cluster(lsn.DefaultParams())
	require.NoError(t, err)
	require.Len(t, s.Nodes, len(nodes), "nodes")
	same := func(what string, a, b core.ResourceList) {
		for _, r := range []core.ResourceName{core.ResourceCPU, core.ResourceMemory} {
			g, w := a[r], b[r]
			assert.Zero(t, g.Cmp(w), "%s %s = %v, want %v", what, r, g, w)
		}
	}
	for i, n := range s.Nodes {
		w := nodes[i]
		assert.Equal(t, w.Name, n.Name, "node %d name", i)
		assert.Equal(t, w.Labels["pool"], n.Labels["pool"], "node %s pool label", n.Name)
		assert.Equal(t, w.Spec.Taints, n.Spec.Taints, "node %s taints", n.Name)
		same("node "+n.Name, n.Status.Allocatable, w.Status.Allocatable)
	}
	want := append(append([]*core.Pod(nil), general...), batch...)
	require.Len(t, s.Pods, len(want), "pods")
	for i, k := range s.Pods {
		w := want[i]
		assert.Equal(t, w.Name, k.Name, "pod %d name", i)
		assert.Equal(t, w.Spec.Tolerations, k.Spec.Tolerations, "pod %d (%s) tolerations", i, k.Name)
		assert.Equal(t, w.Spec.NodeSelector, k.Spec.NodeSelector, "pod %d (%s) nodeSelector", i, k.Name)
		same("pod "+k.Name, k.Spec.Containers[0].Resources.Requests, w.Spec.Containers[0].Resources.Requests)
	}
}

// TestRegionalNetwork: kube-scheduler's default profile, the pods
// scheduled at t=0 in file order (core/lesson's TestDefaultProfileTables,
// row 3, derives the same). The general pods may not use d0, d3, d6
// (untolerated NoSchedule). LeastAllocated sends each pod to the emptiest
// node it fits (the pods are bare, so PodTopologySpread's default
// spreading skips them; cpu and memory are in the same proportion, so
// BalancedAllocation is equal everywhere): the first six collectors go one
// per untainted node and the other three to three of them (score ties;
// which three depends on the seeded tie-break), the verifiers first to the
// three nodes with one collector and then to the three with two (840 + 650
// = 1490 ≤ 1500), and the billing pods to the three nodes at 1070, the
// only ones with 300m free. All 18 fit, where the lesson's first fit
// leaves three out. The batch pods' nodeSelector leaves d0, d3, d6, their
// toleration lets them in, and spreading puts two 700m pods on each.
func TestRegionalNetwork(t *testing.T) {
	res := runPreset(t, "regional-network")
	require.GreaterOrEqual(t, len(res.Frames), 2, "frames")
	compose := func(f int) []string {
		per := map[string][]string{}
		for _, p := range res.Frames[f].Pods {
			if !assert.Equal(t, "Running", p.Phase, "frame %d: %s", f, p.Name) {
				continue
			}
			svc := p.Name[:strings.LastIndex(p.Name, "-")]
			per[p.Node] = append(per[p.Node], svc)
		}
		var out []string
		for n, s := range per {
			sort.Strings(s)
			out = append(out, n+":"+strings.Join(s, "+"))
		}
		sort.Strings(out)
		return out
	}
	for f := range res.Frames {
		var general, shapes, batch []string
		for _, c := range compose(f) {
			if n := c[:2]; n == "d0" || n == "d3" || n == "d6" {
				batch = append(batch, c)
				continue
			}
			general = append(general, c)
			shapes = append(shapes, c[3:])
		}
		sort.Strings(shapes)
		two := "reading-collector+reading-collector+verifier"
		three := "billing+reading-collector+verifier"
		assert.Equal(t, []string{three, three, three, two, two, two}, shapes, "frame %d: untainted nodes = %q, want three of %q and three of %q", f, general, two, three)
		assert.Equal(t, []string{"d0:nightly-batch+nightly-batch", "d3:nightly-batch+nightly-batch", "d6:nightly-batch+nightly-batch"}, batch, "frame %d: set-aside nodes", f)
		assert.Len(t, res.Frames[f].Pods, 24, "frame %d: pods", f)
	}
	// The initial frame and the 10 s get pods frame.
	require.Len(t, res.Frames, 2, "frames")
	assert.Equal(t, 10.0, res.Frames[1].At, "the get pods frame")
	assert.Contains(t, res.Frames[1].Output, "nightly-batch-6", "the get pods frame")
}
