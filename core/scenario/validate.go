package scenario

import "github.com/taints-playground/playground/core"

// nodeTaintErrors validates a node's spec.taints at create time.
func nodeTaintErrors(taints []core.Taint) []string {
	return nil
}

// podTolerationErrors validates a pod's spec.tolerations at create time.
func podTolerationErrors(tolerations []core.Toleration, allowComparisonOperators bool) []string {
	return nil
}
