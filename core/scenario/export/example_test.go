package export_test

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/export"
)

func ExampleScript() {
	s, err := scenario.Parse([]byte(`kind: Scenario
name: cordon-demo
steps:
- at: 30s
  run: kubectl cordon n1
  caption: No new pods on n1.
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", pods: "110"}}
`), "demo.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	script, err := export.Script(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, steps, _ := strings.Cut(string(script), "# Step 1")
	fmt.Print("# Step 1" + steps)
	// Output:
	// # Step 1 at t=30s: kubectl cordon n1
	// # No new pods on n1.
	// sleep 30
	// kubectl cordon n1
	//
	// kubectl get pods -A -o wide
}

func ExampleQuote() {
	fmt.Println(export.Quote("node-1"), export.Quote("it's $(here)"))
	// Output: node-1 'it'\''s $(here)'
}
