package runtimeclass

import (
	"fmt"
	"maps"
	"slices"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission/podtolerationrestriction"
)

// PluginName is the admission plugin's name.
const PluginName = "RuntimeClass"

// The refusals (the errors admission.NewForbidden wraps), formatted with
// fmt: NotFound takes the class name, Conflict the key, the class's
// value, the key and the pod's value.
const (
	NotFound         = "pod rejected: RuntimeClass %q not found"
	OverheadMismatch = "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead"
	Conflict         = "conflict: runtimeClass.scheduling.nodeSelector[%s] = %s; pod.spec.nodeSelector[%s] = %s"
	OverheadWithout  = "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead"
)

// Find returns the class called name, or nil.
func Find(classes []*core.RuntimeClass, name string) *core.RuntimeClass {
	for _, rc := range classes {
		if rc.Name == name {
			return rc
		}
	}
	return nil
}

// Admit is the plugin's Admit on a pod being created: a pod without
// spec.runtimeClassName is left alone; otherwise the class must exist,
// its overhead becomes the pod's (setOverhead) and its scheduling is
// merged in (setScheduling). p is changed in place; an error is the API
// server's Forbidden text. Mirrors runtimeclass.(*RuntimeClass).Admit
// (prepareObjects, setOverhead, setScheduling), v1.37.
func Admit(p *core.Pod, classes []*core.RuntimeClass) error {
	if p.Spec.RuntimeClassName == nil {
		return nil
	}
	rc := Find(classes, *p.Spec.RuntimeClassName)
	if rc == nil {
		return forbidden(p, fmt.Sprintf(NotFound, *p.Spec.RuntimeClassName))
	}
	if err := setOverhead(p, rc); err != nil {
		return err
	}
	return setScheduling(p, rc)
}

// Validate is the plugin's validation of a pod being created, after every
// mutating plugin: a pod whose class defines an overhead must carry
// exactly it, and a pod whose class defines none (or that names no
// class) must set no spec.overhead. Mirrors
// runtimeclass.(*RuntimeClass).Validate (validateOverhead), v1.37.
func Validate(p *core.Pod, classes []*core.RuntimeClass) error {
	var rc *core.RuntimeClass
	if p.Spec.RuntimeClassName != nil {
		if rc = Find(classes, *p.Spec.RuntimeClassName); rc == nil {
			return forbidden(p, fmt.Sprintf(NotFound, *p.Spec.RuntimeClassName))
		}
	}
	if rc != nil && rc.Overhead != nil {
		if !sameResources(rc.Overhead.PodFixed, p.Spec.Overhead) {
			return forbidden(p, OverheadMismatch)
		}
		return nil
	}
	if p.Spec.Overhead != nil {
		return forbidden(p, OverheadWithout)
	}
	return nil
}

// setOverhead sets spec.overhead to the class's podFixed; a pod that
// already has a different non-empty overhead is refused. Mirrors
// runtimeclass.setOverhead, v1.37.
func setOverhead(p *core.Pod, rc *core.RuntimeClass) error {
	if rc.Overhead == nil {
		return nil
	}
	fixed := rc.Overhead.PodFixed
	if len(p.Spec.Overhead) > 0 && !sameResources(fixed, p.Spec.Overhead) {
		return forbidden(p, OverheadMismatch)
	}
	p.Spec.Overhead = maps.Clone(fixed)
	return nil
}

// setScheduling merges the class's nodeSelector into the pod's (a key
// both set to different values is refused) and its tolerations after the
// pod's (tolerations.MergeTolerations: a toleration another one covers
// is dropped). Mirrors runtimeclass.setScheduling, v1.37.
func setScheduling(p *core.Pod, rc *core.RuntimeClass) error {
	s := rc.Scheduling
	if s == nil {
		return nil
	}
	sel := p.Spec.NodeSelector
	if sel == nil {
		sel = maps.Clone(s.NodeSelector)
	} else {
		// Sorted keys: the first conflict reported does not depend on map
		// order (upstream's does).
		for _, k := range slices.Sorted(maps.Keys(s.NodeSelector)) {
			v := s.NodeSelector[k]
			if pv, ok := sel[k]; ok && pv != v {
				return forbidden(p, fmt.Sprintf(Conflict, k, v, k, pv))
			}
			sel[k] = v
		}
	}
	p.Spec.NodeSelector = sel
	p.Spec.Tolerations = podtolerationrestriction.Merge(p.Spec.Tolerations, s.Tolerations)
	return nil
}

// forbidden is admission.NewForbidden on a pod: the name is the pod's,
// else its generateName, else "Unknown" (extractResourceName). A
// controller's pod is created with generateName and named only after
// admission, so its generateName is used even though the simulation
// names it beforehand.
func forbidden(p *core.Pod, msg string) error {
	name := p.Name
	if name == "" || (p.GenerateName != "" && controlled(p)) {
		name = p.GenerateName
	}
	if name == "" {
		name = "Unknown"
	}
	return fmt.Errorf("pods %q is forbidden: %s", name, msg)
}

// controlled reports whether the pod has a controller ownerReference.
func controlled(p *core.Pod) bool {
	for _, r := range p.OwnerReferences {
		if r.Controller != nil && *r.Controller {
			return true
		}
	}
	return false
}
