package core_test

import (
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core"
)

// Expected texts follow apimachinery v0.37.2 field.Error.ErrorBody (strings
// with %q, other values through encoding/json, which escapes <, > and &),
// errors.NewInvalid's aggregate and kubectl's MultilineError.
func TestFieldErrorFormatting(t *testing.T) {
	added := core.Time{Time: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	secs := int64(-3)
	tests := []struct {
		name string
		err  *core.FieldError
		want string
	}{
		{"required ignores the value", &core.FieldError{Type: core.ErrorTypeRequired, Field: "f", BadValue: "x"}, "f: Required value"},
		{"forbidden with detail", &core.FieldError{Type: core.ErrorTypeForbidden, Field: "f", Detail: "no"}, "f: Forbidden: no"},
		{"string quoted like %q", &core.FieldError{Type: core.ErrorTypeInvalid, Field: "f", BadValue: "a\"b\\c\n", Detail: "d"}, `f: Invalid value: "a\"b\\c\n": d`},
		{"operator marshalled as JSON", &core.FieldError{Type: core.ErrorTypeNotSupported, Field: "f", BadValue: core.TolerationOperator("<x&y>")}, `f: Unsupported value: "\u003cx\u0026y\u003e"`},
		{"int64 plain", &core.FieldError{Type: core.ErrorTypeInvalid, Field: "f", BadValue: int64(-5), Detail: "d"}, "f: Invalid value: -5: d"},
		{"taint with timeAdded", &core.FieldError{Type: core.ErrorTypeDuplicate, Field: "metadata.taints[1]",
			BadValue: core.Taint{Key: "k", Effect: core.TaintEffectNoSchedule, TimeAdded: &added}},
			`metadata.taints[1]: Duplicate value: {"Key":"k","Value":"","Effect":"NoSchedule","TimeAdded":"2025-01-02T03:04:05Z"}`},
		{"toleration with seconds", &core.FieldError{Type: core.ErrorTypeDuplicate, Field: "scheduling.tolerations[1]",
			BadValue: core.Toleration{Key: "k", Operator: core.TolerationOpExists, TolerationSeconds: &secs}},
			`scheduling.tolerations[1]: Duplicate value: {"Key":"k","Operator":"Exists","Value":"","Effect":"","TolerationSeconds":-3}`},
		{"nil value", &core.FieldError{Type: core.ErrorTypeInvalid, Field: "f"}, "f: Invalid value: null"},
	}
	for _, tc := range tests {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
	var nilErr *core.FieldError
	if nilErr.Error() != "" {
		t.Error("nil *FieldError should print nothing")
	}
}

func TestInvalidMessages(t *testing.T) {
	a := &core.FieldError{Type: core.ErrorTypeRequired, Field: "a"}
	b := &core.FieldError{Type: core.ErrorTypeForbidden, Field: "b", Detail: "no"}
	tests := []struct {
		errs           core.ErrorList
		status, kubect string
	}{
		{nil, `Pod "web" is invalid`, `The Pod "web" is invalid`},
		{core.ErrorList{a}, `Pod "web" is invalid: a: Required value`, `The Pod "web" is invalid: a: Required value`},
		{core.ErrorList{a, b, a}, `Pod "web" is invalid: [a: Required value, b: Forbidden: no]`,
			"The Pod \"web\" is invalid: \n* a: Required value\n* b: Forbidden: no"},
	}
	for _, tc := range tests {
		if got := core.InvalidStatusMessage("Pod", "web", tc.errs); got != tc.status {
			t.Errorf("InvalidStatusMessage = %q, want %q", got, tc.status)
		}
		if got := core.KubectlInvalidMessage("Pod", "web", tc.errs); got != tc.kubect {
			t.Errorf("KubectlInvalidMessage = %q, want %q", got, tc.kubect)
		}
	}
}

// Upstream's templates use other roots; the path is the caller's.
func TestValidateTolerationsPath(t *testing.T) {
	errs := core.ValidateTolerations([]core.Toleration{{Key: "k", Operator: core.TolerationOpExists}, {Key: "a b", Operator: core.TolerationOpExists}},
		"spec.template.spec.tolerations", false)
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "spec.template.spec.tolerations[1].key: Invalid value: \"a b\": ") {
		t.Fatalf("got %q", errs.Strings())
	}
}

func TestDescribeSecondsAndOrder(t *testing.T) {
	s := int64(300)
	tols := []core.Toleration{
		{Key: "node.kubernetes.io/unreachable", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s},
		{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s},
	}
	want := "Tolerations:\tnode.kubernetes.io/not-ready:NoExecute op=Exists for 300s\n\tnode.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n"
	if got := core.DescribeTolerations(tols); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if tols[0].Key != "node.kubernetes.io/unreachable" {
		t.Error("caller's slice was reordered")
	}
	taints := []core.Taint{{Key: "b", Effect: core.TaintEffectPreferNoSchedule}, {Key: "a", Effect: core.TaintEffectNoSchedule}, {Key: "z", Effect: core.TaintEffectNoExecute}}
	want = "Taints:\tz:NoExecute\n\ta:NoSchedule\n\tb:PreferNoSchedule\n"
	if got := core.DescribeTaints(taints); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestNilSafety(t *testing.T) {
	var tol *core.Toleration
	var taint *core.Taint
	if tol.ToleratesTaint(&core.Taint{}, true) || (&core.Toleration{}).ToleratesTaint(taint, true) {
		t.Error("nil toleration or taint must not tolerate")
	}
	if taint.ToString() != "" || taint.MatchTaint(&core.Taint{}) || !taint.MatchTaint(nil) {
		t.Error("nil taint helpers")
	}
	if tol.MatchToleration(&core.Toleration{}) {
		t.Error("nil toleration matched")
	}
}

// Nothing in core may panic, whatever the input (it runs in wasm). The
// scheduler's TaintToleration plugin gets the same treatment in its own
// package (tainttoleration.FuzzNoPanic).
func FuzzCoreNoPanic(f *testing.F) {
	f.Add([]byte{3, 1, 2, 3, 4, 0, 1, 2, 3, 4}, "k", "Gt", "-5", int64(5))
	f.Add([]byte{}, "", "", "", int64(-1))
	f.Add([]byte{9, 9}, "a/b/c", "Exists", "1e3", int64(18446744073/2))
	f.Fuzz(func(t *testing.T, data []byte, key, op, value string, secs int64) {
		taints, tols := listsFromBytes(data)
		taints = append(taints, core.Taint{Key: key, Value: value, Effect: core.TaintEffect(op)})
		tols = append(tols, core.Toleration{Key: key, Operator: core.TolerationOperator(op), Value: value, Effect: core.TaintEffect(value), TolerationSeconds: &secs})
		for _, gate := range []bool{false, true} {
			core.EvictionDecision(taints, tols, gate)
			core.GetMatchingTolerations(taints, tols, gate)
			_ = core.ValidateTolerations(tols, "spec.tolerations", gate).Error()
		}
		_ = core.ValidateRuntimeClassTolerations(tols, "scheduling.tolerations").Strings()
		_ = core.ValidateTolerationsUpdate(tols[:len(tols)/2], tols, "spec.tolerations", true).Error()
		_ = core.KubectlInvalidMessage("Node", key, core.ValidateNodeTaints(taints))
		_ = core.CheckTaintValidation(taints[0])
		_ = core.DescribeTaints(taints) + core.DescribeTolerations(tols)
		core.MinTolerationTime(tols)
		q, err := core.ParseQuantity(value)
		if err == nil {
			q.Value()
			q.MilliValue()
		}
	})
}
