package core_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.err.Error())
		})
	}
	var nilErr *core.FieldError
	assert.Empty(t, nilErr.Error(), "nil *FieldError should print nothing")
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
		t.Run(fmt.Sprintf("%d errors", len(tc.errs)), func(t *testing.T) {
			assert.Equal(t, tc.status, core.InvalidStatusMessage("Pod", "web", tc.errs), "InvalidStatusMessage")
			assert.Equal(t, tc.kubect, core.KubectlInvalidMessage("Pod", "web", tc.errs), "KubectlInvalidMessage")
		})
	}
}

// Upstream's templates use other roots; the path is the caller's.
func TestValidateTolerationsPath(t *testing.T) {
	errs := core.ValidateTolerations([]core.Toleration{{Key: "k", Operator: core.TolerationOpExists}, {Key: "a b", Operator: core.TolerationOpExists}},
		"spec.template.spec.tolerations", false)
	require.Len(t, errs, 1, "got %q", errs.Strings())
	require.True(t, strings.HasPrefix(errs[0].Error(), "spec.template.spec.tolerations[1].key: Invalid value: \"a b\": "), "got %q", errs.Strings())
}

func TestDescribeSecondsAndOrder(t *testing.T) {
	s := int64(300)
	tols := []core.Toleration{
		{Key: "node.kubernetes.io/unreachable", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s},
		{Key: "node.kubernetes.io/not-ready", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s},
	}
	want := "Tolerations:\tnode.kubernetes.io/not-ready:NoExecute op=Exists for 300s\n\tnode.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n"
	assert.Equal(t, want, core.DescribeTolerations(tols))
	assert.Equal(t, "node.kubernetes.io/unreachable", tols[0].Key, "caller's slice was reordered")
	taints := []core.Taint{{Key: "b", Effect: core.TaintEffectPreferNoSchedule}, {Key: "a", Effect: core.TaintEffectNoSchedule}, {Key: "z", Effect: core.TaintEffectNoExecute}}
	want = "Taints:\tz:NoExecute\n\ta:NoSchedule\n\tb:PreferNoSchedule\n"
	assert.Equal(t, want, core.DescribeTaints(taints))
}

func TestNilSafety(t *testing.T) {
	var tol *core.Toleration
	var taint *core.Taint
	assert.False(t, tol.ToleratesTaint(&core.Taint{}, true), "nil toleration must not tolerate")
	assert.False(t, (&core.Toleration{}).ToleratesTaint(taint, true), "nil taint must not be tolerated")
	assert.Empty(t, taint.ToString(), "nil taint ToString")
	assert.False(t, taint.MatchTaint(&core.Taint{}), "nil taint MatchTaint(taint)")
	assert.True(t, taint.MatchTaint(nil), "nil taint MatchTaint(nil)")
	assert.False(t, tol.MatchToleration(&core.Toleration{}), "nil toleration matched")
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
