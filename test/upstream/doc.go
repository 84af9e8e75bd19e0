// Package upstream holds differential tests of the playground against the
// real Kubernetes code (k8s.io/kubernetes and its staging modules). It is a
// module of its own, so none of it reaches the product's go.mod or the wasm
// binary; `make test-upstream` runs it (and `make test` through it).
//
// Objects cross over as JSON: core's types carry the upstream JSON tags, so
// ToV1Pod and ToV1Node give the k8s.io/api objects the real plugins read.
package upstream
