package impact

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The lesson taints n1 with maint=now:NoExecute at 30 s. The same taint
// at 0 s makes that step fail: kubectl taint refuses a taint with the
// same key and effect without --overwrite (upstream
// checkIfTaintsAlreadyExists in pkg/cmd/taint), and prints it as
// "error: node n1 already has maint taint(s) with same effect(s) and
// --overwrite is false".
func TestPreviewBreaksLaterStep(t *testing.T) {
	const cmd = "kubectl taint nodes n1 maint=now:NoExecute"
	im, err := Preview(preset(t, "mc-noexecute-pdb"), 0, cmd)
	require.NoError(t, err)
	require.Len(t, im.BreaksSteps, 1)
	b := im.BreaksSteps[0]
	assert.Equal(t, 30.0, b.At)
	assert.Equal(t, cmd, b.Command)
	assert.Equal(t, "error: node n1 already has maint taint(s) with same effect(s) and --overwrite is false", b.Error)
	assert.Empty(t, im.FixesSteps)
}

// A later step removing x:NoExecute fails without the command (kubectl:
// `taint "x:NoExecute" not found`, upstream reorganizeTaints) and
// succeeds once the command has added it.
func TestPreviewFixesLaterStep(t *testing.T) {
	s := parse(t, strings.Replace(pendingScenario, "until: 10s\n", "until: 10s\nsteps:\n- at: 8s\n  run: kubectl taint nodes n2 x:NoExecute-\n", 1))
	require.Len(t, s.Steps, 1)
	im, err := Preview(s, 5*time.Second, "kubectl taint nodes n2 x=y:NoExecute")
	require.NoError(t, err)
	assert.Empty(t, im.BreaksSteps)
	require.Len(t, im.FixesSteps, 1)
	assert.Equal(t, 8.0, im.FixesSteps[0].At)
	assert.Equal(t, `error: taint "x:NoExecute" not found`, im.FixesSteps[0].Error)
}

// zoneScenario has two nodes in zone a; only a1 has the gpu taint.
const zoneScenario = `kind: Scenario
name: zones
until: 10s
---
apiVersion: v1
kind: Node
metadata: {name: a1, labels: {topology.kubernetes.io/zone: a}}
spec:
  taints: [{key: nvidia.com/gpu, value: "true", effect: NoSchedule}]
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: a2, labels: {topology.kubernetes.io/zone: a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
`

// With a selector kubectl visits every selected node (upstream RunTaint
// visits the flattened list and goes on after a failing node): a1 is
// untainted, a2 fails. A taint to remove is only key and effect (upstream
// parseTaints keeps Key and Effect), so the error is
// `taint "nvidia.com/gpu:NoSchedule" not found` (Taint.ToString).
func TestPreviewPartlyCarriedOut(t *testing.T) {
	im, err := Preview(parse(t, zoneScenario), time.Second, "kubectl taint nodes -l topology.kubernetes.io/zone=a nvidia.com/gpu=true:NoSchedule-")
	require.NoError(t, err)
	require.Len(t, im.Nodes, 1)
	assert.Equal(t, "a1", im.Nodes[0].Node)
	assert.Len(t, im.Nodes[0].Before, 1)
	assert.Empty(t, im.Nodes[0].After)
	assert.Equal(t, "node/a1 untainted\n", im.Output)
	assert.Equal(t, `error: taint "nvidia.com/gpu:NoSchedule" not found`, im.Warning)

	// No node changes at all: still refused with kubectl's error, one
	// line per node (upstream cmdutil checkErr prints an aggregate of
	// several errors as lines without the "error: " prefix).
	_, err = Preview(parse(t, zoneScenario), time.Second, "kubectl taint nodes -l topology.kubernetes.io/zone=a other:NoSchedule-")
	assert.EqualError(t, err, "command: taint \"other:NoSchedule\" not found\ntaint \"other:NoSchedule\" not found")
}
