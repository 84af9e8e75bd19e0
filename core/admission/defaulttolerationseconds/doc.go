// Package defaulttolerationseconds is the DefaultTolerationSeconds
// admission plugin (plugin/pkg/admission/defaulttolerationseconds, on by
// default in kube-apiserver). For node.kubernetes.io/not-ready and
// node.kubernetes.io/unreachable it appends {key, operator: Exists,
// effect: NoExecute, tolerationSeconds: N} unless some toleration already
// has that key (or an empty key) and effect NoExecute (or an empty
// effect); operator, value and tolerationSeconds are not examined. N is
// --default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds, 300 by default.
package defaulttolerationseconds
