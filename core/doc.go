// Package core holds the Kubernetes API types the playground simulates and
// the rules every other package calls.
//
// The types mirror k8s.io/api/core/v1 field for field (same Go field names
// where practical, same JSON tags), so a real manifest — a Node from
// `kubectl get node -o yaml`, a Pod, a List — decodes into them directly.
// Fields the playground does not simulate are simply not declared and are
// ignored on decode.
//
// The rules follow upstream v1.37.2 exactly, quirks included, and each
// function names the upstream function it mirrors:
//
//   - matching: ToleratesTaint, MatchTaint, MatchToleration, ToString,
//     TolerationsTolerateTaint, FindMatchingUntoleratedTaint,
//     GetMatchingTolerations, IsDecimalInteger;
//   - taint eviction: MinTolerationDuration (with upstream's int64
//     overflow), MinTolerationTime, EvictionDecision;
//   - API validation with apimachinery's field-error texts: FieldError,
//     ErrorList, ValidateTolerations, ValidateRuntimeClassTolerations,
//     ValidateTolerationsUpdate, ValidateNodeTaints, CheckTaintValidation,
//     IsQualifiedName, IsValidLabelValue, InvalidStatusMessage,
//     KubectlInvalidMessage;
//   - `kubectl describe` blocks: DescribeTaints, DescribeTolerations;
//   - resource quantities: ParseQuantity and Quantity.
//
// Package core is pure Go: no syscall/js, no UI, no k8s.io imports outside
// tests (the tests use the real k8s.io modules as oracles). Nothing in it
// panics on any input except MustParseQuantity, which is for constants.
package core
