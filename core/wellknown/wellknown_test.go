package wellknown

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		t.Run(id, func(t *testing.T) {
			assert.False(t, seen[id], "duplicate")
			seen[id] = true
			assert.NotEmpty(t, e.Effects, "incomplete entry %+v", e)
			assert.NotEmpty(t, e.AddedBy, "incomplete entry %+v", e)
			assert.NotEmpty(t, e.When, "incomplete entry %+v", e)
			assert.NotEmpty(t, e.Meaning, "incomplete entry %+v", e)
			assert.NotContains(t, e.Meaning, "\n", "incomplete entry %+v", e)
			for _, x := range e.Taints() {
				assert.NoError(t, core.CheckTaintValidation(x))
			}
			require.NotEmpty(t, e.Taints())
			assert.True(t, e.Taint() == e.Taints()[0], "Taint() is not the first effect")
			if e.Builtin() {
				checkBuiltin(t, e)
			} else {
				checkVendor(t, e)
			}
		})
	}
}

func checkBuiltin(t *testing.T, e Taint) {
	t.Helper()
	assert.Equal(t, DocsBase+"#"+anchor(e.Key), e.DocsURL, "docs")
	assert.False(t, e.LabelOnly, "a Kubernetes entry that is a label only")
	assert.NotEqual(t, GroupGPU, e.Group, "a Kubernetes entry in a vendor group")
	assert.NotEqual(t, GroupSpot, e.Group, "a Kubernetes entry in a vendor group")
}

func checkVendor(t *testing.T, e Taint) {
	t.Helper()
	assert.True(t, strings.HasPrefix(e.DocsURL, "https://"), "vendor docs %s", e.DocsURL)
	assert.False(t, strings.HasPrefix(e.DocsURL, DocsBase), "vendor docs %s", e.DocsURL)
	assert.False(t, e.Simulated, "no simulated controller adds vendor taints")
	assert.False(t, strings.HasPrefix(e.Key, "node.kubernetes.io/"), "a Kubernetes key marked as vendor")
	assert.False(t, strings.HasPrefix(e.Key, "node-role.kubernetes.io/"), "a Kubernetes key marked as vendor")
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
		_, ok := Lookup(key)
		assert.True(t, ok, "no entry for %s", key)
	}
	n := 0
	for _, g := range Groups() {
		assert.NotEmpty(t, ByGroup(g), "group %s is empty", g)
		n += len(ByGroup(g))
	}
	assert.Equal(t, len(Palette()), n, "entries the groups hold")
	e, _ := Lookup("eks.amazonaws.com/capacityType")
	assert.True(t, e.LabelOnly, "EKS sets capacityType as a label only")
	_, ok := Lookup("nope")
	assert.False(t, ok, "Lookup(nope) found something")
}

func TestPaletteIsACopy(t *testing.T) {
	p := Palette()
	p[0].Key = "changed"
	p[2].Effects[0] = core.TaintEffectPreferNoSchedule
	q := Palette()
	assert.NotEqual(t, "changed", q[0].Key, "Palette returned shared state")
	assert.NotEqual(t, core.TaintEffectPreferNoSchedule, q[2].Effects[0], "Palette returned shared state")
}

// TestControlPlaneMatchesKubeadm: the palette's control-plane taint is
// the one kubeadm applies (presets.KubeadmControlPlaneTaint).
func TestControlPlaneMatchesKubeadm(t *testing.T) {
	e, _ := Lookup("node-role.kubernetes.io/control-plane")
	got, want := e.Taint(), presets.KubeadmControlPlaneTaint(core.Version{})
	assert.True(t, got == want, "palette %s, kubeadm %s", got.ToString(), want.ToString())
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
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
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
	assert.Equal(t, keys(want), keys(got), "the taints the simulator added, and those the palette marks as simulated")
}
