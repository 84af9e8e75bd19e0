package scenario

import (
	"fmt"
	"strconv"

	"github.com/taints-playground/playground/core"
)

// Validation of the parts of a pod spec that InterPodAffinity,
// PodTopologySpread and NodePorts read, with the API server's rules and
// texts (pkg/apis/core/validation v1.37; label selectors as apimachinery's
// metav1 validation).

// isNotPositive is validation's isNotPositiveErrorMsg.
const isNotPositive = "must be greater than zero"

// portRange is InclusiveRangeError(1, 65535).
const portRange = "must be between 1 and 65535, inclusive"

// labelSelectorErrors mirrors metav1validation.ValidateLabelSelector with
// invalid label values refused: matchLabels as labels, and each
// expression's operator, values and key.
func labelSelectorErrors(sel *core.LabelSelector, path string) core.ErrorList {
	if sel == nil {
		return nil
	}
	errs := labelErrors(sel.MatchLabels, path+".matchLabels")
	for i, r := range sel.MatchExpressions {
		idx := path + ".matchExpressions[" + strconv.Itoa(i) + "]"
		switch r.Operator {
		case "In", "NotIn":
			if len(r.Values) == 0 {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: idx + ".values", Detail: "must be specified when `operator` is 'In' or 'NotIn'"})
			}
		case "Exists", "DoesNotExist":
			if len(r.Values) > 0 {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeForbidden, Field: idx + ".values", Detail: "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"})
			}
		default:
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".operator", BadValue: r.Operator, Detail: "not a valid selector operator"})
		}
		for _, m := range core.IsQualifiedName(r.Key) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".key", BadValue: r.Key, Detail: m})
		}
		for j, v := range r.Values {
			for _, m := range core.IsValidLabelValue(v) {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".values[" + strconv.Itoa(j) + "]", BadValue: v, Detail: m})
			}
		}
	}
	return errs
}

// topologySpreadErrors mirrors validateTopologySpreadConstraints: maxSkew
// positive, a topologyKey, whenUnsatisfiable DoNotSchedule or
// ScheduleAnyway, no two constraints with the same key and action,
// minDomains positive and only with DoNotSchedule, the node inclusion
// policies Honor or Ignore, and the label selector.
func topologySpreadErrors(cs []core.TopologySpreadConstraint, path string) core.ErrorList {
	var errs core.ErrorList
	for i, c := range cs {
		idx := path + "[" + strconv.Itoa(i) + "]"
		if c.MaxSkew <= 0 {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".maxSkew", BadValue: int64(c.MaxSkew), Detail: isNotPositive})
		}
		if c.TopologyKey == "" {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: idx + ".topologyKey", Detail: "can not be empty"})
		}
		if c.WhenUnsatisfiable != core.DoNotSchedule && c.WhenUnsatisfiable != core.ScheduleAnyway {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeNotSupported, Field: idx + ".whenUnsatisfiable", BadValue: c.WhenUnsatisfiable,
				Detail: `supported values: "DoNotSchedule", "ScheduleAnyway"`})
		}
		for _, rest := range cs[i+1:] {
			if rest.TopologyKey == c.TopologyKey && rest.WhenUnsatisfiable == c.WhenUnsatisfiable {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeDuplicate, Field: idx + ".{topologyKey, whenUnsatisfiable}",
					BadValue: fmt.Sprintf("{%v, %v}", c.TopologyKey, c.WhenUnsatisfiable)})
				break
			}
		}
		if c.MinDomains != nil {
			if *c.MinDomains <= 0 {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".minDomains", BadValue: int64(*c.MinDomains), Detail: isNotPositive})
			}
			if c.WhenUnsatisfiable != core.DoNotSchedule {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".minDomains", BadValue: *c.MinDomains,
					Detail: fmt.Sprintf("can only use minDomains if whenUnsatisfiable=%s, not %s", core.DoNotSchedule, c.WhenUnsatisfiable)})
			}
		}
		for _, pol := range []struct {
			name string
			v    *string
		}{{"nodeAffinityPolicy", c.NodeAffinityPolicy}, {"nodeTaintsPolicy", c.NodeTaintsPolicy}} {
			if pol.v != nil && *pol.v != core.PolicyHonor && *pol.v != core.PolicyIgnore {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeNotSupported, Field: idx + "." + pol.name, BadValue: *pol.v,
					Detail: `supported values: "Honor", "Ignore"`})
			}
		}
		errs = append(errs, labelSelectorErrors(c.LabelSelector, idx+".labelSelector")...)
	}
	return errs
}

