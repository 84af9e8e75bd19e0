package export_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/export"
)

// A kubectl patch step replays with its JSON patch as one word, as the
// step runner split it, and a RuntimeClass is exported with its
// apiVersion.
func TestScriptPatchStep(t *testing.T) {
	s, err := scenario.Parse([]byte(`kind: Scenario
name: p
steps:
- at: 1s
  run: kubectl patch pod web --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gvisor}
handler: runsc
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  schedulingGates: [{name: a}]
  containers: [{name: c, image: app}]
`), "p.yaml")
	require.NoError(t, err)
	sc, err := export.Script(s)
	require.NoError(t, err)
	assert.Contains(t, string(sc), "\nkubectl patch pod web --type=json -p '[{\"op\":\"remove\",\"path\":\"/spec/schedulingGates\"}]'\n")
	m, err := export.Manifests(s)
	require.NoError(t, err)
	assert.Contains(t, string(m), "apiVersion: node.k8s.io/v1\nkind: RuntimeClass\nmetadata:\n  name: gvisor\nhandler: runsc\n")
}
