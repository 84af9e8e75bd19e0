package core

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ErrorType is the kind of a field validation error (apimachinery
// field.ErrorType). The values are upstream's, as they appear in an API
// Status cause's "reason".
type ErrorType string

// The field error types API validation of taints and tolerations produces.
const (
	ErrorTypeRequired     ErrorType = "FieldValueRequired"
	ErrorTypeInvalid      ErrorType = "FieldValueInvalid"
	ErrorTypeNotSupported ErrorType = "FieldValueNotSupported"
	ErrorTypeDuplicate    ErrorType = "FieldValueDuplicate"
	ErrorTypeForbidden    ErrorType = "FieldValueForbidden"
)

// String is the human text of the type, as field.ErrorType.String prints
// it: "Required value", "Invalid value", "Unsupported value",
// "Duplicate value", "Forbidden". Unknown types print "Internal error".
func (t ErrorType) String() string {
	switch t {
	case ErrorTypeRequired:
		return "Required value"
	case ErrorTypeInvalid:
		return "Invalid value"
	case ErrorTypeNotSupported:
		return "Unsupported value"
	case ErrorTypeDuplicate:
		return "Duplicate value"
	case ErrorTypeForbidden:
		return "Forbidden"
	}
	return "Internal error"
}

// ShortName is the type's name without the "FieldValue" prefix: Required,
// Invalid, NotSupported, Duplicate or Forbidden (as the conformance vectors
// name them).
func (t ErrorType) ShortName() string { return strings.TrimPrefix(string(t), "FieldValue") }

// FieldError is one API validation error (apimachinery field.Error): the
// field path (e.g. "spec.tolerations[0].operator"), the type, the offending
// value and a detail text.
type FieldError struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string
}

// Error is the full upstream text: "<field>: <ErrorBody>".
func (e *FieldError) Error() string {
	if e == nil {
		return ""
	}
	return e.Field + ": " + e.ErrorBody()
}

// ErrorBody is the message without the field (field.Error.ErrorBody):
// Required and Forbidden print only the type; the others print the type, then
// the bad value — strings quoted with Go %q, numbers and bools plain,
// TaintEffect/TolerationOperator and structs as JSON (taints and
// tolerations with the internal API type's Go field names, as the API server
// prints them) — then ": detail" when there is one.
func (e *FieldError) ErrorBody() string {
	if e == nil {
		return ""
	}
	s := e.Type.String()
	switch e.Type {
	case ErrorTypeRequired, ErrorTypeForbidden:
	default:
		s += ": " + formatBadValue(e.BadValue)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// internalTaint and internalToleration are the JSON shapes of the internal
// (untagged) API types that upstream validation marshals into Duplicate
// errors.
type internalTaint struct {
	Key       string
	Value     string
	Effect    TaintEffect
	TimeAdded *Time
}

type internalToleration struct {
	Key               string
	Operator          TolerationOperator
	Value             string
	Effect            TaintEffect
	TolerationSeconds *int64
}

func formatBadValue(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(t)
	case int64, int32, int, float64, float32, bool:
		return fmt.Sprint(t)
	case Taint:
		return marshalString(internalTaint{t.Key, t.Value, t.Effect, t.TimeAdded})
	case Toleration:
		return marshalString(internalToleration{t.Key, t.Operator, t.Value, t.Effect, t.TolerationSeconds})
	}
	return marshalString(v)
}

func marshalString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}

// ErrorList is a list of field errors in the order validation found them
// (field.ErrorList).
type ErrorList []*FieldError

// Strings returns each error's full text.
func (l ErrorList) Strings() []string {
	out := make([]string, 0, len(l))
	for _, e := range l {
		out = append(out, e.Error())
	}
	return out
}

// Error joins the list the way apimachinery's aggregate error does (what
// ToAggregate().Error() prints): "" for none, the single message for one,
// "[a, b]" for several, repeated messages printed once.
func (l ErrorList) Error() string { return AggregateMessages(l.Strings()) }

