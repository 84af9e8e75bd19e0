package sim_test

import (
	"fmt"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// A NoExecute taint evicts the running pods that do not tolerate it at
// once, and a pod that tolerates it for tolerationSeconds when that time
// has passed (the taint-eviction controller, SCHEDULER.md §3). Neither pod
// has a controller, so nothing replaces them.
func ExampleRun() {
	const yaml = `kind: Scenario
name: noexecute
until: 100s
steps:
- {at: 10s, run: kubectl taint nodes n1 maint=now:NoExecute}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: api}
spec: {containers: [{name: c, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: cache}
spec:
  containers: [{name: c, image: redis}]
  tolerations: [{key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
`
	s, err := scenario.Parse([]byte(yaml), "noexecute.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := sim.Run(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Frames {
		if f.Step != "" {
			fmt.Printf("t=%gs $ %s\n%s\n", f.At, f.Step, f.Output)
		}
	}
	for _, e := range res.Events {
		if e.Reason == sim.ReasonScheduled || e.Reason == sim.ReasonTaintManagerEviction {
			fmt.Printf("t=%gs %s %s: %s\n", e.At, e.Reason, e.Object, e.Message)
		}
	}
	// Upstream the pods are gone; the board keeps them, with the
	// condition the controller set before deleting them.
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		c := p.DisruptionTarget
		fmt.Printf("%s deleted at t=%gs: %s=%s %s: %s\n", p.Name, *p.EvictedAt, c.Type, c.Status, c.Reason, c.Message)
	}
	// Output:
	// t=10s $ kubectl taint nodes n1 maint=now:NoExecute
	// node/n1 tainted
	// t=0s Scheduled pod/default/api: Successfully assigned default/api to n1
	// t=0s Scheduled pod/default/cache: Successfully assigned default/cache to n1
	// t=10s TaintManagerEviction pod/default/api: Marking for deletion Pod default/api
	// t=70s TaintManagerEviction pod/default/cache: Marking for deletion Pod default/cache
	// api deleted at t=10s: DisruptionTarget=True DeletionByTaintManager: Taint manager: deleting due to NoExecute taint
	// cache deleted at t=70s: DisruptionTarget=True DeletionByTaintManager: Taint manager: deleting due to NoExecute taint
}
