// Package runtimeclass is the RuntimeClass admission plugin
// (plugin/pkg/admission/runtimeclass): a pod being created that names a
// RuntimeClass in spec.runtimeClassName gets the class's fixed overhead
// as spec.overhead and the class's node selector and tolerations merged
// into its own, so it schedules only where the runtime handler exists. A
// name that matches no class, an overhead that differs from the class's,
// and a node selector value that contradicts the class's are refused
// with the API server's Forbidden texts. Start with Admit.
package runtimeclass
