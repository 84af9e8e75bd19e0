package sim

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// manyPodsOnN1 is a scenario with n pods bound to n1 and one step.
func manyPodsOnN1(n int, step string) string {
	var b strings.Builder
	b.WriteString("kind: Scenario\nname: many\nsteps:\n- at: 10s\n  run: " + step + "\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n")
	for i := range n {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%02d}\nspec: {nodeName: n1, containers: [{name: c, image: x}]}\n", i)
	}
	return b.String()
}

// A step that fails while 13 pods are evicted in its frame: the summary
// lists 12 notes and cuts the failure, the step is still failed. kubectl
// taint processes nodes independently (ContinueOnError): n1 is tainted,
// the missing node fails with the API server's NotFound.
func TestStepFailedWhateverTheSummaryLists(t *testing.T) {
	res := run(t, manyPodsOnN1(13, "kubectl taint nodes n1 missing k=v:NoExecute"))
	var step *Frame
	for i := range res.Frames {
		if res.Frames[i].Step != "" {
			step = &res.Frames[i]
		}
	}
	require.NotNil(t, step)
	assert.NotContains(t, step.Summary, "the command failed", "the summary is cut at MaxSummaryNotes")
	assert.Contains(t, step.Summary, "… and ")
	assert.Equal(t, "node/n1 tainted\nError from server (NotFound): nodes \"missing\" not found", step.Output)
	assert.True(t, step.StepFailed())

	res = run(t, manyPodsOnN1(13, "kubectl taint nodes n1 k=v:NoExecute"))
	for i := range res.Frames {
		assert.False(t, res.Frames[i].StepFailed(), "frame %d", i)
	}
}
