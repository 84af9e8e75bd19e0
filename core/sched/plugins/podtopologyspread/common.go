package podtopologyspread

import (
	"sort"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	"github.com/taints-playground/playground/core/sched/plugins/nodeaffinity"
)

// selector is a constraint's labelSelector as the scheduler evaluates it,
// with the pod's matchLabelKeys pairs ANDed in (mergeLabelSetWithSelector).
// A nil labelSelector matches nothing (labels.Nothing, which merging
// leaves as it is); an empty one matches everything.
type selector struct {
	sel   *core.LabelSelector
	extra map[string]string
}

// Matches reports whether labels satisfy the selector.
func (s *selector) Matches(labels map[string]string) bool {
	if s.sel == nil || !s.sel.Matches(labels) {
		return false
	}
	for k, v := range s.extra {
		if got, ok := labels[k]; !ok || got != v {
			return false
		}
	}
	return true
}

// Empty reports whether the selector has no requirement at all (an empty
// labelSelector and no matchLabelKeys pair): countPodsMatchSelector counts
// nothing then.
func (s *selector) Empty() bool {
	return s.sel != nil && len(s.sel.MatchLabels) == 0 && len(s.sel.MatchExpressions) == 0 && len(s.extra) == 0
}

// constraint is one topologySpreadConstraint with its defaults applied
// (upstream topologySpreadConstraint).
type constraint struct {
	MaxSkew            int32
	TopologyKey        string
	Selector           selector
	MinDomains         int32
	NodeAffinityPolicy string
	NodeTaintsPolicy   string
}

// features are the feature gates the plugin reads, by release.
type features struct {
	// minDomains: MinDomainsInPodTopologySpread, beta default-off in
	// 1.25–1.26, default-on from 1.27, GA 1.30 (kubernetes/website
	// feature-gates/min-domains-in-pod-topology-spread.md). Off, the API
	// server drops the field and the scheduler treats it as 1.
	minDomains bool
	// matchLabelKeys: MatchLabelKeysInPodTopologySpread, alpha 1.25,
	// beta default-on 1.27 (pkg/features/kube_features.go, v1.37.2).
	// From 1.34 MatchLabelKeysInPodTopologySpreadSelectorMerge (beta,
	// on) has the API server AND the pairs into labelSelector at
	// creation, and the scheduler ANDs them again: for a pod whose
	// labels did not change since creation both give one selector, so the
	// playground merges in the scheduler for every release from 1.27.
	matchLabelKeys bool
	// comparisonOperators: TaintTolerationComparisonOperators, for the
	// nodeTaintsPolicy Honor toleration check.
	comparisonOperators bool
}

// NodeInclusionPolicyInPodTopologySpread is beta, on by default, from 1.26
// and GA from 1.33 (kube_features.go, v1.37.2): on in every release the
// playground models, so nodeAffinityPolicy and nodeTaintsPolicy are always
// read.

func featuresFor(v core.Version, comparisonOperators bool) features {
	return features{minDomains: v.AtLeast(27), matchLabelKeys: v.AtLeast(27), comparisonOperators: comparisonOperators}
}

// filterConstraints returns the pod's constraints whose whenUnsatisfiable
// is action, with defaults applied: minDomains 1, nodeAffinityPolicy Honor,
// nodeTaintsPolicy Ignore (mirrors filterTopologySpreadConstraints, v1.37).
func (f features) filterConstraints(cs []core.TopologySpreadConstraint, podLabels map[string]string, action string) []constraint {
	var out []constraint
	for i := range cs {
		c := &cs[i]
		if c.WhenUnsatisfiable != action {
			continue
		}
		sel := selector{sel: c.LabelSelector}
		if f.matchLabelKeys {
			for _, k := range c.MatchLabelKeys {
				if v, ok := podLabels[k]; ok {
					if sel.extra == nil {
						sel.extra = map[string]string{}
					}
					sel.extra[k] = v
				}
			}
		}
		tc := constraint{MaxSkew: c.MaxSkew, TopologyKey: c.TopologyKey, Selector: sel, MinDomains: 1,
			NodeAffinityPolicy: core.PolicyHonor, NodeTaintsPolicy: core.PolicyIgnore}
		if f.minDomains && c.MinDomains != nil {
			tc.MinDomains = *c.MinDomains
		}
		if c.NodeAffinityPolicy != nil {
			tc.NodeAffinityPolicy = *c.NodeAffinityPolicy
		}
		if c.NodeTaintsPolicy != nil {
			tc.NodeTaintsPolicy = *c.NodeTaintsPolicy
		}
		out = append(out, tc)
	}
	return out
}

