package podtopologyspread

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// scores runs PreScore and Score over nodes (all of them feasible).
func scores(pl *PodTopologySpread, pod *core.Pod, nodes []*framework.NodeInfo) ([]int64, bool) {
	pl.SetSnapshot(nodes)
	state := framework.NewCycleState()
	if st := pl.PreScore(state, pod, nodes); st.IsSkip() {
		return nil, false
	}
	out := make([]int64, len(nodes))
	for i, n := range nodes {
		out[i], _ = pl.Score(state, pod, n)
	}
	return out, true
}

// The counts memoized on the NodeInfos give the scores a fresh count
// gives, while the nodes' pods change through AddPod, RemovePod and new
// NodeInfos, with pods of several selectors, namespaces and phases, and
// pods whose node affinity excludes nodes.
func TestMemoizedCountsMatchFresh(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	yes := true
	mkPod := func(i int) *core.Pod {
		p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: fmt.Sprintf("p%d", i), UID: fmt.Sprintf("u%d", i),
			Namespace: []string{"", "default", "other"}[r.Intn(3)],
			Labels:    map[string]string{"app": []string{"a", "b"}[r.Intn(2)]},
		}}
		if r.Intn(2) == 0 {
			p.Labels["tier"] = "x"
		}
		if r.Intn(4) > 0 {
			p.OwnerReferences = []core.OwnerReference{{Kind: "ReplicaSet", Controller: &yes}}
		}
		switch r.Intn(8) {
		case 0:
			p.Status.Phase = core.PodSucceeded
		case 1:
			p.Status.Phase = core.PodFailed
		}
		if r.Intn(5) == 0 {
			p.Spec.NodeSelector = map[string]string{"disk": "ssd"}
		}
		return p
	}
	var nodes []*framework.NodeInfo
	for i := 0; i < 12; i++ {
		n := &core.Node{ObjectMeta: core.ObjectMeta{Name: fmt.Sprintf("n%d", i), Labels: map[string]string{LabelHostname: fmt.Sprintf("n%d", i)}}}
		if i%4 != 3 {
			n.Labels[LabelTopologyZone] = fmt.Sprintf("z%d", i%3)
		}
		if i%2 == 0 {
			n.Labels["disk"] = "ssd"
		}
		nodes = append(nodes, framework.NewNodeInfo(n))
	}
	memo, fresh := New(), New()
	next := 0
	for step := 0; step < 3000; step++ {
		i := r.Intn(len(nodes))
		switch op := r.Intn(4); {
		case op == 0 || len(nodes[i].Pods) == 0:
			nodes[i].AddPod(mkPod(next))
			next++
		case op == 1:
			nodes[i].RemovePod(nodes[i].Pods[r.Intn(len(nodes[i].Pods))])
		case op == 2:
			nodes[i] = framework.NewNodeInfo(nodes[i].Node, append(nodes[i].Pods, mkPod(next))...)
			next++
		}
		pod := mkPod(next)
		next++
		feasible := nodes
		if r.Intn(3) == 0 {
			feasible = nodes[:1+r.Intn(len(nodes))]
		}
		got, ok1 := scores(memo, pod, feasible)
		copies := make([]*framework.NodeInfo, len(feasible))
		for j, n := range feasible {
			copies[j] = &framework.NodeInfo{Node: n.Node, Pods: append([]*core.Pod(nil), n.Pods...)}
		}
		want, ok2 := scores(fresh, pod, copies)
		require.Equal(t, ok2, ok1, "step %d: memoized PreScore ran", step)
		require.Equal(t, want, got, "step %d: memoized scores", step)
	}
}

// zoneCounts behaves as a map from zone to count, below and above
// smallZones distinct zones, with repeats and the empty zone.
func TestZoneCounts(t *testing.T) {
	var z zoneCounts
	want := map[string]int64{}
	for i := 0; i < 3*smallZones; i++ {
		zone := fmt.Sprintf("z%d", i%(2*smallZones))
		if i%5 == 0 {
			zone = ""
		}
		z.add(zone)
		if _, ok := want[zone]; !ok {
			want[zone] = 0
		}
		j, ok := z.find(zone)
		require.True(t, ok, "zone %q not found after add", zone)
		z.counts[j] += int64(i)
		want[zone] += int64(i)
		require.Equal(t, len(want), z.len(), "after %d adds: zones", i+1)
		for k, v := range want {
			require.Equal(t, v, z.get(k), "after %d adds: get(%q)", i+1, k)
		}
		require.Zero(t, z.get("absent"), "get(absent)")
	}
	assert.NotNil(t, z.index, "%d zones and no index", z.len())
}