// AggregateMessages is how apimachinery's aggregate error prints messages:
// "" for none, the single message for one, "[a, b]" for several, repeated
// messages printed once.
func AggregateMessages(msgs []string) string {
	msgs = uniqueMessages(msgs)
	switch len(msgs) {
	case 0:
		return ""
	case 1:
		return msgs[0]
	}
	return "[" + strings.Join(msgs, ", ") + "]"
}

func uniqueMessages(msgs []string) []string {
	seen := make(map[string]bool, len(msgs))
	out := msgs[:0:0]
	for _, m := range msgs {
		if seen[m] {
			continue
		}
		seen[m] = true
		out = append(out, m)
	}
	return out
}

// InvalidStatusMessage is the message of the API server's 422 Invalid
// Status for an object (apimachinery errors.NewInvalid):
// `Pod "web" is invalid: <errors>`, the errors aggregated as ErrorList.Error
// prints them; `Pod "web" is invalid` when the list is empty.
func InvalidStatusMessage(kind, name string, errs ErrorList) string {
	s := kind + " " + strconv.Quote(name) + " is invalid"
	if agg := errs.Error(); agg != "" {
		s += ": " + agg
	}
	return s
}

// KubectlInvalidMessage is what kubectl writes to stderr for the API
// server's Invalid error (kubectl cmdutil.CheckErr with MultilineError):
// one error gives `The Pod "web" is invalid: <err>`; several give
// `The Pod "web" is invalid: ` then a line "* <err>" per distinct error.
// The trailing newline kubectl prints is not included.
func KubectlInvalidMessage(kind, name string, errs ErrorList) string {
	prefix := "The " + kind + " " + strconv.Quote(name) + " is invalid"
	msgs := uniqueMessages(errs.Strings())
	switch len(msgs) {
	case 0:
		return prefix
	case 1:
		return prefix + ": " + msgs[0]
	}
	var b strings.Builder
	b.WriteString(prefix + ": ")
	for _, m := range msgs {
		b.WriteString("\n* " + m)
	}
	return b.String()
}

var supportedTaintEffects = []string{string(TaintEffectNoSchedule), string(TaintEffectPreferNoSchedule), string(TaintEffectNoExecute)}

func supportedValues(vals ...string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = strconv.Quote(v)
	}
	return "supported values: " + strings.Join(q, ", ")
}

func notSupported(field string, value any, vals ...string) *FieldError {
	return &FieldError{Type: ErrorTypeNotSupported, Field: field, BadValue: value, Detail: supportedValues(vals...)}
}

func invalid(field string, value any, detail string) *FieldError {
	return &FieldError{Type: ErrorTypeInvalid, Field: field, BadValue: value, Detail: detail}
}

func indexPath(root string, i int) string { return root + "[" + strconv.Itoa(i) + "]" }

// validateTaintEffect mirrors validation.validateTaintEffect: empty is
// Required unless allowEmpty; anything but the three effects is NotSupported.
func validateTaintEffect(effect TaintEffect, allowEmpty bool, field string) ErrorList {
	if !allowEmpty && effect == "" {
		return ErrorList{{Type: ErrorTypeRequired, Field: field, BadValue: ""}}
	}
	switch effect {
	case TaintEffectNoSchedule, TaintEffectPreferNoSchedule, TaintEffectNoExecute:
		return nil
	}
	return ErrorList{notSupported(field, effect, supportedTaintEffects...)}
}

