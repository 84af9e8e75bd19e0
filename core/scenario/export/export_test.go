package export

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
)

func preset(t *testing.T, name string) *scenario.Scenario {
	t.Helper()
	p, ok := presets.Get(name)
	require.True(t, ok, "no preset %s", name)
	s, err := scenario.Parse([]byte(p.YAML), name)
	require.NoError(t, err)
	return s
}

func bashN(t *testing.T, script []byte) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	cmd := exec.Command(bash, "-n")
	cmd.Stdin = strings.NewReader(string(script))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "bash -n:\n%s\n%s", out, script)
}

func TestEveryPresetExports(t *testing.T) {
	for _, name := range presets.Names() {
		t.Run(name, func(t *testing.T) {
			s := preset(t, name)
			m, err := Manifests(s)
			require.NoError(t, err)
			// The manifests read back into the same objects.
			back, err := scenario.Parse(m, "export.yaml")
			require.NoError(t, err, "exported manifests do not parse:\n%s", m)
			assert.Len(t, back.Pods, len(s.Pods), "pods")
			assert.Len(t, back.Deployments, len(s.Deployments), "deployments")
			assert.Len(t, back.ReplicaSets, len(s.ReplicaSets), "replica sets")
			require.Len(t, back.Nodes, len(s.Nodes), "nodes")
			for i, n := range s.Nodes {
				assert.Equal(t, n.Status.Allocatable[core.ResourceCPU].String(), back.Nodes[i].Status.Allocatable[core.ResourceCPU].String(), "node %s allocatable cpu lost", n.Name)
			}
			sc, err := Script(s)
			require.NoError(t, err)
			bashN(t, sc)
		})
	}
}

func TestManifestsContent(t *testing.T) {
	s := preset(t, "animated-card")
	m, err := Manifests(s)
	require.NoError(t, err)
	text := string(m)
	for _, want := range []string{
		"# Objects of the playground scenario animated-card: Taints and tolerations in six steps\n",
		"kubectl get node NAME -o jsonpath='{.status.allocatable}'",
		"---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-1\n",
		"# Created at t=20s by the step `create pod db-1`.\napiVersion: v1\nkind: Pod\n",
		"  allocatable:\n    cpu: \"4\"\n",
	} {
		assert.Contains(t, text, want, "manifests lack it")
	}
	assert.NotContains(t, text, "status: {}", "pod status kept")
	assert.NotContains(t, text, "phase:", "pod status kept")
}

func TestScriptContent(t *testing.T) {
	s := preset(t, "animated-card")
	sc, err := Script(s)
	require.NoError(t, err)
	text := string(sc)
	for _, want := range []string{
		"#!/usr/bin/env bash\n",
		"set -euo pipefail\n",
		"if [ \"$CLUSTER\" = kwok ]; then\nkubectl apply -f - <<'PLAYGROUND_EOF'\napiVersion: v1\nkind: Node\n",
		"  kubectl label node node-1 --overwrite kubernetes.io/hostname=node-1\n",
		"# Step 1 at t=10s: kubectl taint nodes node-1 dedicated=db:NoSchedule\n",
		"sleep 10\nkubectl taint nodes node-1 dedicated=db:NoSchedule\n",
		"# Step 2 at t=20s: create pod db-1\n",
		"kubectl taint nodes node-1 dedicated=db:NoSchedule- dedicated=db:PreferNoSchedule\n",
		"if [ \"$CLUSTER\" = kind ]; then docker stop node-1; else kubectl patch node node-1 --subresource=status --type=strategic -p '{\"status\":{\"conditions\":[{\"reason\":\"PlaygroundScript\",\"status\":\"Unknown\",\"type\":\"Ready\"}]}}'; fi\n",
		"# The scenario runs until t=360s.\nsleep 300\n",
	} {
		assert.True(t, strings.Contains(text, want), "script lacks %q", want)
	}
	// db-1 and web-2 come with their steps, not at t=0.
	head, _, _ := strings.Cut(text, "# Step 1")
	assert.NotContains(t, head, "name: db-1", "t=0 block")
	assert.Contains(t, head, "name: web-1", "t=0 block")
}

