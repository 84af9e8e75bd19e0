// Package priority is the Priority admission plugin
// (plugin/pkg/admission/priority): it resolves a pod's
// priorityClassName to spec.priority and, when the pod sets none, the
// class's preemptionPolicy. Start with Admit.
package priority
