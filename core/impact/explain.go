package impact

import (
	"fmt"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers/tainteviction"
	"github.com/taints-playground/playground/core/sim"
)

// decision is the taint-eviction controller's decision on one pod with
// the node's taints after the command, and the toleration behind it.
type decision struct {
	action tainteviction.Action
	// deadline is when the pod goes (nil: never, or nothing to do).
	deadline *time.Duration
	// never: every NoExecute taint tolerated with no tolerationSeconds.
	never      bool
	taint      *core.Taint
	toleration *core.Toleration
	reason     string
}

// decide is tainteviction.Decide (upstream processPodOnNode) for pod p
// bound to a node with taints at virtual time at: a pending deadline
// (p.EvictAt) is an existing timer created before at, which upstream
// keeps. The deciding toleration is, over the NoExecute taints, the first
// toleration in pod order that tolerates each (getMatchingTolerations),
// the one with the smallest tolerationSeconds winning
// (getMinTolerationTime).
func decide(at time.Duration, p *sim.PodState, taints []core.Taint, gate bool) decision {
	var existing *tainteviction.Timer
	if p.EvictAt != nil {
		existing = &tainteviction.Timer{Created: at - 1, FireAt: seconds(*p.EvictAt)}
	}
	d := tainteviction.Decide(at, existing, taints, p.Tolerations, gate)
	out := decision{action: d.Action}
	if t, bad := core.FindMatchingUntoleratedTaint(taints, p.Tolerations, core.NoExecuteTaintsFilter, gate); bad {
		out.taint = &t
		out.deadline = &at
		out.reason = fmt.Sprintf("%s has %s, which it does not tolerate: evicted at once", p.Node, t.ToString())
		return out
	}
	out.taint, out.toleration = decidingToleration(taints, p.Tolerations, gate)
	switch d.Action {
	case tainteviction.EvictNow:
		out.deadline = &at
		out.reason = fmt.Sprintf("tolerates %s with tolerationSeconds ≤ 0: evicted as soon as the taint-eviction controller sees the taint", out.taint.ToString())
	case tainteviction.Schedule:
		fire := d.FireAt
		out.deadline = &fire
		out.reason = fmt.Sprintf("tolerates %s for %s (tolerationSeconds), counted from %s, when the taint-eviction controller sees the taint", out.taint.ToString(), clock.Format(d.After), clock.FormatAt(at))
	case tainteviction.Keep:
		fire := existing.FireAt
		out.deadline = &fire
		out.reason = fmt.Sprintf("already due at %s from an earlier NoExecute taint: the taint-eviction controller never moves an existing deadline", clock.FormatAt(fire))
	default:
		if out.taint != nil {
			out.never = true
			out.reason = fmt.Sprintf("tolerates %s with no tolerationSeconds: stays for ever", out.taint.ToString())
		}
	}
	return out
}

// decidingToleration is the NoExecute taint and its first tolerating
// toleration with the smallest tolerationSeconds (unset counts as
// forever; the first one found wins ties).
func decidingToleration(taints []core.Taint, tols []core.Toleration, gate bool) (*core.Taint, *core.Toleration) {
	var bestTaint *core.Taint
	var best *core.Toleration
	for i := range taints {
		t := &taints[i]
		if t.Effect != core.TaintEffectNoExecute {
			continue
		}
		for j := range tols {
			tol := &tols[j]
			if !tol.ToleratesTaint(t, gate) {
				continue
			}
			if best == nil || shorter(tol, best) {
				bestTaint, best = t, tol
			}
			break
		}
	}
	if best == nil {
		return nil, nil
	}
	tc, tolc := *bestTaint, *best
	return &tc, &tolc
}

// shorter reports whether a's tolerationSeconds is below b's (unset is
// forever; ≤ 0 all mean now).
func shorter(a, b *core.Toleration) bool {
	if a.TolerationSeconds == nil {
		return false
	}
	if b.TolerationSeconds == nil {
		return true
	}
	return max(*a.TolerationSeconds, 0) < max(*b.TolerationSeconds, 0)
}
