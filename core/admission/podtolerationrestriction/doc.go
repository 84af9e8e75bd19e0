// Package podtolerationrestriction is the PodTolerationRestriction
// admission plugin (plugin/pkg/admission/podtolerationrestriction), off by
// default in kube-apiserver. On create it merges the namespace's default
// tolerations (annotation scheduler.alpha.kubernetes.io/defaultTolerations,
// a JSON list; the cluster default when the annotation is absent) into
// the pod, and for a pod whose QoS class is not BestEffort it also merges
// {key: node.kubernetes.io/memory-pressure, operator: Exists, effect:
// NoSchedule}. Merging (pkg/util/tolerations MergeTolerations) keeps the
// pod's tolerations first and drops any toleration another one in the
// list is a superset of. Then every toleration must be covered by some
// entry of the whitelist (annotation
// scheduler.alpha.kubernetes.io/tolerationsWhitelist; the cluster
// whitelist when absent; an empty list allows everything), else the pod
// is rejected with "pod tolerations (possibly merged with namespace
// default tolerations) conflict with its namespace whitelist" ("cluster
// whitelist" for the cluster-level list).
package podtolerationrestriction
