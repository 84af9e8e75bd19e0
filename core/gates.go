package core

// The PodScheduled condition the API server gives a pod created with
// scheduling gates (v1.PodReasonSchedulingGated and the pod strategy's
// applySchedulingGatedCondition, v1.37); kubectl get prints the reason
// as the pod's STATUS.
const (
	PodReasonSchedulingGated  = "SchedulingGated"
	PodMessageSchedulingGated = "Scheduling is blocked due to non-empty scheduling gates"
)

// ValidateSchedulingGates checks a pod's scheduling gates (path is
// normally "spec.schedulingGates"): each name a qualified name, none
// listed twice. Mirrors validation.validateSchedulingGates, v1.37.
func ValidateSchedulingGates(gates []PodSchedulingGate, path string) ErrorList {
	var errs ErrorList
	for i, g := range gates {
		idx := indexPath(path, i)
		for _, m := range IsQualifiedName(g.Name) {
			errs = append(errs, invalid(idx, g.Name, m))
		}
		for _, h := range gates[:i] {
			if h.Name == g.Name {
				errs = append(errs, &FieldError{Type: ErrorTypeDuplicate, Field: idx, BadValue: g.Name})
				break
			}
		}
	}
	return errs
}

// ValidateSchedulingGatesUpdate checks a pod update's scheduling gates:
// gates can only be removed, never added (a pod's gates are set at
// creation). Each gate of newGates that oldGates lacks is a Forbidden at
// "<path>[i].name", in list order (upstream's follows map order).
// Mirrors validation.validateOnlyDeletedSchedulingGates, v1.37.
func ValidateSchedulingGatesUpdate(newGates, oldGates []PodSchedulingGate, path string) ErrorList {
	var errs ErrorList
	old := map[string]bool{}
	for _, g := range oldGates {
		old[g.Name] = true
	}
	last := map[string]int{}
	for i, g := range newGates {
		last[g.Name] = i
	}
	for i, g := range newGates {
		if old[g.Name] || last[g.Name] != i {
			continue
		}
		errs = append(errs, &FieldError{Type: ErrorTypeForbidden, Field: indexPath(path, i) + ".name",
			Detail: "only deletion is allowed, but found new scheduling gate '" + g.Name + "'"})
	}
	return errs
}
