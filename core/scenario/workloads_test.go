package scenario

import (
	"strings"
	"testing"
	"time"
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
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Deployments) != 1 || len(s.DaemonSets) != 1 || len(s.Namespaces) != 1 || s.Deployments[0].Namespace != "default" || s.DaemonSets[0].Namespace != "kube-system" {
		t.Fatalf("objects: %d %d %d", len(s.Deployments), len(s.DaemonSets), len(s.Namespaces))
	}
	if !s.Options.Admission.PodTolerationRestriction {
		t.Fatal("PodTolerationRestriction not enabled")
	}
	if nr, ur := s.Options.Admission.DefaultTolerationSeconds(); nr != 60 || ur != 300 {
		t.Fatalf("seconds %d %d", nr, ur)
	}
	if s.Steps[0].Run != "kubectl apply -f -" || !strings.Contains(s.Steps[0].Manifest, "PodDisruptionBudget") {
		t.Fatalf("block scalar step: %q / %q", s.Steps[0].Run, s.Steps[0].Manifest)
	}
	m, err := ParseManifest([]byte(s.Steps[1].Manifest), false)
	if err != nil || len(m.PriorityClasses) != 1 || m.PriorityClasses[0].Value != 1000 {
		t.Fatalf("manifest: %v %+v", err, m)
	}
	if s.Until != 75*time.Second {
		t.Fatalf("until %v, want 75s (wait 45s from 30s)", s.Until)
	}
	out, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	s2, err := Parse(out, "again.yaml")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(s2.Deployments) != 1 || len(s2.DaemonSets) != 1 || !s2.Options.Admission.PodTolerationRestriction || s2.Steps[1].Manifest != s.Steps[1].Manifest {
		t.Fatalf("round trip lost objects:\n%s", out)
	}
}

func TestManifestErrors(t *testing.T) {
	if _, err := ParseManifest([]byte("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {a: b}}\n  template: {metadata: {labels: {a: c}}}\n"), false); err == nil || !strings.Contains(err.Error(), "`selector` does not match template `labels`") {
		t.Fatalf("err %v", err)
	}
	if _, err := ParseManifest([]byte("kind: Scenario\nname: x\n"), false); err == nil {
		t.Fatal("Scenario inside a manifest accepted")
	}
	if _, err := WaitDuration("wait soon"); err == nil {
		t.Fatal("bad wait accepted")
	}
}

func FuzzParseManifest(f *testing.F) {
	f.Add([]byte("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {a: b}}\n  template: {metadata: {labels: {a: b}}}\n"))
	f.Add([]byte("kind: PodDisruptionBudget\napiVersion: policy/v1\nmetadata: {name: p}\nspec: {minAvailable: 50%}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := ParseManifest(data, false); err != nil && strings.Contains(err.Error(), "cannot read manifest") {
			t.Fatalf("panic: %v", err)
		}
	})
}
