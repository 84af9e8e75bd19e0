package kubectl_test

import (
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// FuzzCommandLines feeds any command line through Split and every parser
// of kubectl arguments the simulator uses (taint specs, selectors, drain,
// scale) and the node commands: nothing may panic, whatever the text (the
// code runs in the page, on lines typed in the console or in a scenario).
func FuzzCommandLines(f *testing.F) {
	for _, s := range []string{
		"kubectl taint nodes n1 a=b:NoSchedule --overwrite",
		"kubectl drain n1 --ignore-daemonsets --delete-emptydir-data --force --grace-period=-1",
		"kubectl scale deployment web --replicas=3",
		"kubectl scale rs/web --replicas=-1 --current-replicas=2",
		"kubectl label nodes n1 a=b c- --overwrite -l 'x in (a,b),!y'",
		`kubectl taint nodes "n 1" 'k=v:NoExecute' -l "a=b"`,
		"kubectl get pods -o wide -n kube-system",
		"kubectl describe node n1", "kubectl cordon --all", "\"unterminated", "a\\", "-l=", "--replicas=99999999999999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args, err := kubectl.Split(line)
		if err != nil {
			return
		}
		_, _, _ = kubectl.ParseTaints(args)
		for i, a := range args {
			_, _ = kubectl.ParseSelector(a)
			if i+1 <= len(args) {
				_, _ = kubectl.ParseDrain(args[i:])
				_, _ = kubectl.ParseScale(args[i:])
			}
		}
		if o, err := kubectl.ParseDrain(args); err == nil {
			_ = kubectl.FilterDrainPods([]kubectl.DrainPod{{}}, o)
		}
		for _, run := range []func(kubectl.Nodes, []string) (string, error){kubectl.Taint, kubectl.Cordon, kubectl.Uncordon, kubectl.Label} {
			s := newStore(node("n1", map[string]string{"a": "1"}, false, core.Taint{Key: "a", Value: "b", Effect: core.TaintEffectNoExecute}),
				node("n2", nil, true))
			_, _ = run(s, args)
			if len(args) > 2 {
				_, _ = run(s, args[2:]) // without "kubectl taint", as the simulator passes them
			}
		}
	})
}
