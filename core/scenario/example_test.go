package scenario_test

import (
	"fmt"

	"github.com/taints-playground/playground/core/scenario"
)

// Parse reads a scenario file: Kubernetes manifests for the cluster at t=0
// and an optional kind: Scenario document with the timeline. Pods get the
// namespace "default", as the API server gives them, and every object is
// validated as the API server validates it at create time, with its
// messages.
func ExampleParse() {
	file := []byte(`kind: Scenario
name: gpu-demo
steps:
- at: 30s
  run: kubectl taint nodes gpu-1 nvidia.com/gpu=present:NoSchedule-
---
apiVersion: v1
kind: Node
metadata: {name: gpu-1}
spec:
  taints:
  - {key: nvidia.com/gpu, value: present, effect: NoSchedule}
status:
  allocatable: {cpu: "8", memory: 32Gi, pods: "110"}
---
apiVersion: v1
kind: Pod
metadata: {name: trainer}
spec:
  tolerations:
  - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}
  containers: [{name: c, image: trainer:v1}]
`)
	s, err := scenario.Parse(file, "demo.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("scenario %s runs until %v\n", s.Name, s.Until)
	for _, n := range s.Nodes {
		for _, t := range n.Spec.Taints {
			fmt.Printf("node %s taint %s\n", n.Name, t.ToString())
		}
	}
	for _, p := range s.Pods {
		for _, t := range p.Spec.Tolerations {
			fmt.Printf("pod %s/%s tolerates %s %s %s\n", p.Namespace, p.Name, t.Key, t.Operator, t.Effect)
		}
	}
	for _, st := range s.Steps {
		fmt.Printf("at %v: %s\n", st.At, st.Run)
	}

	// An operator the API server does not know is refused with its message.
	_, err = scenario.Parse([]byte(`apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  tolerations: [{key: nvidia.com/gpu, operator: Foo}]
  containers: [{name: c, image: nginx}]
`), "web.yaml")
	fmt.Println(err)
	// Output:
	// scenario gpu-demo runs until 30s
	// node gpu-1 taint nvidia.com/gpu=present:NoSchedule
	// pod default/trainer tolerates nvidia.com/gpu Exists NoSchedule
	// at 30s: kubectl taint nodes gpu-1 nvidia.com/gpu=present:NoSchedule-
	// web.yaml: document 1: The Pod "web" is invalid: spec.tolerations[0].operator: Unsupported value: "Foo": supported values: "Equal", "Exists"
}
