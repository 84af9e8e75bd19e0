// Package scenario reads and writes playground scenario files. A scenario
// is one multi-document YAML file: real Kubernetes manifests (Node, Pod,
// Deployment, ReplicaSet, DaemonSet, PodDisruptionBudget, PriorityClass,
// RuntimeClass, Namespace, List) for the cluster at t=0, plus at most one
// kind: Scenario document with the timeline (steps such as `kubectl taint
// nodes …` at a virtual time) and the options.
//
// Start with Parse: it returns a Scenario, every object validated the way
// the API server validates it at create time, or an *Error naming the file
// and document with the API server's message. Scenario.Marshal writes a
// scenario back, ParseManifest reads the manifest of a `kubectl apply -f -`
// step, and Commands lists the step commands. The file format — documents,
// manifests, the Scenario document, every option and step command, the
// error form, versions and share links — is described in
// docs/scenario-format.md. Share links are package link, the mistake
// checker package lint, and the export to kubectl manifests and a replay
// script package export.
package scenario
