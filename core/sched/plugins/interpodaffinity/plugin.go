package interpodaffinity

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in statuses and messages.
const Name = "InterPodAffinity"

// Weight is the plugin's weight in the default profile.
const Weight int64 = 2

// HardPodAffinityWeight is the default of InterPodAffinityArgs'
// hardPodAffinityWeight: what an existing pod's required affinity term
// that the incoming pod matches adds to the score of its domain.
const HardPodAffinityWeight int64 = 1

// MatchLabelKeysSince is the first minor release in which the
// MatchLabelKeysInPodAffinity gate is on by default (alpha 1.29, beta on
// 1.31, GA 1.33: pkg/features/kube_features.go). With it on, the API
// server merges a term's matchLabelKeys (In) and mismatchLabelKeys (NotIn)
// with the pod's own label values into its labelSelector when the pod is
// created (pkg/registry/core/pod/strategy.go mutatePodAffinity); with it
// off it drops the fields.
const MatchLabelKeysSince = 31

// NamespaceLookup returns the labels of the Namespace object called name
// and whether there is one.
type NamespaceLookup func(name string) (labels map[string]string, ok bool)

// InterPodAffinity is the plugin. One value serves one scheduling cycle.
type InterPodAffinity struct {
	matcher
	// preFilterSkip and preScoreSkip: PreFilter returns Skip when there
	// is nothing to check (from 1.27), PreScore when nothing scores
	// (from 1.28); before, the plugin ran and changed nothing.
	preFilterSkip bool
	preScoreSkip  bool
	// all is the cycle's snapshot, as PreFilter saw it; PreScore scores
	// the existing pods of all of it.
	all []*framework.NodeInfo
	// noPodAffinity: no pod of the snapshot has an affinity term
	// (SetNoPodAffinity).
	noPodAffinity bool
}

// SetNoPodAffinity records the caller's promise that no pod on any node
// has a pod affinity or anti-affinity term (sched.Options.NoPodAffinity):
// PreFilter and PreScore then read the nodes' pods only for a pod with
// terms of its own, as upstream reads only the nodes on its snapshot's
// affinity lists.
func (pl *InterPodAffinity) SetNoPodAffinity(promise bool) { pl.noPodAffinity = promise }

var (
	_ framework.PreFilterPlugin = (*InterPodAffinity)(nil)
	_ framework.FilterPlugin    = (*InterPodAffinity)(nil)
	_ framework.PreScorePlugin  = (*InterPodAffinity)(nil)
	_ framework.ScorePlugin     = (*InterPodAffinity)(nil)
	_ framework.ScoreNormalizer = (*InterPodAffinity)(nil)
)

// New returns the plugin as release v has it; namespaces looks up the
// Namespace objects a namespaceSelector matches (nil: there are none).
func New(v core.Version, namespaces NamespaceLookup) *InterPodAffinity {
	if namespaces == nil {
		namespaces = func(string) (map[string]string, bool) { return nil, false }
	}
	return &InterPodAffinity{
		matcher:       matcher{namespaces: namespaces, matchLabelKeys: v.AtLeast(MatchLabelKeysSince)},
		preFilterSkip: v.AtLeast(27),
		preScoreSkip:  v.AtLeast(28),
	}
}

// Name returns Name.
func (*InterPodAffinity) Name() string { return Name }

// namespaceOf is the pod's namespace, "default" when empty.
func namespaceOf(p *core.Pod) string {
	if p.Namespace == "" {
		return "default"
	}
	return p.Namespace
}

// Terms of a pod's affinity.
func requiredAffinity(p *core.Pod) []core.PodAffinityTerm {
	if a := p.Spec.Affinity; a != nil && a.PodAffinity != nil {
		return a.PodAffinity.RequiredDuringSchedulingIgnoredDuringExecution
	}
	return nil
}

func requiredAntiAffinity(p *core.Pod) []core.PodAffinityTerm {
	if a := p.Spec.Affinity; a != nil && a.PodAntiAffinity != nil {
		return a.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution
	}
	return nil
}

func preferredAffinity(p *core.Pod) []core.WeightedPodAffinityTerm {
	if a := p.Spec.Affinity; a != nil && a.PodAffinity != nil {
		return a.PodAffinity.PreferredDuringSchedulingIgnoredDuringExecution
	}
	return nil
}

func preferredAntiAffinity(p *core.Pod) []core.WeightedPodAffinityTerm {
	if a := p.Spec.Affinity; a != nil && a.PodAntiAffinity != nil {
		return a.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution
	}
	return nil
}

