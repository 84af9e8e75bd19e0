package scenario

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const full = `# a comment before the first document
apiVersion: v1
kind: Node
metadata:
  name: n1
  labels: {zone: a}
  managedFields: [{manager: kubelet, operation: Update}]
  resourceVersion: "123"
spec:
  podCIDR: 10.0.0.0/24
  taints:
  - {key: dedicated, value: "true", effect: NoSchedule}
status:
  allocatable: {cpu: 3920m, memory: 7Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "True", reason: KubeletReady}
  nodeInfo: {kubeletVersion: v1.37.2}
---
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: web}
  spec:
    tolerations:
    - {key: dedicated, operator: Equal, value: "true", effect: NoSchedule}
    containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]
- apiVersion: v1
  kind: Pod
  metadata: {name: db, namespace: data}
  spec:
    priority: 10
    containers: [{name: c, image: pg}]
---
kind: Scenario
name: demo
title: Demo
description: A demo.
options:
  seed: 42
  featureGates: {TaintTolerationComparisonOperators: true}
steps:
- at: 0
  run: kubectl taint nodes n1 a=b:NoExecute
- at: 1.5
  run: kubectl cordon n1
- at: 1m30s
  run: node n1 not-ready
  caption: boom
`

func TestParseFull(t *testing.T) {
	s, err := Parse([]byte(full), "full.yaml")
	require.NoError(t, err)
	assert.Equal(t, "demo", s.Name)
	assert.Equal(t, "Demo", s.Title)
	assert.Equal(t, "A demo.", s.Description)
	require.Len(t, s.Nodes, 1)
	assert.Equal(t, "n1", s.Nodes[0].Name)
	require.NotEmpty(t, s.Nodes[0].Spec.Taints)
	assert.Equal(t, "true", s.Nodes[0].Spec.Taints[0].Value, "taint value")
	cpu := s.Nodes[0].Status.Allocatable["cpu"]
	assert.Equal(t, int64(3920), cpu.MilliValue(), "allocatable cpu")
	require.Len(t, s.Pods, 2)
	assert.Equal(t, "default", s.Pods[0].Namespace)
	assert.Equal(t, "data", s.Pods[1].Namespace)
	require.NotEmpty(t, s.Pods[0].Spec.Tolerations)
	assert.Equal(t, "true", s.Pods[0].Spec.Tolerations[0].Value, "toleration value")
	wantAt := []time.Duration{0, 1500 * time.Millisecond, 90 * time.Second}
	var at []time.Duration
	for _, st := range s.Steps {
		at = append(at, st.At)
	}
	assert.Equal(t, wantAt, at, "steps' at")
	assert.Equal(t, 90*time.Second, s.Until, "until: the last step's 1m30s")
	assert.False(t, s.UntilSet, "until set")
	assert.Equal(t, int64(42), s.Options.Seed, "seed")
	assert.True(t, s.Options.ComparisonOperators(), "comparison operators")
}

func TestParseDefaults(t *testing.T) {
	s, err := Parse([]byte("apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"), "n.yaml")
	require.NoError(t, err)
	assert.Equal(t, int64(DefaultSeed), s.Options.Seed, "seed")
	assert.Zero(t, s.Until, "until")
	assert.Empty(t, s.Steps, "steps")
	assert.False(t, s.Options.ComparisonOperators(), "comparison operators")
	s, err = Parse([]byte("kind: Scenario\nname: x\nuntil: 600\n"), "x.yaml")
	require.NoError(t, err)
	assert.Equal(t, 600*time.Second, s.Until, "until")
	assert.True(t, s.UntilSet, "until set")
}

