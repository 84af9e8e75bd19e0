package presets

import (
	"testing"

	"github.com/taints-playground/playground/core"
)

func TestKubeadmControlPlaneTaint(t *testing.T) {
	// kubeadm stopped applying node-role.kubernetes.io/master in 1.25
	// (PR #110095): every supported release has the control-plane taint.
	for minor := core.OldestMinor; minor <= core.NewestMinor; minor++ {
		got := KubeadmControlPlaneTaint(core.Version{Minor: minor})
		if got.ToString() != "node-role.kubernetes.io/control-plane:NoSchedule" {
			t.Errorf("1.%d: %s", minor, got.ToString())
		}
	}
}
