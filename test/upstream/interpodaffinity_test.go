package upstream

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/interpodaffinity"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/apis/config"
	"k8s.io/kubernetes/pkg/scheduler/backend/cache"
	upframework "k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/feature"
	upipa "k8s.io/kubernetes/pkg/scheduler/framework/plugins/interpodaffinity"
	plugintesting "k8s.io/kubernetes/pkg/scheduler/framework/plugins/testing"
	schedruntime "k8s.io/kubernetes/pkg/scheduler/framework/runtime"
	"k8s.io/kubernetes/pkg/scheduler/metrics"
)

// The namespaces of the random clusters: three with objects, "ghost"
// without one (its pods' namespace labels are empty, and no
// namespaceSelector lists it).
var ipaNamespaces = map[string]map[string]string{
	"ns1": {"team": "a"},
	"ns2": {"team": "b"},
	"ns3": nil,
}

var ipaPodNamespaces = []string{"ns1", "ns2", "ns3", "ghost"}

const ipaRegion = "example.com/region"

var ipaTopologyKeys = []string{framework.LabelHostname, framework.LabelTopologyZone, ipaRegion}

// ipaGen draws random clusters from a small alphabet.
type ipaGen struct{ r *rand.Rand }

func (g ipaGen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g ipaGen) labels() map[string]string {
	l := map[string]string{}
	if g.r.IntN(5) > 0 {
		l["app"] = g.pick("a", "b", "c")
	}
	if g.r.IntN(2) == 0 {
		l["tier"] = g.pick("x", "y")
	}
	return l
}

func (g ipaGen) selector() *core.LabelSelector {
	switch g.r.IntN(8) {
	case 0:
		return nil
	case 1:
		return &core.LabelSelector{}
	case 2:
		return &core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: "app", Operator: g.pick("In", "NotIn"), Values: []string{g.pick("a", "b"), "c"}}}}
	case 3:
		return &core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: g.pick("app", "tier"), Operator: g.pick("Exists", "DoesNotExist")}}}
	}
	return &core.LabelSelector{MatchLabels: map[string]string{"app": g.pick("a", "b", "c")}}
}

func (g ipaGen) term() core.PodAffinityTerm {
	t := core.PodAffinityTerm{LabelSelector: g.selector(), TopologyKey: g.pick(ipaTopologyKeys...)}
	switch g.r.IntN(6) {
	case 0:
		t.Namespaces = []string{g.pick("ns1", "ns2", "ghost")}
	case 1:
		t.NamespaceSelector = &core.LabelSelector{}
	case 2:
		t.NamespaceSelector = &core.LabelSelector{MatchLabels: map[string]string{"team": g.pick("a", "b")}}
	case 3:
		t.Namespaces = []string{"ns3"}
		t.NamespaceSelector = &core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: "team", Operator: "DoesNotExist"}}}
	}
	if g.r.IntN(5) == 0 {
		t.MatchLabelKeys = []string{"tier"}
	}
	if g.r.IntN(6) == 0 {
		t.MismatchLabelKeys = []string{"app"}
	}
	return t
}

func (g ipaGen) terms(max int) []core.PodAffinityTerm {
	var out []core.PodAffinityTerm
	for range g.r.IntN(max + 1) {
		out = append(out, g.term())
	}
	return out
}

func (g ipaGen) weighted(max int) []core.WeightedPodAffinityTerm {
	var out []core.WeightedPodAffinityTerm
	for range g.r.IntN(max + 1) {
		out = append(out, core.WeightedPodAffinityTerm{Weight: int32(1 + g.r.IntN(100)), PodAffinityTerm: g.term()})
	}
	return out
}

// pod returns a pod; with probability pAff it has pod (anti-)affinity.
func (g ipaGen) pod(name string, pAff int) *core.Pod {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, UID: name, Namespace: g.pick(ipaPodNamespaces...), Labels: g.labels()}}
	if g.r.IntN(100) >= pAff {
		return p
	}
	p.Spec.Affinity = &core.Affinity{}
	if g.r.IntN(2) == 0 {
		p.Spec.Affinity.PodAffinity = &core.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: g.terms(2), PreferredDuringSchedulingIgnoredDuringExecution: g.weighted(2)}
	}
	if g.r.IntN(2) == 0 {
		p.Spec.Affinity.PodAntiAffinity = &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: g.terms(2), PreferredDuringSchedulingIgnoredDuringExecution: g.weighted(2)}
	}
	return p
}

