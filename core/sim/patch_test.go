package sim

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Expected texts from upstream v1.37.2: apiserver handlers/patch.go
// (jsonPatcher.applyJSPatch: a JSON patch that does not apply is a 422
// without details, which kubectl's checkErr prints as "The request is
// invalid: <message>"; a patch that does not decode is a BadRequest),
// apimachinery NewGenericServerResponse's 422 message, the pod
// strategy's applySchedulingGatedCondition and kubectl's printPod
// (STATUS SchedulingGated), validation.validateOnlyDeletedSchedulingGates
// and ValidatePodUpdate, kubectl patch's patchOperation.

const gatedPod = `apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  schedulingGates: [{name: example.com/a}, {name: example.com/b}]
  containers: [{name: c, image: app}]
`

// stepOutputs runs the gated pod with steps at t=1s, 2s, …; it returns
// the output of each step and the final result.
func stepOutputs(t *testing.T, steps ...string) ([]string, *Result) {
	t.Helper()
	var b strings.Builder
	b.WriteString("kind: Scenario\nname: p\nuntil: 30s\nsteps:\n")
	for i, s := range steps {
		fmt.Fprintf(&b, "- at: %ds\n  run: %q\n", i+1, s)
	}
	res := run(t, b.String()+"---\n"+gatedPod)
	out := make([]string, len(steps))
	for _, f := range res.Frames {
		for i, s := range steps {
			if f.Step == s && f.At == float64(i+1) {
				out[i] = f.Output
			}
		}
	}
	return out, res
}

func TestPatchSchedulingGates(t *testing.T) {
	for _, tc := range []struct {
		name      string
		steps     []string
		want      []string
		scheduled float64 // -1: still gated at the end
	}{
		{name: "gated: STATUS SchedulingGated, never tried",
			steps: []string{"kubectl get pods"},
			want: []string{"NAME   READY   STATUS            RESTARTS   AGE\n" +
				"web    0/1     SchedulingGated   0          1s"},
			scheduled: -1},
		{name: "merge patch null removes every gate",
			steps:     []string{`kubectl patch pod web --type=merge -p '{"spec":{"schedulingGates":null}}'`},
			want:      []string{"pod/web patched"},
			scheduled: 1},
		{name: "strategic patch (the default) with null",
			steps:     []string{`kubectl patch pod web -p '{"spec":{"schedulingGates":null}}'`},
			want:      []string{"pod/web patched"},
			scheduled: 1},
		{name: "json patch remove",
			steps:     []string{`kubectl patch pod web --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'`},
			want:      []string{"pod/web patched"},
			scheduled: 1},
		{name: "one gate removed: still gated, then the other",
			steps: []string{
				`kubectl patch pod web --type=json -p '[{"op":"remove","path":"/spec/schedulingGates/0"}]'`,
				"kubectl get pods",
				`kubectl patch pod web --type=merge -p '{"spec":{"schedulingGates":[]}}'`,
			},
			want: []string{"pod/web patched",
				"NAME   READY   STATUS            RESTARTS   AGE\nweb    0/1     SchedulingGated   0          2s",
				"pod/web patched"},
			scheduled: 3},
		{name: "removing twice: the second JSON patch does not apply",
			steps: []string{
				`kubectl patch pod web --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'`,
				`kubectl patch pod web --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'`,
				`kubectl patch pod web --type=merge -p '{"spec":{"schedulingGates":null}}'`,
			},
			want: []string{"pod/web patched",
				"The request is invalid: the server rejected our request due to an error in our request",
				"pod/web patched (no change)"},
			scheduled: 1},
		{name: "adding a gate is forbidden",
			steps:     []string{`kubectl patch pod web --type=merge -p '{"spec":{"schedulingGates":[{"name":"example.com/a"},{"name":"example.com/c"}]}}'`},
			want:      []string{`The Pod "web" is invalid: spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'example.com/c'`},
			scheduled: -1},
		{name: "a strategic patch merges gate lists by name, so a new name is an addition",
			steps:     []string{`kubectl patch pod web -p '{"spec":{"schedulingGates":[{"name":"example.com/c"}]}}'`},
			want:      []string{`The Pod "web" is invalid: spec.schedulingGates[2].name: Forbidden: only deletion is allowed, but found new scheduling gate 'example.com/c'`},
			scheduled: -1},
		{name: "another spec field may not change",
			steps:     []string{`kubectl patch pod web --type=merge -p '{"spec":{"nodeSelector":{"a":"b"},"schedulingGates":null}}'`},
			want:      []string{"The Pod \"web\" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)"},
			scheduled: -1},
		{name: "an unknown field is a strict decoding error",
			steps:     []string{`kubectl patch pod web --type=merge -p '{"spec":{"schedulingGate":[]}}'`},
			want:      []string{`Error from server (BadRequest): strict decoding error: unknown field "spec.schedulingGate"`},
			scheduled: -1},
		{name: "a JSON patch that is not a list does not decode",
			steps:     []string{`kubectl patch pod web --type=json -p '{"op":"remove"}'`},
			want:      []string{"Error from server (BadRequest): json: cannot unmarshal object into Go value of type jsonpatch.Patch"},
			scheduled: -1},
		{name: "status changes are dropped",
			steps:     []string{`kubectl patch pod web --type=merge -p '{"status":{"phase":"Running"}}'`},
			want:      []string{"pod/web patched (no change)"},
			scheduled: -1},
		{name: "a missing pod",
			steps:     []string{`kubectl patch pod nope -p '{}'`},
			want:      []string{`Error from server (NotFound): pods "nope" not found`},
			scheduled: -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, res := stepOutputs(t, tc.steps...)
			assert.Equal(t, tc.want, out)
			p := final(res)["web"]
			require.NotNil(t, p)
			assert.Equal(t, tc.scheduled, at(p.ScheduledAt))
			for _, e := range res.Events {
				assert.NotEqual(t, ReasonFailedScheduling, e.Reason, "a gated pod is never tried")
			}
		})
	}
}

