package disruption

import (
	"math"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

// ViolationMessage is the eviction API's refusal when no disruption is
// allowed (policy/v1 eviction REST handler).
const ViolationMessage = "Cannot evict pod as it would violate the pod's disruption budget."

// Allowed is status.disruptionsAllowed: healthy pods minus the desired
// healthy count, never below 0. expected is the number of pods the
// owning controllers want (their replicas; the matching pods for bare
// pods), healthy the matching pods that are running and not being deleted.
func Allowed(pdb *core.PodDisruptionBudget, expected, healthy int) int {
	desired := 0
	switch {
	case pdb.Spec.MaxUnavailable != nil:
		max := scaled(*pdb.Spec.MaxUnavailable, expected, true)
		desired = expected - max
		if desired < 0 {
			desired = 0
		}
	case pdb.Spec.MinAvailable != nil:
		desired = scaled(*pdb.Spec.MinAvailable, expected, true)
	default:
		desired = expected
	}
	if a := healthy - desired; a > 0 {
		return a
	}
	return 0
}

// scaled resolves an int or percentage against total, rounding up like
// intstr.GetScaledValueFromIntOrPercent with roundUp.
func scaled(v core.IntOrString, total int, roundUp bool) int {
	if !v.IsString {
		return int(v.IntVal)
	}
	s := strings.TrimSuffix(v.StrVal, "%")
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	f := float64(n) * float64(total) / 100
	if roundUp {
		return int(math.Ceil(f))
	}
	return int(math.Floor(f))
}

// Selects reports whether the budget covers a pod (same namespace,
// selector matches; a nil selector covers nothing).
func Selects(pdb *core.PodDisruptionBudget, p *core.Pod) bool {
	return pdb.Namespace == p.Namespace && pdb.Spec.Selector.Matches(p.Labels)
}