func (g ipaGen) node(i int) *core.Node {
	name := fmt.Sprintf("n%d", i)
	n := &core.Node{ObjectMeta: core.ObjectMeta{Name: name, Labels: map[string]string{}}}
	if g.r.IntN(10) > 0 {
		n.Labels[framework.LabelHostname] = name
	}
	if g.r.IntN(5) > 0 {
		n.Labels[framework.LabelTopologyZone] = g.pick("z1", "z2", "z3")
	}
	if g.r.IntN(3) > 0 {
		n.Labels[ipaRegion] = g.pick("r1", "r2")
	}
	return n
}

// mergeLabelKeys is what the API server does to a new pod's terms when
// MatchLabelKeysInPodAffinity is on (mutatePodAffinity): the pod's values
// of matchLabelKeys join the labelSelector as In, of mismatchLabelKeys as
// NotIn. The scheduler reads the merged selector only.
func mergeLabelKeys(p *core.Pod) *core.Pod {
	p = p.DeepCopy()
	merge := func(t *core.PodAffinityTerm) {
		if t.LabelSelector == nil {
			return
		}
		for _, k := range t.MatchLabelKeys {
			if v, ok := p.Labels[k]; ok {
				t.LabelSelector.MatchExpressions = append(t.LabelSelector.MatchExpressions, core.LabelSelectorRequirement{Key: k, Operator: "In", Values: []string{v}})
			}
		}
		for _, k := range t.MismatchLabelKeys {
			if v, ok := p.Labels[k]; ok {
				t.LabelSelector.MatchExpressions = append(t.LabelSelector.MatchExpressions, core.LabelSelectorRequirement{Key: k, Operator: "NotIn", Values: []string{v}})
			}
		}
	}
	if a := p.Spec.Affinity; a != nil {
		for _, pa := range []*core.PodAffinity{a.PodAffinity} {
			if pa == nil {
				continue
			}
			for i := range pa.RequiredDuringSchedulingIgnoredDuringExecution {
				merge(&pa.RequiredDuringSchedulingIgnoredDuringExecution[i])
			}
			for i := range pa.PreferredDuringSchedulingIgnoredDuringExecution {
				merge(&pa.PreferredDuringSchedulingIgnoredDuringExecution[i].PodAffinityTerm)
			}
		}
		if pa := a.PodAntiAffinity; pa != nil {
			for i := range pa.RequiredDuringSchedulingIgnoredDuringExecution {
				merge(&pa.RequiredDuringSchedulingIgnoredDuringExecution[i])
			}
			for i := range pa.PreferredDuringSchedulingIgnoredDuringExecution {
				merge(&pa.PreferredDuringSchedulingIgnoredDuringExecution[i].PodAffinityTerm)
			}
		}
	}
	return p
}

func mustV1Pod(t *testing.T, p *core.Pod) *v1.Pod {
	out, err := ToV1Pod(mergeLabelKeys(p))
	require.NoError(t, err)
	return out
}

// ipaCluster is one random cluster in both representations.
type ipaCluster struct {
	nodes    []*core.Node
	pods     [][]*core.Pod // by node
	upNodes  []*v1.Node
	upPods   []*v1.Pod
	ours     []*framework.NodeInfo
	upstream fwk.Plugin
	snapshot *cache.Snapshot
}

func newIPACluster(ctx context.Context, t *testing.T, g ipaGen) *ipaCluster {
	c := &ipaCluster{}
	numNodes := 2 + g.r.IntN(7)
	for i := range numNodes {
		n := g.node(i)
		v1n, err := ToV1Node(n)
		require.NoError(t, err)
		c.nodes, c.upNodes = append(c.nodes, n), append(c.upNodes, v1n)
		var pods []*core.Pod
		for j := range g.r.IntN(4) {
			p := g.pod(fmt.Sprintf("e%d-%d", i, j), 40)
			p.Spec.NodeName = n.Name
			pods = append(pods, p)
			c.upPods = append(c.upPods, mustV1Pod(t, p))
		}
		c.pods = append(c.pods, pods)
		c.ours = append(c.ours, framework.NewNodeInfo(n, pods...))
	}
	var objs []runtime.Object
	for name, labels := range ipaNamespaces {
		objs = append(objs, &v1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels}})
	}
	c.snapshot = cache.NewSnapshot(c.upPods, c.upNodes)
	c.upstream = plugintesting.SetupPluginWithInformers(ctx, t, schedruntime.FactoryAdapter(feature.Features{}, upipa.New),
		&config.InterPodAffinityArgs{HardPodAffinityWeight: 1}, c.snapshot, objs)
	return c
}

