package podtopologyspread

import (
	"fmt"
	"math/rand"
	"testing"

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
		if ok1 != ok2 || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("step %d: memoized scores %v (%v), fresh %v (%v)", step, got, ok1, want, ok2)
		}
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
		if j, ok := z.find(zone); ok {
			z.counts[j] += int64(i)
			want[zone] += int64(i)
		} else {
			t.Fatalf("zone %q not found after add", zone)
		}
		if z.len() != len(want) {
			t.Fatalf("after %d adds: %d zones, want %d", i+1, z.len(), len(want))
		}
		for k, v := range want {
			if got := z.get(k); got != v {
				t.Fatalf("after %d adds: get(%q) = %d, want %d", i+1, k, got, v)
			}
		}
		if got := z.get("absent"); got != 0 {
			t.Fatalf("get(absent) = %d", got)
		}
	}
	if z.index == nil {
		t.Errorf("%d zones and no index", z.len())
	}
}
