// Package admission runs kube-apiserver's admission plugins that shape a
// pod's priority, tolerations and placement, in the API server's order
// (pkg/kubeapiserver/options AllOrderedPlugins, v1.37): Priority,
// DefaultTolerationSeconds, PodTolerationRestriction (off unless
// enabled), ExtendedResourceToleration (off unless enabled), RuntimeClass.
// Each plugin is a package of its own below this one; Chain runs them on
// a pod being created and records who added each toleration. Start with
// Chain.Admit.
package admission
