// Package nodeaffinity is the NodeAffinity plugin
// (pkg/scheduler/framework/plugins/nodeaffinity, v1.37) together with the
// node selector matching it relies on (component-helpers
// scheduling/corev1/nodeaffinity and apimachinery label requirements).
//
// Required placement is spec.nodeSelector (exact key=value labels) AND
// requiredDuringSchedulingIgnoredDuringExecution (terms ORed; inside a term
// matchExpressions and matchFields ANDed; empty terms dropped; no terms
// left matches nothing; a term that fails to parse never matches).
// PreFilter narrows the node set when every required term pins
// metadata.name with In; Score sums the weights of matching preferred
// terms and NormalizeScore scales them to the best node. Default weight 2.
package nodeaffinity
