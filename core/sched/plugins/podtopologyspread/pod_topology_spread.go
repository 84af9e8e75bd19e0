package podtopologyspread

import (
	"math"
	"sort"
	"strconv"
	"sync"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
)

// Name is the plugin name used in breakdowns.
const Name = "PodTopologySpread"

// Weight is the plugin's weight in the default profile.
const Weight int64 = 2

// Well-known topology labels the system defaults spread over.
const (
	LabelHostname     = framework.LabelHostname
	LabelTopologyZone = framework.LabelTopologyZone
)

const preScoreStateKey = "PreScore" + Name

// Constraint is one system default constraint.
type Constraint struct {
	TopologyKey string
	MaxSkew     int32
}

// SystemDefaultConstraints are the constraints applied to controller-owned
// pods, in upstream order (hostname, then zone):
//
//	kubernetes.io/hostname       maxSkew 3  ScheduleAnyway
//	topology.kubernetes.io/zone  maxSkew 5  ScheduleAnyway
//
// Being ScheduleAnyway they never filter; they score.
var SystemDefaultConstraints = []Constraint{
	{TopologyKey: LabelHostname, MaxSkew: 3},
	{TopologyKey: LabelTopologyZone, MaxSkew: 5},
}

// spreadOwnerKinds are the controllers whose pods get default spreading.
var spreadOwnerKinds = map[string]bool{"ReplicaSet": true, "StatefulSet": true, "ReplicationController": true}

// PodTopologySpread is the plugin. Set the snapshot with SetSnapshot before
// PreScore; without one, the scored nodes stand in for it.
type PodTopologySpread struct {
	all   []*framework.NodeInfo
	feats features
	// scoreState and pre remember what PreScore stored.
	scoreState *framework.CycleState
	pre        *preScoreState
	// explicit is what PreScore stored for a pod's own constraints.
	explicit *explicitScoreState
}

var (
	_ framework.PreFilterPlugin     = (*PodTopologySpread)(nil)
	_ framework.PreFilterExtensions = (*PodTopologySpread)(nil)
	_ framework.FilterPlugin        = (*PodTopologySpread)(nil)
	_ framework.PreScorePlugin      = (*PodTopologySpread)(nil)
	_ framework.ScorePlugin         = (*PodTopologySpread)(nil)
	_ framework.ScoreNormalizer     = (*PodTopologySpread)(nil)
)

// New returns the plugin as in the newest release, without the
// TaintTolerationComparisonOperators gate.
func New() *PodTopologySpread { return NewForVersion(core.DefaultVersion, false) }

// NewForVersion returns the plugin as in release v: minDomains and
// matchLabelKeys are read from 1.27 (see features); comparisonOperators is
// the TaintTolerationComparisonOperators gate, used by nodeTaintsPolicy
// Honor.
func NewForVersion(v core.Version, comparisonOperators bool) *PodTopologySpread {
	return &PodTopologySpread{feats: featuresFor(v, comparisonOperators)}
}

// Name returns Name.
func (*PodTopologySpread) Name() string { return Name }

// SetSnapshot gives the plugin every node of the cycle's snapshot: PreScore
// counts matching pods on all of them, not only on the scored ones.
func (pl *PodTopologySpread) SetSnapshot(all []*framework.NodeInfo) { pl.all = all }

// DefaultSelector returns the label selector (equality requirements) the
// system default constraints use for pod, and whether the pod gets them at
// all: it must have a controller ownerReference of kind ReplicaSet,
// StatefulSet or ReplicationController and at least one label.
//
// Upstream applies the defaults to a pod selected by a Service,
// ReplicationController, ReplicaSet or StatefulSet (helper.DefaultSelector
// merges those objects' selectors). The playground has no such objects, so
// the owner reference stands for them (Services are not modelled) and the
// owner's selector is approximated by the pod's own labels, all of them,
// as equality requirements. For pods created from one template that is
// exactly the set of its siblings; in particular the pod-template-hash
// label is kept, because a Deployment's ReplicaSet selector includes it. A
// pod without labels has an empty selector and, as upstream, the plugin
// Skips.
func DefaultSelector(pod *core.Pod) (map[string]string, bool) {
	if pod == nil || len(pod.Labels) == 0 {
		return nil, false
	}
	for _, o := range pod.OwnerReferences {
		if o.Controller != nil && *o.Controller && spreadOwnerKinds[o.Kind] {
			return pod.Labels, true
		}
	}
	return nil, false
}

type preScoreState struct {
	selector  map[string]string
	namespace string
	// memoKey names the count of pods matching selector in namespace in
	// the nodes' memos (NodeInfo.Memo).
	memoKey framework.MemoKey
	// zoneCounts maps each zone value among the scored nodes to the number
	// of matching pods in that zone.
	zoneCounts zoneCounts
	// weights are the topology normalizing weights, per SystemDefaultConstraints.
	weights []float64
}

func namespaceOf(p *core.Pod) string {
	if p.Namespace == "" {
		return "default"
	}
	return p.Namespace
}

