package scenario

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

// Pod spec and label validation as the API server does it at create time
// (k8s.io/kubernetes pkg/apis/core/validation: ValidatePodSpec,
// validateContainers, ValidateResourceRequirements, ValidateAffinity,
// ValidateNodeSelectorRequirement; apimachinery ValidateLabels): field
// paths and messages are upstream's. Map keys are visited in sorted order
// (upstream's map order varies between runs).

// labelErrors is ValidateLabels: every key a qualified name, every value a
// valid label value, errors on the map's own path.
func labelErrors(labels map[string]string, path string) core.ErrorList {
	var errs core.ErrorList
	keys := make([]string, 0, len(labels))
	for k := range labels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for _, m := range core.IsQualifiedName(k) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path, BadValue: k, Detail: m})
		}
		for _, m := range core.IsValidLabelValue(labels[k]) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path, BadValue: labels[k], Detail: m})
		}
	}
	return errs
}

// podSpecErrors validates the parts of a pod spec the playground reads;
// spec is the path of the PodSpec ("spec" or "spec.template.spec").
func podSpecErrors(ps *core.PodSpec, spec string) core.ErrorList {
	var errs core.ErrorList
	errs = append(errs, containerErrors(ps.InitContainers, spec+".initContainers", false)...)
	errs = append(errs, containerErrors(ps.Containers, spec+".containers", true)...)
	errs = append(errs, labelErrors(ps.NodeSelector, spec+".nodeSelector")...)
	if ps.Affinity != nil && ps.Affinity.NodeAffinity != nil {
		errs = append(errs, nodeAffinityErrors(ps.Affinity.NodeAffinity, spec+".affinity.nodeAffinity")...)
	}
	if ps.Affinity != nil {
		errs = append(errs, podAffinityErrors(ps.Affinity, spec+".affinity")...)
	}
	errs = append(errs, topologySpreadErrors(ps.TopologySpreadConstraints, spec+".topologySpreadConstraints")...)
	errs = append(errs, portErrors(ps.InitContainers, spec+".initContainers")...)
	errs = append(errs, portErrors(ps.Containers, spec+".containers")...)
	return append(errs, podRuntimeErrors(ps, spec)...)
}

// containerErrors is validateContainers / validateInitContainers for the
// fields read: at least one container (not for init containers), a name
// that is a DNS-1123 label and unique, and resource quantities.
func containerErrors(cs []core.Container, path string, required bool) core.ErrorList {
	var errs core.ErrorList
	if required && len(cs) == 0 {
		return core.ErrorList{&core.FieldError{Type: core.ErrorTypeRequired, Field: path}}
	}
	seen := map[string]bool{}
	for i, c := range cs {
		idx := path + "[" + strconv.Itoa(i) + "]"
		switch {
		case c.Name == "":
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: idx + ".name"})
		case len(c.Name) > 63:
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".name", BadValue: c.Name, Detail: "must be no more than 63 characters"})
		case !dns1123Label.MatchString(c.Name):
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".name", BadValue: c.Name, Detail: labelMsg})
		case seen[c.Name]:
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeDuplicate, Field: idx + ".name", BadValue: c.Name})
		}
		seen[c.Name] = true
		errs = append(errs, resourceErrors(c.Resources, idx+".resources")...)
	}
	return errs
}

// resourceErrors is validateResourceRequirements (v1.37) for the
// quantities: none negative, extended resources whole numbers, no request
// above its limit, requests of resources that cannot be overcommitted
// (extended resources, hugepages) equal to their limit, which must be set,
// and hugepages only beside cpu or memory. A pod is validated after its
// requests are defaulted from its limits (podErrors), a pod template as
// written. The limit rules report on the requests and limits lists
// themselves, as upstream does.
func resourceErrors(r core.ResourceRequirements, path string) core.ErrorList {
	errs := quantityErrors(r.Limits, path+".limits")
	errs = append(errs, quantityErrors(r.Requests, path+".requests")...)
	cpuOrMemory, hugePages := false, false
	for _, l := range []core.ResourceList{r.Limits, r.Requests} {
		for n := range l {
			cpuOrMemory = cpuOrMemory || n == core.ResourceCPU || n == core.ResourceMemory
			hugePages = hugePages || strings.HasPrefix(string(n), "hugepages-")
		}
	}
	for _, n := range sortedResourceNames(r.Requests) {
		q := r.Requests[n]
		lim, ok := r.Limits[n]
		switch {
		case ok && q.Cmp(lim) != 0 && !overcommitAllowed(n):
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".requests", BadValue: q.Canonical(),
				Detail: "must be equal to " + string(n) + " limit of " + lim.Canonical()})
		case ok && q.Cmp(lim) > 0:
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".requests", BadValue: q.Canonical(),
				Detail: "must be less than or equal to " + string(n) + " limit of " + lim.Canonical()})
		case !ok && !overcommitAllowed(n):
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: path + ".limits",
				Detail: "Limit must be set for non overcommitable resources"})
		}
	}
	if hugePages && !cpuOrMemory {
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeForbidden, Field: path, Detail: "HugePages require cpu or memory"})
	}
	return errs
}

// quantityErrors is ValidateResourceQuantityValue for each quantity of a
// list: not negative, and a whole number for an extended resource.
func quantityErrors(l core.ResourceList, path string) core.ErrorList {
	var errs core.ErrorList
	for _, n := range sortedResourceNames(l) {
		q := l[n]
		field := path + "[" + string(n) + "]"
		if q.Cmp(core.Quantity{}) < 0 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: field, BadValue: q.Canonical(), Detail: "must be greater than or equal to 0"})
		}
		if isExtendedResource(n) && q.MilliValue()%1000 != 0 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: field, BadValue: q.Canonical(), Detail: "must be an integer"})
		}
	}
	return errs
}

