package sim

import (
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core/scenario"
)

func TestExecDescribesTheClusterAtThatMoment(t *testing.T) {
	s, err := scenario.Parse([]byte(s1Cluster[len("\n---\n"):]+"\n---\nkind: Scenario\nname: x\nsteps:\n- {at: 60s, run: \"kubectl taint node n1 dedicated=gpu:NoSchedule-\"}\n"), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	before, err := Exec(s, 30*time.Second, "kubectl get pods -o wide")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(before, "p        0/1     Pending   0          30s   <none>   <none>   <none>           <none>") {
		t.Errorf("at 30s:\n%s", before)
	}
	after, err := Exec(s, 90*time.Second, "kubectl describe pod p")
	if err != nil {
		t.Fatal(err)
	}
	// FailedScheduling at 0 and Scheduled at 60, seen from t=90.
	for _, w := range []string{"Node:             n1/\n", "Status:           Running\n",
		"  Warning  FailedScheduling  90s   default-scheduler  0/3 nodes are available:",
		"  Normal   Scheduled         30s   default-scheduler  Successfully assigned default/p to n1"} {
		if !strings.Contains(after, w) {
			t.Errorf("missing %q in\n%s", w, after)
		}
	}
	if _, err := Exec(s, 0, "kubectl describe pod nope"); err == nil || err.Error() != `Error from server (NotFound): pods "nope" not found` {
		t.Errorf("err = %v", err)
	}
	// k is kubectl, in the console as in steps.
	names, err := Exec(s, 0, "k get nodes -o jsonpath='{.items[*].metadata.name}'")
	if err != nil || names != "n1 n2 n3" {
		t.Errorf("k get nodes -o jsonpath = %q, %v", names, err)
	}
	if _, err := Exec(s, 0, "rm -rf /"); err == nil {
		t.Error("unknown command accepted")
	}
	if len(s.Steps) != 1 {
		t.Errorf("Exec modified the scenario: %d steps", len(s.Steps))
	}
}

func TestOddConsoleCommandsNeverFail(t *testing.T) {
	// Whatever the arguments, Run returns frames; bad commands only print errors.
	cmds := []string{
		"kubectl describe", "kubectl describe pod", "kubectl describe pods/p", "kubectl describe node",
		"kubectl describe nodes n1 n2", "kubectl describe deploy x", "kubectl describe pod p -n",
		"kubectl get", "kubectl get pods -o yaml", "kubectl get pods -A", "kubectl get events -n kube-system",
		"kubectl get pods p", "kubectl get po --output=wide", "kubectl get ev --namespace=default", "kubectl get nodes",
		"node n1 stop", "node n1 stop", "node n9 stop",
	}
	var b strings.Builder
	b.WriteString("kind: Scenario\nname: odd\nsteps:\n")
	for _, c := range cmds {
		b.WriteString("- {at: 1s, run: \"" + c + "\"}\n")
	}
	res := run(t, b.String()+s1Cluster)
	if len(res.Frames) != len(cmds)+1 {
		t.Errorf("%d frames for %d steps", len(res.Frames), len(cmds))
	}
}
