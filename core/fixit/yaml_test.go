package fixit_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/fixit"
	"sigs.k8s.io/yaml"
)

func TestYAML(t *testing.T) {
	tols := []core.Toleration{
		{Key: "team", Operator: core.TolerationOpEqual, Value: "ml", Effect: core.TaintEffectNoSchedule},
		{Key: "gpu", Operator: core.TolerationOpEqual, Value: "true", Effect: core.TaintEffectNoExecute},
		{Key: "spot", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: secs(60)},
		{Key: "nvidia.com/gpu", Operator: core.TolerationOpEqual, Value: "007", Effect: core.TaintEffectNoSchedule},
	}
	got := fixit.YAML(tols)
	assert.Equal(t, `tolerations:
- key: team
  operator: Equal
  value: ml
  effect: NoSchedule
- key: gpu
  operator: Equal
  value: "true"
  effect: NoExecute
- key: spot
  operator: Exists
  effect: NoExecute
  tolerationSeconds: 60
- key: nvidia.com/gpu
  operator: Equal
  value: "007"
  effect: NoSchedule
`, got)
	// It reads back as the same tolerations.
	var back struct {
		Tolerations []core.Toleration `json:"tolerations"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(got), &back))
	assert.Equal(t, tols, back.Tolerations)
}
