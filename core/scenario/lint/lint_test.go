package lint

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
)

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	return b
}

func dump(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String())
		b.WriteString("\n")
	}
	return b.String()
}

type want struct {
	sev       Severity
	code      string
	doc       int
	object    string
	path      string
	inMessage string
}

func check(t *testing.T, got []Finding, wants []want) {
	t.Helper()
	require.Len(t, got, len(wants), "findings:\n%s", dump(got))
	for i, w := range wants {
		g := got[i]
		assert.Equal(t, w, want{g.Severity, g.Code, g.Document, g.Object, g.Path, w.inMessage}, "finding %d: %s", i, g)
		assert.Contains(t, g.Message, w.inMessage, "finding %d: message", i)
		assert.NotEmpty(t, g.Fix, "finding %d: fix", i)
	}
}

// The kubectl output parses as a scenario too (the playground imports it).
func TestKubectlGetNodesList(t *testing.T) {
	data := read(t, "kubectl-get-nodes.yaml")
	_, err := scenario.Parse(data, "nodes.yaml")
	require.NoError(t, err, "scenario.Parse")
	check(t, Lint(data), []want{
		{Warning, "master-key", 1, "Node/kind-worker", "items[1].spec.taints[1].key", "old control-plane taint"},
		{Info, "taint-tolerated-by-none", 1, "Node/kind-control-plane", "items[0].spec.taints[0]", "no pod in the file tolerates node-role.kubernetes.io/control-plane:NoSchedule on node kind-control-plane"},
		{Info, "taint-tolerated-by-none", 1, "Node/kind-worker", "items[1].spec.taints[0]", "nvidia.com/gpu=true:NoSchedule"},
		{Info, "taint-tolerated-by-none", 1, "Node/kind-worker", "items[1].spec.taints[1]", "pods already there are evicted"},
	})
}

func TestMistakes(t *testing.T) {
	nodes := read(t, "kubectl-get-nodes.yaml")
	data := append(append(nodes, []byte("---\n")...), read(t, "mistakes.yaml")...)
	got := Lint(data)
	check(t, got, []want{
		{Warning, "master-key", 1, "Node/kind-worker", "items[1].spec.taints[1].key", "old control-plane taint"},
		{Info, "taint-tolerated-by-none", 1, "Node/kind-control-plane", "items[0].spec.taints[0]", "control-plane"},
		{Info, "taint-tolerated-by-none", 1, "Node/kind-worker", "items[1].spec.taints[1]", "node-role.kubernetes.io/master:NoExecute"},
		{Error, "tolerations-misplaced", 2, "Deployment/trainer", "spec.tolerations", "tolerations is not a field of the Deployment's spec"},
		{Warning, "selector-matches-no-node", 2, "Deployment/trainer", "spec.template.spec.nodeSelector", "stay Pending"},
		{Error, "tolerations-under-container", 3, "Pod/sidecar-toleration", "spec.containers[0].tolerations", "belongs to the pod"},
		{Error, "operator-case", 4, "Pod/bad-fields", "spec.tolerations[0].operator", `operator "exists" is not valid`},
		{Error, "effect-case", 4, "Pod/bad-fields", "spec.tolerations[0].effect", `effect "noschedule"`},
		{Error, "exists-with-value", 4, "Pod/bad-fields", "spec.tolerations[0].value", "value must be empty when `operator` is 'Exists'"},
		{Error, "toleration-seconds-without-noexecute", 4, "Pod/bad-fields", "spec.tolerations[1].tolerationSeconds", "effect must be 'NoExecute' when `tolerationSeconds` is set"},
		{Warning, "master-key", 4, "Pod/bad-fields", "spec.tolerations[2].key", "kubeadm stopped adding"},
		{Warning, "noexecute-forever", 4, "Pod/bad-fields", "spec.tolerations[3]", "never leaves a failed node"},
		{Info, "toleration-matches-nothing", 4, "Pod/bad-fields", "spec.tolerations[2]", "key node-role.kubernetes.io/master, Exists, effect NoSchedule"},
		{Info, "toleration-matches-nothing", 4, "Pod/bad-fields", "spec.tolerations[4]", "A toleration permits, it does not attract"},
	})
	assert.Equal(t, "move it to spec.template.spec.tolerations", got[3].Fix, "fix")
	assert.Equal(t, "write effect: NoSchedule", got[7].Fix, "fix")
	// The API server really rejects what Lint calls an error: with strict
	// field validation already while decoding the Deployment whose
	// tolerations sit under spec (a field Deployment does not have).
	_, err := scenario.Parse(read(t, "mistakes.yaml"), "m.yaml")
	assert.ErrorContains(t, err, `strict decoding error: unknown field "spec.tolerations"`, "scenario.Parse")
}

func TestStepsAndManifests(t *testing.T) {
	data := []byte(`kind: Scenario
name: steps
steps:
- at: 10s
  run: kubectl taint nodes n1 team=a:NoExecute
- at: 20s
  run: kubectl label nodes n2 disk=ssd
- at: 30s
  run: kubectl apply -f -
  manifest: |
    apiVersion: v1
    kind: Pod
    metadata: {name: late}
    spec:
      nodeSelector: {disk: hdd}
      tolerations: [{key: team, operator: Equal, value: a, effect: NoExecute, tolerationSeconds: 30}]
      containers: [{name: c}]
---
apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
---
apiVersion: v1
kind: Pod
metadata: {name: ssd}
spec:
  nodeSelector: {disk: ssd}
  containers: [{name: c}]
`)
	check(t, Lint(data), []want{
		{Warning, "selector-matches-no-node", 1, "Pod/late", "steps[2].manifest: spec.nodeSelector", "no node"},
	})
}

