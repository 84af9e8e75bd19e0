package impact_test

import (
	"fmt"
	"time"

	"github.com/taints-playground/playground/core/impact"
	"github.com/taints-playground/playground/core/scenario"
)

// Two pods on db-1 tolerate workload=db:NoExecute, one for 60 s and one
// for 0 s. Tainting db-1 at t=10s deletes zero at once and timed 60 s
// later; the scenario itself is not changed.
func ExamplePreview() {
	s, err := scenario.Parse([]byte(`kind: Scenario
name: example
until: 20s
---
apiVersion: v1
kind: Node
metadata: {name: db-1}
---
apiVersion: v1
kind: Pod
metadata: {name: timed}
spec:
  tolerations: [{key: workload, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
  containers: [{name: c, image: app}]
---
apiVersion: v1
kind: Pod
metadata: {name: zero}
spec:
  tolerations: [{key: workload, operator: Exists, effect: NoExecute, tolerationSeconds: 0}]
  containers: [{name: c, image: app}]
`), "example.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	im, err := impact.Preview(s, 10*time.Second, "kubectl taint nodes db-1 workload=db:NoExecute")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range im.Evicted {
		fmt.Printf("%s on %s at t=%gs (tolerationSeconds %d)\n", e.Pod, e.Node, e.At, *e.TolerationSeconds)
	}
	fmt.Printf("compared up to t=%gs; the scenario still has %d steps\n", im.Horizon, len(s.Steps))
	// Output:
	// default/zero on db-1 at t=10s (tolerationSeconds 0)
	// default/timed on db-1 at t=70s (tolerationSeconds 60)
	// compared up to t=130s; the scenario still has 0 steps
}