// podAffinityErrors mirrors validatePodAffinity and validatePodAntiAffinity:
// every term's label selector (invalid label values refused), namespace
// names, a topologyKey that is a valid label name, and weights of
// preferred terms in 1–100.
func podAffinityErrors(a *core.Affinity, path string) core.ErrorList {
	var errs core.ErrorList
	check := func(required []core.PodAffinityTerm, preferred []core.WeightedPodAffinityTerm, at string) {
		for i, t := range required {
			errs = append(errs, podAffinityTermErrors(t, at+".requiredDuringSchedulingIgnoredDuringExecution["+strconv.Itoa(i)+"]")...)
		}
		for i, w := range preferred {
			idx := at + ".preferredDuringSchedulingIgnoredDuringExecution[" + strconv.Itoa(i) + "]"
			if w.Weight <= 0 || w.Weight > 100 {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".weight", BadValue: int64(w.Weight), Detail: "must be in the range 1-100"})
			}
			errs = append(errs, podAffinityTermErrors(w.PodAffinityTerm, idx+".podAffinityTerm")...)
		}
	}
	if pa := a.PodAffinity; pa != nil {
		check(pa.RequiredDuringSchedulingIgnoredDuringExecution, pa.PreferredDuringSchedulingIgnoredDuringExecution, path+".podAffinity")
	}
	if pa := a.PodAntiAffinity; pa != nil {
		check(pa.RequiredDuringSchedulingIgnoredDuringExecution, pa.PreferredDuringSchedulingIgnoredDuringExecution, path+".podAntiAffinity")
	}
	return errs
}

// podAffinityTermErrors mirrors validatePodAffinityTerm.
func podAffinityTermErrors(t core.PodAffinityTerm, path string) core.ErrorList {
	errs := labelSelectorErrors(t.LabelSelector, path+".labelSelector")
	errs = append(errs, labelSelectorErrors(t.NamespaceSelector, path+".namespaceSelector")...)
	for _, ns := range t.Namespaces {
		if len(ns) > 63 || !dns1123Label.MatchString(ns) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".namespace", BadValue: ns, Detail: labelMsg})
		}
	}
	if t.TopologyKey == "" {
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: path + ".topologyKey", Detail: "can not be empty"})
	}
	for _, m := range core.IsQualifiedName(t.TopologyKey) {
		errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: path + ".topologyKey", BadValue: t.TopologyKey, Detail: m})
	}
	return errs
}

// portErrors mirrors validateContainerPorts for the fields NodePorts
// reads: containerPort and a set hostPort in 1–65535, and a protocol, when
// given, among SCTP, TCP and UDP (an empty one is defaulted to TCP).
func portErrors(cs []core.Container, path string) core.ErrorList {
	var errs core.ErrorList
	for i, c := range cs {
		for j, p := range c.Ports {
			idx := path + "[" + strconv.Itoa(i) + "].ports[" + strconv.Itoa(j) + "]"
			if p.ContainerPort == 0 {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: idx + ".containerPort"})
			} else if p.ContainerPort < 1 || p.ContainerPort > 65535 {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".containerPort", BadValue: int64(p.ContainerPort), Detail: portRange})
			}
			if p.HostPort != 0 && (p.HostPort < 1 || p.HostPort > 65535) {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: idx + ".hostPort", BadValue: int64(p.HostPort), Detail: portRange})
			}
			if p.Protocol != "" && p.Protocol != "SCTP" && p.Protocol != "TCP" && p.Protocol != "UDP" {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeNotSupported, Field: idx + ".protocol", BadValue: p.Protocol,
					Detail: `supported values: "SCTP", "TCP", "UDP"`})
			}
		}
	}
	return errs
}
