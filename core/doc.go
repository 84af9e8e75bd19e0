// Package core holds the Kubernetes API types the playground simulates and
// the matching rules every other package calls.
//
// The types mirror k8s.io/api/core/v1 field for field (same Go field names
// where practical, same JSON tags), so a real manifest — a Node from
// `kubectl get node -o yaml`, a Pod, a List — decodes into them directly.
// Fields the playground does not simulate are simply not declared and are
// ignored on decode.
//
// The matching rules (ToleratesTaint, MatchTaint, FindMatchingUntoleratedTaint,
// GetMatchingTolerations, MinTolerationTime, …) follow upstream v1.37 exactly;
// each function names the upstream function it mirrors. Package core is pure
// Go: no syscall/js, no UI, no k8s.io imports outside tests.
package core
