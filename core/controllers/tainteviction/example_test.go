package tainteviction_test

import (
	"fmt"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/tainteviction"
)

// Decide is processPodOnNode's decision for one pod (EXAMPLES.md S8 and
// SCHEDULER.md §3.2): the first toleration that tolerates each NoExecute
// taint is used, and an existing timer is kept as it is.
func ExampleDecide() {
	taints := []core.Taint{{Key: "maint", Value: "true", Effect: core.TaintEffectNoExecute}}
	sixty, thirty := int64(60), int64(30)
	tol := func(key string, seconds *int64) core.Toleration {
		return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: seconds}
	}
	show := func(d tainteviction.Decision) {
		switch d.Action {
		case tainteviction.Nothing:
			fmt.Println("nothing: tolerated forever")
		case tainteviction.EvictNow:
			fmt.Println("evict now")
		case tainteviction.Schedule:
			fmt.Println("timer at", d.FireAt)
		case tainteviction.Keep:
			fmt.Println("keep the timer at", d.FireAt)
		case tainteviction.Cancel:
			fmt.Println("cancel the timer")
		}
	}
	now := 0 * time.Second
	show(tainteviction.Decide(now, nil, taints, nil, false))
	show(tainteviction.Decide(now, nil, taints, []core.Toleration{tol("maint", &sixty)}, false))
	show(tainteviction.Decide(now, nil, taints, []core.Toleration{tol("maint", nil), tol("", &thirty)}, false))
	show(tainteviction.Decide(now, nil, taints, []core.Toleration{tol("", &thirty), tol("maint", nil)}, false))

	// At t=20s the pod's toleration is lowered to 30 s: the timer set at
	// t=0 for t=60s stays (issues #102993, #108982).
	existing := &tainteviction.Timer{Created: 0, FireAt: 60 * time.Second}
	show(tainteviction.Decide(20*time.Second, existing, taints, []core.Toleration{tol("maint", &thirty)}, false))
	// At t=45s the taint is removed.
	show(tainteviction.Decide(45*time.Second, existing, nil, []core.Toleration{tol("maint", &sixty)}, false))
	// Output:
	// evict now
	// timer at 1m0s
	// nothing: tolerated forever
	// timer at 30s
	// keep the timer at 1m0s
	// cancel the timer
}
