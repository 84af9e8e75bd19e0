// Package lint checks a scenario or manifest file for the mistakes people
// make with taints and tolerations, before or beside the typed decode.
//
// Lint reads the raw YAML — every document, List items, and the manifests
// of `kubectl apply -f -` steps — so it sees fields in the wrong place,
// which a typed decode silently drops: tolerations under a container or
// under a Deployment's spec instead of spec.template.spec. It then looks at
// the cluster as a whole (node taints and labels, including those the
// steps add with kubectl taint and kubectl label) for tolerations that
// match no taint, taints no pod tolerates, and node selectors that match no
// node.
//
// Each Finding has a severity (error: the API server rejects the object;
// warning: it is accepted but almost certainly not what was meant; info:
// worth knowing), the document number as scenario.Parse counts them, the
// object, the field path, a message and the fix. Findings come in document
// order and are deterministic.
//
// Real `kubectl get nodes -o yaml` output (a List with managedFields,
// status.images, nodeInfo and the rest) is read without complaint: fields
// the playground does not simulate are simply not looked at (the
// scheduler reads status.images; Lint does not check them).
//
// Lint never panics, whatever the input; YAML it cannot read is reported as
// a finding, never as a crash.
package lint
