// Package extendedresourcetoleration is the ExtendedResourceToleration
// admission plugin (plugin/pkg/admission/extendedresourcetoleration), off
// by default in kube-apiserver. For every extended resource (a resource
// name outside the kubernetes.io/ namespace, such as nvidia.com/gpu) that
// a container or init container requests — the requests after defaulting,
// so a limit without a request counts — it puts {key: <resource>,
// operator: Exists, effect: NoSchedule} on the pod, in the resources'
// sorted order. A toleration already matching it (same key, effect,
// operator and value) is replaced by it rather than duplicated. This is
// how a GPU pod gets through a node's nvidia.com/gpu:NoSchedule taint.
// It runs after PodTolerationRestriction and before RuntimeClass.
package extendedresourcetoleration
