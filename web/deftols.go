package web

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/admission/defaulttolerationseconds"
	"github.com/taints-playground/playground/core/controllers/daemonset"
)

// The tolerations every pod of a cluster gets without asking: the
// DefaultTolerationSeconds admission plugin's two (not-ready and
// unreachable, NoExecute, 300 s) and the DaemonSet controller's set. A pod
// chip shows them as one compact badge instead of repeating them on every
// chip. The sets come from the simulator's own definitions
// (defaulttolerationseconds.Admit, daemonset.DaemonSetTolerations), never a
// copied list.

var (
	// admissionDefaults is what DefaultTolerationSeconds appends to a pod
	// with no tolerations, at the flags' defaults.
	admissionDefaults, _ = defaulttolerationseconds.Admit(nil, defaulttolerationseconds.DefaultSeconds, defaulttolerationseconds.DefaultSeconds)
	// daemonDefaults is what the DaemonSet controller adds to every daemon
	// pod; daemonHostNetwork what it adds to a hostNetwork one (one more).
	daemonDefaults    = daemonset.DaemonSetTolerations(nil, false)
	daemonHostNetwork = daemonset.DaemonSetTolerations(nil, true)
)

// DefaultTolerations marks which of a pod's tolerations are defaults and
// says who adds them (admission.SourceDefaultTolerationSeconds,
// admission.SourceDaemonSet, or both, in that order). A toleration is a
// default when it is
//
//   - one of DefaultTolerationSeconds' two at 300 s, or any toleration the
//     simulation says that plugin added (sources parallel to tols; the
//     cluster's flags may set other seconds);
//   - one of the DaemonSet controller's, when the pod has that whole set
//     (the controller always adds all of them, so a lone not-ready
//     toleration without seconds is the user's choice, not a default);
//     network-unavailable counts only then too (hostNetwork pods).
func DefaultTolerations(tols []core.Toleration, sources []string) (mask []bool, by []string) {
	if len(tols) == 0 {
		return nil, nil
	}
	mask = make([]bool, len(tols))
	admitted, daemon := false, false
	for i := range tols {
		if (i < len(sources) && sources[i] == admission.SourceDefaultTolerationSeconds) || indexTol(admissionDefaults, tols[i]) >= 0 {
			mask[i], admitted = true, true
		}
	}
	if containsAll(tols, daemonDefaults) {
		for i := range tols {
			if indexTol(daemonHostNetwork, tols[i]) >= 0 {
				mask[i], daemon = true, true
			}
		}
	}
	if admitted {
		by = append(by, admission.SourceDefaultTolerationSeconds)
	}
	if daemon {
		by = append(by, admission.SourceDaemonSet)
	}
	if by == nil {
		return nil, nil
	}
	return mask, by
}

// indexTol is the index of the entry of list equal to t (key, operator,
// value, effect and tolerationSeconds), or -1.
func indexTol(list []core.Toleration, t core.Toleration) int {
	for i := range list {
		if core.SameTolerations(list[i:i+1], []core.Toleration{t}) {
			return i
		}
	}
	return -1
}

// containsAll reports whether every entry of want is in tols.
func containsAll(tols, want []core.Toleration) bool {
	for _, w := range want {
		if indexTol(tols, w) < 0 {
			return false
		}
	}
	return true
}
