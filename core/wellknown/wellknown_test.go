package wellknown

import (
	"sort"
	"strings"
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// anchor is the heading id kubernetes.io gives a key's section: lower
// case, '.' and '/' as '-' (the control-plane and master taints have
// explicit "-taint" ids because their labels use the plain ones).
func anchor(key string) string {
	a := strings.NewReplacer(".", "-", "/", "-").Replace(strings.ToLower(key))
	if strings.HasPrefix(key, "node-role.kubernetes.io/") {
		a += "-taint"
	}
	return a
}

func TestPaletteEntries(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Palette() {
		id := e.Key + "=" + e.Value + " (" + e.Vendor + ")"
		if seen[id] {
			t.Errorf("%s: duplicate", id)
		}
		seen[id] = true
		if len(e.Effects) == 0 || e.AddedBy == "" || e.When == "" || e.Meaning == "" || strings.Contains(e.Meaning, "\n") {
			t.Errorf("%s: incomplete entry %+v", id, e)
		}
		for _, x := range e.Taints() {
			if err := core.CheckTaintValidation(x); err != nil {
				t.Errorf("%s: %v", id, err)
			}
		}
		if e.Taint() != e.Taints()[0] {
			t.Errorf("%s: Taint() is not the first effect", id)
		}
		if e.Builtin() {
			if want := DocsBase + "#" + anchor(e.Key); e.DocsURL != want {
				t.Errorf("%s: docs %s, want %s", id, e.DocsURL, want)
			}
			if e.LabelOnly || e.Group == GroupGPU || e.Group == GroupSpot {
				t.Errorf("%s: a Kubernetes entry in a vendor group", id)
			}
		} else {
			if !strings.HasPrefix(e.DocsURL, "https://") || strings.HasPrefix(e.DocsURL, DocsBase) {
				t.Errorf("%s: vendor docs %s", id, e.DocsURL)
			}
			if e.Simulated {
				t.Errorf("%s: no simulated controller adds vendor taints", id)
			}
			if strings.HasPrefix(e.Key, "node.kubernetes.io/") || strings.HasPrefix(e.Key, "node-role.kubernetes.io/") {
				t.Errorf("%s: a Kubernetes key marked as vendor", id)
			}
		}
	}
}

// TestPaletteCoversIssue: the palette issue 5 asks for — control-plane,
// not-ready, unreachable, pressure, unschedulable, uninitialized, GPU, spot
// (GKE, AKS and EKS).
func TestPaletteCoversIssue(t *testing.T) {
	for _, key := range []string{
		"node-role.kubernetes.io/control-plane", core.TaintNodeNotReady, core.TaintNodeUnreachable,
		core.TaintNodeMemoryPressure, core.TaintNodeDiskPressure, core.TaintNodePIDPressure,
		core.TaintNodeUnschedulable, "node.cloudprovider.kubernetes.io/uninitialized", "nvidia.com/gpu",
		"cloud.google.com/gke-spot", "kubernetes.azure.com/scalesetpriority", "eks.amazonaws.com/capacityType",
	} {
		if _, ok := Lookup(key); !ok {
			t.Errorf("no entry for %s", key)
		}
	}
	for _, g := range Groups() {
		if len(ByGroup(g)) == 0 {
			t.Errorf("group %s is empty", g)
		}
	}
	n := 0
	for _, g := range Groups() {
		n += len(ByGroup(g))
	}
	if n != len(Palette()) {
		t.Errorf("groups hold %d entries, palette %d", n, len(Palette()))
	}
	if e, _ := Lookup("eks.amazonaws.com/capacityType"); !e.LabelOnly {
		t.Error("EKS sets capacityType as a label only")
	}
	if _, ok := Lookup("nope"); ok {
		t.Error("Lookup(nope) found something")
	}
}

func TestPaletteIsACopy(t *testing.T) {
	p := Palette()
	p[0].Key = "changed"
	p[2].Effects[0] = core.TaintEffectPreferNoSchedule
	if q := Palette(); q[0].Key == "changed" || q[2].Effects[0] == core.TaintEffectPreferNoSchedule {
		t.Error("Palette returned shared state")
	}
}

// TestControlPlaneMatchesKubeadm: the palette's control-plane taint is
// the one kubeadm applies (presets.KubeadmControlPlaneTaint).
func TestControlPlaneMatchesKubeadm(t *testing.T) {
	e, _ := Lookup("node-role.kubernetes.io/control-plane")
	if got, want := e.Taint(), presets.KubeadmControlPlaneTaint(core.Version{}); got != want {
		t.Errorf("palette %s, kubeadm %s", got.ToString(), want.ToString())
	}
}

// TestSimulatedTaints: every entry marked Simulated is added by the
// simulator's node-lifecycle controller from the node's state, with the
// palette's effects, and no other key is.
func TestSimulatedTaints(t *testing.T) {
	s, err := scenario.Parse([]byte(`
kind: Scenario
name: wellknown
until: 100s
steps:
- {at: 0s, run: node down condition Ready=False}
- {at: 0s, run: node gone stop}
---
apiVersion: v1
kind: Node
metadata: {name: sick}
spec: {unschedulable: true}
status:
  capacity: {cpu: "4", memory: 8Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "True"}
  - {type: MemoryPressure, status: "True"}
  - {type: DiskPressure, status: "True"}
  - {type: PIDPressure, status: "True"}
  - {type: NetworkUnavailable, status: "True"}
---
apiVersion: v1
kind: Node
metadata: {name: down}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: gone}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: healthy}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
`), "wellknown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(s)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, n := range res.Frames[len(res.Frames)-1].Nodes {
		for _, x := range n.Taints {
			got[x.Key+":"+string(x.Effect)] = true
		}
	}
	want := map[string]bool{}
	for _, e := range Palette() {
		if e.Simulated {
			for _, x := range e.Taints() {
				want[x.Key+":"+string(x.Effect)] = true
			}
		}
	}
	keys := func(m map[string]bool) string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	if keys(got) != keys(want) {
		t.Errorf("simulator added\n %s\npalette marks as simulated\n %s", keys(got), keys(want))
	}
}