func ipaLookup(name string) (map[string]string, bool) {
	l, ok := ipaNamespaces[name]
	return l, ok
}

func statusString(code string, reasons []string) string { return fmt.Sprintf("%s %q", code, reasons) }

// TestInterPodAffinityMatchesUpstream runs the InterPodAffinity plugin of
// the playground and of kube-scheduler v1.37.2 on a few thousand random
// pods against random clusters (labels and namespaces from a small
// alphabet, hostname/zone/region topology keys, required and preferred
// affinity and anti-affinity on both sides, namespaces and
// namespaceSelector, matchLabelKeys) and requires the same PreFilter
// Skip, Filter code and reasons per node, the same Filter on a node with
// one pod removed or one added (upstream's RemovePod and AddPod
// extensions, as preemption and nominated pods use them), the same
// PreScore Skip and the same raw and normalized scores.
func TestInterPodAffinityMatchesUpstream(t *testing.T) {
	// The plugin's parallelizer reports to the scheduler's metrics.
	metrics.Register()
	ctx := context.Background()
	g := ipaGen{rand.New(rand.NewPCG(1, 37))}
	cases, filtered, rejected, scored := 0, 0, 0, 0
	reasons := map[string]int{}
	for ci := range 400 {
		c := newIPACluster(ctx, t, g)
		// The snapshot lists its nodes in map order: put them in ours.
		var upInfos []fwk.NodeInfo
		for _, n := range c.nodes {
			ni, err := c.snapshot.NodeInfos().Get(n.Name)
			require.NoError(t, err)
			upInfos = append(upInfos, ni)
		}
		for pi := range 8 {
			cases++
			pod := g.pod(fmt.Sprintf("in-%d-%d", ci, pi), 70)
			upPod := mustV1Pod(t, pod)
			where := fmt.Sprintf("cluster %d pod %d", ci, pi)
			ours := interpodaffinity.New(core.Version{}, ipaLookup)
			state := framework.NewCycleState()
			upState := upframework.NewCycleState()
			_, upPre := c.upstream.(fwk.PreFilterPlugin).PreFilter(ctx, upState, upPod, upInfos)
			_, pre := ours.PreFilter(state, pod, c.ours)
			require.Equal(t, upPre.Code().String(), pre.GetCode().String(), "%s: PreFilter", where)
			if !pre.IsSkip() {
				for i, ni := range c.ours {
					filtered++
					want := c.upstream.(fwk.FilterPlugin).Filter(ctx, upState, upPod, upInfos[i])
					got := ours.Filter(state, pod, ni)
					if !got.IsSuccess() {
						rejected++
						reasons[got.Message()]++
					}
					require.Equal(t, statusString(want.Code().String(), upReasons(want)), statusString(got.GetCode().String(), reasonsOf(got)), "%s: Filter %s", where, ni.Name())
				}
				compareRemoved(ctx, t, c, g, ours, state, upState, pod, upPod, where)
				compareAdded(ctx, t, c, g, ours, state, upState, pod, upPod, where)
			}
			scored += compareScores(ctx, t, c, upInfos, ours, state, pod, upPod, where)
		}
	}
	t.Logf("%d pods, %d filter verdicts (%d rejections: %v), %d scored cycles", cases, filtered, rejected, reasons, scored)
	require.Len(t, reasons, 3, "every reason")
	require.Less(t, rejected, filtered*3/4, "too many rejections to mean much")
}

