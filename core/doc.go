// Package core holds the Kubernetes API types the playground simulates
// (Node, Pod, Taint, Toleration, the workloads, resource quantities) and
// the rules every other package calls. The types mirror k8s.io/api/core/v1
// (types.go), so a real manifest decodes into them directly; the rules
// follow upstream v1.37.2 exactly, quirks included, and each function
// names the upstream function it mirrors.
//
// Start with (*Toleration).ToleratesTaint and FindMatchingUntoleratedTaint
// (matching), EvictionDecision (taint eviction), ValidateTolerations and
// ValidateNodeTaints (API validation, with apimachinery's field-error
// texts), DescribeTaints and DescribeTolerations (the `kubectl describe`
// blocks) and ParseQuantity. Package core is pure Go: no syscall/js, no UI,
// no k8s.io imports outside tests (the tests use the real k8s.io modules as
// oracles). Nothing in it panics on any input except MustParseQuantity,
// which is for constants.
package core
