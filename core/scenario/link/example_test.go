package link_test

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/scenario/link"
)

func Example() {
	yaml := []byte(`kind: Scenario
name: hello
steps:
- at: 10s
  run: kubectl taint nodes n1 dedicated=db:NoSchedule
---
apiVersion: v1
kind: Node
metadata: {name: n1}
`)
	l, err := link.Encode(yaml)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.HasPrefix(l, "1."), "#"+link.Fragment("…")) // the UI puts "#s=" + l in the address
	back, err := link.DecodeScenario("#" + link.Fragment(l))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Name, back.Steps[0].Run, back.Nodes[0].Name)

	_, err = link.Decode("#s=7.AQ")
	fmt.Println(err)
	// Output:
	// true #s=…
	// hello kubectl taint nodes n1 dedicated=db:NoSchedule n1
	// share link: version 7 is newer than this playground understands (1)
}
