package presets

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/taints-playground/playground/core"
	lsn "github.com/taints-playground/playground/core/lesson"
	"github.com/taints-playground/playground/core/scenario"
)

// TestRegionalNetworkIsTheLessonCluster: the preset is core/lesson's
// cluster with three set-aside nodes (lesson.Cluster(DefaultParams())):
// the same nodes, allocatable, labels and taints, and Deployments whose
// replicas, requests, tolerations and nodeSelector are the lesson's pods.
func TestRegionalNetworkIsTheLessonCluster(t *testing.T) {
	p, _ := Get("regional-network")
	s, err := scenario.Parse([]byte(p.YAML), "regional-network.yaml")
	if err != nil {
		t.Fatal(err)
	}
	nodes, general, batch, err := lsn.Cluster(lsn.DefaultParams())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Nodes) != len(nodes) {
		t.Fatalf("%d nodes, want %d", len(s.Nodes), len(nodes))
	}
	for i, n := range s.Nodes {
		w := nodes[i]
		if n.Name != w.Name || n.Labels["pool"] != w.Labels["pool"] || !reflect.DeepEqual(n.Spec.Taints, w.Spec.Taints) {
			t.Errorf("node %s: labels %v taints %v, want %s %v %v", n.Name, n.Labels, n.Spec.Taints, w.Name, w.Labels, w.Spec.Taints)
		}
		for _, r := range []core.ResourceName{core.ResourceCPU, core.ResourceMemory} {
			if g, w := n.Status.Allocatable[r], w.Status.Allocatable[r]; g.Cmp(w) != 0 {
				t.Errorf("node %s %s = %v, want %v", n.Name, r, g, w)
			}
		}
	}
	want := map[string][]*core.Pod{}
	for _, k := range append(append([]*core.Pod(nil), general...), batch...) {
		want[k.Labels["app"]] = append(want[k.Labels["app"]], k)
	}
	if len(s.Deployments) != len(want) {
		t.Fatalf("%d Deployments, want %d", len(s.Deployments), len(want))
	}
	for _, d := range s.Deployments {
		pods := want[d.Name]
		if len(pods) == 0 {
			t.Errorf("Deployment %s is not a lesson service", d.Name)
			continue
		}
		replicas := int32(len(pods))
		if d.Name == lsn.BatchService {
			replicas = 0 // scaled to 6 by the step
		}
		if d.Spec.Replicas == nil || *d.Spec.Replicas != replicas {
			t.Errorf("Deployment %s replicas = %v, want %d", d.Name, d.Spec.Replicas, replicas)
		}
		got, w := d.Spec.Template.Spec, pods[0].Spec
		if !reflect.DeepEqual(got.Tolerations, w.Tolerations) || !reflect.DeepEqual(got.NodeSelector, w.NodeSelector) {
			t.Errorf("Deployment %s tolerations %v selector %v, want %v %v", d.Name, got.Tolerations, got.NodeSelector, w.Tolerations, w.NodeSelector)
		}
		for _, r := range []core.ResourceName{core.ResourceCPU, core.ResourceMemory} {
			if g, w := got.Containers[0].Resources.Requests[r], w.Containers[0].Resources.Requests[r]; g.Cmp(w) != 0 {
				t.Errorf("Deployment %s %s = %v, want %v", d.Name, r, g, w)
			}
		}
	}
	if len(s.Steps) != 1 || s.Steps[0].Run != "kubectl scale deployment nightly-batch --replicas=6" {
		t.Errorf("steps = %+v", s.Steps)
	}
}

// TestRegionalNetwork: kube-scheduler's default profile with the
// Deployments' pods. The general pods may not use d0, d3, d6 (untolerated
// NoSchedule). LeastAllocated sends each to the emptiest node it fits and
// the default PodTopologySpread (controller-owned pods) prefers nodes with
// fewer pods of the same Deployment — the two agree here: the six
// collectors go one per untainted node and the other three to three of
// them (a score tie; which three depends on the seeded tie-break), the
// verifiers first to the three nodes with one collector and then to the
// three with two (840 + 650 = 1490 ≤ 1500), and the billing pods to the
// three nodes at 1070, the only ones with 300m free. All 18 fit, where the
// lesson's first fit leaves three out. At 10 s the batch job is scaled to
// 6: its nodeSelector leaves d0, d3, d6, its toleration lets it in, and
// spreading puts two 700m pods on each.
func TestRegionalNetwork(t *testing.T) {
	res := runPreset(t, "regional-network")
	if len(res.Frames) < 2 {
		t.Fatalf("%d frames", len(res.Frames))
	}
	compose := func(f int) []string {
		per := map[string][]string{}
		for _, p := range res.Frames[f].Pods {
			if p.Phase != "Running" {
				t.Errorf("frame %d: %s is %s", f, p.Name, p.Phase)
				continue
			}
			svc := p.Name[:strings.LastIndex(p.Name[:strings.LastIndex(p.Name, "-")], "-")]
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
	first := compose(0)
	var shapes []string
	for _, c := range first {
		if n := c[:2]; n == "d0" || n == "d3" || n == "d6" {
			t.Errorf("t=0: a general pod on a set-aside node: %s", c)
		}
		shapes = append(shapes, c[3:])
	}
	sort.Strings(shapes)
	two := "reading-collector+reading-collector+verifier"
	three := "billing+reading-collector+verifier"
	if want := []string{three, three, three, two, two, two}; !reflect.DeepEqual(shapes, want) {
		t.Errorf("t=0 nodes = %q, want three of %q and three of %q", first, two, three)
	}
	last := compose(len(res.Frames) - 1)
	var batch []string
	for _, c := range last {
		if n := c[:2]; n == "d0" || n == "d3" || n == "d6" {
			batch = append(batch, c)
		}
	}
	if want := []string{"d0:nightly-batch+nightly-batch", "d3:nightly-batch+nightly-batch", "d6:nightly-batch+nightly-batch"}; !reflect.DeepEqual(batch, want) {
		t.Errorf("set-aside nodes at the end = %q, want %q", batch, want)
	}
	if len(res.Frames[len(res.Frames)-1].Pods) != 24 {
		t.Errorf("%d pods at the end, want 24", len(res.Frames[len(res.Frames)-1].Pods))
	}
}
