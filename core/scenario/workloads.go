package scenario

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core"
)

// Manifests are the objects of a manifest stream (a step's `kubectl apply
// -f -` input), in document order per kind.
type Manifests struct {
	Objects
	// Order lists "Kind/namespace/name" (namespace empty for cluster-scoped
	// kinds) in document order, so apply reports objects as kubectl does.
	Order []string
}

// workloadKinds maps the kinds besides Node and Pod to their apiVersion.
var workloadKinds = map[string]string{
	"Deployment":          "apps/v1",
	"ReplicaSet":          "apps/v1",
	"DaemonSet":           "apps/v1",
	"PodDisruptionBudget": "policy/v1",
	"PriorityClass":       "scheduling.k8s.io/v1",
	"RuntimeClass":        "node.k8s.io/v1",
	"Namespace":           "v1",
}

// ParseManifest reads a manifest stream (Node, Pod, Deployment,
// ReplicaSet, DaemonSet, PodDisruptionBudget, PriorityClass, RuntimeClass,
// Namespace or
// List documents) and validates it like the scenario file's objects.
func ParseManifest(data []byte, allowComparisonOperators bool) (m *Manifests, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("cannot read manifest: %v", r)
		}
	}()
	p := &parser{inline: true}
	docs := splitDocuments(data)
	if len(docs) == 0 {
		return nil, fmt.Errorf("error: no objects passed to apply")
	}
	if err := p.documents(docs); err != nil {
		return nil, err
	}
	s := &Scenario{Options: Options{FeatureGates: map[string]bool{}}}
	if allowComparisonOperators {
		s.Options.FeatureGates[GateComparisonOperators] = true
		s.Options.KubernetesVersion = core.DefaultVersion
	}
	if err := p.validateObjects(s); err != nil {
		return nil, err
	}
	if err := p.validateWorkloads(allowComparisonOperators); err != nil {
		return nil, err
	}
	out := p.objs
	out.Nodes, out.Pods = p.nodes, p.pods
	return &out, nil
}

// workload decodes one of the kinds beside Node and Pod.
func (p *parser) workload(d document, prefix string, tm typeMeta, apiVersion string, data []byte, tree any) error {
	if tm.APIVersion != "" && tm.APIVersion != apiVersion {
		return p.errf(d, "%sno matches for kind %q in version %q", prefix, tm.Kind, tm.APIVersion)
	}
	fail := func(err error) error {
		return p.errf(d, "%s%s in version %q cannot be handled as a %s: %s", prefix, tm.Kind, apiVersion, tm.Kind, err)
	}
	ns := func(m *core.ObjectMeta) string {
		if m.Namespace == "" {
			m.Namespace = DefaultNamespace
		}
		return m.Namespace
	}
	msg, gaps := unknownFields(tm.Kind, data, tree)
	if msg != "" {
		return p.errf(d, "%s%s in version %q cannot be handled as a %s: %s", prefix, tm.Kind, apiVersion, tm.Kind, msg)
	}
	var ref string
	switch tm.Kind {
	case "Deployment":
		var o core.Deployment
		if err := json.Unmarshal(data, &o); err != nil {
			return fail(err)
		}
		ref = "Deployment/" + ns(&o.ObjectMeta) + "/" + o.Name
		o.Spec.Template.Spec.NotModelled = gaps
		p.objs.Deployments = append(p.objs.Deployments, &o)
	case "ReplicaSet":
		var o core.ReplicaSet
		if err := json.Unmarshal(data, &o); err != nil {
			return fail(err)
		}
		ref = "ReplicaSet/" + ns(&o.ObjectMeta) + "/" + o.Name
		o.Spec.Template.Spec.NotModelled = gaps
		p.objs.ReplicaSets = append(p.objs.ReplicaSets, &o)
	case "DaemonSet":
		var o core.DaemonSet
		if err := json.Unmarshal(data, &o); err != nil {
			return fail(err)
		}
		ref = "DaemonSet/" + ns(&o.ObjectMeta) + "/" + o.Name
		o.Spec.Template.Spec.NotModelled = gaps
		p.objs.DaemonSets = append(p.objs.DaemonSets, &o)
	case "PodDisruptionBudget":
		var o core.PodDisruptionBudget
		if err := json.Unmarshal(data, &o); err != nil {
			return fail(err)
		}
		ref = "PodDisruptionBudget/" + ns(&o.ObjectMeta) + "/" + o.Name
		p.objs.PodDisruptionBudgets = append(p.objs.PodDisruptionBudgets, &o)
	case "PriorityClass":
		var o core.PriorityClass
		if err := json.Unmarshal(data, &o); err != nil {
			return fail(err)
		}
		ref = "PriorityClass//" + o.Name
		p.objs.PriorityClasses = append(p.objs.PriorityClasses, &o)
	case "RuntimeClass":
		var o core.RuntimeClass
		if err := json.Unmarshal(data, &o); err != nil {
			return fail(err)
		}
		ref = "RuntimeClass//" + o.Name
		p.objs.RuntimeClasses = append(p.objs.RuntimeClasses, &o)
	case "Namespace":
		var o core.Namespace
		if err := json.Unmarshal(data, &o); err != nil {
			return fail(err)
		}
		ref = "Namespace//" + o.Name
		p.objs.Namespaces = append(p.objs.Namespaces, &o)
	}
	p.objs.Order = append(p.objs.Order, ref)
	p.recordGaps(ref, gaps)
	p.objRefs = append(p.objRefs, objectRef{doc: d, item: prefix})
	return nil
}

