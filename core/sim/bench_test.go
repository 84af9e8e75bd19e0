package sim

import (
	"fmt"
	"testing"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched/framework"
)

// benchCluster builds a scenario of n nodes and p pending pods for the
// default profile: every 10th node carries an untolerated NoSchedule taint,
// every 7th a PreferNoSchedule taint, every 5th pod tolerates the
// PreferNoSchedule taint, and pods request 500m/1Gi (so the resource and
// balance scores vary as nodes fill).
func benchCluster(n, p int) *scenario.Scenario {
	s := &scenario.Scenario{Name: "bench", Options: scenario.Options{Seed: 1, FeatureGates: map[string]bool{}}}
	for i := 0; i < n; i++ {
		node := &core.Node{ObjectMeta: core.ObjectMeta{Name: fmt.Sprintf("node-%05d", i), Labels: map[string]string{"zone": fmt.Sprintf("z%d", i%3)}}}
		node.Status.Allocatable = core.ResourceList{
			core.ResourceCPU: core.MustParseQuantity("32"), core.ResourceMemory: core.MustParseQuantity("128Gi"), core.ResourcePods: core.MustParseQuantity("110"),
		}
		if i%10 == 0 {
			node.Spec.Taints = append(node.Spec.Taints, core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule})
		}
		if i%7 == 0 {
			node.Spec.Taints = append(node.Spec.Taints, core.Taint{Key: "spot", Value: "true", Effect: core.TaintEffectPreferNoSchedule})
		}
		s.Nodes = append(s.Nodes, node)
	}
	for i := 0; i < p; i++ {
		pod := &core.Pod{ObjectMeta: core.ObjectMeta{Name: fmt.Sprintf("pod-%05d", i), Namespace: "default"}}
		pod.Spec.Containers = []core.Container{{Name: "c", Image: "nginx", Resources: core.ResourceRequirements{Requests: core.ResourceList{
			core.ResourceCPU: core.MustParseQuantity("500m"), core.ResourceMemory: core.MustParseQuantity("1Gi")}}}}
		if i%5 == 0 {
			pod.Spec.Tolerations = []core.Toleration{{Key: "spot", Operator: core.TolerationOpExists, Effect: core.TaintEffectPreferNoSchedule}}
		}
		s.Pods = append(s.Pods, pod)
	}
	return s
}

// benchRun times Run alone: frame verification (verify_test.go), which
// recomputes every state and simulates the scenario a second time, is off.
func benchRun(b *testing.B, s *scenario.Scenario, pods int) {
	b.Helper()
	defer func(v bool) { verifyFrames = v }(verifyFrames)
	verifyFrames = false
	b.ReportAllocs()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		res, err := Run(s)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Frames) == 0 {
			b.Fatal("no frames")
		}
	}
	if elapsed := time.Since(start); elapsed > 0 {
		b.ReportMetric(float64(pods)*float64(b.N)/elapsed.Seconds(), "pods/s")
	}
}

// BenchmarkRunLarge schedules 10,000 pods onto 5,000 nodes with the default
// profile (the Filter pass stops after numFeasibleNodesToFind = 500
// feasible nodes; Why is reduced to summaries above ExplainLimit).
func BenchmarkRunLarge(b *testing.B) {
	s := benchCluster(5000, 10000)
	b.ResetTimer()
	benchRun(b, s, 10000)
}

// benchClusterAffinity is benchCluster where every pod has pod
// anti-affinity or a topology spread constraint over one of 50 services
// (app=svc-N, 200 pods each): a quarter each with required anti-affinity
// on kubernetes.io/hostname, preferred anti-affinity on it (weight 100), a
// DoNotSchedule zone spread (maxSkew 1) and a ScheduleAnyway hostname
// spread. Nodes carry the hostname label as real nodes do.
func benchClusterAffinity(n, p int) *scenario.Scenario {
	s := benchCluster(n, p)
	for _, node := range s.Nodes {
		node.Labels[framework.LabelHostname] = node.Name
	}
	for i, pod := range s.Pods {
		app := fmt.Sprintf("svc-%d", i%50)
		pod.Labels = map[string]string{"app": app}
		sel := &core.LabelSelector{MatchLabels: map[string]string{"app": app}}
		term := core.PodAffinityTerm{LabelSelector: sel, TopologyKey: framework.LabelHostname}
		switch i % 4 {
		case 0:
			pod.Spec.Affinity = &core.Affinity{PodAntiAffinity: &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{term}}}
		case 1:
			pod.Spec.Affinity = &core.Affinity{PodAntiAffinity: &core.PodAntiAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []core.WeightedPodAffinityTerm{{Weight: 100, PodAffinityTerm: term}}}}
		case 2:
			pod.Spec.TopologySpreadConstraints = []core.TopologySpreadConstraint{{MaxSkew: 1, TopologyKey: "zone", WhenUnsatisfiable: core.DoNotSchedule, LabelSelector: sel}}
		case 3:
			pod.Spec.TopologySpreadConstraints = []core.TopologySpreadConstraint{{MaxSkew: 1, TopologyKey: framework.LabelHostname, WhenUnsatisfiable: core.ScheduleAnyway, LabelSelector: sel}}
		}
	}
	return s
}

// BenchmarkRunLargeAffinity is BenchmarkRunLarge with every pod carrying
// pod anti-affinity or a spread constraint (benchClusterAffinity).
func BenchmarkRunLargeAffinity(b *testing.B) {
	s := benchClusterAffinity(5000, 10000)
	b.ResetTimer()
	benchRun(b, s, 10000)
}

// BenchmarkRunSmall is a board-sized cluster: 10 nodes, 50 pods, a taint
// step that evicts and requeues, with full explanations in every frame.
func BenchmarkRunSmall(b *testing.B) {
	s := benchCluster(10, 50)
	s.Steps = []scenario.Step{
		{At: 10 * time.Second, Run: "kubectl taint nodes node-00001 maint=true:NoExecute"},
		{At: 20 * time.Second, Run: "kubectl taint nodes node-00000 dedicated-"},
	}
	s.Until = 30 * time.Second
	b.ResetTimer()
	benchRun(b, s, 50)
}
