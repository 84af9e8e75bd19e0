package presets

import "github.com/taints-playground/playground/core"

// KubeadmControlPlaneTaint is the taint kubeadm puts on the control-plane
// nodes it creates in release v: node-role.kubernetes.io/control-plane
// with effect NoSchedule and an empty value. kubeadm 1.24 applied it next
// to the old node-role.kubernetes.io/master:NoSchedule taint; from 1.25 the
// master taint is no longer applied (kubernetes/kubernetes PR #110095,
// kubeadm issue #2200), so every release the playground simulates
// (1.26–1.37) has the control-plane taint only. Presets that model a
// kubeadm control-plane node use this taint and the matching
// node-role.kubernetes.io/control-plane="" label.
func KubeadmControlPlaneTaint(v core.Version) core.Taint {
	_ = v.OrDefault() // one answer for 1.26–1.37; older releases are not simulated
	return core.Taint{Key: "node-role.kubernetes.io/control-plane", Effect: core.TaintEffectNoSchedule}
}
