package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
)

const tolFile = `kind: Scenario
name: fix
steps:
- at: 10s
  run: kubectl taint nodes n1 a=b:NoSchedule
- at: 20s
  run: kubectl apply -f -
  manifest: |
    apiVersion: v1
    kind: Pod
    metadata: {name: late}
    spec:
      containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: first}
spec:
  tolerations: [{key: team, operator: Equal, value: ml, effect: NoSchedule}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: second, namespace: tools}
spec:
  containers: [{name: c, image: x}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: x}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: c, image: x}]
`

var (
	tolTeam = core.Toleration{Key: "team", Operator: core.TolerationOpEqual, Value: "ml", Effect: core.TaintEffectNoSchedule}
	tolGPU  = core.Toleration{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}
)

func parseTol(t *testing.T, text string) *scenario.Scenario {
	t.Helper()
	s, err := scenario.Parse([]byte(text), "fix.yaml")
	require.NoError(t, err)
	return s
}

func TestAddTolerationsPod(t *testing.T) {
	out, target, err := scenario.AddTolerations(tolFile, "fix.yaml", scenario.PodRef{Namespace: "tools", Name: "second"}, []core.Toleration{tolGPU})
	require.NoError(t, err)
	assert.Equal(t, "Pod tools/second", target)
	got, before := parseTol(t, out), parseTol(t, tolFile)
	require.Len(t, got.Pods, 2)
	assert.Equal(t, []core.Toleration{tolGPU}, got.Pods[1].Spec.Tolerations)
	// Everything else is kept: the other pod, the node, the workloads,
	// the steps with their manifest.
	assert.Equal(t, before.Pods[0], got.Pods[0])
	assert.Equal(t, before.Nodes, got.Nodes)
	assert.Equal(t, before.Deployments, got.Deployments)
	assert.Equal(t, before.DaemonSets, got.DaemonSets)
	assert.Equal(t, before.Steps, got.Steps)
	assert.Equal(t, before.Name, got.Name)
}

// A toleration the pod already has is not added twice; the new one goes
// after the pod's own.
func TestAddTolerationsKeepsExisting(t *testing.T) {
	out, target, err := scenario.AddTolerations(tolFile, "fix.yaml", scenario.PodRef{Name: "first"}, []core.Toleration{tolTeam, tolGPU})
	require.NoError(t, err)
	assert.Equal(t, "Pod default/first", target)
	assert.Equal(t, []core.Toleration{tolTeam, tolGPU}, parseTol(t, out).Pods[0].Spec.Tolerations)
}

// A Deployment's pod belongs to its ReplicaSet DEPLOYMENT-<hash>: the
// Deployment's template gets the tolerations.
func TestAddTolerationsTemplates(t *testing.T) {
	out, target, err := scenario.AddTolerations(tolFile, "fix.yaml", scenario.PodRef{Name: "web-7d4b9c8f6-x2k9p", Owner: "ReplicaSet/web-7d4b9c8f6"}, []core.Toleration{tolTeam})
	require.NoError(t, err)
	assert.Equal(t, "Deployment default/web (pod template)", target)
	got := parseTol(t, out)
	assert.Equal(t, []core.Toleration{tolTeam}, got.Deployments[0].Spec.Template.Spec.Tolerations)
	assert.Empty(t, got.Pods[1].Spec.Tolerations)

	out, target, err = scenario.AddTolerations(tolFile, "fix.yaml", scenario.PodRef{Name: "agent-abcde", Owner: "DaemonSet/agent"}, []core.Toleration{tolGPU})
	require.NoError(t, err)
	assert.Equal(t, "DaemonSet default/agent (pod template)", target)
	assert.Equal(t, []core.Toleration{tolGPU}, parseTol(t, out).DaemonSets[0].Spec.Template.Spec.Tolerations)
}

func TestAddTolerationsErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		pod  scenario.PodRef
		tols []core.Toleration
		want string
	}{
		{"no pod", scenario.PodRef{Name: "ghost"}, []core.Toleration{tolTeam},
			"add tolerations to pod default/ghost: the file has no Pod default/ghost"},
		{"controller not in file", scenario.PodRef{Name: "api-5f-abcde", Owner: "ReplicaSet/api-5f"}, []core.Toleration{tolTeam},
			"add tolerations to pod default/api-5f-abcde: its controller ReplicaSet/api-5f is not in the file"},
		{"made by a step", scenario.PodRef{Name: "late"}, []core.Toleration{tolTeam},
			"the file has no Pod default/late (a step's kubectl apply -f - creates it: add the tolerations to that step's manifest)"},
		{"kind not modelled", scenario.PodRef{Name: "j-abc", Owner: "Job/j"}, []core.Toleration{tolTeam},
			"its controller Job/j is not a kind the playground models"},
		{"nothing to add", scenario.PodRef{Name: "first"}, nil, "no tolerations to add"},
		{"no name", scenario.PodRef{}, []core.Toleration{tolTeam}, "the pod has no name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := scenario.AddTolerations(tolFile, "fix.yaml", tc.pod, tc.tols)
			require.ErrorContains(t, err, tc.want)
		})
	}
	// A toleration the API server refuses (Exists with a value) fails
	// like the file would.
	_, _, err := scenario.AddTolerations(tolFile, "fix.yaml", scenario.PodRef{Name: "first"},
		[]core.Toleration{{Key: "a", Operator: core.TolerationOpExists, Value: "b"}})
	require.Error(t, err)
	// A broken file fails with Parse's error.
	_, _, err = scenario.AddTolerations("kind: Pod\nmetadata: [", "x.yaml", scenario.PodRef{Name: "first"}, []core.Toleration{tolTeam})
	require.Error(t, err)
}
