package scenario

import (
	"regexp"

	"github.com/taints-playground/playground/core"
)

// dns1123Label is the name rule for namespaces.
var dns1123Label = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

const labelMsg = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"

// metaErrors checks metadata.name (and metadata.namespace for namespaced
// kinds) as ValidateObjectMeta does at create time.
func metaErrors(name, namespace string, namespaced bool) core.ErrorList {
	var errs core.ErrorList
	if name == "" {
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: "metadata.name", Detail: "name or generateName is required"})
	} else {
		for _, m := range core.IsDNS1123Subdomain(name) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "metadata.name", BadValue: name, Detail: m})
		}
	}
	if namespaced {
		switch {
		case len(namespace) > 63:
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "metadata.namespace", BadValue: namespace, Detail: "must be no more than 63 characters"})
		case !dns1123Label.MatchString(namespace):
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "metadata.namespace", BadValue: namespace, Detail: labelMsg})
		}
	}
	return errs
}

// nodeErrors validates a Node at create time: name, then spec.taints
// (reported under metadata.taints, as upstream does).
func nodeErrors(n *core.Node) core.ErrorList {
	errs := metaErrors(n.Name, "", false)
	errs = append(errs, labelErrors(n.Labels, "metadata.labels")...)
	return append(errs, core.ValidateNodeTaints(n.Spec.Taints)...)
}

// podErrors validates a Pod at create time: name, namespace and labels,
// then the spec (containers, nodeSelector, node affinity; podspec.go) and
// spec.tolerations with the comparison-operator gate, and a nodeName
// beside scheduling gates. As the API server, it validates the pod as
// defaulted (core.SetPodDefaults: a limit without a request is
// validated as both); p itself is left as written.
func podErrors(p *core.Pod, allowComparisonOperators bool) core.ErrorList {
	errs := metaErrors(p.Name, p.Namespace, true)
	errs = append(errs, labelErrors(p.Labels, "metadata.labels")...)
	defaulted := *p
	core.SetPodDefaults(&defaulted)
	errs = append(errs, podSpecErrors(&defaulted.Spec, "spec")...)
	errs = append(errs, core.ValidateTolerations(p.Spec.Tolerations, "spec.tolerations", allowComparisonOperators)...)
	if p.Spec.NodeName != "" && len(p.Spec.SchedulingGates) > 0 {
		// ValidatePodCreate: a pod cannot be bound while gated.
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeForbidden, Field: "spec.nodeName", Detail: "cannot be set until all schedulingGates have been cleared"})
	}
	return errs
}