func sortedResourceNames(l core.ResourceList) []core.ResourceName {
	names := make([]core.ResourceName, 0, len(l))
	for n := range l {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// nativeResource is helper.IsNativeResource: no domain, or in the
// kubernetes.io/ namespace.
func nativeResource(n core.ResourceName) bool {
	return !strings.Contains(string(n), "/") || strings.Contains(string(n), "kubernetes.io/")
}

// overcommitAllowed is helper.IsOvercommitAllowed: native resources but
// hugepages.
func overcommitAllowed(n core.ResourceName) bool {
	return nativeResource(n) && !strings.HasPrefix(string(n), "hugepages-")
}

// isExtendedResource is helper.IsExtendedResourceName: not native, not
// "requests."-prefixed, and "requests."+name a qualified name.
func isExtendedResource(n core.ResourceName) bool {
	if nativeResource(n) || strings.HasPrefix(string(n), "requests.") {
		return false
	}
	return len(core.IsQualifiedName("requests."+string(n))) == 0
}

// nodeAffinityErrors is validateNodeAffinity: the required selector has at
// least one term, preferred terms weigh 1-100, and every requirement
// passes ValidateNodeSelectorRequirement (matchFields:
// validateNodeFieldSelectorRequirement).
func nodeAffinityErrors(na *core.NodeAffinity, path string) core.ErrorList {
	var errs core.ErrorList
	if req := na.RequiredDuringSchedulingIgnoredDuringExecution; req != nil {
		rp := path + ".requiredDuringSchedulingIgnoredDuringExecution"
		if len(req.NodeSelectorTerms) == 0 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: rp + ".nodeSelectorTerms", Detail: "must have at least one node selector term"})
		}
		for i := range req.NodeSelectorTerms {
			errs = append(errs, nodeSelectorTermErrors(&req.NodeSelectorTerms[i], rp+".nodeSelectorTerms["+strconv.Itoa(i)+"]")...)
		}
	}
	for i, t := range na.PreferredDuringSchedulingIgnoredDuringExecution {
		tp := path + ".preferredDuringSchedulingIgnoredDuringExecution[" + strconv.Itoa(i) + "]"
		if t.Weight <= 0 || t.Weight > 100 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: tp + ".weight", BadValue: int64(t.Weight), Detail: "must be in the range 1-100"})
		}
		errs = append(errs, nodeSelectorTermErrors(&t.Preference, tp+".preference")...)
	}
	return errs
}

func nodeSelectorTermErrors(t *core.NodeSelectorTerm, path string) core.ErrorList {
	var errs core.ErrorList
	for i, r := range t.MatchExpressions {
		errs = append(errs, nodeSelectorRequirementErrors(r, path+".matchExpressions["+strconv.Itoa(i)+"]")...)
	}
	for i, r := range t.MatchFields {
		errs = append(errs, nodeFieldSelectorRequirementErrors(r, path+".matchFields["+strconv.Itoa(i)+"]")...)
	}
	return errs
}

// nodeSelectorRequirementErrors is ValidateNodeSelectorRequirement.
func nodeSelectorRequirementErrors(r core.NodeSelectorRequirement, path string) core.ErrorList {
	var errs core.ErrorList
	switch r.Operator {
	case core.NodeSelectorOpIn, core.NodeSelectorOpNotIn:
		if len(r.Values) == 0 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: path + ".values", Detail: "must be specified when `operator` is 'In' or 'NotIn'"})
		}
	case core.NodeSelectorOpExists, core.NodeSelectorOpDoesNotExist:
		if len(r.Values) > 0 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeForbidden, Field: path + ".values", Detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"})
		}
	case core.NodeSelectorOpGt, core.NodeSelectorOpLt:
		if len(r.Values) != 1 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: path + ".values", Detail: "must be specified single value when `operator` is 'Lt' or 'Gt'"})
		}
	default:
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".operator", BadValue: string(r.Operator), Detail: "not a valid selector operator"})
	}
	for _, m := range core.IsQualifiedName(r.Key) {
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".key", BadValue: r.Key, Detail: m})
	}
	for i, v := range r.Values {
		for _, m := range core.IsValidLabelValue(v) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".values[" + strconv.Itoa(i) + "]", BadValue: v, Detail: m})
		}
	}
	return errs
}

// nodeFieldSelectorRequirementErrors is validateNodeFieldSelectorRequirement:
// metadata.name only, In or NotIn, exactly one value.
func nodeFieldSelectorRequirementErrors(r core.NodeSelectorRequirement, path string) core.ErrorList {
	var errs core.ErrorList
	switch r.Operator {
	case core.NodeSelectorOpIn, core.NodeSelectorOpNotIn:
		if len(r.Values) != 1 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: path + ".values", Detail: "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"})
		}
	default:
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".operator", BadValue: string(r.Operator), Detail: "not a valid selector operator"})
	}
	if r.Key != "metadata.name" {
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".key", BadValue: r.Key, Detail: "not a valid field selector key"})
		return errs
	}
	for i, v := range r.Values {
		for _, m := range core.IsDNS1123Subdomain(v) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".values[" + strconv.Itoa(i) + "]", BadValue: v, Detail: m})
		}
	}
	return errs
}