func TestParseErrors(t *testing.T) {
	node := "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"
	pod := func(name, extra string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + "}\nspec:\n  containers: [{name: c, image: x}]\n" + extra
	}
	cases := []struct {
		name, in, want string
	}{
		{"unsupported operator", node + "---\n" + pod("web", "  tolerations: [{key: k, operator: Foo, value: v}]\n"),
			`web.yaml: document 2: The Pod "web" is invalid: spec.tolerations[0].operator: Unsupported value: "Foo": supported values: "Equal", "Exists"`},
		{"Gt without the gate", pod("web", "  tolerations: [{key: k, operator: Gt, value: \"5\"}]\n"),
			`web.yaml: document 1: The Pod "web" is invalid: spec.tolerations[0].operator: Unsupported value: "Gt": supported values: "Equal", "Exists"`},
		{"node taint without effect", "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nspec:\n  taints: [{key: k, value: v}]\n",
			`web.yaml: document 1: The Node "n1" is invalid: metadata.taints[0].effect: Required value`},
		{"unknown kind", node + "---\napiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: d}\n",
			`web.yaml: document 2: kind "StatefulSet" is not supported: a scenario holds Node, Pod, Deployment, ReplicaSet, DaemonSet, PodDisruptionBudget, PriorityClass, RuntimeClass, Namespace and List manifests and one kind: Scenario document`},
		{"deployment without selector", node + "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n",
			// LabelSelectorAsSelector(nil) is Nothing without error, so
			// upstream validates the empty template as well.
			"web.yaml: document 2: The Deployment \"d\" is invalid: \n* spec.selector: Required value\n* spec.template.spec.containers: Required value"},
		{"unknown kind in a list", "kind: List\nitems:\n- {kind: Service, metadata: {name: s}}\n",
			`web.yaml: document 1: items[0]: kind "Service" is not supported: a scenario holds Node, Pod, Deployment, ReplicaSet, DaemonSet, PodDisruptionBudget, PriorityClass, RuntimeClass, Namespace and List manifests and one kind: Scenario document`},
		{"missing kind", "metadata: {name: x}\n",
			`web.yaml: document 1: Object 'Kind' is missing: every document needs a kind (Node, Pod, List or Scenario)`},
		{"wrong version", "apiVersion: v2\nkind: Pod\nmetadata: {name: x}\n",
			`web.yaml: document 1: no matches for kind "Pod" in version "v2"`},
		{"missing name", "apiVersion: v1\nkind: Pod\nspec: {containers: [{name: c}]}\n",
			`web.yaml: document 1: The Pod "" is invalid: metadata.name: Required value: name or generateName is required`},
		{"bad name", "apiVersion: v1\nkind: Node\nmetadata: {name: Node_1}\n",
			`web.yaml: document 1: The Node "Node_1" is invalid: metadata.name: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`},
		{"duplicate pod", pod("web", "") + "---\n" + pod("web", ""),
			`web.yaml: document 2: pods "web" already exists in namespace "default" (first defined in document 1)`},
		{"duplicate node", node + "---\n" + node,
			`web.yaml: document 2: nodes "n1" already exists (first defined in document 1)`},
		{"scenario without name", "kind: Scenario\nsteps: []\n",
			`web.yaml: document 1: Scenario: name: Required value`},
		{"bad at", "kind: Scenario\nname: x\nsteps:\n- {at: soon, run: kubectl cordon n1}\n",
			`web.yaml: document 1: Scenario: steps[0].at: Invalid value: "soon": must be a duration such as 30s or 1m30s, or a number of seconds`},
		{"bad until", "kind: Scenario\nname: x\nuntil: 1e300\n",
			`web.yaml: document 1: Scenario: until: Invalid value: "1e+300": out of range`},
		{"missing at", "kind: Scenario\nname: x\nsteps:\n- {run: kubectl cordon n1}\n",
			`web.yaml: document 1: Scenario: steps[0].at: Required value: when the step runs, e.g. 30s`},
		{"negative at", "kind: Scenario\nname: x\nsteps:\n- {at: -5s, run: kubectl cordon n1}\n",
			`web.yaml: document 1: Scenario: steps[0].at: Invalid value: "-5s": must be 0s or later`},
		{"steps out of order", "kind: Scenario\nname: x\nsteps:\n- {at: 30s, run: kubectl cordon n1}\n- {at: 10s, run: kubectl uncordon n1}\n",
			`web.yaml: document 1: Scenario: steps[1].at: Invalid value: "10s": steps must be in time order (steps[0].at is 30s)`},
		{"until before last step", "kind: Scenario\nname: x\nuntil: 5s\nsteps:\n- {at: 30s, run: kubectl cordon n1}\n",
			`web.yaml: document 1: Scenario: until: Invalid value: "5s": must not be earlier than the last step (30s)`},
		{"empty run", "kind: Scenario\nname: x\nsteps:\n- {at: 1s, run: \"\"}\n",
			`web.yaml: document 1: Scenario: steps[0].run: Required value: the command to run`},
		{"unknown command", "kind: Scenario\nname: x\nsteps:\n- {at: 1s, run: kubectl exec n1}\n",
			`web.yaml: document 1: Scenario: steps[0].run: Invalid value: "kubectl exec n1": unsupported kubectl command "exec": supported are taint, cordon, uncordon, drain, label, delete, scale, patch, apply, describe, get`},
		{"apply without manifest", "kind: Scenario\nname: x\nsteps:\n- {at: 1s, run: kubectl apply -f -}\n",
			`web.yaml: document 1: Scenario: steps[0].manifest: Required value: kubectl apply -f - reads the manifest given in the step's manifest field (or in the lines after the command)`},
		{"manifest on another command", "kind: Scenario\nname: x\nsteps:\n- {at: 1s, run: kubectl cordon n1, manifest: 'kind: Namespace'}\n",
			`web.yaml: document 1: Scenario: steps[0].manifest: Invalid value: only kubectl apply -f - takes a manifest`},
		{"create unknown pod", "kind: Scenario\nname: x\nsteps:\n- {at: 1s, run: create pod ghost}\n",
			`web.yaml: document 1: Scenario: steps[0].run: Invalid value: "create pod ghost": this file has no Pod named "ghost" in namespace "default" to create`},
		{"unknown field", "kind: Scenario\nname: x\nstep: []\n",
			`web.yaml: document 1: Scenario: json: unknown field "step"`},
		{"unknown gate", "kind: Scenario\nname: x\noptions: {featureGates: {Foo: true}}\n",
			`web.yaml: document 1: Scenario: options.featureGates: unrecognized feature gate: Foo (known: TaintTolerationComparisonOperators)`},
		{"two scenarios", "kind: Scenario\nname: x\n---\nkind: Scenario\nname: y\n",
			`web.yaml: document 2: a second kind: Scenario document (the first is document 1): a file holds at most one`},
		{"scenario version", "apiVersion: playground.k8s.io/v9\nkind: Scenario\nname: x\n",
			`web.yaml: document 1: Scenario apiVersion "playground.k8s.io/v9" is not supported: use playground.k8s.io/v1alpha1 (or leave apiVersion out)`},
		{"not an object", "- a\n- b\n",
			`web.yaml: document 1: expected an object with apiVersion and kind, found a list`},
		{"bad yaml", "kind: Pod\nmetadata: {name: [\n",
			`web.yaml: document 1: invalid YAML: `},
		{"bad quantity", "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: lots}}\n",
			`web.yaml: document 1: Node in version "v1" cannot be handled as a Node: quantity "lots": `},
		// cases.json BH-002, BH-004, BH-014: kubectl's multi-line form for several errors.
		{"several errors", pod("web", "  tolerations:\n  - {key: k, operator: Exists, effect: noschedule}\n  - {key: pool, operator: Exists, value: build}\n  - {key: t, operator: Equal, value: s, effect: NoSchedule, tolerationSeconds: 60}\n  - {operator: Equal, effect: NoSchedule}\n"),
			"web.yaml: document 1: The Pod \"web\" is invalid: \n" +
				"* spec.tolerations[0].effect: Unsupported value: \"noschedule\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\"\n" +
				"* spec.tolerations[1].operator: Invalid value: \"build\": value must be empty when `operator` is 'Exists'\n" +
				"* spec.tolerations[2].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set\n" +
				"* spec.tolerations[3].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\""},
		// cases.json BH-014: an unquoted YAML true is a boolean, not a string.
		{"boolean value", pod("web", "  tolerations: [{key: k, operator: Equal, value: true, effect: NoSchedule}]\n"),
			`web.yaml: document 1: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal bool into Go struct field`},
		{"boolean value in a list", "kind: List\nitems:\n- {apiVersion: v1, kind: Node, metadata: {name: n1}, spec: {taints: [{key: k, value: yes, effect: NoSchedule}]}}\n",
			`web.yaml: document 1: items[0]: Node in version "v1" cannot be handled as a Node: json: cannot unmarshal bool into Go struct field`},
		{"empty", "# nothing\n---\n",
			`web.yaml: the file holds no documents`},
		// Null documents are skipped, so a file of nothing else is empty
		// too (the canonical form of what it held would be "").
		{"only null documents", "null\n---\n~\n---\n&anchor\n",
			`web.yaml: the file holds no documents`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.in), "web.yaml")
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "got  %s\nwant %s", err, c.want)
			var se *Error
			require.ErrorAs(t, err, &se, "not a *scenario.Error")
			assert.Equal(t, "web.yaml", se.File, "the error names the file")
		})
	}
}

