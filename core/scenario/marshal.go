package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"

	goyaml "go.yaml.in/yaml/v2"
)

// Marshal writes the scenario back as one multi-document YAML file that
// Parse reads into an equal Scenario: the Scenario document first (when the
// scenario has a name, steps, an explicit until or non-default options),
// then the nodes, then the pods, each in its original order. Empty fields
// are left out.
func (s *Scenario) Marshal() (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("cannot write scenario: %v", r)
		}
	}()
	var docs [][]byte
	adm := admissionDoc(s.Options.Admission)
	if s.Name != "" || s.Title != "" || s.Description != "" || len(s.Steps) > 0 || s.UntilSet ||
		s.Options.Seed != DefaultSeed || len(s.Options.FeatureGates) > 0 || s.Options.KubernetesVersion.Minor != 0 || adm != nil {
		sd := scenarioDoc{APIVersion: APIVersion, Kind: Kind, Name: s.Name, Title: s.Title, Description: s.Description}
		if s.UntilSet {
			sd.Until = &Duration{Duration: s.Until}
		}
		if s.Options.Seed != DefaultSeed || len(s.Options.FeatureGates) > 0 || s.Options.KubernetesVersion.Minor != 0 || adm != nil {
			sd.Options = &optionsDoc{}
			if adm != nil {
				*sd.Options = *adm
			}
			if s.Options.KubernetesVersion.Minor != 0 {
				sd.Options.KubernetesVersion = s.Options.KubernetesVersion.String()
			}
			if s.Options.Seed != DefaultSeed {
				seed := s.Options.Seed
				sd.Options.Seed = &seed
			}
			if len(s.Options.FeatureGates) > 0 {
				sd.Options.FeatureGates = s.Options.FeatureGates
			}
		}
		for _, st := range s.Steps {
			sd.Steps = append(sd.Steps, stepDoc{At: &Duration{Duration: st.At}, Run: st.Run, Caption: st.Caption, Manifest: st.Manifest})
		}
		b, err := toYAML(sd, "", "")
		if err != nil {
			return nil, err
		}
		docs = append(docs, b)
	}
	for _, kind := range []struct {
		objs             []any
		apiVersion, kind string
	}{
		{anySlice(s.Nodes), "v1", "Node"},
		{anySlice(s.Pods), "v1", "Pod"},
		{anySlice(s.Namespaces), "v1", "Namespace"},
		{anySlice(s.PriorityClasses), "scheduling.k8s.io/v1", "PriorityClass"},
		{anySlice(s.RuntimeClasses), "node.k8s.io/v1", "RuntimeClass"},
		{anySlice(s.Deployments), "apps/v1", "Deployment"},
		{anySlice(s.ReplicaSets), "apps/v1", "ReplicaSet"},
		{anySlice(s.DaemonSets), "apps/v1", "DaemonSet"},
		{anySlice(s.PodDisruptionBudgets), "policy/v1", "PodDisruptionBudget"},
	} {
		for _, o := range kind.objs {
			b, err := toYAML(o, kind.apiVersion, kind.kind)
			if err != nil {
				return nil, err
			}
			docs = append(docs, b)
		}
	}
	return bytes.Join(docs, []byte("---\n")), nil
}

// anySlice is a typed list as []any.
func anySlice[T any](list []*T) []any {
	out := make([]any, len(list))
	for i, o := range list {
		out[i] = o
	}
	return out
}

// toYAML renders one object in its JSON field order with empty values
// pruned and, when kind is given, apiVersion and kind first.
func toYAML(obj any, apiVersion, kind string) ([]byte, error) {
	j, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	var m goyaml.MapSlice
	if err := goyaml.Unmarshal(j, &m); err != nil {
		return nil, err
	}
	m = pruneMap(m)
	if kind != "" {
		rest := goyaml.MapSlice{{Key: "apiVersion", Value: apiVersion}, {Key: "kind", Value: kind}}
		for _, it := range m {
			if it.Key != "apiVersion" && it.Key != "kind" {
				rest = append(rest, it)
			}
		}
		m = rest
	}
	return goyaml.Marshal(m)
}

// pruneMap removes nulls, empty maps and empty lists, recursively; list
// items are kept even when empty.
func pruneMap(m goyaml.MapSlice) goyaml.MapSlice {
	out := m[:0]
	for _, it := range m {
		v, empty := pruneValue(it.Value)
		if !empty {
			out = append(out, goyaml.MapItem{Key: it.Key, Value: v})
		}
	}
	return out
}

func pruneValue(v any) (any, bool) {
	switch t := v.(type) {
	case nil:
		return nil, true
	case goyaml.MapSlice:
		t = pruneMap(t)
		return t, len(t) == 0
	case []any:
		for i := range t {
			if ms, ok := t[i].(goyaml.MapSlice); ok {
				t[i] = pruneMap(ms)
			}
		}
		return t, len(t) == 0
	}
	return v, false
}

// admissionDoc is the options document for non-default admission
// settings, nil when everything is default.
func admissionDoc(a Admission) *optionsDoc {
	o := &optionsDoc{}
	set := false
	if a.PodTolerationRestriction {
		o.EnableAdmissionPlugins = append(o.EnableAdmissionPlugins, "PodTolerationRestriction")
		set = true
	}
	if a.ExtendedResourceToleration {
		o.EnableAdmissionPlugins = append(o.EnableAdmissionPlugins, "ExtendedResourceToleration")
		set = true
	}
	if a.DisableDefaultTolerationSeconds {
		o.DisableAdmissionPlugins = []string{"DefaultTolerationSeconds"}
		set = true
	}
	if a.NotReadySeconds != nil || a.UnreachableSeconds != nil {
		o.DefaultNotReadyTolerationSeconds, o.DefaultUnreachableTolerationSeconds = a.NotReadySeconds, a.UnreachableSeconds
		set = true
	}
	if len(a.ClusterDefaultTolerations) > 0 || len(a.ClusterTolerationsWhitelist) > 0 {
		o.PodTolerationRestriction = &podTolerationRestrictionDoc{Default: a.ClusterDefaultTolerations, Whitelist: a.ClusterTolerationsWhitelist}
		set = true
	}
	if !set {
		return nil
	}
	return o
}