func TestPresetsHaveNoErrors(t *testing.T) {
	for _, p := range presets.List() {
		t.Run(p.Name, func(t *testing.T) {
			for _, f := range Lint([]byte(p.YAML)) {
				assert.NotEqual(t, Error, f.Severity, "%s", f)
			}
		})
	}
}

func TestHostileInput(t *testing.T) {
	for _, in := range []string{"", "---\n---\n", "[1,2", "kind: List\nitems: 3", "kind: Pod\nspec: [1]", "kind: Deployment\nspec:\n  template: 5", "kind: Scenario\nsteps: {a: 1}", "kind: Scenario\nsteps:\n- run: kubectl taint nodes\n", "\tkind: Pod", "kind: Node\nspec:\n  taints: [1, {effect: 3}]"} {
		_ = Lint([]byte(in))
	}
	got := Lint([]byte("kind: Pod\nmetadata: {name: x\n"))
	require.Len(t, got, 1, "invalid YAML: %s", dump(got))
	assert.Equal(t, "invalid-yaml", got[0].Code, "invalid YAML")
	assert.Equal(t, 1, got[0].Document, "invalid YAML")
}

func FuzzLint(f *testing.F) {
	for _, p := range presets.List() {
		f.Add(p.YAML)
	}
	f.Add("kind: Pod\nspec:\n  tolerations: [{operator: exists, value: x, tolerationSeconds: 1}]\n  containers: [{tolerations: []}]")
	f.Fuzz(func(t *testing.T, in string) {
		for _, fd := range Lint([]byte(in)) {
			require.NotEmpty(t, fd.Message, "empty finding %+v", fd)
			require.NotEmpty(t, fd.Severity, "empty finding %+v", fd)
		}
	})
}

// Real pods carry the tolerations DefaultTolerationSeconds added (with
// tolerationSeconds), terminationGracePeriodSeconds (modelled: graceful
// termination) and plenty of status: none of it is a finding.
func TestKubectlGetPodsList(t *testing.T) {
	data := append(append(read(t, "kubectl-get-nodes.yaml"), []byte("---\n")...), read(t, "kubectl-get-pods.yaml")...)
	_, err := scenario.Parse(data, "cluster.yaml")
	require.NoError(t, err, "scenario.Parse")
	check(t, Lint(data), []want{
		{Warning, "master-key", 1, "Node/kind-worker", "items[1].spec.taints[1].key", "old control-plane taint"},
		{Info, "taint-tolerated-by-none", 1, "Node/kind-control-plane", "items[0].spec.taints[0]", "control-plane"},
		{Info, "taint-tolerated-by-none", 1, "Node/kind-worker", "items[1].spec.taints[1]", "node-role.kubernetes.io/master:NoExecute"},
	})
}

func TestTaintStepWithSelector(t *testing.T) {
	data := []byte("kind: Scenario\nname: x\nsteps:\n- at: 1s\n  run: kubectl taint nodes -l pool=a spot=true:NoSchedule\n---\nkind: Node\nmetadata: {name: n1}\n")
	check(t, Lint(data), []want{
		{Info, "taint-tolerated-by-none", 1, "Scenario", "steps[0].run", "spot=true:NoSchedule on node (the selected nodes)"},
	})
}

func TestMoreMisplacements(t *testing.T) {
	data := []byte(`kind: Scenario
name: x
steps:
- at: 1s
  run: kubectl taint nodes n1 dedicated=db:noschedule
---
kind: Node
metadata: {name: n1, labels: {pool: a}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata:
      labels: {app: agent}
      tolerations: [{operator: Exists}]
    spec:
      tolerations:
      - {key: pool, operator: Exists, tolerationSeconds: 10}
      containers: [{name: a}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  jobTemplate:
    spec:
      template:
        nodeSelector: {pool: a}
        spec:
          containers: [{name: j}]
`)
	check(t, Lint(data), []want{
		{Error, "taint-command", 1, "Scenario", "steps[0].run", "invalid taint effect: noschedule"},
		{Error, "tolerations-misplaced", 3, "DaemonSet/agent", "spec.template.metadata.tolerations", "not a field of the pod template's metadata"},
		{Error, "toleration-seconds-without-noexecute", 3, "DaemonSet/agent", "spec.template.spec.tolerations[0].tolerationSeconds", "empty (every effect)"},
		{Info, "toleration-matches-nothing", 3, "DaemonSet/agent", "spec.template.spec.tolerations[0]", "key pool, Exists, every effect"},
		{Error, "nodeSelector-misplaced", 4, "CronJob/nightly", "spec.jobTemplate.spec.template.nodeSelector", "pod template (outside its spec)"},
	})
	assert.Equal(t, "write the effect as NoSchedule", Lint(data)[0].Fix, "fix")
}
