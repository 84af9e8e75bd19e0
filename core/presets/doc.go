// Package presets holds the scenarios the playground offers to start from,
// embedded in the binary (and the wasm build) as scenario YAML files.
//
// Each preset is an ordinary scenario file (see package scenario): real
// Node and Pod manifests plus a Scenario document with a name, a title, a
// one-paragraph description and captioned steps. Every preset has a
// scenario test asserting the outcome upstream Kubernetes v1.37 produces.
package presets
