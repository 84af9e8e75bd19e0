package extendedresourcetoleration

import (
	"slices"
	"strings"

	"github.com/taints-playground/playground/core"
)

// PluginName is the admission plugin's name.
const PluginName = "ExtendedResourceToleration"

// Resource-name prefixes the rule reads (k8s.io/kubernetes/pkg/apis/core
// ResourceDefaultNamespacePrefix and DefaultResourceRequestsPrefix).
const (
	defaultNamespacePrefix = "kubernetes.io/"
	requestsPrefix         = "requests."
)

// Admit returns the pod's tolerations after the plugin; the spec is not
// changed. Mirrors extendedresourcetoleration.(*plugin).Admit, v1.37.
func Admit(spec *core.PodSpec) []core.Toleration {
	out := slices.Clone(spec.Tolerations)
	for _, name := range Resources(spec) {
		out = addOrUpdate(out, core.Toleration{Key: name, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule})
	}
	return out
}

// Resources is the sorted, distinct extended resources the containers
// and init containers request.
func Resources(spec *core.PodSpec) []string {
	var names []string
	for _, cs := range [][]core.Container{spec.Containers, spec.InitContainers} {
		for _, c := range cs {
			for name := range c.Resources.Requests {
				if IsExtendedResourceName(string(name)) {
					names = append(names, string(name))
				}
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// addOrUpdate puts t on the list: every toleration with t's key, effect,
// operator and value becomes t; when there is none, t is appended.
// Upstream's helper skips the replacement when the two are already equal,
// but it compares a pointer with a value, which is never equal, so a
// match is always replaced (mirrors helper.AddOrUpdateTolerationInPod,
// v1.37).
func addOrUpdate(tols []core.Toleration, t core.Toleration) []core.Toleration {
	matched := false
	for i, o := range tols {
		if o.Key == t.Key && o.Effect == t.Effect && o.Operator == t.Operator && o.Value == t.Value {
			tols[i], matched = t, true
		}
	}
	if !matched {
		tols = append(tols, t)
	}
	return tols
}

// IsExtendedResourceName reports whether name is an extended resource: not
// native (it has a domain other than kubernetes.io/…), not a quota name
// starting "requests.", and "requests."+name is a qualified name. Mirrors
// helper.IsExtendedResourceName, v1.37.
func IsExtendedResourceName(name string) bool {
	if IsNativeResource(name) || strings.HasPrefix(name, requestsPrefix) {
		return false
	}
	return len(core.IsQualifiedName(requestsPrefix+name)) == 0
}

// IsNativeResource reports whether name is in the kubernetes.io/
// namespace: without a "/" or containing "kubernetes.io/". Mirrors
// helper.IsNativeResource, v1.37.
func IsNativeResource(name string) bool {
	return !strings.Contains(name, "/") || strings.Contains(name, defaultNamespacePrefix)
}
