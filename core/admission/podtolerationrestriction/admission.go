package podtolerationrestriction

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/taints-playground/playground/core"
)

// PluginName is the admission plugin's name.
const PluginName = "PodTolerationRestriction"

// Namespace annotations the plugin reads.
const (
	AnnotationDefaults  = "scheduler.alpha.kubernetes.io/defaultTolerations"
	AnnotationWhitelist = "scheduler.alpha.kubernetes.io/tolerationsWhitelist"
)

// Config is the plugin's cluster-level configuration file.
type Config struct {
	Default   []core.Toleration
	Whitelist []core.Toleration
}

// Result is what Admit did.
type Result struct {
	Tolerations []core.Toleration
	// Added lists the tolerations the plugin merged in (namespace or
	// cluster defaults, the memory-pressure toleration) that the result
	// holds.
	Added []core.Toleration
}

// Admit applies the plugin to a pod being created in ns (nil when the
// namespace has no object: no annotations). bestEffort is the pod's QoS.
func Admit(tols []core.Toleration, ns *core.Namespace, cfg Config, bestEffort bool) (Result, error) {
	var annotations map[string]string
	if ns != nil {
		annotations = ns.Annotations
	}
	defaults, set, err := extract(annotations, AnnotationDefaults)
	if err != nil {
		return Result{}, err
	}
	if !set {
		defaults = cfg.Default
	}
	extra := append([]core.Toleration(nil), defaults...)
	if !bestEffort {
		extra = append(extra, core.Toleration{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule})
	}
	final := append([]core.Toleration(nil), tols...)
	if len(extra) > 0 {
		final = Merge(tols, extra)
	}
	res := Result{Tolerations: final}
	for i := len(tols); i < len(final); i++ {
		res.Added = append(res.Added, final[i])
	}
	if err := Validate(final, ns, cfg); err != nil {
		return Result{}, err
	}
	return res, nil
}

// Validate is the plugin's whitelist check, which the API server runs
// again in the validating phase after every mutating plugin (so it also
// sees the tolerations RuntimeClass merged in): every toleration must be
// covered by the namespace's whitelist, else the cluster's. Mirrors
// podtolerationrestriction.(*Plugin).Validate, v1.37.
func Validate(tols []core.Toleration, ns *core.Namespace, cfg Config) error {
	if len(tols) == 0 {
		return nil
	}
	var annotations map[string]string
	if ns != nil {
		annotations = ns.Annotations
	}
	wl, set, err := extract(annotations, AnnotationWhitelist)
	if err != nil {
		return err
	}
	scope := "namespace"
	if !set {
		wl, scope = cfg.Whitelist, "cluster"
	}
	if len(wl) > 0 && !VerifyAgainstWhitelist(tols, wl) {
		return fmt.Errorf("pod tolerations (possibly merged with namespace default tolerations) conflict with its %s whitelist", scope)
	}
	return nil
}

// extract reads a JSON toleration list from an annotation; set reports
// whether the annotation exists (an empty value is an empty list).
func extract(annotations map[string]string, key string) (list []core.Toleration, set bool, err error) {
	v, ok := annotations[key]
	if !ok {
		return nil, false, nil
	}
	if v == "" {
		return []core.Toleration{}, true, nil
	}
	if err := json.Unmarshal([]byte(v), &list); err != nil {
		return nil, true, err
	}
	return list, true, nil
}

// VerifyAgainstWhitelist reports whether every toleration is covered by a
// whitelist entry (an empty whitelist or list passes).
func VerifyAgainstWhitelist(tols, whitelist []core.Toleration) bool {
	if len(whitelist) == 0 || len(tols) == 0 {
		return true
	}
next:
	for _, t := range tols {
		for _, w := range whitelist {
			if IsSuperset(w, t) {
				continue next
			}
		}
		return false
	}
	return true
}

// Merge joins two lists, first then second, dropping every toleration
// that another (earlier kept, or later different) one is a superset of.
func Merge(first, second []core.Toleration) []core.Toleration {
	all := append(append([]core.Toleration(nil), first...), second...)
	var merged []core.Toleration
next:
	for i, t := range all {
		for _, m := range merged {
			if IsSuperset(m, t) {
				continue next
			}
		}
		for _, t2 := range all[i+1:] {
			if !reflect.DeepEqual(t, t2) && IsSuperset(t2, t) {
				continue next
			}
		}
		merged = append(merged, t)
	}
	return merged
}

// IsSuperset reports whether ss tolerates everything t does. An Equal
// (or empty) operator covers only a toleration whose operator is Equal
// itself: the API server does not default an empty operator, so a
// toleration written without one is never covered by another (mirrors
// pkg/util/tolerations.isSuperset, v1.37).
func IsSuperset(ss, t core.Toleration) bool {
	if reflect.DeepEqual(ss, t) {
		return true
	}
	if t.Key != ss.Key && (ss.Key != "" || ss.Operator != core.TolerationOpExists) {
		return false
	}
	if t.Effect != ss.Effect && ss.Effect != "" {
		return false
	}
	if ss.Effect == core.TaintEffectNoExecute && ss.TolerationSeconds != nil {
		if t.TolerationSeconds == nil || *t.TolerationSeconds > *ss.TolerationSeconds {
			return false
		}
	}
	switch ss.Operator {
	case core.TolerationOpEqual, "":
		return t.Operator == core.TolerationOpEqual && t.Value == ss.Value
	case core.TolerationOpExists:
		return true
	}
	return false
}
