// Package deployment is the part of the Deployment controller
// (k8s.io/kubernetes pkg/controller/deployment, v1.37) the playground
// simulates: a Deployment owns one ReplicaSet named
// DEPLOYMENT-<pod-template-hash> whose template carries the label
// pod-template-hash, and `kubectl scale deployment` changes that
// ReplicaSet's replicas. Rolling updates, revisions and status are not
// modelled.
//
// The hash is a 32-bit FNV-1a of the pod template, printed as decimal and
// mapped onto the same vowel-free alphabet upstream's SafeEncodeString
// uses, so names look like web-7d4b9c8f6. It is not byte-identical to
// upstream's (which hashes a Go-specific dump of the template) but is
// deterministic for a given template.
package deployment
