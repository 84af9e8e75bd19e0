package sched

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

func owned(p *tu.Pod, kind string, controller bool, labels map[string]string) *tu.Pod {
	p.P.Namespace = "default"
	p.P.Labels = labels
	p.P.OwnerReferences = []core.OwnerReference{{APIVersion: "apps/v1", Kind: kind, Name: "web-abc", UID: "rs-uid", Controller: &controller}}
	return p
}

var webLabels = map[string]string{"app": "web", "pod-template-hash": "abc"}

func webPod(name string) *core.Pod {
	return owned(tu.MakePod(name, "100m", "128Mi"), "ReplicaSet", true, webLabels).P
}

func pluginScores(r Result, plugin string) map[string]PluginScore {
	out := map[string]PluginScore{}
	for _, s := range r.Scores {
		for _, p := range s.Plugins {
			if p.Plugin == plugin {
				out[s.Node] = p
			}
		}
	}
	return out
}

// TestSystemDefaultSpreading: the PodTopologySpread system defaults for a
// ReplicaSet-owned pod, with values computed by upstream's scoring.go
// formulas: weights log(4+2) (hostname, 4 scored nodes) and log(2+2) (zones
// a and b); raw = round(Σ cnt·w + maxSkew-1); normalized 100·(max+min-s)/max.
//
//	n1 zone a, 2 web pods: 2·1.7918+2 + 2·1.3863+4 = 12.36 → 12 → 100·7/12  = 58
//	n2 zone a, 0:          2         + 6.7726      =  8.77 →  9 → 100·10/12 = 83
//	n3 zone b, 1:          3.7918    + 1·1.3863+4  =  9.18 →  9 → 83
//	n4 zone b, 0:          2         + 5.3863      =  7.39 →  7 → 100
//
// n5 (zone b, 3 web pods) fails the pod's nodeSelector, so it is neither
// scored nor counted (NodeAffinityPolicy Honor). A web pod in another
// namespace, a Succeeded web pod and a pod with other labels do not count.
func TestSystemDefaultSpreading(t *testing.T) {
	mk := func(name, zone string, pool string, pods ...*core.Pod) *NodeInfo {
		n := tu.MakeNode(name, "8", "16Gi").Label(podTopologyHostname, name).Label(podTopologyZone, zone)
		if pool != "" {
			n.Label("pool", pool)
		}
		return n.Info(pods...)
	}
	other := webPod("other-ns")
	other.Namespace = "kube-system"
	done := webPod("done")
	done.Status.Phase = core.PodSucceeded
	unrelated := owned(tu.MakePod("unrelated", "100m", "128Mi"), "ReplicaSet", true, map[string]string{"app": "web", "pod-template-hash": "zzz"}).P
	nodes := []*NodeInfo{
		mk("n1", "a", "main", webPod("w1"), webPod("w2")),
		mk("n2", "a", "main", other, done, unrelated),
		mk("n3", "b", "main", webPod("w3")),
		mk("n4", "b", "main"),
		mk("n5", "b", "", webPod("w4"), webPod("w5"), webPod("w6")),
	}
	pod := webPod("new")
	pod.Spec.NodeSelector = map[string]string{"pool": "main"}
	r := Schedule(pod, nodes, Options{})
	got := pluginScores(r, "PodTopologySpread")
	want := map[string]PluginScore{
		"n1": {"PodTopologySpread", 12, 58, 116},
		"n2": {"PodTopologySpread", 9, 83, 166},
		"n3": {"PodTopologySpread", 9, 83, 166},
		"n4": {"PodTopologySpread", 7, 100, 200},
	}
	assert.Equal(t, want, got, "PodTopologySpread scores")
	assert.NotContains(t, r.SkippedScorePlugins, "PodTopologySpread", "PodTopologySpread skipped for a ReplicaSet pod")
}

// Nodes without a zone label get hostname credit only; the zone "" still
// counts as one domain for the weight (upstream test "system default
// constraints and a replicaset": nodes with no zone are a separate zone).
//
//	n1 (1 web pod): 1·log(4)+2 = 3.39 → 3 → 100·(3+2-3)/3 = 66
//	n2:             2              → 2 → 100
func TestSystemDefaultSpreadingWithoutZones(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "8", "16Gi").Label(podTopologyHostname, "n1").Info(webPod("w1")),
		tu.MakeNode("n2", "8", "16Gi").Label(podTopologyHostname, "n2").Info(),
	}
	got := pluginScores(Schedule(webPod("new"), nodes, Options{}), "PodTopologySpread")
	want := map[string]PluginScore{"n1": {"PodTopologySpread", 3, 66, 132}, "n2": {"PodTopologySpread", 2, 100, 200}}
	assert.Equal(t, want, got)
	// Without any topology label every raw score is 0 → all 100.
	bare := []*NodeInfo{tu.MakeNode("n1", "8", "16Gi").Info(webPod("w1")), tu.MakeNode("n2", "8", "16Gi").Info()}
	got = pluginScores(Schedule(webPod("new"), bare, Options{}), "PodTopologySpread")
	want = map[string]PluginScore{"n1": {"PodTopologySpread", 0, 100, 200}, "n2": {"PodTopologySpread", 0, 100, 200}}
	assert.Equal(t, want, got, "no labels")
}

// Pods without a controller ReplicaSet/StatefulSet/ReplicationController
// owner, or without labels, get no default spreading: PreScore Skips.
func TestSystemDefaultSpreadingSkips(t *testing.T) {
	nodes := []*NodeInfo{
		tu.MakeNode("n1", "8", "16Gi").Label(podTopologyHostname, "n1").Info(),
		tu.MakeNode("n2", "8", "16Gi").Label(podTopologyHostname, "n2").Info(),
	}
	for name, p := range map[string]*core.Pod{
		"bare":           tu.MakePod("p", "100m", "").P,
		"job":            owned(tu.MakePod("p", "100m", ""), "Job", true, webLabels).P,
		"not controller": owned(tu.MakePod("p", "100m", ""), "ReplicaSet", false, webLabels).P,
		"no labels":      owned(tu.MakePod("p", "100m", ""), "ReplicaSet", true, nil).P,
	} {
		t.Run(name, func(t *testing.T) {
			r := Schedule(p, nodes, Options{})
			assert.Equal(t, []string{"NodeAffinity", "PodTopologySpread", "InterPodAffinity"}, r.SkippedScorePlugins, "skipped")
		})
	}
	for _, kind := range []string{"StatefulSet", "ReplicationController"} {
		t.Run(kind, func(t *testing.T) {
			r := Schedule(owned(tu.MakePod("p", "100m", ""), kind, true, webLabels).P, nodes, Options{})
			assert.Len(t, pluginScores(r, "PodTopologySpread"), 2, "not scored (skipped %v)", r.SkippedScorePlugins)
		})
	}
}

const (
	podTopologyHostname = "kubernetes.io/hostname"
	podTopologyZone     = "topology.kubernetes.io/zone"
)
