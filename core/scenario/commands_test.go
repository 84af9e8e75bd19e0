package scenario

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/kubectl"
)

// The README's step-command table lists every command form the parser
// accepts, and every listed form passes CheckCommand.
func TestCommandsListedAndAccepted(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	for _, c := range Commands {
		row := "| `" + strings.ReplaceAll(c.Usage, "|", `\|`) + "` | " + c.Doc + " |"
		assert.True(t, strings.Contains(string(readme), row), "README lacks the row %s", row)
	}
	examples := []string{
		"kubectl taint nodes n1 k=v:NoSchedule", "kubectl cordon n1", "kubectl uncordon n1",
		"kubectl drain n1 --ignore-daemonsets", "kubectl label nodes n1 a=b", "kubectl delete pod p",
		"kubectl scale deployment web --replicas=3", "kubectl apply -f -", "kubectl describe node n1",
		"kubectl get pods -o wide", "kubectl get events", "node n1 not-ready", "node n1 unreachable",
		"node n1 ready", "node n1 stop", "node n1 start", "node n1 condition DiskPressure=True",
		"create pod p", "create node n2", "wait 30s", "restart kube-controller-manager", "restart kube-scheduler",
	}
	for _, e := range examples {
		assert.NoError(t, CheckCommand(e), "CheckCommand(%q)", e)
	}
	assert.EqualError(t, CheckCommand("restart kubelet"), "usage: restart kube-controller-manager|kube-scheduler")
	assert.EqualError(t, CheckCommand("restart"), "usage: restart kube-controller-manager|kube-scheduler")
	err = CheckCommand("frobnicate n1")
	want := `unknown command "frobnicate": steps run kubectl (taint, cordon, uncordon, drain, label, delete, scale, patch, apply, describe, get), node NODE stop|start|not-ready|unreachable|ready, node NODE condition TYPE=STATUS, wait DURATION, create pod NAME, create node NAME, or restart kube-controller-manager|kube-scheduler`
	assert.EqualError(t, err, want, "unknown command")
	for _, w := range append(append([]string{}, kubectl.Verbs...), nodeStates...) {
		assert.Contains(t, want, w, "message lacks it")
	}
}

func TestMutates(t *testing.T) {
	for cmd, want := range map[string]bool{
		"kubectl taint nodes n1 k=v:NoSchedule":     true,
		"restart kube-controller-manager":           true,
		"kubectl  cordon n1":                        true,
		"kubectl uncordon n1":                       true,
		"kubectl label nodes n1 a=b":                true,
		"kubectl delete pod web":                    true,
		"kubectl drain n1 --ignore-daemonsets":      true,
		"kubectl scale deployment web --replicas=3": true,
		"node n1 stop":                              true,
		"create pod p":                              true,
		"wait 30s":                                  true,
		"restart kube-scheduler":                    true,
		"kubectl describe node n1":                  false,
		"kubectl get pods -o wide":                  false,
		"kubectl get events":                        false,
		"k get nodes -o name":                       false,
		"k get pods -A -l app=web":                  false,
		"k cordon n1":                               true,
		"'k' cordon n1":                             false,
		"kubectl apply -f -":                        false,
		"kubectl":                                   false,
		"kubectl frobnicate":                        false,
		"":                                          false,
	} {
		assert.Equal(t, want, Mutates(cmd), "Mutates(%q)", cmd)
	}
}
