package interpodaffinity

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Helpers building the pods and nodes of the cases below (upstream's
// filtering_test.go and scoring_test.go scenarios, re-expressed).

func node(name string, labels ...string) *core.Node {
	n := &core.Node{ObjectMeta: core.ObjectMeta{Name: name, Labels: map[string]string{}}}
	for i := 0; i+1 < len(labels); i += 2 {
		n.Labels[labels[i]] = labels[i+1]
	}
	return n
}

func pod(name, ns string, labels ...string) *core.Pod {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, UID: name, Namespace: ns, Labels: map[string]string{}}}
	for i := 0; i+1 < len(labels); i += 2 {
		p.Labels[labels[i]] = labels[i+1]
	}
	return p
}

func term(key, value, topologyKey string) core.PodAffinityTerm {
	return core.PodAffinityTerm{LabelSelector: &core.LabelSelector{MatchLabels: map[string]string{key: value}}, TopologyKey: topologyKey}
}

func withAffinity(p *core.Pod, required []core.PodAffinityTerm, preferred []core.WeightedPodAffinityTerm) *core.Pod {
	if p.Spec.Affinity == nil {
		p.Spec.Affinity = &core.Affinity{}
	}
	p.Spec.Affinity.PodAffinity = &core.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: required, PreferredDuringSchedulingIgnoredDuringExecution: preferred}
	return p
}

func withAnti(p *core.Pod, required []core.PodAffinityTerm, preferred []core.WeightedPodAffinityTerm) *core.Pod {
	if p.Spec.Affinity == nil {
		p.Spec.Affinity = &core.Affinity{}
	}
	p.Spec.Affinity.PodAntiAffinity = &core.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: required, PreferredDuringSchedulingIgnoredDuringExecution: preferred}
	return p
}

// cluster makes NodeInfos of nodes, placing each pod on the node its
// spec.nodeName names.
func cluster(nodes []*core.Node, pods ...*core.Pod) []*framework.NodeInfo {
	out := make([]*framework.NodeInfo, len(nodes))
	for i, n := range nodes {
		var on []*core.Pod
		for _, p := range pods {
			if p.Spec.NodeName == n.Name {
				on = append(on, p)
			}
		}
		out[i] = framework.NewNodeInfo(n, on...)
	}
	return out
}

func on(p *core.Pod, nodeName string) *core.Pod { p.Spec.NodeName = nodeName; return p }

var teams = func(name string) (map[string]string, bool) {
	switch name {
	case "team-a":
		return map[string]string{"team": "a"}, true
	case "team-b":
		return map[string]string{"team": "b"}, true
	}
	return nil, false
}

// verdicts runs PreFilter and Filter on every node and returns the
// verdicts as "Code: reason" ("Skip" when PreFilter skipped).
func verdicts(t *testing.T, v core.Version, p *core.Pod, nodes []*framework.NodeInfo) []string {
	pl := New(v, teams)
	state := framework.NewCycleState()
	_, st := pl.PreFilter(state, p, nodes)
	if st.IsSkip() {
		return []string{"Skip"}
	}
	require.True(t, st.IsSuccess(), "PreFilter: %v", st)
	out := make([]string, len(nodes))
	for i, n := range nodes {
		s := pl.Filter(state, p, n)
		out[i] = s.GetCode().String()
		if s != nil {
			out[i] += ": " + s.Message()
		}
	}
	return out
}

const (
	ok          = "Success"
	noAffinity  = "UnschedulableAndUnresolvable: " + ErrReasonAffinityRulesNotMatch
	noAnti      = "Unschedulable: " + ErrReasonAntiAffinityRulesNotMatch
	existingNot = "Unschedulable: " + ErrReasonExistingAntiAffinityRulesNotMatch
	zone        = framework.LabelTopologyZone
	hostname    = framework.LabelHostname
	region      = "region"
)

