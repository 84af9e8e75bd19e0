package scenario

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const workloadFile = `kind: Scenario
name: w
options:
  enableAdmissionPlugins: [PodTolerationRestriction]
  defaultNotReadyTolerationSeconds: 60
steps:
- at: 10s
  run: |
    kubectl apply -f -
    apiVersion: policy/v1
    kind: PodDisruptionBudget
    metadata: {name: web}
    spec:
      minAvailable: 2
      selector: {matchLabels: {app: web}}
- at: 20s
  run: kubectl apply -f -
  manifest: |
    apiVersion: scheduling.k8s.io/v1
    kind: PriorityClass
    metadata: {name: high}
    value: 1000
- at: 30s
  run: wait 45s
---
apiVersion: v1
kind: Namespace
metadata:
  name: team
  annotations: {scheduler.alpha.kubernetes.io/tolerationsWhitelist: '[]'}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: kube-system}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: c, image: agent}]
`

func TestWorkloadsAndApply(t *testing.T) {
	s, err := Parse([]byte(workloadFile), "w.yaml")
	require.NoError(t, err)
	require.Len(t, s.Deployments, 1, "deployments")
	require.Len(t, s.DaemonSets, 1, "daemon sets")
	require.Len(t, s.Namespaces, 1, "namespaces")
	require.Equal(t, "default", s.Deployments[0].Namespace)
	require.Equal(t, "kube-system", s.DaemonSets[0].Namespace)
	require.True(t, s.Options.Admission.PodTolerationRestriction, "PodTolerationRestriction not enabled")
	nr, ur := s.Options.Admission.DefaultTolerationSeconds()
	require.Equal(t, int64(60), nr, "not-ready seconds")
	require.Equal(t, int64(300), ur, "unreachable seconds")
	require.Equal(t, "kubectl apply -f -", s.Steps[0].Run, "block scalar step")
	require.Contains(t, s.Steps[0].Manifest, "PodDisruptionBudget", "block scalar step")
	m, err := ParseManifest([]byte(s.Steps[1].Manifest), false)
	require.NoError(t, err, "manifest")
	require.Len(t, m.PriorityClasses, 1, "manifest")
	require.Equal(t, int32(1000), m.PriorityClasses[0].Value, "manifest")
	require.Equal(t, 75*time.Second, s.Until, "until: wait 45s from 30s")
	out, err := s.Marshal()
	require.NoError(t, err)
	s2, err := Parse(out, "again.yaml")
	require.NoError(t, err, "%s", out)
	require.Len(t, s2.Deployments, 1, "round trip lost objects:\n%s", out)
	require.Len(t, s2.DaemonSets, 1, "round trip lost objects:\n%s", out)
	require.True(t, s2.Options.Admission.PodTolerationRestriction, "round trip lost objects:\n%s", out)
	require.Equal(t, s.Steps[1].Manifest, s2.Steps[1].Manifest, "round trip lost objects:\n%s", out)
}

func TestManifestErrors(t *testing.T) {
	_, err := ParseManifest([]byte("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {a: b}}\n  template: {metadata: {labels: {a: c}}}\n"), false)
	require.ErrorContains(t, err, "`selector` does not match template `labels`")
	_, err = ParseManifest([]byte("kind: Scenario\nname: x\n"), false)
	require.Error(t, err, "Scenario inside a manifest accepted")
	_, err = WaitDuration("wait soon")
	require.Error(t, err, "bad wait accepted")
}

func FuzzParseManifest(f *testing.F) {
	f.Add([]byte("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {a: b}}\n  template: {metadata: {labels: {a: b}}}\n"))
	f.Add([]byte("kind: PodDisruptionBudget\napiVersion: policy/v1\nmetadata: {name: p}\nspec: {minAvailable: 50%}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := ParseManifest(data, false); err != nil {
			require.NotContains(t, err.Error(), "cannot read manifest", "panic")
		}
	})
}

func TestExtendedResourceTolerationOption(t *testing.T) {
	const file = "kind: Scenario\nname: e\noptions:\n  enableAdmissionPlugins: [ExtendedResourceToleration]\n"
	s, err := Parse([]byte(file), "e.yaml")
	require.NoError(t, err)
	require.True(t, s.Options.Admission.ExtendedResourceToleration)
	require.False(t, s.Options.Admission.PodTolerationRestriction)
	out, err := s.Marshal()
	require.NoError(t, err)
	s2, err := Parse(out, "again.yaml")
	require.NoError(t, err, "%s", out)
	require.True(t, s2.Options.Admission.ExtendedResourceToleration, "round trip:\n%s", out)
	s, err = Parse([]byte(file+"  disableAdmissionPlugins: [ExtendedResourceToleration]\n"), "e.yaml")
	require.NoError(t, err)
	require.False(t, s.Options.Admission.ExtendedResourceToleration, "off again")
	_, err = Parse([]byte("kind: Scenario\nname: e\noptions:\n  enableAdmissionPlugins: [LimitRanger]\n"), "e.yaml")
	require.ErrorContains(t, err, `supported values: "DefaultTolerationSeconds", "ExtendedResourceToleration", "PodTolerationRestriction"`)
}