// countMatching counts node's active pods in namespace whose labels include
// every selector pair (countPodsMatchSelector).
func countMatching(node *framework.NodeInfo, selector map[string]string, namespace string) int64 {
	var n int64
	for _, p := range node.Pods {
		if p == nil || p.Status.Phase == core.PodSucceeded || p.Status.Phase == core.PodFailed || namespaceOf(p) != namespace {
			continue
		}
		match := true
		for k, v := range selector {
			if got, ok := p.Labels[k]; !ok || got != v {
				match = false
				break
			}
		}
		if match {
			n++
		}
	}
	return n
}

// maxMemoKeys bounds the selectors memo keys are kept for; past it they
// are forgotten and get new keys (never an old one).
const maxMemoKeys = 4096

// memoKeys are the memo keys of the selectors seen, by selectorID. They
// outlive the plugin (the scheduler makes one per cycle), so that the
// counts memoized in one cycle serve the next.
var memoKeys struct {
	sync.Mutex
	m map[string]framework.MemoKey
}

// memoKey returns the memo key for the count of pods in namespace
// matching selector.
func memoKey(selector map[string]string, namespace string) framework.MemoKey {
	return memoKeyOf(selectorID(selector, namespace))
}

// memoKeyOf returns the memo key of a selector spelled id.
func memoKeyOf(id string) framework.MemoKey {
	memoKeys.Lock()
	defer memoKeys.Unlock()
	if k, ok := memoKeys.m[id]; ok {
		return k
	}
	if memoKeys.m == nil || len(memoKeys.m) >= maxMemoKeys {
		memoKeys.m = map[string]framework.MemoKey{}
	}
	k := framework.NewMemoKey()
	memoKeys.m[id] = k
	return k
}