// hostile builds a scenario (bypassing Parse's validation, as a caller
// could) full of shell metacharacters.
func hostile() *scenario.Scenario {
	evil := `x'; touch /tmp/pwned-$USER; echo '`
	sec := int64(30)
	return &scenario.Scenario{
		Name:        "evil\n$(touch /tmp/pwned)",
		Title:       "`touch /tmp/pwned`",
		Description: "line one\nPLAYGROUND_EOF\n$(rm -rf ~)\r\nend",
		Objects: scenario.Objects{
			Nodes: []*core.Node{{ObjectMeta: core.ObjectMeta{Name: "n1'$(id)", Labels: map[string]string{"a": evil, "b$(id)": "`id`"}},
				Spec: core.NodeSpec{Taints: []core.Taint{{Key: "k", Value: evil, Effect: core.TaintEffectNoExecute}}}}},
			Pods: []*core.Pod{{ObjectMeta: core.ObjectMeta{Name: "p", Namespace: "default", Annotations: map[string]string{"x": "PLAYGROUND_EOF"}},
				Spec: core.PodSpec{Tolerations: []core.Toleration{{Key: "k", Operator: core.TolerationOpEqual, Value: "PLAYGROUND_EOF", Effect: core.TaintEffectNoExecute, TolerationSeconds: &sec}},
					Containers: []core.Container{{Name: "c", Image: "PLAYGROUND_EOF"}}}}},
		},
		Steps: []scenario.Step{
			{At: 5 * time.Second, Run: "kubectl label nodes n1 " + evil, Caption: "caption\n$(touch /tmp/pwned)\nrm -rf /"},
			{At: 6 * time.Second, Run: "kubectl apply -f -", Manifest: "kind: Pod\nmetadata: {name: q}\nspec:\n  containers: [{name: c, image: \"PLAYGROUND_EOF\"}]\nPLAYGROUND_EOF\n\tPLAYGROUND_EOF_1\n"},
			{At: 7 * time.Second, Run: "node n1'$(id) condition Disk'Pressure=Tr\"ue"},
			{At: 8 * time.Second, Run: "node n1 stop"},
		},
		Until:   10 * time.Second,
		Options: scenario.Options{Seed: 1},
	}
}

// TestHostileScriptRuns runs the script with stand-ins for kubectl,
// docker and sleep that record their arguments: every hostile text
// arrives as one literal argument or here-document line, and nothing else
// runs.
func TestHostileScriptRuns(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	sc, err := Script(hostile())
	require.NoError(t, err)
	bashN(t, sc)
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	stub := "#!/bin/sh\n{ echo \"$(basename \"$0\")\"; for a in \"$@\"; do echo \"  [$a]\"; done; case \"$*\" in *' -f -'*) cat ;; esac; } >> " + log + "\n"
	for _, name := range []string{"kubectl", "docker", "sleep"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(stub), 0o755))
	}
	for _, mode := range []string{"kwok", "kind"} {
		_ = os.Remove(log)
		cmd := exec.Command(bash, "-s")
		cmd.Stdin = strings.NewReader(string(sc))
		cmd.Env = []string{"PATH=" + dir + ":/usr/bin:/bin", "CLUSTER=" + mode, "HOME=" + dir, "USER=t"}
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: script failed:\n%s", mode, out)
		got, err := os.ReadFile(log)
		require.NoError(t, err)
		g := string(got)
		for _, want := range []string{
			"kubectl\n  [label]\n  [nodes]\n  [n1]\n  [x';]\n  [touch]\n  [/tmp/pwned-$USER;]\n  [echo]\n  [']\n",
			"  [patch]\n  [node]\n  [n1'$(id)]\n  [--subresource=status]\n  [--type=strategic]\n  [-p]\n  [{\"status\":{\"conditions\":[{\"reason\":\"PlaygroundScript\",\"status\":\"Tr\\\"ue\",\"type\":\"Disk'Pressure\"}]}}]\n",
			"  image: PLAYGROUND_EOF\n",
			"PLAYGROUND_EOF\n\tPLAYGROUND_EOF_1\n",
		} {
			assert.Contains(t, g, want, "%s: calls lack it", mode)
		}
		if mode == "kind" {
			assert.Contains(t, g, "docker\n  [stop]\n  [n1]\n", "kind: no docker stop")
			assert.Contains(t, g, "  [taint]\n  [node]\n  [n1'$(id)]\n  [k=x'; touch /tmp/pwned-$USER; echo ':NoExecute]\n", "kind: taint not literal")
		}
	}
	_, err = os.Stat("/tmp/pwned")
	require.Error(t, err, "the script ran a command from the scenario")
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"node-1":                   "node-1",
		"dedicated=db:NoSchedule-": "dedicated=db:NoSchedule-",
		"":                         "''",
		"a b":                      "'a b'",
		"it's":                     `'it'\''s'`,
		"$(id)":                    "'$(id)'",
		"app!=web":                 "'app!=web'",
	} {
		t.Run(in, func(t *testing.T) {
			assert.Equal(t, want, Quote(in))
		})
	}
}