// hasPodAffinity reports whether p has pod affinity or anti-affinity
// (upstream podWithAffinity).
func hasPodAffinity(p *core.Pod) bool {
	a := p.Spec.Affinity
	return a != nil && (a.PodAffinity != nil || a.PodAntiAffinity != nil)
}

// nsMode is how a term's namespaceSelector is read.
type nsMode int

const (
	// nsOfExisting: an existing pod's term, its selector matched against
	// the incoming pod's namespace labels (AffinityTerm.Matches with
	// nsLabels).
	nsOfExisting nsMode = iota
	// nsListed: the incoming pod's term, its selector first turned into
	// the names of the Namespace objects it matches
	// (mergeAffinityTermNamespacesIfNotEmpty); an empty selector stays
	// "every namespace".
	nsListed
	// nsIgnored: the selector matched against no labels, as the queueing
	// hints call AffinityTerm.Matches(pod, nil).
	nsIgnored
)

// matcher evaluates the terms of an owner pod against other pods.
type matcher struct {
	namespaces     NamespaceLookup
	matchLabelKeys bool
}

// termMatches reports whether target matches t, a term of owner
// (AffinityTerm.Matches): target's namespace is one the term names (the
// owner's own when it names none and has no namespaceSelector) or one its
// namespaceSelector matches, and its labels match the labelSelector, to
// which owner's values of matchLabelKeys (In) and mismatchLabelKeys
// (NotIn) are added when the release merges them. nsLabels are the labels
// of target's namespace (read with nsOfExisting only).
func (m *matcher) termMatches(t *core.PodAffinityTerm, owner, target *core.Pod, mode nsMode, nsLabels map[string]string) bool {
	return m.namespaceMatches(t, owner, target, mode, nsLabels) && m.labelsMatch(t, owner, target)
}

func (m *matcher) namespaceMatches(t *core.PodAffinityTerm, owner, target *core.Pod, mode nsMode, nsLabels map[string]string) bool {
	ns := namespaceOf(target)
	if len(t.Namespaces) == 0 && t.NamespaceSelector == nil {
		return ns == namespaceOf(owner)
	}
	for _, n := range t.Namespaces {
		if n == ns {
			return true
		}
	}
	sel := t.NamespaceSelector
	switch {
	case sel == nil:
		return false
	case mode == nsOfExisting:
		return sel.Matches(nsLabels)
	case len(sel.MatchLabels) == 0 && len(sel.MatchExpressions) == 0:
		return true
	case mode == nsIgnored:
		return sel.Matches(nil)
	}
	labels, ok := m.namespaces(ns)
	return ok && sel.Matches(labels)
}

func (m *matcher) labelsMatch(t *core.PodAffinityTerm, owner, target *core.Pod) bool {
	if !t.LabelSelector.Matches(target.Labels) {
		return false
	}
	if !m.matchLabelKeys {
		return true
	}
	for _, k := range t.MatchLabelKeys {
		if v, ok := owner.Labels[k]; ok {
			if got, has := target.Labels[k]; !has || got != v {
				return false
			}
		}
	}
	for _, k := range t.MismatchLabelKeys {
		if v, ok := owner.Labels[k]; ok {
			if got, has := target.Labels[k]; has && got == v {
				return false
			}
		}
	}
	return true
}

// matchesAll reports whether target matches every one of owner's terms,
// false when there are none (podMatchesAllAffinityTerms).
func (m *matcher) matchesAll(terms []core.PodAffinityTerm, owner, target *core.Pod, mode nsMode) bool {
	if len(terms) == 0 {
		return false
	}
	for i := range terms {
		if !m.termMatches(&terms[i], owner, target, mode, nil) {
			return false
		}
	}
	return true
}

// matchesAny reports whether target matches one of owner's terms
// (podMatchesAnyAffinityTerms).
func (m *matcher) matchesAny(terms []core.PodAffinityTerm, owner, target *core.Pod, mode nsMode) bool {
	for i := range terms {
		if m.termMatches(&terms[i], owner, target, mode, nil) {
			return true
		}
	}
	return false
}

// Per-node flags memoized on each NodeInfo (the scheduler cache's
// PodsWithAffinity and PodsWithRequiredAntiAffinity lists).
const (
	flagAffinity     int64 = 1 << iota // a pod with pod (anti-)affinity
	flagRequiredAnti                   // a pod with required anti-affinity
)

// flagsKey is the memo key of the flags. PreFilter sets it on every node
// of the snapshot, so a node without it is a modified copy.
var flagsKey = framework.NewMemoKey()

