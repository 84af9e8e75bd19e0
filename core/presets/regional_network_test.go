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
// cluster with three set-aside nodes (lsn.Cluster(DefaultParams())): the
// same nodes, allocatable, labels and taints, and the same pods in the same
// order, with the same requests, tolerations and nodeSelector.
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
	same := func(what string, a, b core.ResourceList) {
		for _, r := range []core.ResourceName{core.ResourceCPU, core.ResourceMemory} {
			if g, w := a[r], b[r]; g.Cmp(w) != 0 {
				t.Errorf("%s %s = %v, want %v", what, r, g, w)
			}
		}
	}
	for i, n := range s.Nodes {
		w := nodes[i]
		if n.Name != w.Name || n.Labels["pool"] != w.Labels["pool"] || !reflect.DeepEqual(n.Spec.Taints, w.Spec.Taints) {
			t.Errorf("node %s: labels %v taints %v, want %s %v %v", n.Name, n.Labels, n.Spec.Taints, w.Name, w.Labels, w.Spec.Taints)
		}
		same("node "+n.Name, n.Status.Allocatable, w.Status.Allocatable)
	}
	want := append(append([]*core.Pod(nil), general...), batch...)
	if len(s.Pods) != len(want) {
		t.Fatalf("%d pods, want %d", len(s.Pods), len(want))
	}
	for i, k := range s.Pods {
		w := want[i]
		if k.Name != w.Name || !reflect.DeepEqual(k.Spec.Tolerations, w.Spec.Tolerations) || !reflect.DeepEqual(k.Spec.NodeSelector, w.Spec.NodeSelector) {
			t.Errorf("pod %d = %s %v %v, want %s %v %v", i, k.Name, k.Spec.Tolerations, k.Spec.NodeSelector, w.Name, w.Spec.Tolerations, w.Spec.NodeSelector)
		}
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
		if want := []string{three, three, three, two, two, two}; !reflect.DeepEqual(shapes, want) {
			t.Errorf("frame %d: untainted nodes = %q, want three of %q and three of %q", f, general, two, three)
		}
		if want := []string{"d0:nightly-batch+nightly-batch", "d3:nightly-batch+nightly-batch", "d6:nightly-batch+nightly-batch"}; !reflect.DeepEqual(batch, want) {
			t.Errorf("frame %d: set-aside nodes = %q, want %q", f, batch, want)
		}
		if len(res.Frames[f].Pods) != 24 {
			t.Errorf("frame %d: %d pods, want 24", f, len(res.Frames[f].Pods))
		}
	}
	if len(res.Frames) != 2 || res.Frames[1].At != 10 || !strings.Contains(res.Frames[1].Output, "nightly-batch-6") {
		t.Errorf("want the initial frame and the 10 s get pods frame, got %d frames", len(res.Frames))
	}
}