func TestNil(t *testing.T) {
	_, err := Script(nil)
	assert.Error(t, err, "Script(nil)")
	_, err = Manifests(nil)
	assert.Error(t, err, "Manifests(nil)")
}

func FuzzExport(f *testing.F) {
	for _, name := range presets.Names() {
		p, _ := presets.Get(name)
		f.Add(p.YAML)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := scenario.Parse([]byte(in), "f.yaml")
		if err != nil {
			return
		}
		a, err1 := Script(s)
		b, err2 := Script(s)
		require.Equal(t, err1 == nil, err2 == nil, "Script is not deterministic")
		require.Equal(t, string(a), string(b), "Script is not deterministic")
		_, err = Manifests(s)
		require.NoError(t, err, "Manifests")
	})
}

// Every scenario file shipped (presets and lessons) exports to a script
// bash accepts.
func TestEveryShippedScenarioFile(t *testing.T) {
	files, err := filepath.Glob("../../presets/scenarios/*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no scenario files")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			s, err := scenario.Parse(b, filepath.Base(f))
			require.NoError(t, err)
			sc, err := Script(s)
			require.NoError(t, err)
			bashN(t, sc)
			_, err = Manifests(s)
			require.NoError(t, err)
		})
	}
}

func TestNamespacesAndOwners(t *testing.T) {
	s, err := scenario.Parse([]byte(`apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web, namespace: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: web-abcde
  namespace: shop
  uid: "1234"
  labels: {app: web}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web, controller: true}]
spec: {containers: [{name: c}]}
`), "x.yaml")
	require.NoError(t, err)
	m, err := Manifests(s)
	require.NoError(t, err)
	text := string(m)
	assert.Contains(t, text, "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n---\n", "no Namespace shop first")
	assert.NotContains(t, text, "ownerReferences", "server-set metadata kept")
	assert.NotContains(t, text, "uid", "server-set metadata kept")
	assert.LessOrEqual(t, strings.Index(text, "kind: Namespace"), strings.Index(text, "kind: ReplicaSet"), "the namespace must come before the objects in it")
}

func TestWaitKeepsTimes(t *testing.T) {
	s, err := scenario.Parse([]byte(`kind: Scenario
name: w
steps:
- {at: 10s, run: wait 30s}
- {at: 20s, run: kubectl cordon n1}
---
kind: Node
metadata: {name: n1}
`), "w.yaml")
	require.NoError(t, err)
	sc, err := Script(s)
	require.NoError(t, err)
	_, steps, _ := strings.Cut(string(sc), "# Step 1")
	want := " at t=10s: wait 30s\nsleep 10\n# Nothing to run: the simulation shows the cluster again after this wait.\n\n# Step 2 at t=20s: kubectl cordon n1\nsleep 10\nkubectl cordon n1\n\n# The scenario runs until t=40s.\nsleep 20\n\nkubectl get pods -A -o wide\n"
	assert.Equal(t, want, steps)
}
