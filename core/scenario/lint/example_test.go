package lint_test

import (
	"fmt"

	"github.com/taints-playground/playground/core/scenario/lint"
)

func ExampleLint() {
	file := []byte(`apiVersion: v1
kind: Node
metadata: {name: gpu-1}
spec:
  taints: [{key: nvidia.com/gpu, value: "true", effect: NoSchedule}]
---
apiVersion: v1
kind: Pod
metadata: {name: trainer}
spec:
  containers:
  - name: trainer
    tolerations: [{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}]
`)
	for _, f := range lint.Lint(file) {
		fmt.Printf("%s %s %s\n  fix: %s\n", f.Severity, f.Object, f.Path, f.Fix)
	}
	// Output:
	// info Node/gpu-1 spec.taints[0]
	//   fix: if the node is set aside for some pods, give them a matching toleration (and a nodeSelector to bring them there)
	// error Pod/trainer spec.containers[0].tolerations
	//   fix: move it up to spec.tolerations, beside containers
}