// ValidateTolerations checks a pod's tolerations as the API server does
// (k8s.io/kubernetes pkg/apis/core/validation ValidateTolerations). path is
// the list's field path, e.g. "spec.tolerations" for a pod or
// "spec.template.spec.tolerations" for a template. allowComparisonOperators
// is opts.AllowTaintTolerationComparisonOperators: the
// TaintTolerationComparisonOperators gate is on, or the old object already
// used Lt/Gt. Per toleration, in upstream order and without short-circuit:
// key format (one Invalid per message); empty key needs Exists; seconds need
// effect NoExecute; operator/value rules (Equal value on ".operator", Exists
// with a value, Lt/Gt NotSupported or canonical-integer and int64 checks on
// ".value", unknown operators); effect enum. Duplicates are allowed.
func ValidateTolerations(tols []Toleration, path string, allowComparisonOperators bool) ErrorList {
	var errs ErrorList
	for i, t := range tols {
		idx := indexPath(path, i)
		if t.Key != "" {
			for _, m := range IsQualifiedName(t.Key) {
				errs = append(errs, invalid(idx+".key", t.Key, m))
			}
		}
		if t.Key == "" && t.Operator != TolerationOpExists {
			errs = append(errs, invalid(idx+".operator", t.Operator,
				"operator must be Exists when `key` is empty, which means \"match all values and all keys\""))
		}
		if t.TolerationSeconds != nil && t.Effect != TaintEffectNoExecute {
			errs = append(errs, invalid(idx+".effect", t.Effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"))
		}
		switch t.Operator {
		case TolerationOpEqual, "":
			if ms := IsValidLabelValue(t.Value); len(ms) != 0 {
				errs = append(errs, invalid(idx+".operator", t.Value, strings.Join(ms, ";")))
			}
		case TolerationOpExists:
			if t.Value != "" {
				errs = append(errs, invalid(idx+".operator", t.Value, "value must be empty when `operator` is 'Exists'"))
			}
		case TolerationOpLt, TolerationOpGt:
			if !allowComparisonOperators {
				errs = append(errs, notSupported(idx+".operator", t.Operator, "Equal", "Exists", "Lt", "Gt"))
				break
			}
			for _, m := range DecimalIntegerErrors(t.Value) {
				errs = append(errs, invalid(idx+".value", t.Value, m))
			}
			if _, err := strconv.ParseInt(t.Value, 10, 64); err != nil {
				errs = append(errs, invalid(idx+".value", t.Value, err.Error()))
			}
		default:
			errs = append(errs, notSupported(idx+".operator", t.Operator, "Equal", "Exists"))
		}
		if t.Effect != "" {
			errs = append(errs, validateTaintEffect(t.Effect, true, idx+".effect")...)
		}
	}
	return errs
}

// ValidateRuntimeClassTolerations checks a RuntimeClass's
// scheduling.tolerations (k8s.io/kubernetes pkg/apis/node/validation
// validateTolerations): ValidateTolerations with Lt/Gt never allowed, then a
// Duplicate at "<path>[i]" (bad value: the whole toleration) for every later
// entry with the same key, operator, value and effect ("" and Equal differ;
// tolerationSeconds is not part of the identity). path is normally
// "scheduling.tolerations".
func ValidateRuntimeClassTolerations(tols []Toleration, path string) ErrorList {
	errs := ValidateTolerations(tols, path, false)
	type id struct {
		key, op, value, effect string
	}
	seen := map[id]bool{}
	for i, t := range tols {
		k := id{t.Key, string(t.Operator), t.Value, string(t.Effect)}
		if seen[k] {
			errs = append(errs, &FieldError{Type: ErrorTypeDuplicate, Field: indexPath(path, i), BadValue: t})
			continue
		}
		seen[k] = true
	}
	return errs
}

// ValidateTolerationsUpdate checks a pod update's tolerations
// (validation.validateOnlyAddedTolerations, called by ValidatePodUpdate):
// every old toleration must still be present in the new list, compared
// field by field except tolerationSeconds (which may be set, unset or
// changed); operator "" and Equal differ. The first missing one gives a
// single Forbidden at path with no index and nothing else; otherwise the new
// list goes through ValidateTolerations. path is normally "spec.tolerations".
func ValidateTolerationsUpdate(oldTols, newTols []Toleration, path string, allowComparisonOperators bool) ErrorList {
	for _, o := range oldTols {
		found := false
		for _, n := range newTols {
			if o.Key == n.Key && o.Operator == n.Operator && o.Value == n.Value && o.Effect == n.Effect {
				found = true
				break
			}
		}
		if !found {
			return ErrorList{{Type: ErrorTypeForbidden, Field: path, BadValue: "",
				Detail: "existing toleration can not be modified except its tolerationSeconds"}}
		}
	}
	return ValidateTolerations(newTols, path, allowComparisonOperators)
}

// NodeTaintsPath is the root under which the API server reports node taint
// errors. Upstream builds it from "metadata" (sic), so errors read
// "metadata.taints[0].key", never "spec.taints".
const NodeTaintsPath = "metadata.taints"

// ValidateNodeTaints checks a node's taints as ValidateNode and
// ValidateNodeUpdate do (validation.validateNodeTaints), under
// "metadata.taints": key format (one Invalid per message, also for an empty
// key), value as a label value (messages joined by ";"), effect Required
// when empty and NotSupported when unknown, and a Duplicate at
// "metadata.taints[i]" for each later taint with the same key and effect
// (value ignored). timeAdded is not checked.
func ValidateNodeTaints(taints []Taint) ErrorList {
	var errs ErrorList
	seen := map[[2]string]bool{}
	for i, t := range taints {
		idx := indexPath(NodeTaintsPath, i)
		for _, m := range IsQualifiedName(t.Key) {
			errs = append(errs, invalid(idx+".key", t.Key, m))
		}
		if ms := IsValidLabelValue(t.Value); len(ms) != 0 {
			errs = append(errs, invalid(idx+".value", t.Value, strings.Join(ms, ";")))
		}
		errs = append(errs, validateTaintEffect(t.Effect, false, idx+".effect")...)
		k := [2]string{t.Key, string(t.Effect)}
		if seen[k] {
			errs = append(errs, &FieldError{Type: ErrorTypeDuplicate, Field: idx, BadValue: t,
				Detail: "taints must be unique by key and effect pair"})
			continue
		}
		seen[k] = true
	}
	return errs
}

// CheckTaintValidation checks one taint the way the kubelet checks
// registerWithTaints (k8s.io/kubernetes pkg/util/taints
// CheckTaintValidation): the key must be a qualified name ("invalid taint
// key: <messages joined by "; ">"), a non-empty value a label value
// ("invalid taint value: …"), a non-empty effect one of the three
// ("invalid taint effect: <effect>, unsupported taint effect"). An empty
// effect is accepted here. It returns nil when the taint is valid.
func CheckTaintValidation(t Taint) error {
	if ms := IsQualifiedName(t.Key); len(ms) > 0 {
		return fmt.Errorf("invalid taint key: %s", strings.Join(ms, "; "))
	}
	if t.Value != "" {
		if ms := IsValidLabelValue(t.Value); len(ms) > 0 {
			return fmt.Errorf("invalid taint value: %s", strings.Join(ms, "; "))
		}
	}
	if t.Effect != "" {
		if err := ValidateTaintEffectString(t.Effect); err != nil {
			return err
		}
	}
	return nil
}

// ValidateTaintEffectString is kubectl's and the kubelet's effect check
// (validateTaintEffect in kubectl's taint utils and pkg/util/taints): nil
// for NoSchedule, PreferNoSchedule and NoExecute (exact case), otherwise
// "invalid taint effect: <effect>, unsupported taint effect".
func ValidateTaintEffectString(effect TaintEffect) error {
	switch effect {
	case TaintEffectNoSchedule, TaintEffectPreferNoSchedule, TaintEffectNoExecute:
		return nil
	}
	return fmt.Errorf("invalid taint effect: %s, unsupported taint effect", string(effect))
}
