package sched

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

// largeCluster builds 5,000 nodes (32 cpu, 128Gi, 110 pods) with a mix of
// NoSchedule, NoExecute and PreferNoSchedule taints, each already running
// two pods, and returns it with the scheduler-facing NodeInfos. With
// hostnames, every node also has its kubernetes.io/hostname label.
func largeCluster(hostnames bool) []*NodeInfo {
	const numNodes = 5000
	nodes := make([]*NodeInfo, numNodes)
	for i := range nodes {
		n := tu.MakeNode(fmt.Sprintf("node-%05d", i), "32", "128Gi").Label("zone", fmt.Sprintf("z%d", i%3))
		if hostnames {
			n.Label("kubernetes.io/hostname", n.N.Name)
		}
		switch i % 6 {
		case 0:
			n.Taint("dedicated", "gpu", core.TaintEffectNoSchedule)
		case 1:
			n.Taint("spot", "true", core.TaintEffectPreferNoSchedule).Taint("team", "a", core.TaintEffectPreferNoSchedule)
		case 2:
			n.Taint("maint", "x", core.TaintEffectNoExecute)
		case 3:
			n.Taint("spot", "true", core.TaintEffectPreferNoSchedule)
		}
		var pods []*core.Pod
		for j := 0; j < 2; j++ {
			pods = append(pods, tu.MakePod(fmt.Sprintf("p-%d-%d", i, j), fmt.Sprintf("%dm", 100*(j+1)+i%7), fmt.Sprintf("%dMi", 256*(j+1))).P)
		}
		nodes[i] = n.Info(pods...)
	}
	return nodes
}

// zoneSpread is the constraint of BenchmarkScheduleLargeSpread's pods.
var zoneSpread = []core.TopologySpreadConstraint{{MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: core.DoNotSchedule,
	LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": "bench"}}}}

// BenchmarkScheduleLargeCluster schedules pods one at a time into a
// 5,000-node cluster that already runs 10,000 pods, binding each placed pod
// to its node (NodeInfo.AddPod) and feeding the rotating start
// index back, as kube-scheduler does. ns/op is per pod; "ns/filter" is the
// time per (pod, node) Filter evaluation, counting the nodes each cycle
// processed.
func BenchmarkScheduleLargeCluster(b *testing.B) { benchLarge(b, false, plain) }

// BenchmarkScheduleLargeDecisionOnly is BenchmarkScheduleLargeCluster
// with Options.SkipBreakdown, as the simulation's own cycles can run.
func BenchmarkScheduleLargeDecisionOnly(b *testing.B) { benchLarge(b, true, plain) }

// BenchmarkScheduleLargeSpread is BenchmarkScheduleLargeCluster where
// every pod is labelled app=bench and spreads over the zone label with
// maxSkew 1, DoNotSchedule: PodTopologySpread's PreFilter counts the
// matching pods of all 5,000 nodes each cycle and its Filter rejects the
// nodes of the fuller zones.
func BenchmarkScheduleLargeSpread(b *testing.B) { benchLarge(b, false, withSpread) }

// BenchmarkScheduleLargeAntiAffinity is BenchmarkScheduleLargeCluster
// with pod anti-affinity on every new pod (labelled app=g0…g49): even
// pods keep away from their group on kubernetes.io/hostname (required),
// odd ones prefer to keep away from it per zone (preferred, weight 10),
// so InterPodAffinity's PreFilter, Filter and PreScore run in every
// cycle over all 5,000 nodes.
func BenchmarkScheduleLargeAntiAffinity(b *testing.B) { benchLarge(b, false, withAntiAffinity) }

// antiAffinitySpec returns a copy of spec with the i-th pod's
// anti-affinity (see BenchmarkScheduleLargeAntiAffinity).
func antiAffinitySpec(spec core.PodSpec, group string, i int) core.PodSpec {
	term := core.PodAffinityTerm{LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": group}}, TopologyKey: "kubernetes.io/hostname"}
	anti := &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{term}}
	if i%2 == 1 {
		term.TopologyKey = "zone"
		anti = &core.PodAntiAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []core.WeightedPodAffinityTerm{{Weight: 10, PodAffinityTerm: term}}}
	}
	aff := &core.Affinity{PodAntiAffinity: anti}
	if spec.Affinity != nil {
		aff.NodeAffinity = spec.Affinity.NodeAffinity
	}
	spec.Affinity = aff
	return spec
}

// largeVariant is what benchLarge adds to every new pod.
type largeVariant int

const (
	plain largeVariant = iota
	withSpread
	withAntiAffinity
)

func benchLarge(b *testing.B, skipBreakdown bool, variant largeVariant) {
	nodes := largeCluster(variant == withAntiAffinity)
	byName := make(map[string]*NodeInfo, len(nodes))
	for _, n := range nodes {
		byName[n.Name()] = n
	}
	templates := []*core.Pod{
		tu.MakePod("t0", "500m", "1Gi").DefaultTolerations().P,
		tu.MakePod("t1", "250m", "512Mi").DefaultTolerations().Tol("dedicated", core.TolerationOpEqual, "gpu", core.TaintEffectNoSchedule).P,
		tu.MakePod("t2", "1", "2Gi").DefaultTolerations().PreferredTerm(50, tu.Term(tu.Expr("zone", core.NodeSelectorOpIn, "z1"))).P,
		tu.MakePod("t3", "100m", "128Mi").DefaultTolerations().Tol("spot", core.TolerationOpExists, "", "").P,
	}
	rng := rand.New(rand.NewSource(1))
	start := 0
	var evaluated int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := templates[i%len(templates)]
		pod := &core.Pod{ObjectMeta: core.ObjectMeta{Name: fmt.Sprintf("new-%d", i), Namespace: "default"}, Spec: t.Spec}
		switch variant {
		case withSpread:
			pod.Labels = map[string]string{"app": "bench"}
			pod.Spec.TopologySpreadConstraints = zoneSpread
		case withAntiAffinity:
			group := fmt.Sprintf("g%d", i%50)
			pod.Labels = map[string]string{"app": group}
			pod.Spec = antiAffinitySpec(t.Spec, group, i)
		}
		r := Schedule(pod, nodes, Options{Rand: rng, StartNodeIndex: start, SkipBreakdown: skipBreakdown})
		if r.NodeName == "" {
			b.Fatalf("pod %d unschedulable: %s", i, r.Message)
		}
		// The nodes evaluated are those rejected plus the feasible ones
		// (NumFeasibleNodesToFind of them, or all the others).
		feasible := len(r.Feasible)
		if skipBreakdown {
			feasible = min(NumFeasibleNodesToFind(len(nodes)), len(nodes)-len(r.Rejected))
		}
		evaluated += int64(feasible + len(r.Rejected))
		start = r.NextStartNodeIndex
		ni := byName[r.NodeName]
		bound := *pod
		bound.Spec.NodeName = r.NodeName
		ni.AddPod(&bound)
	}
	b.StopTimer()
	if evaluated > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(evaluated), "ns/filter")
	}
	if ns := b.Elapsed().Nanoseconds(); ns > 0 {
		b.ReportMetric(float64(b.N)*1e9/float64(ns), "pods/s")
	}
}
