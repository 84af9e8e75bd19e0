package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const textScenario = `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app, image: nginx}]
---
kind: Scenario
name: steps
until: 720h
steps:
- {at: 10s, run: kubectl taint nodes n1 a=b:NoSchedule}
- {at: 20s, run: kubectl taint nodes nosuch a=b:NoSchedule}
- {at: 30s, run: kubectl get pods}
`

// The text report has a STEPS section with each step's time, command and
// output (kubectl's error for a failed one), exits 1 when a step failed,
// and prints large times as durations.
func TestRunTextSteps(t *testing.T) {
	code, out, errs := runArgs(t, textScenario, "run", "-")
	if code != exitFailed {
		t.Errorf("exit %d, want 1 (a step failed); stderr %q", code, errs)
	}
	if want := "step at t=20s failed: kubectl taint nodes nosuch a=b:NoSchedule\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
	for _, want := range []string{
		"final board at t=720h\n",
		"\nSTEPS\n  t=10s  kubectl taint nodes n1 a=b:NoSchedule\n    node/n1 tainted\n",
		"  t=20s  kubectl taint nodes nosuch a=b:NoSchedule (failed)\n    Error from server (NotFound): nodes \"nosuch\" not found\n",
		"  t=30s  kubectl get pods\n    NAME   READY   STATUS    RESTARTS   AGE\n    web    1/1     Running   0          30s\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "e+") {
		t.Errorf("exponent in output:\n%s", out)
	}
	ok := strings.Replace(textScenario, "- {at: 20s, run: kubectl taint nodes nosuch a=b:NoSchedule}\n", "", 1)
	if code, _, errs := runArgs(t, ok, "run", "-"); code != exitOK || errs != "" {
		t.Errorf("all steps succeed: exit %d, stderr %q", code, errs)
	}
	code, out, _ = runArgs(t, textScenario, "run", "-", "--json")
	if code != exitFailed || !strings.Contains(out, `"failed": true`) {
		t.Errorf("--json: exit %d\n%s", code, out)
	}
}

func TestDetailNeedsJSON(t *testing.T) {
	code, out, errs := runArgs(t, textScenario, "run", "-", "--detail")
	if code != exitInvalid || out != "" || !strings.HasPrefix(errs, "--detail adds fields to the --json document; use it with --json\nusage:") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestFmtAt(t *testing.T) {
	for sec, want := range map[float64]string{0: "0s", 90: "90s", 1.5: "1.5s", 355: "355s", 360000000: "100000h", 300000: "300000s", 1000000: "277h46m40s", 2592000: "720h"} {
		if got := fmtAt(sec); got != want {
			t.Errorf("fmtAt(%g) = %q, want %q", sec, got, want)
		}
	}
}

// A pod deleted from an unreachable node is listed under it as
// Terminating, and --json marks it.
func TestRunTextTerminating(t *testing.T) {
	doc := `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: n1
  containers: [{name: app, image: nginx}]
---
kind: Scenario
name: t
options: {kubernetesVersion: "1.37"}
until: 400s
steps:
- {at: 10s, run: node n1 stop}
`
	code, out, errs := runArgs(t, doc, "run", "-")
	if code != exitOK || !strings.Contains(out, "  pod/web   Terminating   deleted at 365s, until the kubelet returns\n") {
		t.Errorf("exit %d %s\n%s", code, errs, out)
	}
	_, out, _ = runArgs(t, doc, "run", "-", "--json")
	if !strings.Contains(out, `"terminating": true`) || !strings.Contains(out, `"reason": "DeletionByTaintManager"`) {
		t.Errorf("--json:\n%s", out)
	}
}

// A failed step whose frame also holds 13 evictions (more notes than a
// summary lists) is still failed in --json and still exits 1.
func TestFailedStepWithThirteenEvictions(t *testing.T) {
	var b strings.Builder
	b.WriteString("kind: Scenario\nname: many\nsteps:\n- {at: 10s, run: kubectl taint nodes n1 nosuch k=v:NoExecute}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\n")
	for i := range 13 {
		b.WriteString("---\napiVersion: v1\nkind: Pod\nmetadata: {name: p" + string(rune('a'+i)) + "}\nspec: {nodeName: n1, containers: [{name: c, image: x}]}\n")
	}
	code, out, errs := runArgs(t, b.String(), "run", "-", "--json")
	if code != exitFailed || !strings.Contains(out, `"failed": true`) {
		t.Errorf("--json: exit %d, stderr %q\n%s", code, errs, out)
	}
	if want := "step at t=10s failed: kubectl taint nodes n1 nosuch k=v:NoExecute\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
}

const refusedScenario = `kind: Scenario
name: refused
options: {enableAdmissionPlugins: [PodTolerationRestriction]}
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
`

// A pod of the file refused at admission exits 1 like a failed step, with
// kubectl's error text on stderr, in the REFUSED section and in --json.
func TestRefusedFilePodExits1(t *testing.T) {
	const text = `Error from server: error when creating "STDIN": pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist`
	code, out, errs := runArgs(t, refusedScenario, "run", "-")
	if code != exitFailed {
		t.Errorf("exit %d, want 1", code)
	}
	if want := "pod bad refused: " + text + "\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
	if want := "\nREFUSED\n  pod/bad\n    " + text + "\n"; !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	code, out, _ = runArgs(t, refusedScenario, "run", "-", "--json")
	if code != exitFailed || !strings.Contains(out, `"refused": [`) || !strings.Contains(out, `"error": "Error from server: error when creating \"STDIN\"`) {
		t.Errorf("--json: exit %d\n%s", code, out)
	}
}

// kubectl drain goes on printing as its pods go (drain's waitForDelete):
// the STEPS section and --json's steps list those lines under the drain,
// marked continued, at the moment they were printed, even with another
// step in between.
func TestDrainOutputContinues(t *testing.T) {
	scen := `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: n1
  containers: [{name: app, image: nginx}]
---
kind: Scenario
name: drain
until: 60s
steps:
- {at: 10s, run: kubectl drain n1 --force}
- {at: 20s, run: kubectl get nodes}
`
	code, out, errs := runArgs(t, scen, "run", "-")
	require.Equal(t, exitOK, code, errs)
	assert.Contains(t, out, "  t=10s  kubectl drain n1 --force\n    node/n1 cordoned\n    Warning: deleting Pods that declare no controller: default/web\n    evicting pod default/web\n  t=20s  kubectl get nodes\n")
	assert.Contains(t, out, "  t=40s  kubectl drain n1 --force (continued)\n    pod/web evicted\n    node/n1 drained\n")
	code, out, errs = runArgs(t, scen, "run", "-", "--json")
	require.Equal(t, exitOK, code, errs)
	var doc Output
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Steps, 3)
	assert.Equal(t, OutputStep{At: 40, Run: "kubectl drain n1 --force", Output: "pod/web evicted\nnode/n1 drained", Continued: true}, doc.Steps[2])
}