func TestGateAllowsComparisonOperators(t *testing.T) {
	in := "kind: Scenario\nname: x\noptions: {featureGates: {TaintTolerationComparisonOperators: true}}\n---\n" +
		"apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers: [{name: c}]\n  tolerations: [{key: k, operator: Gt, value: \"5\", effect: NoSchedule}]\n"
	_, err := Parse([]byte(in), "gt.yaml")
	require.NoError(t, err)
}

func TestErrorLine(t *testing.T) {
	in := "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\n\n# the pod\napiVersion: v1\nkind: Pod\nmetadata: {name: Bad}\n"
	_, err := Parse([]byte(in), "")
	var se *Error
	require.ErrorAs(t, err, &se)
	require.Equal(t, 2, se.Document, "document")
	require.Equal(t, 7, se.Line, "line")
	assert.False(t, strings.HasPrefix(err.Error(), ": "), "no file name should mean no prefix: %q", err)
	assert.True(t, strings.HasPrefix(err.Error(), "document 2: "), "no file name should mean no prefix: %q", err)
}

func TestMarshalRoundTrip(t *testing.T) {
	s, err := Parse([]byte(full), "full.yaml")
	require.NoError(t, err)
	out, err := s.Marshal()
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(out), "apiVersion: playground.k8s.io/v1alpha1\nkind: Scenario\nname: demo\n"), "marshalled file:\n%s", out)
	for _, noise := range []string{"managedFields", "null", "{}"} {
		assert.NotContains(t, string(out), noise, "noise in output")
	}
	s2, err := Parse(out, "again.yaml")
	require.NoError(t, err, "re-parse:\n%s", out)
	a, err := json.Marshal(s)
	require.NoError(t, err)
	b, err := json.Marshal(s2)
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b), "round trip differs")
	// A scenario without a Scenario document marshals without one.
	s3, err := Parse([]byte("apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n"), "n.yaml")
	require.NoError(t, err)
	out, err = s3.Marshal()
	require.NoError(t, err)
	assert.Equal(t, "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n", string(out))
}

func TestCheckCommand(t *testing.T) {
	ok := []string{"kubectl taint nodes n1 a=b:NoSchedule", "kubectl cordon n1", "kubectl uncordon n1",
		"kubectl label nodes n1 a=b", "kubectl delete pod web", "node n1 not-ready", "node n1 unreachable",
		"node n1 ready", "node n1 condition DiskPressure=True", "create pod web"}
	for _, c := range ok {
		assert.NoError(t, CheckCommand(c), "%q", c)
	}
	bad := []string{"", "kubectl", "kubectl apply -f x", "node n1", "node n1 sleepy", "node n1 ready now", "create deployment x", "rm -rf /"}
	for _, c := range bad {
		assert.Error(t, CheckCommand(c), "%q accepted", c)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(full))
	f.Add([]byte("kind: List\nitems: [{kind: Pod}]\n"))
	f.Add([]byte("kind: Scenario\nname: x\nsteps: [{at: 1e300, run: x}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data, "f.yaml")
		if err != nil {
			require.NotContains(t, err.Error(), "cannot read scenario", "panic")
			return
		}
		_, err = s.Marshal()
		require.NoError(t, err, "marshal")
	})
}
