package upstream

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
	v1 "k8s.io/api/core/v1"
	"k8s.io/client-go/informers"
	clientsetfake "k8s.io/client-go/kubernetes/fake"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/backend/cache"
	upframework "k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultbinder"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/queuesort"
	frameworkruntime "k8s.io/kubernetes/pkg/scheduler/framework/runtime"
	tf "k8s.io/kubernetes/pkg/scheduler/testing/framework"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
)

// upstreamExtensions are the extension points each upstream plugin the
// playground's profile runs implements (v1.37): the default profile
// enables every plugin at all of its points (MultiPoint).
var upstreamExtensions = map[string][]string{
	"NodeName":                        {"PreFilter", "Filter"},
	"NodeUnschedulable":               {"PreFilter", "Filter"},
	"TaintToleration":                 {"PreFilter", "Filter", "PreScore", "Score"},
	"NodeAffinity":                    {"PreFilter", "Filter", "PreScore", "Score"},
	"NodeResourcesFit":                {"PreFilter", "Filter", "PreScore", "Score"},
	"PodTopologySpread":               {"PreFilter", "Filter", "PreScore", "Score"},
	"InterPodAffinity":                {"PreFilter", "Filter", "PreScore", "Score"},
	"NodePorts":                       {"PreFilter", "Filter"},
	"NodeResourcesBalancedAllocation": {"PreScore", "Score"},
	"ImageLocality":                   {"Score"},
}