// validateWorkloads checks names, selectors and pod templates, and
// rejects duplicates, in document order.
func (p *parser) validateWorkloads(gate bool) error {
	seen := map[string]bool{}
	counters := map[string]int{}
	next := func(kind string) int {
		i := counters[kind]
		counters[kind]++
		return i
	}
	for i, ref := range p.objs.Order {
		kind, rest, _ := strings.Cut(ref, "/")
		namespace, name, _ := strings.Cut(rest, "/")
		r := p.objRefs[i]
		namespaced := kind != "PriorityClass" && kind != "RuntimeClass" && kind != "Namespace"
		errs := metaErrors(name, namespace, namespaced)
		var tmpl *core.PodTemplateSpec
		var sel *core.LabelSelector
		switch kind {
		case "Deployment":
			o := p.objs.Deployments[next(kind)]
			tmpl, sel = &o.Spec.Template, o.Spec.Selector
		case "ReplicaSet":
			o := p.objs.ReplicaSets[next(kind)]
			tmpl, sel = &o.Spec.Template, o.Spec.Selector
		case "DaemonSet":
			o := p.objs.DaemonSets[next(kind)]
			tmpl, sel = &o.Spec.Template, o.Spec.Selector
		case "PodDisruptionBudget":
			o := p.objs.PodDisruptionBudgets[next(kind)]
			if o.Spec.MinAvailable != nil && o.Spec.MaxUnavailable != nil {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "spec", BadValue: o.Spec, Detail: "minAvailable and maxUnavailable cannot be both set"})
			}
		case "PriorityClass":
			o := p.objs.PriorityClasses[next(kind)]
			if o.Value > 1000000000 {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeForbidden, Field: "value", Detail: "maximum allowed value of a user defined priority is 1000000000"})
			}
		case "RuntimeClass":
			errs = append(errs, runtimeClassErrors(p.objs.RuntimeClasses[next(kind)])...)
		case "Namespace":
			next(kind)
			if len(name) > 63 || !dns1123Label.MatchString(name) {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "metadata.name", BadValue: name, Detail: labelMsg})
			}
		}
		if tmpl != nil {
			if sel == nil {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeRequired, Field: "spec.selector", Detail: ""})
			} else if !sel.Matches(tmpl.Labels) {
				errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "spec.template.metadata.labels", BadValue: tmpl.Labels, Detail: "`selector` does not match template `labels`"})
			}
			errs = append(errs, labelErrors(tmpl.Labels, "spec.template.metadata.labels")...)
			errs = append(errs, podSpecErrors(&tmpl.Spec, "spec.template.spec")...)
			errs = append(errs, core.ValidateTolerations(tmpl.Spec.Tolerations, "spec.template.spec.tolerations", gate)...)
		}
		if len(errs) > 0 {
			return p.errf(r.doc, "%s%s", r.item, core.KubectlInvalidMessage(kind, name, errs))
		}
		key := kind + "/" + namespace + "/" + name
		if seen[key] {
			return p.errf(r.doc, "%s%s %q already exists", r.item, strings.ToLower(kind)+"s", name)
		}
		seen[key] = true
	}
	return nil
}

// splitInlineManifest splits a block-scalar run into its first line (the
// command) and the rest (the manifest of `kubectl apply -f -`).
func splitInlineManifest(run string) (cmd, manifest string) {
	run = strings.TrimLeft(run, "\n")
	first, rest, ok := strings.Cut(run, "\n")
	if !ok || strings.TrimSpace(rest) == "" {
		return strings.TrimSpace(run), ""
	}
	return strings.TrimSpace(first), rest
}

// applyAdmission reads the admission options.
func (p *parser) applyAdmission(s *Scenario, o *optionsDoc) error {
	d := p.scenRef
	known := func(name string) bool {
		return name == "DefaultTolerationSeconds" || name == "PodTolerationRestriction" || name == "ExtendedResourceToleration"
	}
	for _, name := range o.EnableAdmissionPlugins {
		if !known(name) {
			return p.errf(d, "Scenario: options.enableAdmissionPlugins: Unsupported value: %q: supported values: \"DefaultTolerationSeconds\", \"ExtendedResourceToleration\", \"PodTolerationRestriction\"", name)
		}
		switch name {
		case "PodTolerationRestriction":
			s.Options.Admission.PodTolerationRestriction = true
		case "ExtendedResourceToleration":
			s.Options.Admission.ExtendedResourceToleration = true
		}
	}
	for _, name := range o.DisableAdmissionPlugins {
		if !known(name) {
			return p.errf(d, "Scenario: options.disableAdmissionPlugins: Unsupported value: %q: supported values: \"DefaultTolerationSeconds\", \"ExtendedResourceToleration\", \"PodTolerationRestriction\"", name)
		}
		switch name {
		case "PodTolerationRestriction":
			s.Options.Admission.PodTolerationRestriction = false
		case "ExtendedResourceToleration":
			s.Options.Admission.ExtendedResourceToleration = false
		case "DefaultTolerationSeconds":
			s.Options.Admission.DisableDefaultTolerationSeconds = true
		}
	}
	s.Options.Admission.NotReadySeconds = o.DefaultNotReadyTolerationSeconds
	s.Options.Admission.UnreachableSeconds = o.DefaultUnreachableTolerationSeconds
	if c := o.PodTolerationRestriction; c != nil {
		s.Options.Admission.ClusterDefaultTolerations = c.Default
		s.Options.Admission.ClusterTolerationsWhitelist = c.Whitelist
	}
	return nil
}