// nodeFlags returns the node's flags, memoized while its pods stay the
// same.
func nodeFlags(n *framework.NodeInfo) int64 {
	if f, ok := n.Memo(flagsKey); ok {
		return f
	}
	var f int64
	for _, p := range n.Pods {
		if !active(p) || !hasPodAffinity(p) {
			continue
		}
		f |= flagAffinity
		if len(requiredAntiAffinity(p)) > 0 {
			f |= flagRequiredAnti
		}
	}
	n.SetMemo(flagsKey, f)
	return f
}

// isSnapshotNode reports whether n is a snapshot node with the pods
// PreFilter counted, not a copy with pods added or removed.
func isSnapshotNode(n *framework.NodeInfo) bool {
	_, ok := n.Memo(flagsKey)
	return ok
}

// active reports whether p counts on its node (not nil, not Succeeded or
// Failed: the scheduler's informer leaves terminal pods out).
func active(p *core.Pod) bool {
	return p != nil && p.Status.Phase != core.PodSucceeded && p.Status.Phase != core.PodFailed
}

// hintMatcher matches terms as the queueing hints do: namespaces as the
// terms name them, namespaceSelector against no labels.
func hintMatcher(v core.Version) *matcher {
	return &matcher{namespaces: func(string) (map[string]string, bool) { return nil, false }, matchLabelKeys: v.AtLeast(MatchLabelKeysSince)}
}

// IsSchedulableAfterAssignedPodChange is the queueing hint for a pod
// bound to a node being added (old nil), relabelled or deleted (new nil):
// whether pod, rejected by InterPodAffinity, may fit now (mirrors
// isSchedulableAfterAssignedPodChange, v1.37). An update helps when the
// pod newly matches all of pod's affinity terms or no longer matches one
// of its anti-affinity terms; an add when it matches all affinity terms; a
// deletion when it matched an anti-affinity term of pod, or pod matches
// one of its required anti-affinity terms. Both pods are taken to be
// bound (the caller only reports bound pods).
func IsSchedulableAfterAssignedPodChange(v core.Version, pod, old, new *core.Pod) bool {
	m := hintMatcher(v)
	terms, anti := requiredAffinity(pod), requiredAntiAffinity(pod)
	switch {
	case old != nil && new != nil:
		if !m.matchesAll(terms, pod, old, nsIgnored) && m.matchesAll(terms, pod, new, nsIgnored) {
			return true
		}
		return m.matchesAny(anti, pod, old, nsIgnored) && !m.matchesAny(anti, pod, new, nsIgnored)
	case new != nil:
		return m.matchesAll(terms, pod, new, nsIgnored)
	case old != nil:
		return m.matchesAny(anti, pod, old, nsIgnored) || m.matchesAny(requiredAntiAffinity(old), old, pod, nsIgnored)
	}
	return false
}

// IsSchedulableAfterNodeChange is the queueing hint for a node added (old
// nil) or updated: whether it may help pod, rejected by InterPodAffinity
// (mirrors isSchedulableAfterNodeChange, v1.37). An affinity term's
// topology key appearing (on a new node too) or changing value helps; for
// anti-affinity, any new node helps, and an update helps when the key
// disappears or changes value.
func IsSchedulableAfterNodeChange(pod *core.Pod, old, new *core.Node) bool {
	if new == nil {
		return false
	}
	terms := requiredAffinity(pod)
	for i := range terms {
		key := terms[i].TopologyKey
		after, hasAfter := new.Labels[key]
		if old == nil {
			if hasAfter {
				return true
			}
			continue
		}
		before, hadBefore := old.Labels[key]
		if hasAfter && (!hadBefore || before != after) {
			return true
		}
	}
	anti := requiredAntiAffinity(pod)
	for i := range anti {
		if old == nil {
			return true
		}
		key := anti[i].TopologyKey
		before, hadBefore := old.Labels[key]
		after, hasAfter := new.Labels[key]
		if hadBefore && (!hasAfter || before != after) {
			return true
		}
	}
	return false
}

// MatchesAnyRequiredAffinityTerm reports whether added matches one of
// pod's required affinity terms, its namespaceSelector read against
// nsLabels, the labels of added's namespace: which pods the queue moved
// when a bound pod was added or updated before queueing hints
// (getUnschedulablePodsWithMatchingAffinityTerm, 1.26–1.31).
func MatchesAnyRequiredAffinityTerm(v core.Version, pod, added *core.Pod, nsLabels map[string]string) bool {
	m := hintMatcher(v)
	terms := requiredAffinity(pod)
	for i := range terms {
		if m.termMatches(&terms[i], pod, added, nsOfExisting, nsLabels) {
			return true
		}
	}
	return false
}
