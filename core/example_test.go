package core_test

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core"
)

// A Gt toleration compares the taint's value with its own: sla Gt 950
// tolerates sla=999, but only when the TaintTolerationComparisonOperators
// gate is on (alpha, off by default in 1.37).
func ExampleToleration_ToleratesTaint() {
	tol := core.Toleration{Key: "sla", Operator: core.TolerationOpGt, Value: "950", Effect: core.TaintEffectNoSchedule}
	for _, v := range []string{"999", "950", "800"} {
		taint := core.Taint{Key: "sla", Value: v, Effect: core.TaintEffectNoSchedule}
		fmt.Printf("sla=%s gate on: %v, gate off: %v\n", v, tol.ToleratesTaint(&taint, true), tol.ToleratesTaint(&taint, false))
	}
	// The empty toleration tolerates any taint with an empty value.
	empty := core.Toleration{}
	fmt.Println(empty.ToleratesTaint(&core.Taint{Key: "anything", Effect: core.TaintEffectNoExecute}, false))
	// Output:
	// sla=999 gate on: true, gate off: false
	// sla=950 gate on: false, gate off: false
	// sla=800 gate on: false, gate off: false
	// true
}

func ExampleTaint_ToString() {
	for _, t := range []core.Taint{
		{Key: "k", Value: "v", Effect: core.TaintEffectNoSchedule},
		{Key: "k", Effect: core.TaintEffectNoSchedule},
		{Key: "k", Value: "v"},
		{Key: "k"},
	} {
		fmt.Println(t.ToString())
	}
	// Output:
	// k=v:NoSchedule
	// k:NoSchedule
	// k=v:
	// k
}

func ExampleDescribeTolerations() {
	fmt.Print(core.DescribeTolerations([]core.Toleration{
		{Key: "b", Operator: core.TolerationOpExists},
		{Key: "a", Operator: core.TolerationOpEqual, Value: "1"},
		{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute},
	}))
	// Output:
	// Tolerations:	:NoExecute op=Exists
	// 	a=1
	// 	b op=Exists
}

// tolerationSeconds is multiplied into nanoseconds after the minimum is
// taken and wraps like upstream's int64 arithmetic.
func ExampleEvictionDecision() {
	taints := []core.Taint{{Key: "a", Value: "1", Effect: core.TaintEffectNoExecute}}
	for _, secs := range []int64{300, 0, 9223372037, 18446744074} {
		s := secs
		tols := []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s}}
		action, after := core.EvictionDecision(taints, tols, false)
		fmt.Println(secs, action, after)
	}
	// Output:
	// 300 evictAfter 5m0s
	// 0 evictNow 0s
	// 9223372037 never 0s
	// 18446744074 evictAfter 290.448384ms
}

func ExampleValidateTolerations() {
	errs := core.ValidateTolerations([]core.Toleration{
		{Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule},
	}, "spec.tolerations", false)
	for _, e := range errs {
		fmt.Println(e)
	}
	// Output:
	// spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"
}

// What kubectl prints when the API server rejects a pod.
func ExampleKubectlInvalidMessage() {
	one := core.ValidateTolerations([]core.Toleration{{Key: "foo", Operator: "In", Value: "bar"}}, "spec.tolerations", false)
	fmt.Println(core.KubectlInvalidMessage("Pod", "web", one))
	two := core.ValidateTolerations([]core.Toleration{{Operator: "Bogus"}}, "spec.tolerations", false)
	// The header line ends in ": " before the newline.
	fmt.Println(strings.ReplaceAll(core.KubectlInvalidMessage("Pod", "web", two), " \n", "⏎\n"))
	// Output:
	// The Pod "web" is invalid: spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists"
	// The Pod "web" is invalid:⏎
	// * spec.tolerations[0].operator: Invalid value: "Bogus": operator must be Exists when `key` is empty, which means "match all values and all keys"
	// * spec.tolerations[0].operator: Unsupported value: "Bogus": supported values: "Equal", "Exists"
}