func TestFilter(t *testing.T) {
	zoned := []*core.Node{node("a", zone, "z1", hostname, "a"), node("b", zone, "z1", hostname, "b"), node("c", zone, "z2", hostname, "c")}
	noZone := []*core.Node{node("a", hostname, "a"), node("b", hostname, "b")}
	regions := []*core.Node{node("a", region, "r1"), node("b", region, "r1"), node("c", region, "r2")}
	tests := []struct {
		name  string
		pod   *core.Pod
		nodes []*core.Node
		pods  []*core.Pod
		want  []string
	}{
		{"no terms, no existing anti-affinity: Skip", pod("p", "ns"), zoned, []*core.Pod{on(pod("x", "ns", "app", "web"), "a")}, []string{"Skip"}},
		{"affinity met by every node of the zone holding a match",
			withAffinity(pod("p", "ns"), []core.PodAffinityTerm{term("app", "db", zone)}, nil), zoned,
			[]*core.Pod{on(pod("x", "ns", "app", "db"), "a")}, []string{ok, ok, noAffinity}},
		{"a match in another namespace does not count",
			withAffinity(pod("p", "ns"), []core.PodAffinityTerm{term("app", "db", zone)}, nil), zoned,
			[]*core.Pod{on(pod("x", "other", "app", "db"), "a")}, []string{noAffinity, noAffinity, noAffinity}},
		{"first pod of a group: no match anywhere, the pod matches its own term",
			withAffinity(pod("p", "ns", "app", "db"), []core.PodAffinityTerm{term("app", "db", zone)}, nil), zoned,
			[]*core.Pod{on(pod("x", "ns", "app", "web"), "a")}, []string{ok, ok, ok}},
		{"first pod of a group still needs the topology key",
			withAffinity(pod("p", "ns", "app", "db"), []core.PodAffinityTerm{term("app", "db", zone)}, nil), noZone,
			nil, []string{noAffinity, noAffinity}},
		{"first pod exception gone once a match exists elsewhere",
			withAffinity(pod("p", "ns", "app", "db"), []core.PodAffinityTerm{term("app", "db", zone)}, nil), zoned,
			[]*core.Pod{on(pod("x", "ns", "app", "db"), "c")}, []string{noAffinity, noAffinity, ok}},
		{"anti-affinity rejects the whole region",
			withAnti(pod("p", "ns"), []core.PodAffinityTerm{term("app", "db", region)}, nil), regions,
			[]*core.Pod{on(pod("x", "ns", "app", "db"), "a")}, []string{noAnti, noAnti, ok}},
		{"existing pod's anti-affinity (symmetry)",
			pod("p", "ns", "app", "web"), zoned,
			[]*core.Pod{on(withAnti(pod("x", "ns"), []core.PodAffinityTerm{term("app", "web", hostname)}, nil), "b")}, []string{ok, existingNot, ok}},
		{"affinity is checked before anti-affinity",
			withAnti(withAffinity(pod("p", "ns"), []core.PodAffinityTerm{term("app", "db", zone)}, nil), []core.PodAffinityTerm{term("app", "db", hostname)}, nil), zoned,
			[]*core.Pod{on(pod("x", "ns", "app", "db"), "a")}, []string{noAnti, ok, noAffinity}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, verdicts(t, core.Version{}, tt.pod, cluster(tt.nodes, tt.pods...)))
		})
	}
}

func TestFilterNamespaceSelector(t *testing.T) {
	nodes := []*core.Node{node("a", zone, "z1"), node("b", zone, "z2")}
	pods := []*core.Pod{on(pod("x", "team-a", "app", "db"), "a"), on(pod("y", "ghost", "app", "db"), "b")}
	sel := func(s *core.LabelSelector) *core.Pod {
		tm := term("app", "db", zone)
		tm.NamespaceSelector = s
		return withAffinity(pod("p", "ns"), []core.PodAffinityTerm{tm}, nil)
	}
	assert.Equal(t, []string{ok, noAffinity}, verdicts(t, core.Version{}, sel(&core.LabelSelector{MatchLabels: map[string]string{"team": "a"}}), cluster(nodes, pods...)), "team=a")
	assert.Equal(t, []string{ok, ok}, verdicts(t, core.Version{}, sel(&core.LabelSelector{}), cluster(nodes, pods...)), "empty selector: every namespace")
	// A namespace without a Namespace object is never listed.
	assert.Equal(t, []string{noAffinity, noAffinity}, verdicts(t, core.Version{}, sel(&core.LabelSelector{MatchExpressions: []core.LabelSelectorRequirement{{Key: "team", Operator: "DoesNotExist"}}}), cluster(nodes, pods...)), "team absent")
}

func TestFilterMatchLabelKeysByVersion(t *testing.T) {
	nodes := []*core.Node{node("a", hostname, "a"), node("b", hostname, "b")}
	tm := term("app", "web", hostname)
	tm.MatchLabelKeys = []string{"rev"}
	p := withAnti(pod("p", "ns", "app", "web", "rev", "2"), []core.PodAffinityTerm{tm}, nil)
	pods := []*core.Pod{on(pod("old", "ns", "app", "web", "rev", "1"), "a")}
	assert.Equal(t, []string{ok, ok}, verdicts(t, core.Version{Minor: 37}, p, cluster(nodes, pods...)), "1.37: only rev 2 counts")
	assert.Equal(t, []string{noAnti, ok}, verdicts(t, core.Version{Minor: 30}, p, cluster(nodes, pods...)), "1.30: matchLabelKeys dropped")
}

func TestPreFilterNoSkipBefore127(t *testing.T) {
	nodes := cluster([]*core.Node{node("a")})
	assert.Equal(t, []string{"Skip"}, verdicts(t, core.Version{Minor: 27}, pod("p", "ns"), nodes))
	assert.Equal(t, []string{ok}, verdicts(t, core.Version{Minor: 26}, pod("p", "ns"), nodes))
}

