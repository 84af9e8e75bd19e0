package scenario

import (
	"github.com/taints-playground/playground/core"
)

// runtimeClassErrors validates a RuntimeClass at create time beyond its
// name: handler required and a DNS-1123 label, the overhead's quantities
// (reported under overhead.limits, as upstream reuses the container
// check), the scheduling node selector's labels and its tolerations, each
// listed once. Mirrors node/validation.ValidateRuntimeClass, v1.37.
func runtimeClassErrors(rc *core.RuntimeClass) core.ErrorList {
	var errs core.ErrorList
	switch {
	case rc.Handler == "":
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: "handler"})
	case len(rc.Handler) > 63:
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "handler", BadValue: rc.Handler, Detail: "must be no more than 63 characters"})
	case !dns1123Label.MatchString(rc.Handler):
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "handler", BadValue: rc.Handler, Detail: labelMsg})
	}
	if rc.Overhead != nil {
		errs = append(errs, resourceErrors(core.ResourceRequirements{Limits: rc.Overhead.PodFixed}, "overhead")...)
	}
	if s := rc.Scheduling; s != nil {
		errs = append(errs, labelErrors(s.NodeSelector, "scheduling.nodeSelector")...)
		errs = append(errs, core.ValidateRuntimeClassTolerations(s.Tolerations, "scheduling.tolerations")...)
	}
	return errs
}

// podRuntimeErrors validates spec.runtimeClassName (a DNS-1123
// subdomain: ValidateRuntimeClassName) and spec.schedulingGates (each a
// qualified name, none twice: validateSchedulingGates), v1.37.
func podRuntimeErrors(ps *core.PodSpec, spec string) core.ErrorList {
	errs := core.ValidateSchedulingGates(ps.SchedulingGates, spec+".schedulingGates")
	if ps.RuntimeClassName != nil {
		for _, m := range core.IsDNS1123Subdomain(*ps.RuntimeClassName) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: spec + ".runtimeClassName", BadValue: *ps.RuntimeClassName, Detail: m})
		}
	}
	return errs
}
