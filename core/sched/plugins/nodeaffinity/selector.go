package nodeaffinity

import (
	"strconv"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// ObjectNameField is the only node field a matchFields requirement can
// usefully select on.
const ObjectNameField = "metadata.name"

type labelRequirement struct {
	key    string
	op     core.NodeSelectorOperator
	values []string
	num    int64 // Gt/Lt operand
}

// parseLabelRequirement validates r as labels.NewRequirement does: the key
// is a qualified name; In/NotIn need values, Exists/DoesNotExist none,
// Gt/Lt exactly one integer; every value is a valid label value.
func parseLabelRequirement(r core.NodeSelectorRequirement) (labelRequirement, bool) {
	lr := labelRequirement{key: r.Key, op: r.Operator, values: r.Values}
	ok := framework.IsQualifiedName(r.Key)
	switch r.Operator {
	case core.NodeSelectorOpIn, core.NodeSelectorOpNotIn:
		if len(r.Values) == 0 {
			ok = false
		}
	case core.NodeSelectorOpExists, core.NodeSelectorOpDoesNotExist:
		if len(r.Values) != 0 {
			ok = false
		}
	case core.NodeSelectorOpGt, core.NodeSelectorOpLt:
		if len(r.Values) != 1 {
			ok = false
		}
		for _, v := range r.Values {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				ok = false
			}
			lr.num = n
		}
	default:
		ok = false
	}
	for _, v := range r.Values {
		if !framework.IsValidLabelValue(v) {
			ok = false
		}
	}
	return lr, ok
}

func (r *labelRequirement) matches(labels map[string]string) bool {
	val, exists := labels[r.key]
	switch r.op {
	case core.NodeSelectorOpIn:
		return exists && contains(r.values, val)
	case core.NodeSelectorOpNotIn:
		return !exists || !contains(r.values, val)
	case core.NodeSelectorOpExists:
		return exists
	case core.NodeSelectorOpDoesNotExist:
		return !exists
	case core.NodeSelectorOpGt, core.NodeSelectorOpLt:
		if !exists {
			return false
		}
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil {
			return false
		}
		if r.op == core.NodeSelectorOpGt {
			return n > r.num
		}
		return n < r.num
	}
	return false
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

type fieldRequirement struct {
	key   string
	in    bool
	value string
}

// term is one parsed NodeSelectorTerm.
type term struct {
	labels    []labelRequirement
	hasLabels bool
	fields    []fieldRequirement
	hasFields bool
	invalid   bool
}

func isEmptyTerm(t *core.NodeSelectorTerm) bool {
	return len(t.MatchExpressions) == 0 && len(t.MatchFields) == 0
}

func parseTerm(t *core.NodeSelectorTerm) term {
	var out term
	if len(t.MatchExpressions) > 0 {
		out.hasLabels = true
		for _, r := range t.MatchExpressions {
			lr, ok := parseLabelRequirement(r)
			if !ok {
				out.invalid = true
			}
			out.labels = append(out.labels, lr)
		}
	}
	if len(t.MatchFields) > 0 {
		out.hasFields = true
		for _, r := range t.MatchFields {
			switch r.Operator {
			case core.NodeSelectorOpIn, core.NodeSelectorOpNotIn:
				if len(r.Values) != 1 {
					out.invalid = true
					continue
				}
				out.fields = append(out.fields, fieldRequirement{key: r.Key, in: r.Operator == core.NodeSelectorOpIn, value: r.Values[0]})
			default:
				out.invalid = true
			}
		}
	}
	return out
}

// match reports whether the node matches the term. Field requirements are
// ignored for a node without a name, as upstream (an empty field set).
func (t *term) match(node *core.Node) bool {
	if t.invalid {
		return false
	}
	if t.hasLabels {
		for i := range t.labels {
			if !t.labels[i].matches(node.Labels) {
				return false
			}
		}
	}
	if t.hasFields && node.Name != "" {
		for _, f := range t.fields {
			got := ""
			if f.key == ObjectNameField {
				got = node.Name
			}
			if (got == f.value) != f.in {
				return false
			}
		}
	}
	return true
}

// RequiredNodeAffinity is a pod's hard placement constraint: nodeSelector
// AND required node affinity (component-helpers RequiredNodeAffinity).
type RequiredNodeAffinity struct {
	nodeSelector map[string]string
	hasAffinity  bool
	terms        []term
}

// GetRequiredNodeAffinity parses the pod's spec.nodeSelector and
// requiredDuringSchedulingIgnoredDuringExecution.
func GetRequiredNodeAffinity(pod *core.Pod) RequiredNodeAffinity {
	var r RequiredNodeAffinity
	if pod == nil {
		return r
	}
	if len(pod.Spec.NodeSelector) > 0 {
		r.nodeSelector = pod.Spec.NodeSelector
	}
	if a := pod.Spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		r.hasAffinity = true
		for i := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
			t := &a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[i]
			if isEmptyTerm(t) {
				continue
			}
			r.terms = append(r.terms, parseTerm(t))
		}
	}
	return r
}

// Match reports whether node satisfies the constraint: every nodeSelector
// label present with the exact value, then (if required affinity is set)
// at least one term matching. A nil node never matches.
func (r *RequiredNodeAffinity) Match(node *core.Node) bool {
	if node == nil {
		return false
	}
	for k, v := range r.nodeSelector {
		got, ok := node.Labels[k]
		if !ok || got != v {
			return false
		}
	}
	if !r.hasAffinity {
		return true
	}
	for i := range r.terms {
		if r.terms[i].match(node) {
			return true
		}
	}
	return false
}

// PreferredSchedulingTerms are a pod's soft preferences
// (component-helpers PreferredSchedulingTerms). Terms with weight 0 or no
// requirements are dropped. A term that fails to parse is kept but never
// matches; upstream instead fails the whole PreScore with an error, which
// only pods rejected by API validation can reach.
type PreferredSchedulingTerms struct {
	terms   []term
	weights []int64
}

// NewPreferredSchedulingTerms parses the preferred terms.
func NewPreferredSchedulingTerms(terms []core.PreferredSchedulingTerm) *PreferredSchedulingTerms {
	out := &PreferredSchedulingTerms{}
	for i := range terms {
		if terms[i].Weight == 0 || isEmptyTerm(&terms[i].Preference) {
			continue
		}
		out.terms = append(out.terms, parseTerm(&terms[i].Preference))
		out.weights = append(out.weights, int64(terms[i].Weight))
	}
	return out
}

// Score returns the sum of the weights of the terms node matches.
func (p *PreferredSchedulingTerms) Score(node *core.Node) int64 {
	if p == nil || node == nil {
		return 0
	}
	var s int64
	for i := range p.terms {
		if p.terms[i].match(node) {
			s += p.weights[i]
		}
	}
	return s
}