// A gated pod waits in unschedulablePods with no attempt; the board shows
// its gates and the Why summary says it is gated.
func TestGatedPodState(t *testing.T) {
	res := run(t, "kind: Scenario\nname: g\nuntil: 10s\n---\n"+gatedPod)
	p := final(res)["web"]
	assert.Equal(t, PhasePending, p.Phase)
	assert.Equal(t, "unschedulablePods", p.Queue)
	assert.Zero(t, p.Attempts)
	assert.Equal(t, []string{"example.com/a", "example.com/b"}, p.SchedulingGates)
	require.NotNil(t, p.Why)
	assert.Contains(t, p.Why.Summary, "waiting for scheduling gates: [example.com/a example.com/b]")
	assert.Contains(t, p.Describe, "PodScheduled")
}

// Tolerations can be added by a patch too (DefaultTolerationSeconds runs
// again on the update), and an added toleration is the user's.
func TestPatchAddsToleration(t *testing.T) {
	out, res := stepOutputs(t, `kubectl patch pod web --type=json -p '[{"op":"add","path":"/spec/tolerations/-","value":{"key":"k","operator":"Exists"}}]'`)
	assert.Equal(t, []string{"pod/web patched"}, out)
	p := final(res)["web"]
	require.Len(t, p.Tolerations, 3)
	assert.Equal(t, "k", p.Tolerations[2].Key)
	assert.Equal(t, []string{"DefaultTolerationSeconds", "DefaultTolerationSeconds", "user"}, p.TolerationSources)
}

// kubectl apply of the pod's manifest may remove gates too (the same
// update validation), and may not add one.
func TestApplyRemovesGates(t *testing.T) {
	manifest := func(gates string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  schedulingGates: " + gates + "\n  containers: [{name: c, image: app}]\n"
	}
	scen := "kind: Scenario\nname: a\nuntil: 10s\nsteps:\n" +
		"- at: 1s\n  run: kubectl apply -f -\n  manifest: |\n" + indent(manifest("[{name: example.com/a}, {name: example.com/b}, {name: example.com/c}]")) +
		"- at: 2s\n  run: kubectl apply -f -\n  manifest: |\n" + indent(manifest("[{name: example.com/b}]")) +
		"- at: 3s\n  run: kubectl apply -f -\n  manifest: |\n" + indent(manifest("[]")) +
		"- at: 4s\n  run: kubectl apply -f -\n  manifest: |\n" + indent(manifest("[]")) +
		"---\n" + gatedPod
	res := run(t, scen)
	var outs []string
	for _, f := range res.Frames {
		if f.Step == "kubectl apply -f -" {
			outs = append(outs, f.Output)
		}
	}
	assert.Equal(t, []string{
		`The Pod "web" is invalid: spec.schedulingGates[2].name: Forbidden: only deletion is allowed, but found new scheduling gate 'example.com/c'`,
		"pod/web configured",
		"pod/web configured",
		"pod/web unchanged",
	}, outs)
	assert.Equal(t, 3.0, at(final(res)["web"].ScheduledAt))
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n    ") + "\n"
}
