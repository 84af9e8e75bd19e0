package sim

import (
	"strings"
	"testing"

	"github.com/taints-playground/playground/core/scenario"
)

// FuzzStepCommand runs any command line as a step on the S1 cluster: a bad
// command may only print an error; Run must never fail (a panic would be
// reported as an error by Run's recover).
func FuzzStepCommand(f *testing.F) {
	for _, c := range []string{
		"kubectl describe pod p", "kubectl describe node n1", "kubectl get pods -o wide", "kubectl get events",
		"kubectl taint nodes n1 a=b:NoExecute", "kubectl cordon n3", "node n1 stop", "node n2 unreachable",
		"create node n1", "create pod p", "kubectl delete pod filler", "kubectl label node n1 x=y",
		"kubectl drain n3 --force", "kubectl drain n1 --ignore-daemonsets", "kubectl scale deployment web --replicas=3",
		"kubectl apply -f -", "wait 30s", "node n1 start", "node n1 condition Ready=Unknown",
		`kubectl patch pod p -p '{"spec":{"schedulingGates":null}}'`, `kubectl patch pod p --type=json -p '[{"op":"add","path":"/spec/tolerations/-","value":{"operator":"Exists"}}]'`,
	} {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		if strings.ContainsAny(cmd, "\n\r") || scenario.CheckCommand(cmd) != nil {
			return
		}
		base, err := scenario.Parse([]byte(strings.TrimPrefix(s1Cluster, "\n---\n")), "f.yaml")
		if err != nil {
			t.Fatal(err)
		}
		base.Steps = []scenario.Step{{At: 5e9, Run: cmd}, {At: 6e9, Run: "kubectl describe pod p"}}
		base.Until = 400e9
		if _, err := Run(base); err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
	})
}
