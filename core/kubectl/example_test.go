package kubectl_test

import (
	"fmt"

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