// upstreamProfile builds kube-scheduler's framework with the plugins the
// playground's default profile runs (sched.FilterPluginNames and
// sched.ScorePluginWeights), each at all the points it implements, with
// the default profile's weights and plugin args, over snapshot.
func upstreamProfile(t *testing.T, ctx context.Context, snapshot *cache.Snapshot) upframework.Framework {
	t.Helper()
	reg := plugins.NewInTreeRegistry()
	weights := map[string]int32{}
	for _, pw := range sched.ScorePluginWeights() {
		weights[pw.Plugin] = int32(pw.Weight)
	}
	names := append([]string{}, sched.FilterPluginNames()...)
	for _, pw := range sched.ScorePluginWeights() {
		if _, ok := weights[pw.Plugin]; ok && !contains(names, pw.Plugin) {
			names = append(names, pw.Plugin)
		}
	}
	fns := []tf.RegisterPluginFunc{
		tf.RegisterQueueSortPlugin(queuesort.Name, reg[queuesort.Name]),
		tf.RegisterBindPlugin(defaultbinder.Name, reg[defaultbinder.Name]),
	}
	for _, name := range names {
		ext, ok := upstreamExtensions[name]
		require.True(t, ok, "no upstream extension points known for %s", name)
		if _, scored := weights[name]; !scored {
			ext = without(ext, "PreScore", "Score")
		}
		w := weights[name]
		if w == 0 {
			w = 1
		}
		fns = append(fns, tf.RegisterPluginAsExtensionsWithWeight(name, w, reg[name], ext...))
	}
	client := clientsetfake.NewClientset()
	fw, err := tf.NewFramework(ctx, fns, "default-scheduler",
		frameworkruntime.WithSnapshotSharedLister(snapshot),
		frameworkruntime.WithInformerFactory(informers.NewSharedInformerFactory(client, 0)),
		frameworkruntime.WithClientSet(client))
	require.NoError(t, err)
	return fw
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func without(list []string, drop ...string) []string {
	var out []string
	for _, e := range list {
		if !contains(drop, e) {
			out = append(out, e)
		}
	}
	return out
}

// verdict is one node's outcome of a cycle: the filter that rejected it
// (plugin, code and reasons) or its total score.
type verdict struct {
	Plugin  string
	Code    string
	Reasons []string
	Total   int64
	Scores  map[string]int64
}

// upstreamCycle runs PreFilter, Filter, PreScore and Score of the
// upstream framework for pod over every node of the snapshot.
func upstreamCycle(t *testing.T, pod *v1.Pod, pods []*v1.Pod, nodes []*v1.Node) map[string]verdict {
	t.Helper()
	ctx := context.Background()
	snapshot := cache.NewSnapshot(pods, nodes)
	fw := upstreamProfile(t, ctx, snapshot)
	state := upframework.NewCycleState()
	out := map[string]verdict{}
	infos, err := snapshot.NodeInfos().List()
	require.NoError(t, err)
	pre, status, _ := fw.RunPreFilterPlugins(ctx, state, pod)
	var feasible []fwk.NodeInfo
	for _, ni := range infos {
		name := ni.Node().Name
		if !status.IsSuccess() {
			out[name] = verdict{Plugin: status.Plugin(), Code: status.Code().String(), Reasons: status.Reasons()}
			continue
		}
		if pre != nil && !pre.AllNodes() && !pre.NodeNames.Has(name) {
			out[name] = verdict{Plugin: "PreFilter", Code: "UnschedulableAndUnresolvable"}
			continue
		}
		s := fw.RunFilterPlugins(ctx, state, pod, ni)
		if !s.IsSuccess() {
			out[name] = verdict{Plugin: s.Plugin(), Code: s.Code().String(), Reasons: s.Reasons()}
			continue
		}
		feasible = append(feasible, ni)
		out[name] = verdict{Code: "Success"}
	}
	if len(feasible) < 2 {
		return out
	}
	if s := fw.RunPreScorePlugins(ctx, state, pod, feasible); !s.IsSuccess() {
		t.Fatalf("upstream PreScore: %v", s)
	}
	scores, s := fw.RunScorePlugins(ctx, state, pod, feasible)
	require.True(t, s.IsSuccess(), "upstream Score: %v", s)
	for _, ns := range scores {
		v := out[ns.Name]
		v.Total, v.Scores = ns.TotalScore, map[string]int64{}
		for _, ps := range ns.Scores {
			v.Scores[ps.Name] = ps.Score
		}
		out[ns.Name] = v
	}
	return out
}

// ourCycle runs the playground's scheduler for pod over the same nodes.
func ourCycle(pod *core.Pod, pods []*core.Pod, nodes []*core.Node) map[string]verdict {
	infos := make([]*sched.NodeInfo, len(nodes))
	for i, n := range nodes {
		var on []*core.Pod
		for _, p := range pods {
			if p.Spec.NodeName == n.Name {
				on = append(on, p)
			}
		}
		infos[i] = sched.NewNodeInfo(n, on...)
	}
	res := sched.Schedule(pod, infos, sched.Options{})
	out := map[string]verdict{}
	for name, s := range res.Rejected {
		out[name] = verdict{Plugin: s.Plugin, Code: s.Code.String(), Reasons: s.Reasons}
	}
	for _, n := range nodes {
		if _, rejected := out[n.Name]; !rejected {
			out[n.Name] = verdict{Code: "Success"}
		}
	}
	for _, ns := range res.Scores {
		v := out[ns.Node]
		v.Total, v.Scores = ns.Total, map[string]int64{}
		for _, ps := range ns.Plugins {
			v.Scores[ps.Plugin] = ps.Weighted
		}
		out[ns.Node] = v
	}
	return out
}

// TestDefaultProfileMatchesUpstream schedules random pods over random
// clusters with the playground's scheduler and with kube-scheduler's
// framework running the same plugins, and requires the same verdict on
// every node: the rejecting plugin, its code and reasons, and for the
// feasible nodes every plugin's weighted score and the total.
func TestDefaultProfileMatchesUpstream(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	cases := 1500
	if testing.Short() {
		cases = 200
	}
	for c := range cases {
		nodes, pods, pod := profCluster(rng)
		v1nodes := make([]*v1.Node, len(nodes))
		for i, n := range nodes {
			var err error
			v1nodes[i], err = ToV1Node(n)
			require.NoError(t, err)
		}
		v1pods := make([]*v1.Pod, len(pods))
		for i, p := range pods {
			var err error
			v1pods[i], err = ToV1Pod(p)
			require.NoError(t, err)
		}
		v1pod, err := ToV1Pod(pod)
		require.NoError(t, err)
		want := upstreamCycle(t, v1pod, v1pods, v1nodes)
		got := ourCycle(pod, pods, nodes)
		if !assertSameVerdicts(t, want, got) {
			t.Fatalf("case %d differs\npod: %s\nnodes: %s\npods: %s", c, jsonOf(pod), jsonOf(nodes), jsonOf(pods))
		}
	}
}

func assertSameVerdicts(t *testing.T, want, got map[string]verdict) bool {
	t.Helper()
	names := make([]string, 0, len(want))
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	ok := true
	for _, n := range names {
		w, g := want[n], got[n]
		if w.Plugin == "PreFilter" {
			// Cut by a PreFilter result: the playground names the plugin.
			w.Plugin, g.Plugin, w.Reasons, g.Reasons = "", "", nil, nil
		}
		if fmt.Sprint(w) != fmt.Sprint(g) {
			t.Errorf("node %s:\n upstream:   %+v\n playground: %+v", n, w, g)
			ok = false
		}
	}
	return ok
}
