package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The refusal text is kubectl's for `kubectl apply -f -` of the pod
// (cmdutil.AddSourceToErr "error when creating \"STDIN\"" over the
// admission error, which PodTolerationRestriction returns as a plain
// error: "Error from server: "), the text an apply step of the same pod
// gives.
const ptrRefused = `Error from server: error when creating "STDIN": pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist`

const refusedFile = `kind: Scenario
name: refused
options: {enableAdmissionPlugins: [PodTolerationRestriction]}
steps:
- at: 5s
  run: kubectl apply -f -
  manifest: |
    apiVersion: v1
    kind: Pod
    metadata: {name: again}
    spec: {containers: [{name: c, image: x}]}
- {at: 10s, run: create pod later}
---
apiVersion: v1
kind: Namespace
metadata:
  name: default
  annotations: {scheduler.alpha.kubernetes.io/tolerationsWhitelist: '[{"key": "x", "operator": "Exists"}]'}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: bad}
spec: {containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata: {name: later}
spec: {containers: [{name: c, image: x}]}
`

// A pod of the file that admission refuses is reported like a refused
// create: kubectl's text in the first frame's output and in
// Result.Refused, no Event (the API server records none for a refused
// create), and the pod never exists.
func TestFilePodRefusedAtAdmission(t *testing.T) {
	res := run(t, refusedFile)
	require.Equal(t, []Refusal{{Kind: "Pod", Namespace: "default", Name: "bad", Error: ptrRefused}}, res.Refused)
	f := res.Frames[0]
	assert.Equal(t, ptrRefused, f.Output)
	assert.Contains(t, f.Summary, "pod bad was not created: pod tolerations")
	assert.Empty(t, f.Pods)
	for _, e := range res.Events {
		assert.NotContains(t, e.Object, "bad", "an event for the refused pod")
	}
	var apply, create *Frame
	for i := range res.Frames {
		switch res.Frames[i].Step {
		case "kubectl apply -f -":
			apply = &res.Frames[i]
		case "create pod later":
			create = &res.Frames[i]
		}
	}
	require.NotNil(t, apply)
	assert.Equal(t, ptrRefused, apply.Output, "kubectl apply of the same pod")
	assert.True(t, apply.StepFailed())
	require.NotNil(t, create)
	assert.True(t, create.StepFailed(), "create pod of a refused pod fails")
	assert.Equal(t, ptrRefused, create.Output, "create pod fails like a refused apply")
	assert.Len(t, res.Refused, 1, "the create pod step's refusal is the step's, not the file's")
}
