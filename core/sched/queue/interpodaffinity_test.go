package queue_test

import (
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/internal/testutil"
	"github.com/taints-playground/playground/core/store"
)

const interPodAffinity = "InterPodAffinity"

// labelled is a pod with the label app=value.
func labelled(name, value string) *testutil.Pod {
	p := testutil.MakePod(name, "", "")
	p.P.Labels = map[string]string{"app": value}
	return p
}

// withTerm gives p a required pod affinity (anti false) or anti-affinity
// term on app=value and topologyKey.
func withTerm(p *testutil.Pod, anti bool, value, topologyKey string) *testutil.Pod {
	t := []core.PodAffinityTerm{{LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{"app": value}}, TopologyKey: topologyKey}}
	if anti {
		p.P.Spec.Affinity = &core.Affinity{PodAntiAffinity: &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: t}}
	} else {
		p.P.Spec.Affinity = &core.Affinity{PodAffinity: &core.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: t}}
	}
	return p
}

func zoneNodes() []*testutil.Node {
	return []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi").Label("zone", "z1")}
}

// deleteBound deletes the bound pod called name.
func deleteBound(f *fixture, name string) {
	for _, p := range f.env.Store.Pods() {
		if p.Name() == name {
			f.env.Store.UpdatePod(p, "", func(p *store.Pod) { p.Deleted = true })
		}
	}
}

// relabel sets app=value on the pod called name.
func relabel(f *fixture, name, value string) {
	for _, p := range f.env.Store.Pods() {
		if p.Name() == name {
			f.env.Store.UpdatePod(p, "", func(p *store.Pod) {
				o := p.Object.DeepCopy()
				o.Labels = map[string]string{"app": value}
				p.Object = o
			})
		}
	}
}

// InterPodAffinity's hints (v1.37.2 isSchedulableAfterAssignedPodChange,
// isSchedulableAfterNodeChange, isSchedulableAfterTargetPodUpdateLabel).
func TestInterPodAffinityHints(t *testing.T) {
	rej := []string{interPodAffinity}
	runHints(t, 37, []hintCase{
		{name: "a bound pod matching the affinity is added", rejected: rej, nodes: zoneNodes(),
			pod:   withTerm(testutil.MakePod("p", "", ""), false, "db", "zone"),
			event: func(f *fixture) { f.running(labelled("db", "db"), "n1") }, moved: true},
		{name: "a bound pod not matching the affinity is added", rejected: rej, nodes: zoneNodes(),
			pod:   withTerm(testutil.MakePod("p", "", ""), false, "db", "zone"),
			event: func(f *fixture) { f.running(labelled("web", "web"), "n1") }},
		{name: "the pod the anti-affinity matched is deleted", rejected: rej, nodes: zoneNodes(),
			pod: withTerm(testutil.MakePod("p", "", ""), true, "db", "zone"),
			event: func(f *fixture) {
				f.running(labelled("db", "db"), "n1")
				f.q.Dispatch()
				deleteBound(f, "db")
			}, moved: true},
		{name: "a pod whose anti-affinity matched the pod is deleted", rejected: rej, nodes: zoneNodes(),
			pod: labelled("p", "web"),
			event: func(f *fixture) {
				f.running(withTerm(labelled("x", "x"), true, "web", "zone"), "n1")
				f.q.Dispatch()
				deleteBound(f, "x")
			}, moved: true},
		{name: "an unrelated bound pod is deleted", rejected: rej, nodes: zoneNodes(),
			pod: withTerm(testutil.MakePod("p", "", ""), true, "db", "zone"),
			event: func(f *fixture) {
				f.running(labelled("web", "web"), "n1")
				f.q.Dispatch()
				deleteBound(f, "web")
			}},
		{name: "a bound pod relabelled away from the anti-affinity", rejected: rej, nodes: zoneNodes(),
			pod: withTerm(testutil.MakePod("p", "", ""), true, "db", "zone"),
			event: func(f *fixture) {
				f.running(labelled("db", "db"), "n1")
				f.q.Dispatch()
				relabel(f, "db", "web")
			}, moved: true},
		{name: "the pending pod relabelled", rejected: rej, nodes: zoneNodes(),
			pod:   labelled("p", "web"),
			event: func(f *fixture) { relabel(f, "p", "api") }, moved: true},
		{name: "a node gets the affinity's topology key", rejected: rej, nodes: []*testutil.Node{testutil.MakeNode("n1", "4", "8Gi")},
			pod:   withTerm(testutil.MakePod("p", "", ""), false, "db", "zone"),
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "z1")) }, moved: true},
		{name: "a node moves to another anti-affinity domain", rejected: rej, nodes: zoneNodes(),
			pod:   withTerm(testutil.MakePod("p", "", ""), true, "db", "zone"),
			event: func(f *fixture) { f.updateNode("n1", setLabel("zone", "z2")) }, moved: true},
		{name: "a node label unrelated to the terms", rejected: rej, nodes: zoneNodes(),
			pod:   withTerm(testutil.MakePod("p", "", ""), true, "db", "zone"),
			event: func(f *fixture) { f.updateNode("n1", setLabel("disk", "ssd")) }},
		{name: "a bound pod added does not move a TaintToleration rejection", rejected: []string{taintToleration},
			event: func(f *fixture) { f.running(labelled("db", "db"), "n1") }},
	})
}

// Before 1.32 a bound pod added or updated moves the pods with a required
// affinity term it matches (AssignedPodAdded); a deletion moves every pod
// InterPodAffinity rejected (it registers Pod All).
func TestInterPodAffinityBefore132(t *testing.T) {
	rej := []string{interPodAffinity}
	runHints(t, 31, []hintCase{
		{name: "a matching bound pod added", rejected: rej, nodes: zoneNodes(),
			pod:   withTerm(testutil.MakePod("p", "", ""), false, "db", "zone"),
			event: func(f *fixture) { f.running(labelled("db", "db"), "n1") }, moved: true},
		{name: "an unrelated bound pod added", rejected: rej, nodes: zoneNodes(),
			pod:   withTerm(testutil.MakePod("p", "", ""), true, "db", "zone"),
			event: func(f *fixture) { f.running(labelled("db", "db"), "n1") }},
		{name: "an unrelated bound pod deleted", rejected: rej, nodes: zoneNodes(),
			pod: withTerm(testutil.MakePod("p", "", ""), true, "db", "zone"),
			event: func(f *fixture) {
				f.running(labelled("web", "web"), "n1")
				f.q.Dispatch()
				deleteBound(f, "web")
			}, moved: true},
	})
}