// compareRemoved removes one random pod from a random node with pods, on
// both sides (upstream: the node without it and RemovePod on a clone of
// the state; ours: a modified copy of the node), and compares Filter.
func compareRemoved(ctx context.Context, t *testing.T, c *ipaCluster, g ipaGen, ours *interpodaffinity.InterPodAffinity,
	state *framework.CycleState, upState fwk.CycleState, pod *core.Pod, upPod *v1.Pod, where string) {
	i := g.r.IntN(len(c.nodes))
	if len(c.pods[i]) == 0 {
		return
	}
	j := g.r.IntN(len(c.pods[i]))
	victim := c.pods[i][j]
	work := c.ours[i].Clone()
	require.True(t, work.RemovePod(victim))
	upNode := upframework.NewNodeInfo()
	upNode.SetNode(c.upNodes[i])
	upVictim := mustV1Pod(t, victim)
	for _, q := range c.pods[i] {
		if q != victim {
			upNode.AddPod(mustV1Pod(t, q))
		}
	}
	cloned := upState.Clone()
	vi, err := upframework.NewPodInfo(upVictim)
	require.NoError(t, err)
	st := c.upstream.(fwk.PreFilterPlugin).PreFilterExtensions().RemovePod(ctx, cloned, upPod, vi, upNode)
	require.True(t, st.IsSuccess(), "%s: RemovePod %v", where, st)
	want := c.upstream.(fwk.FilterPlugin).Filter(ctx, cloned, upPod, upNode)
	got := ours.Filter(state, pod, work)
	require.Equal(t, statusString(want.Code().String(), upReasons(want)), statusString(got.GetCode().String(), reasonsOf(got)),
		"%s: Filter %s without %s", where, work.Name(), victim.Name)
}

// compareAdded adds a random pod to a random node on both sides
// (upstream: the node with it and AddPod on a clone of the state, as for a
// nominated pod; ours: a modified copy of the node), and compares Filter.
func compareAdded(ctx context.Context, t *testing.T, c *ipaCluster, g ipaGen, ours *interpodaffinity.InterPodAffinity,
	state *framework.CycleState, upState fwk.CycleState, pod *core.Pod, upPod *v1.Pod, where string) {
	i := g.r.IntN(len(c.nodes))
	extra := g.pod("nominated", 40)
	extra.Spec.NodeName = c.nodes[i].Name
	work := c.ours[i].Clone()
	work.AddPod(extra)
	upNode := upframework.NewNodeInfo()
	upNode.SetNode(c.upNodes[i])
	for _, q := range c.pods[i] {
		upNode.AddPod(mustV1Pod(t, q))
	}
	upExtra := mustV1Pod(t, extra)
	upNode.AddPod(upExtra)
	cloned := upState.Clone()
	pi, err := upframework.NewPodInfo(upExtra)
	require.NoError(t, err)
	st := c.upstream.(fwk.PreFilterPlugin).PreFilterExtensions().AddPod(ctx, cloned, upPod, pi, upNode)
	require.True(t, st.IsSuccess(), "%s: AddPod %v", where, st)
	want := c.upstream.(fwk.FilterPlugin).Filter(ctx, cloned, upPod, upNode)
	got := ours.Filter(state, pod, work)
	require.Equal(t, statusString(want.Code().String(), upReasons(want)), statusString(got.GetCode().String(), reasonsOf(got)),
		"%s: Filter %s with %s added", where, work.Name(), extra.Name)
}

// compareScores runs PreScore, Score and NormalizeScore over every node
// on both sides and compares; it returns 1 when the pod was scored.
func compareScores(ctx context.Context, t *testing.T, c *ipaCluster, upInfos []fwk.NodeInfo, ours *interpodaffinity.InterPodAffinity,
	state *framework.CycleState, pod *core.Pod, upPod *v1.Pod, where string) int {
	upState := upframework.NewCycleState()
	upPre := c.upstream.(fwk.PreScorePlugin).PreScore(ctx, upState, upPod, upInfos)
	pre := ours.PreScore(state, pod, c.ours)
	require.Equal(t, upPre.Code().String(), pre.GetCode().String(), "%s: PreScore", where)
	if pre.IsSkip() {
		return 0
	}
	up := c.upstream.(fwk.ScorePlugin)
	var upList fwk.NodeScoreList
	scores := make([]int64, len(c.ours))
	for i, ni := range c.ours {
		s, st := up.Score(ctx, upState, upPod, upInfos[i])
		require.True(t, st.IsSuccess())
		upList = append(upList, fwk.NodeScore{Name: ni.Name(), Score: s})
		scores[i], _ = ours.Score(state, pod, ni)
		require.Equal(t, s, scores[i], "%s: raw score %s", where, ni.Name())
	}
	require.True(t, up.ScoreExtensions().NormalizeScore(ctx, upState, upPod, upList).IsSuccess())
	ours.NormalizeScore(state, pod, scores)
	for i := range scores {
		require.Equal(t, upList[i].Score, scores[i], "%s: normalized score %s", where, upList[i].Name)
	}
	return 1
}
