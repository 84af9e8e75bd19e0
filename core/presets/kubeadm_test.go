package presets

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
)

func TestKubeadmControlPlaneTaint(t *testing.T) {
	// kubeadm stopped applying node-role.kubernetes.io/master in 1.25
	// (PR #110095): every supported release has the control-plane taint.
	for minor := core.OldestMinor; minor <= core.NewestMinor; minor++ {
		got := KubeadmControlPlaneTaint(core.Version{Minor: minor})
		assert.Equal(t, "node-role.kubernetes.io/control-plane:NoSchedule", got.ToString(), "1.%d", minor)
	}
}
