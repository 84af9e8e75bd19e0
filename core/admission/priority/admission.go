package priority

import (
	"fmt"

	"github.com/taints-playground/playground/core"
)

// PluginName is the admission plugin's name.
const PluginName = "Priority"

// The built-in priority classes (scheduling/v1 SystemClusterCritical and
// SystemNodeCritical) and their values.
const (
	SystemClusterCriticalName       = "system-cluster-critical"
	SystemNodeCriticalName          = "system-node-critical"
	SystemClusterCritical     int32 = 2000000000
	SystemNodeCritical        int32 = 2000001000
	// SystemCriticalPriority is the lowest priority of a critical pod
	// (scheduling.SystemCriticalPriority): the kubelet always admits one.
	SystemCriticalPriority = SystemClusterCritical
)

// Default is the priority a pod gets without PriorityClass objects:
// spec.priority when set, else the built-in class named by
// priorityClassName, else 0.
func Default(p *core.Pod) int32 {
	if p.Spec.Priority != nil {
		return *p.Spec.Priority
	}
	switch p.Spec.PriorityClassName {
	case SystemNodeCriticalName:
		return SystemNodeCritical
	case SystemClusterCriticalName:
		return SystemClusterCritical
	}
	return 0
}

// Admit is the plugin on a pod being created (priorityAdmission's
// admitPod): priorityClassName names a class of classes or a built-in
// one; without a name the globalDefault class applies (its name is set on
// the pod), else 0. The class's preemptionPolicy is copied when the pod
// sets none. A name that matches no class is refused with the API
// server's Forbidden text. p is changed in place (not spec.priority: the
// caller stores the result).
func Admit(p *core.Pod, classes []*core.PriorityClass) (int32, error) {
	name := p.Spec.PriorityClassName
	if name == "" {
		for _, pc := range classes {
			if pc.GlobalDefault {
				p.Spec.PriorityClassName = pc.Name
				return fromClass(p, pc), nil
			}
		}
		return Default(p), nil
	}
	for _, pc := range classes {
		if pc.Name == name {
			return fromClass(p, pc), nil
		}
	}
	switch name {
	case SystemNodeCriticalName, SystemClusterCriticalName:
		return Default(p), nil
	}
	if p.Spec.Priority != nil {
		return *p.Spec.Priority, nil
	}
	return 0, fmt.Errorf("pods %q is forbidden: no PriorityClass with name %s was found", p.Name, name)
}

// fromClass takes the class's preemptionPolicy (when the pod sets none)
// and its value (unless spec.priority is already set).
func fromClass(p *core.Pod, pc *core.PriorityClass) int32 {
	if p.Spec.PreemptionPolicy == nil && pc.PreemptionPolicy != nil {
		v := *pc.PreemptionPolicy
		p.Spec.PreemptionPolicy = &v
	}
	if p.Spec.Priority != nil {
		return *p.Spec.Priority
	}
	return pc.Value
}
