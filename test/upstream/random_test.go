package upstream

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/taints-playground/playground/core"
)

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

var spreadOn, portsOn, affinityKinds = true, true, 4

func profPick[T any](rng *rand.Rand, list ...T) T { return list[rng.IntN(len(list))] }

var (
	profLabelKeys   = []string{"zone", "disk", "team", "topology.kubernetes.io/zone", "kubernetes.io/hostname"}
	profLabelValues = []string{"a", "b", "c"}
	profTaints      = []core.Taint{
		{Key: "dedicated", Value: "gpu", Effect: core.TaintEffectNoSchedule},
		{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule},
		{Key: "spot", Value: "true", Effect: core.TaintEffectPreferNoSchedule},
		{Key: "maint", Effect: core.TaintEffectNoExecute},
		{Key: "node.kubernetes.io/unschedulable", Effect: core.TaintEffectNoSchedule},
	}
	profTolerations = []core.Toleration{
		{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "gpu", Effect: core.TaintEffectNoSchedule},
		{Key: "dedicated", Operator: core.TolerationOpExists},
		{Key: "spot", Operator: core.TolerationOpExists, Effect: core.TaintEffectPreferNoSchedule},
		{Key: "maint", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
		{Operator: core.TolerationOpExists},
	}
	profImages = []string{"nginx:1.27", "postgres", "registry.k8s.io/pause:3.10", "ghcr.io/acme/api@sha256:0b5d8d447f364d0fa4d82c1f0f9f4b110b5d8d447f364d0fa4d82c1f0f9f4b11"}
)

func profLabels(rng *rand.Rand, n int) map[string]string {
	out := map[string]string{}
	for range n {
		out[profPick(rng, profLabelKeys...)] = profPick(rng, profLabelValues...)
	}
	return out
}

func profQuantity(rng *rand.Rand, name core.ResourceName) core.Quantity {
	switch name {
	case core.ResourceCPU:
		return core.MustParseQuantity(profPick(rng, "100m", "250m", "500m", "1", "1500m", "2", "4"))
	case core.ResourceMemory:
		return core.MustParseQuantity(profPick(rng, "64Mi", "256Mi", "1Gi", "2Gi", "4Gi"))
	}
	return core.MustParseQuantity(profPick(rng, "1", "2", "4"))
}

func profNode(rng *rand.Rand, i int) *core.Node {
	name := fmt.Sprintf("node-%d", i)
	n := &core.Node{ObjectMeta: core.ObjectMeta{Name: name, Labels: profLabels(rng, rng.IntN(4))}}
	if rng.IntN(4) > 0 {
		n.Labels["kubernetes.io/hostname"] = name
	}
	n.Status.Allocatable = core.ResourceList{
		core.ResourceCPU:    core.MustParseQuantity(profPick(rng, "1", "2", "4", "8")),
		core.ResourceMemory: core.MustParseQuantity(profPick(rng, "2Gi", "4Gi", "16Gi")),
		core.ResourcePods:   core.MustParseQuantity(profPick(rng, "3", "10", "110")),
	}
	if rng.IntN(3) == 0 {
		n.Status.Allocatable["example.com/gpu"] = core.MustParseQuantity(profPick(rng, "1", "2"))
	}
	for range rng.IntN(3) {
		n.Spec.Taints = profAppendTaint(n.Spec.Taints, profPick(rng, profTaints...))
	}
	if rng.IntN(8) == 0 {
		n.Spec.Unschedulable = true
	}
	for range rng.IntN(3) {
		n.Status.Images = append(n.Status.Images, core.ContainerImage{Names: []string{profPick(rng, profImages...)}, SizeBytes: profPick(rng, int64(10e6), 300e6, 900e6)})
	}
	return n
}

func profAppendTaint(list []core.Taint, t core.Taint) []core.Taint {
	for _, e := range list {
		if e.Key == t.Key && e.Effect == t.Effect {
			return list
		}
	}
	return append(list, t)
}

func profPod(rng *rand.Rand, name string) *core.Pod {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default", UID: name, Labels: map[string]string{"app": profPick(rng, "web", "db", "cache")}}}
	c := core.Container{Name: "c", Image: profPick(rng, profImages...)}
	if rng.IntN(4) > 0 {
		c.Resources.Requests = core.ResourceList{}
		for _, r := range []core.ResourceName{core.ResourceCPU, core.ResourceMemory, "example.com/gpu"} {
			if rng.IntN(3) > 0 {
				c.Resources.Requests[r] = profQuantity(rng, r)
			}
		}
	}
	if portsOn && rng.IntN(4) == 0 {
		c.Ports = []core.ContainerPort{{ContainerPort: 8080, HostPort: profPick(rng, int32(80), 443, 8080)}}
	}
	p.Spec.Containers = []core.Container{c}
	for range rng.IntN(3) {
		p.Spec.Tolerations = append(p.Spec.Tolerations, profPick(rng, profTolerations...))
	}
	if rng.IntN(4) == 0 {
		p.Spec.NodeSelector = profLabels(rng, 1)
	}
	if rng.IntN(3) == 0 {
		p.Spec.Affinity = profAffinity(rng)
	}
	if spreadOn && rng.IntN(4) == 0 {
		p.Spec.TopologySpreadConstraints = []core.TopologySpreadConstraint{{
			MaxSkew:           profPick(rng, int32(1), 2),
			TopologyKey:       profPick(rng, "zone", "kubernetes.io/hostname"),
			WhenUnsatisfiable: profPick(rng, core.DoNotSchedule, core.ScheduleAnyway),
			LabelSelector:     &core.LabelSelector{MatchLabels: map[string]string{"app": p.Labels["app"]}},
		}}
	}
	return p
}

func profAffinity(rng *rand.Rand) *core.Affinity {
	a := &core.Affinity{}
	req := core.NodeSelectorRequirement{Key: profPick(rng, profLabelKeys...), Operator: profPick(rng, core.NodeSelectorOpIn, core.NodeSelectorOpNotIn, core.NodeSelectorOpExists), Values: []string{profPick(rng, profLabelValues...)}}
	if req.Operator == core.NodeSelectorOpExists {
		req.Values = nil
	}
	switch rng.IntN(affinityKinds) {
	case 0:
		a.NodeAffinity = &core.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{NodeSelectorTerms: []core.NodeSelectorTerm{{MatchExpressions: []core.NodeSelectorRequirement{req}}}}}
	case 1:
		a.NodeAffinity = &core.NodeAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []core.PreferredSchedulingTerm{{Weight: profPick(rng, int32(1), 50, 100), Preference: core.NodeSelectorTerm{MatchExpressions: []core.NodeSelectorRequirement{req}}}}}
	case 2:
		term := core.PodAffinityTerm{LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": profPick(rng, "web", "db", "cache")}}, TopologyKey: profPick(rng, "zone", "kubernetes.io/hostname")}
		if rng.IntN(2) == 0 {
			a.PodAntiAffinity = &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{term}}
		} else {
			a.PodAntiAffinity = &core.PodAntiAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []core.WeightedPodAffinityTerm{{Weight: 100, PodAffinityTerm: term}}}
		}
	case 3:
		term := core.PodAffinityTerm{LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": profPick(rng, "web", "db", "cache")}}, TopologyKey: profPick(rng, "zone", "kubernetes.io/hostname")}
		if rng.IntN(2) == 0 {
			a.PodAffinity = &core.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{term}}
		} else {
			a.PodAffinity = &core.PodAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []core.WeightedPodAffinityTerm{{Weight: profPick(rng, int32(1), 100), PodAffinityTerm: term}}}
		}
	}
	return a
}

// profCluster returns 2–8 nodes, up to 12 pods bound to them and an
// incoming pod.
func profCluster(rng *rand.Rand) ([]*core.Node, []*core.Pod, *core.Pod) {
	nodes := make([]*core.Node, 2+rng.IntN(7))
	for i := range nodes {
		nodes[i] = profNode(rng, i)
	}
	pods := make([]*core.Pod, rng.IntN(13))
	for i := range pods {
		pods[i] = profPod(rng, fmt.Sprintf("running-%d", i))
		pods[i].Spec.NodeName = nodes[rng.IntN(len(nodes))].Name
	}
	return nodes, pods, profPod(rng, "incoming")
}