// matchNodeInclusionPolicies reports whether node counts for c: with
// nodeAffinityPolicy Honor it must match the pod's nodeSelector and
// required node affinity, with nodeTaintsPolicy Honor the pod must
// tolerate its NoSchedule and NoExecute taints (mirrors
// topologySpreadConstraint.matchNodeInclusionPolicies, v1.37).
func (f features) matchNodeInclusionPolicies(c *constraint, pod *core.Pod, node *core.Node, ra *nodeaffinity.RequiredNodeAffinity) bool {
	if c.NodeAffinityPolicy == core.PolicyHonor && !ra.Match(node) {
		return false
	}
	if c.NodeTaintsPolicy == core.PolicyHonor {
		if _, bad := core.FindMatchingUntoleratedTaint(node.Spec.Taints, pod.Spec.Tolerations, core.DoNotScheduleTaintsFilter, f.comparisonOperators); bad {
			return false
		}
	}
	return true
}

// nodeLabelsMatchSpreadConstraints reports whether the node carries every
// constraint's topology key.
func nodeLabelsMatchSpreadConstraints(labels map[string]string, cs []constraint) bool {
	for i := range cs {
		if _, ok := labels[cs[i].TopologyKey]; !ok {
			return false
		}
	}
	return true
}

// countable reports whether p is counted on its node at all: an active
// pod (not Succeeded or Failed, which the scheduler cache drops) that is
// not terminating (upstream skips pods with a deletionTimestamp, #87621).
func countable(p *core.Pod) bool {
	return p != nil && p.DeletionTimestamp == nil && p.Status.Phase != core.PodSucceeded && p.Status.Phase != core.PodFailed
}

// countPodsMatchSelector counts node's pods in namespace ns that match sel
// and are countable; 0 for an empty selector (mirrors
// countPodsMatchSelector, v1.37).
func countPodsMatchSelector(node *framework.NodeInfo, sel *selector, ns string) int {
	if sel.Empty() {
		return 0
	}
	n := 0
	for _, p := range node.Pods {
		if countable(p) && namespaceOf(p) == ns && sel.Matches(p.Labels) {
			n++
		}
	}
	return n
}

// id spells the selector and namespace ns as one string, for memo keys:
// "c", then each part preceded by its length, the matchLabels and the
// matchLabelKeys pairs sorted, the expressions in order; "n" for a nil
// labelSelector.
func (s *selector) id(ns string) string {
	var b strings.Builder
	add := func(x string) {
		b.WriteString(strconv.Itoa(len(x)))
		b.WriteByte(':')
		b.WriteString(x)
	}
	pairs := func(tag byte, m map[string]string) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte(tag)
		for _, k := range keys {
			add(k)
			add(m[k])
		}
	}
	b.WriteByte('c')
	add(ns)
	if s.sel == nil {
		b.WriteByte('n')
		return b.String()
	}
	pairs('l', s.sel.MatchLabels)
	for _, r := range s.sel.MatchExpressions {
		b.WriteByte('e')
		add(r.Key)
		add(r.Operator)
		b.WriteString(strconv.Itoa(len(r.Values)))
		for _, v := range r.Values {
			add(v)
		}
	}
	pairs('x', s.extra)
	return b.String()
}

// matchingMemo is countPodsMatchSelector memoized on the node's pod memo
// under key (the key of sel and ns).
func matchingMemo(node *framework.NodeInfo, sel *selector, ns string, key framework.MemoKey) int {
	if n, ok := node.Memo(key); ok {
		return int(n)
	}
	n := countPodsMatchSelector(node, sel, ns)
	node.SetMemo(key, int64(n))
	return n
}

// podLabelsMatchSpreadConstraints reports whether labels match any
// constraint's selector.
func podLabelsMatchSpreadConstraints(cs []constraint, labels map[string]string) bool {
	for i := range cs {
		if cs[i].Selector.Matches(labels) {
			return true
		}
	}
	return false
}
