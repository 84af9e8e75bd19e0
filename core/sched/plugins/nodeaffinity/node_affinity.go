package nodeaffinity

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Name is the plugin name used in statuses and messages.
const Name = "NodeAffinity"

// Reasons (exact upstream text).
const (
	// ErrReasonPod is the Filter reason when nodeSelector or required
	// affinity does not match.
	ErrReasonPod = "node(s) didn't match Pod's node affinity/selector"
	// ErrReasonConflict is the PreFilter reason when every required term
	// pins metadata.name and the union of the pinned names is empty.
	ErrReasonConflict = "pod affinity terms conflict"
	// ErrReasonEnforced is the reason for a scheduler-enforced
	// addedAffinity mismatch; the default profile has none, so the
	// playground never produces it.
	ErrReasonEnforced = "node(s) didn't match scheduler-enforced node affinity"
)

// Weight is the plugin's weight in the default profile.
const Weight int64 = 2

const (
	preFilterStateKey = "PreFilter" + Name
	preScoreStateKey  = "PreScore" + Name
)

// NodeAffinity is the plugin. The zero value is ready to use.
type NodeAffinity struct {
	// raState and ra remember what PreFilter stored, so Filter does not
	// read the cycle state once per node.
	raState *framework.CycleState
	ra      *RequiredNodeAffinity
	// rejected is the Filter status shared by the nodes rejected in the
	// cycle raState (the reason does not depend on the node).
	rejected *framework.Status
	// scoreState and preferred remember what PreScore stored.
	scoreState *framework.CycleState
	preferred  *PreferredSchedulingTerms
}

var (
	_ framework.PreFilterPlugin = (*NodeAffinity)(nil)
	_ framework.FilterPlugin    = (*NodeAffinity)(nil)
	_ framework.PreScorePlugin  = (*NodeAffinity)(nil)
	_ framework.ScorePlugin     = (*NodeAffinity)(nil)
	_ framework.ScoreNormalizer = (*NodeAffinity)(nil)
)

// New returns the plugin.
func New() *NodeAffinity { return &NodeAffinity{} }

// Name returns Name.
func (*NodeAffinity) Name() string { return Name }

func requiredSelector(pod *core.Pod) *core.NodeSelector {
	if pod == nil || pod.Spec.Affinity == nil || pod.Spec.Affinity.NodeAffinity == nil {
		return nil
	}
	return pod.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution
}

// PreFilter (upstream NodeAffinity.PreFilter):
//   - Skip when the pod has no required node affinity and a nil nodeSelector;
//   - when every required term has at least one matchFields
//     "metadata.name In" requirement, the union over terms of the
//     intersection of those value sets becomes the PreFilterResult; an empty
//     union rejects the pod with UnschedulableAndUnresolvable
//     ErrReasonConflict;
//   - otherwise all nodes (nil result).
func (pl *NodeAffinity) PreFilter(state *framework.CycleState, pod *core.Pod, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	req := requiredSelector(pod)
	if req == nil && (pod == nil || pod.Spec.NodeSelector == nil) {
		return nil, framework.NewStatus(framework.Skip)
	}
	ra := GetRequiredNodeAffinity(pod)
	state.Write(preFilterStateKey, &ra)
	pl.raState, pl.ra, pl.rejected = state, &ra, nil
	if req == nil || len(req.NodeSelectorTerms) == 0 {
		return nil, nil
	}
	var union map[string]bool
	for i := range req.NodeSelectorTerms {
		var termNames map[string]bool
		for _, r := range req.NodeSelectorTerms[i].MatchFields {
			if r.Key != ObjectNameField || r.Operator != core.NodeSelectorOpIn {
				continue
			}
			s := make(map[string]bool, len(r.Values))
			for _, v := range r.Values {
				if termNames == nil || termNames[v] {
					s[v] = true
				}
			}
			termNames = s
		}
		if termNames == nil {
			return nil, nil
		}
		if union == nil {
			union = map[string]bool{}
		}
		for n := range termNames {
			union[n] = true
		}
	}
	if len(union) == 0 {
		return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonConflict)
	}
	return &framework.PreFilterResult{NodeNames: union}, nil
}

// Filter returns UnschedulableAndUnresolvable with ErrReasonPod when the node
// does not satisfy the pod's nodeSelector and required node affinity; nil
// otherwise (upstream NodeAffinity.Filter).
func (pl *NodeAffinity) Filter(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) *framework.Status {
	if node == nil || node.Node == nil {
		return nil
	}
	var ra *RequiredNodeAffinity
	if pl.ra != nil && pl.raState == state {
		ra = pl.ra
	} else if v, ok := state.Read(preFilterStateKey); ok {
		ra, _ = v.(*RequiredNodeAffinity)
	}
	if ra == nil {
		r := GetRequiredNodeAffinity(pod)
		ra = &r
	}
	if !ra.Match(node.Node) {
		if ra == pl.ra && pl.raState == state && state != nil {
			if pl.rejected == nil {
				pl.rejected = framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonPod)
			}
			return pl.rejected
		}
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonPod)
	}
	return nil
}

// PreScore returns Skip when the pod has no preferred terms (a nil
// preferredDuringSchedulingIgnoredDuringExecution); otherwise it parses
// them into state.
func (pl *NodeAffinity) PreScore(state *framework.CycleState, pod *core.Pod, _ []*framework.NodeInfo) *framework.Status {
	p := preferredTerms(pod)
	if p == nil {
		return framework.NewStatus(framework.Skip)
	}
	state.Write(preScoreStateKey, p)
	pl.scoreState, pl.preferred = state, p
	return nil
}

func preferredTerms(pod *core.Pod) *PreferredSchedulingTerms {
	if pod == nil || pod.Spec.Affinity == nil || pod.Spec.Affinity.NodeAffinity == nil ||
		pod.Spec.Affinity.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution == nil {
		return nil
	}
	return NewPreferredSchedulingTerms(pod.Spec.Affinity.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution)
}

// Score returns the sum of the weights of the preferred terms the node
// matches.
func (pl *NodeAffinity) Score(state *framework.CycleState, pod *core.Pod, node *framework.NodeInfo) (int64, *framework.Status) {
	if node == nil || node.Node == nil {
		return 0, nil
	}
	var p *PreferredSchedulingTerms
	if pl.preferred != nil && pl.scoreState == state {
		p = pl.preferred
	} else if v, ok := state.Read(preScoreStateKey); ok {
		p, _ = v.(*PreferredSchedulingTerms)
	}
	if p == nil {
		p = preferredTerms(pod)
	}
	return p.Score(node.Node), nil
}

// NormalizeScore scales the sums to 100*sum/max (DefaultNormalizeScore,
// not reversed).
func (pl *NodeAffinity) NormalizeScore(_ *framework.CycleState, _ *core.Pod, scores []int64) *framework.Status {
	return framework.DefaultNormalizeScore(framework.MaxNodeScore, false, scores)
}
