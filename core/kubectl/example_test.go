package kubectl_test

import (
	"fmt"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// `kubectl taint nodes node-name dedicated=special-user:NoSchedule`, then a
// typo in the effect (kubectl's usage error), then a removal.
func ExampleTaint() {
	nodes := newStore(node("node-name", nil, false))
	for _, line := range []string{
		"nodes node-name dedicated=special-user:NoSchedule",
		"nodes node-name foo=bar:NoExcute",
		"nodes node-name dedicated-",
	} {
		args, _ := kubectl.Split(line)
		out, err := kubectl.Taint(nodes, args)
		fmt.Print(out)
		if err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(len(nodes.writes), "writes")
	// Output:
	// node/node-name tainted
	// error: invalid taint effect: NoExcute, unsupported taint effect
	// See 'kubectl taint -h' for help and examples
	// node/node-name untainted
	// 2 writes
}

func ExampleParseTaints() {
	add, remove, err := kubectl.ParseTaints([]string{"foo=bar:NoSchedule", "baz:NoExecute-", "qux-"})
	fmt.Println(add, remove, err)
	// Output:
	// [foo=bar:NoSchedule] [baz:NoExecute qux] <nil>
}

func ExampleCordon() {
	nodes := newStore(node("n1", nil, false))
	out, _ := kubectl.Cordon(nodes, []string{"n1"})
	fmt.Print(out)
	out, _ = kubectl.Cordon(nodes, []string{"n1"})
	fmt.Print(out)
	out, _ = kubectl.Uncordon(nodes, []string{"n1"})
	fmt.Print(out)
	_, err := kubectl.Uncordon(nodes, []string{"x"})
	fmt.Println(err)
	// Output:
	// node/n1 cordoned
	// node/n1 already cordoned
	// node/n1 uncordoned
	// Error from server (NotFound): nodes "x" not found
}

func ExampleSplit() {
	args, err := kubectl.Split(`taint nodes n1 'team=a b' key="x y":NoSchedule`)
	fmt.Printf("%q %v\n", args, err)
	// Output:
	// ["taint" "nodes" "n1" "team=a b" "key=x y:NoSchedule"] <nil>
}

// Run takes a command line's words after "kubectl" and answers with what
// kubectl prints (here against an in-memory cluster: node n1 runs a
// Deployment's pod and a DaemonSet's pod).
func ExampleRun() {
	c := newCluster(node("n1", nil, false))
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "web-7d4b9c8f6-x2k9p", OwnerReferences: owned("ReplicaSet")}, Spec: core.PodSpec{NodeName: "n1"}})
	c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: "agent-5fj2q", Namespace: "kube-system", OwnerReferences: owned("DaemonSet")}, Spec: core.PodSpec{NodeName: "n1"}})
	c.workloads["deployment/default/web"] = 1
	for _, line := range []string{
		"taint nodes n1 dedicated=gpu:NoSchedule",
		"drain n1",
		"drain n1 --ignore-daemonsets",
		"scale deployment web --replicas=3",
		"frobnicate",
	} {
		args, _ := kubectl.Split(line)
		out, _, err := kubectl.Run(c, args, "")
		fmt.Println("$ kubectl " + line)
		if out != "" {
			fmt.Println(out)
		}
		if err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// $ kubectl taint nodes n1 dedicated=gpu:NoSchedule
	// node/n1 tainted
	// $ kubectl drain n1
	// node/n1 cordoned
	// error: unable to drain node "n1" due to error: cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-5fj2q, continuing command...
	// There are pending nodes to be drained:
	//  n1
	// cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-5fj2q
	// $ kubectl drain n1 --ignore-daemonsets
	// node/n1 already cordoned
	// Warning: ignoring DaemonSet-managed Pods: kube-system/agent-5fj2q
	// evicting pod default/web-7d4b9c8f6-x2k9p
	// pod/web-7d4b9c8f6-x2k9p evicted
	// node/n1 drained
	// $ kubectl scale deployment web --replicas=3
	// deployment.apps/web scaled
	// $ kubectl frobnicate
	// error: unknown command "frobnicate" for "kubectl"
}

// The taints of every node, two ways: custom columns print the list as Go
// prints it, JSONPath as JSON.
func ExampleGet() {
	c := realCluster()
	for _, line := range []string{
		"k get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints",
		`k get nodes -l node-role.kubernetes.io/gpu -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.taints[?(@.effect=="NoSchedule")].key}{"\n"}{end}'`,
		"k get pods -A --field-selector spec.nodeName=ip-10-0-1-23.eu-west-1.compute.internal",
	} {
		args, _ := kubectl.Split(line)
		out, _, err := kubectl.Run(c, args[1:], "")
		fmt.Println(transcript(out, err))
	}
	// Output:
	// NAME                                      TAINTS
	// cp-1                                      [map[effect:NoSchedule key:node-role.kubernetes.io/control-plane]]
	// gke-prod-pool-1-abcd1234-x9z8             [map[effect:NoExecute key:node.kubernetes.io/unreachable]]
	// ip-10-0-1-23.eu-west-1.compute.internal   <none>
	// ip-10-0-2-45.eu-west-1.compute.internal   [map[effect:NoSchedule key:dedicated value:gpu] map[effect:NoSchedule key:nvidia.com/gpu] map[effect:NoSchedule key:node.kubernetes.io/unschedulable]]
	// ip-10-0-2-45.eu-west-1.compute.internal	dedicated nvidia.com/gpu node.kubernetes.io/unschedulable
	// NAMESPACE     NAME                       READY   STATUS    RESTARTS   AGE
	// default       web-7d4b9c-x2kqp           1/1     Running   0          3h
	// kube-system   coredns-5d78c9869d-abcde   1/1     Running   0          178m
}