// TestFilterModifiedNode: a copy of a snapshot node with pods removed or
// added is judged on its own pods, as upstream's RemovePod/AddPod
// extensions make preemption and nominated pods see it.
func TestFilterModifiedNode(t *testing.T) {
	nodes := cluster([]*core.Node{node("a", hostname, "a", zone, "z1"), node("b", hostname, "b", zone, "z1")},
		on(pod("x", "ns", "app", "db"), "a"))
	p := withAnti(pod("p", "ns"), []core.PodAffinityTerm{term("app", "db", zone)}, nil)
	pl := New(core.Version{}, nil)
	state := framework.NewCycleState()
	_, st := pl.PreFilter(state, p, nodes)
	require.True(t, st.IsSuccess())
	require.Equal(t, framework.Unschedulable, pl.Filter(state, p, nodes[0]).GetCode(), "snapshot node")
	work := nodes[0].Clone()
	require.True(t, work.RemovePod(nodes[0].Pods[0]))
	assert.Nil(t, pl.Filter(state, p, work), "without the db pod")
	added := nodes[1].Clone()
	added.AddPod(on(pod("y", "ns", "app", "db"), "b"))
	assert.Equal(t, framework.Unschedulable, pl.Filter(state, p, added).GetCode(), "with a db pod added")
	assert.Equal(t, framework.Unschedulable, pl.Filter(state, p, nodes[1]).GetCode(), "zone z1 still holds x")
}

// scores runs PreScore, Score and NormalizeScore over every node; nil
// when PreScore skipped.
func scores(t *testing.T, v core.Version, p *core.Pod, nodes []*framework.NodeInfo) []int64 {
	pl := New(v, teams)
	state := framework.NewCycleState()
	pl.PreFilter(state, p, nodes)
	if st := pl.PreScore(state, p, nodes); st.IsSkip() {
		return nil
	}
	out := make([]int64, len(nodes))
	for i, n := range nodes {
		out[i], _ = pl.Score(state, p, n)
	}
	pl.NormalizeScore(state, p, out)
	return out
}

func TestScore(t *testing.T) {
	nodes := []*core.Node{node("a", zone, "z1", hostname, "a"), node("b", zone, "z2", hostname, "b"), node("c", zone, "z1", hostname, "c"), node("bare")}
	db := func(n string) *core.Pod { return on(pod("db-"+n, "ns", "app", "db"), n) }
	pref := func(w int32, key string) []core.WeightedPodAffinityTerm {
		return []core.WeightedPodAffinityTerm{{Weight: w, PodAffinityTerm: term("app", "db", key)}}
	}
	tests := []struct {
		name string
		pod  *core.Pod
		pods []*core.Pod
		want []int64
	}{
		{"nothing to score: Skip", pod("p", "ns"), []*core.Pod{db("a")}, nil},
		{"preferred affinity: the zone with the match", withAffinity(pod("p", "ns"), nil, pref(5, zone)), []*core.Pod{db("a")}, []int64{100, 0, 100, 0}},
		{"more matches, more score", withAffinity(pod("p", "ns"), nil, pref(3, zone)), []*core.Pod{db("a"), db("c"), db("b")}, []int64{100, 50, 100, 0}},
		{"preferred anti-affinity: away from the match", withAnti(pod("p", "ns"), nil, pref(5, hostname)), []*core.Pod{db("a")}, []int64{0, 100, 100, 100}},
		{"existing pod's required affinity, hardPodAffinityWeight",
			pod("p", "ns", "app", "web"),
			[]*core.Pod{on(withAffinity(pod("x", "ns"), []core.PodAffinityTerm{term("app", "web", hostname)}, nil), "b")}, []int64{0, 100, 0, 0}},
		{"existing pod's preferred anti-affinity",
			pod("p", "ns", "app", "web"),
			[]*core.Pod{on(withAnti(pod("x", "ns"), nil, []core.WeightedPodAffinityTerm{{Weight: 10, PodAffinityTerm: term("app", "web", zone)}}), "a")}, []int64{0, 100, 0, 100}},
		{"weights add up and cancel per pair",
			withAnti(withAffinity(pod("p", "ns"), nil, pref(4, zone)), nil, pref(1, hostname)), []*core.Pod{db("a"), db("b"), db("c")}, []int64{100, 42, 100, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, scores(t, core.Version{}, tt.pod, cluster(nodes, tt.pods...)))
		})
	}
}

func TestPreScoreNoSkipBefore128(t *testing.T) {
	nodes := cluster([]*core.Node{node("a"), node("b")})
	assert.Nil(t, scores(t, core.Version{Minor: 28}, pod("p", "ns"), nodes), "1.28 skips")
	assert.Equal(t, []int64{0, 0}, scores(t, core.Version{Minor: 27}, pod("p", "ns"), nodes), "1.27 scores 0")
}