// selectorID spells a namespace and selector as one string: the
// namespace and the sorted selector pairs, each preceded by its length.
func selectorID(selector map[string]string, namespace string) string {
	keys := make([]string, 0, len(selector))
	for k := range selector {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b := make([]byte, 0, 64)
	add := func(x string) {
		b = strconv.AppendInt(append(b, ' '), int64(len(x)), 10)
		b = append(append(b, ':'), x...)
	}
	add(namespace)
	for _, k := range keys {
		add(k)
		add(selector[k])
	}
	return string(b)
}

// matching is countMatching for node, memoized in the node's memo: a
// node's pods are counted once per selector for as long as they stay the
// same, not once per cycle.
func matching(node *framework.NodeInfo, s *preScoreState) int64 {
	if n, ok := node.Memo(s.memoKey); ok {
		return n
	}
	n := countMatching(node, s.selector, s.namespace)
	node.SetMemo(s.memoKey, n)
	return n
}

// topologyNormalizingWeight is log(size+2).
func topologyNormalizingWeight(size int) float64 { return math.Log(float64(size + 2)) }

// PreScore Skips on an empty snapshot. A pod with its own
// topologySpreadConstraints is scored by its ScheduleAnyway ones only
// (preScoreExplicit; the defaults never apply to it). Otherwise PreScore
// Skips pods without system default constraints (see DefaultSelector);
// for the others it counts, over every
// node of the snapshot that satisfies the pod's nodeSelector and required
// node affinity (NodeAffinityPolicy Honor), the matching pods (same
// namespace, selector matches, terminal pods not counted) per zone value
// among the scored nodes (nodes without a zone label form the zone ""),
// and stores the weights log(size+2): size is the number of scored nodes
// for hostname and of distinct zone values for zone.
//
// A node's count of pods matching a selector is memoized on its NodeInfo
// (NodeInfo.Memo, one key per selector and namespace), so a node's pods
// are counted once per selector while they stay the same rather than in
// every cycle (a new NodeInfo, AddPod or RemovePod starts a new memo); the
// scores are those of a fresh count.
func (pl *PodTopologySpread) PreScore(state *framework.CycleState, pod *core.Pod, nodes []*framework.NodeInfo) *framework.Status {
	all := pl.all
	if all == nil {
		all = nodes
	}
	if len(all) == 0 {
		return framework.NewStatus(framework.Skip)
	}
	pl.explicit = nil
	if len(pod.Spec.TopologySpreadConstraints) > 0 {
		return pl.preScoreExplicit(state, pod, nodes, all)
	}
	sel, ok := DefaultSelector(pod)
	if !ok {
		return framework.NewStatus(framework.Skip)
	}
	s := &preScoreState{selector: sel, namespace: namespaceOf(pod)}
	s.memoKey = memoKey(sel, s.namespace)
	for _, n := range nodes {
		if n == nil || n.Node == nil {
			continue
		}
		s.zoneCounts.add(n.Topology().Zone)
	}
	s.weights = []float64{topologyNormalizingWeight(len(nodes)), topologyNormalizingWeight(s.zoneCounts.len())}
	ra := nodeaffinity.GetRequiredNodeAffinity(pod)
	for _, n := range all {
		if n == nil || n.Node == nil {
			continue
		}
		// The memoized count first: a node without matching pods adds
		// nothing, so its affinity and zone need not be looked at.
		cnt := matching(n, s)
		if cnt == 0 || !ra.Match(n.Node) {
			continue
		}
		if i, ok := s.zoneCounts.find(n.Topology().Zone); ok {
			s.zoneCounts.counts[i] += cnt
		}
	}
	state.Write(preScoreStateKey, s)
	pl.scoreState, pl.pre = state, s
	return nil
}

// Score is round(Σ count·weight + maxSkew-1), in float64, over the
// constraints whose topology key the node carries; the hostname count is
// the node's own, the zone count its zone's. Nodes missing a topology
// label are not ignored with system defaults (requireAllTopologies is
// false): they just get no credit for that key.
func (pl *PodTopologySpread) Score(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) (int64, *framework.Status) {
	if node == nil || node.Node == nil {
		return 0, nil
	}
	if e := pl.explicitState(state); e != nil {
		return e.score(node, namespaceOf(pod)), nil
	}
	var s *preScoreState
	if pl.pre != nil && pl.scoreState == state {
		s = pl.pre
	} else {
		v, _ := state.Read(preScoreStateKey)
		s, _ = v.(*preScoreState)
	}
	if s == nil {
		return 0, nil
	}
	var score float64
	t := node.Topology()
	for i, c := range SystemDefaultConstraints {
		var cnt int64
		switch c.TopologyKey {
		case LabelHostname:
			if !t.HasHostname {
				continue
			}
			cnt = matching(node, s)
		case LabelTopologyZone:
			if !t.HasZone {
				continue
			}
			cnt = s.zoneCounts.get(t.Zone)
		default:
			val, ok := node.Node.Labels[c.TopologyKey]
			if !ok {
				continue
			}
			cnt = s.zoneCounts.get(val)
		}
		score += float64(cnt)*s.weights[i] + float64(c.MaxSkew-1)
	}
	return int64(math.Round(score)), nil
}

// NormalizeScore maps s to 100·(max+min-s)/max with integer division, or
// 100 for every node when max is 0; nodes PreScore ignored (a pod's own
// constraints, a node missing a topology key) get 0 and do not count for
// min and max (mirrors PodTopologySpread.NormalizeScore, v1.37).
func (pl *PodTopologySpread) NormalizeScore(state *framework.CycleState, _ *core.Pod, scores []int64) *framework.Status {
	if len(scores) == 0 {
		return nil
	}
	var ignored []bool
	if e := pl.explicitState(state); e != nil {
		ignored = e.ignored
	}
	isIgnored := func(i int) bool { return i < len(ignored) && ignored[i] }
	minScore, maxScore := int64(math.MaxInt64), int64(0)
	for i, s := range scores {
		if isIgnored(i) {
			continue
		}
		if s < minScore {
			minScore = s
		}
		if s > maxScore {
			maxScore = s
		}
	}
	for i, s := range scores {
		if isIgnored(i) {
			scores[i] = 0
			continue
		}
		if maxScore == 0 {
			scores[i] = framework.MaxNodeScore
			continue
		}
		scores[i] = framework.MaxNodeScore * (maxScore + minScore - s) / maxScore
	}
	return nil
}

// zoneCounts is a small map from zone (or other topology) value to count,
// in insertion order: a linear search while there are few values
// (clusters have a handful of zones, and comparing short strings is
// cheaper than hashing them), a Go map beyond smallZones.
type zoneCounts struct {
	names  []string
	counts []int64
	index  map[string]int // nil while len(names) <= smallZones
}

const smallZones = 8

// find returns the index of zone.
func (z *zoneCounts) find(zone string) (int, bool) {
	if z.index != nil {
		i, ok := z.index[zone]
		return i, ok
	}
	for i, n := range z.names {
		if n == zone {
			return i, true
		}
	}
	return 0, false
}

// add makes zone present (with count 0 when new).
func (z *zoneCounts) add(zone string) {
	if _, ok := z.find(zone); ok {
		return
	}
	z.names = append(z.names, zone)
	z.counts = append(z.counts, 0)
	if z.index != nil {
		z.index[zone] = len(z.names) - 1
	} else if len(z.names) > smallZones {
		z.index = make(map[string]int, 2*len(z.names))
		for i, n := range z.names {
			z.index[n] = i
		}
	}
}

// addCount makes zone present and adds n to its count.
func (z *zoneCounts) addCount(zone string, n int64) {
	i, ok := z.find(zone)
	if !ok {
		z.add(zone)
		i = len(z.names) - 1
	}
	z.counts[i] += n
}

// get returns zone's count, 0 when absent.
func (z *zoneCounts) get(zone string) int64 {
	if i, ok := z.find(zone); ok {
		return z.counts[i]
	}
	return 0
}

// len returns the number of zones.
func (z *zoneCounts) len() int { return len(z.names) }

// clone returns a copy sharing nothing with z.
func (z *zoneCounts) clone() zoneCounts {
	c := zoneCounts{names: append([]string(nil), z.names...), counts: append([]int64(nil), z.counts...)}
	if z.index != nil {
		c.index = make(map[string]int, len(z.index))
		for k, v := range z.index {
			c.index[k] = v
		}
	}
	return c
}
