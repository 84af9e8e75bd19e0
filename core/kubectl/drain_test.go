package kubectl

import "testing"

// EXAMPLES.md S19.
func TestDrainS19(t *testing.T) {
	pods := []DrainPod{
		{Namespace: "default", Name: "web-7d9f8-abcde", Controlled: true},
		{Namespace: "kube-system", Name: "agent-x9z", DaemonSet: true, Controlled: true},
		{Namespace: "default", Name: "cache-5c4-fghij", Controlled: true, LocalStorage: true},
		{Namespace: "default", Name: "bare"},
		{Namespace: "kube-system", Name: "etcd-n1", Mirror: true},
	}
	o, err := ParseDrain([]string{"n1"})
	if err != nil {
		t.Fatal(err)
	}
	plan := FilterDrainPods(pods, o)
	want := `error: unable to drain node "n1" due to error: [cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-x9z, cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-5c4-fghij, cannot delete Pods that declare no controller (use --force to override): default/bare], continuing command...
There are pending nodes to be drained:
 n1
cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-x9z
cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-5c4-fghij
cannot delete Pods that declare no controller (use --force to override): default/bare`
	if got := DrainErrorText("n1", plan.Errors); got != want || len(plan.Evict) != 0 {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	o, err = ParseDrain([]string{"n1", "--ignore-daemonsets", "--delete-emptydir-data", "--force"})
	if err != nil {
		t.Fatal(err)
	}
	plan = FilterDrainPods(pods, o)
	if plan.Warning != "Warning: ignoring DaemonSet-managed Pods: kube-system/agent-x9z; deleting Pods that declare no controller: default/bare" {
		t.Fatalf("warning %q", plan.Warning)
	}
	if len(plan.Evict) != 3 || plan.Evict[0].Name != "web-7d9f8-abcde" || plan.Evict[2].Name != "bare" || len(plan.Errors) != 0 {
		t.Fatalf("evict %+v errors %v", plan.Evict, plan.Errors)
	}
	// A bare pod with emptyDir reports only the local-storage error.
	plan = FilterDrainPods([]DrainPod{{Namespace: "default", Name: "x", LocalStorage: true}}, DrainOptions{Node: "n1"})
	if len(plan.Errors) != 1 || plan.Errors[0] != "cannot delete Pods with local storage (use --delete-emptydir-data to override): default/x" {
		t.Fatalf("%v", plan.Errors)
	}
	if DrainErrorText("n1", plan.Errors) != "error: unable to drain node \"n1\" due to error: cannot delete Pods with local storage (use --delete-emptydir-data to override): default/x, continuing command...\nThere are pending nodes to be drained:\n n1\ncannot delete Pods with local storage (use --delete-emptydir-data to override): default/x" {
		t.Fatal(DrainErrorText("n1", plan.Errors))
	}
	if EvictionRetryText("default", "web", "Cannot evict pod as it would violate the pod's disruption budget.") != `error when evicting pods/"web" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.` {
		t.Fatal("retry text")
	}
	if _, err := ParseDrain([]string{"n1", "--dry-run=client"}); err == nil {
		t.Fatal("dry run accepted")
	}
	if _, err := ParseDrain(nil); err == nil {
		t.Fatal("drain without a node accepted")
	}
}
