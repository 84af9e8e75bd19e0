package lint

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A cordoned node carries node.kubernetes.io/unschedulable:NoSchedule in a
// real dump. The advice is to uncordon it (the node lifecycle controller's
// taintNodeByCondition keeps the taint in step with spec.unschedulable),
// never to add the toleration; and a DaemonSet's pods tolerate it (the
// DaemonSet controller adds the toleration), so with a DaemonSet in the
// file nothing is reported at all.
func TestCordonedNodeAdvice(t *testing.T) {
	node := `apiVersion: v1
kind: Node
metadata:
  name: ip-10-0-1-23.eu-west-1.compute.internal
spec:
  unschedulable: true
  taints:
  - key: node.kubernetes.io/unschedulable
    effect: NoSchedule
    timeAdded: "2026-11-30T10:00:00Z"
---
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx
`
	t.Run("uncordon, not a toleration", func(t *testing.T) {
		fs := Lint([]byte(node))
		require.Len(t, fs, 1, dump(fs))
		assert.Equal(t, "taint-tolerated-by-none", fs[0].Code)
		assert.Contains(t, fs[0].Fix, "kubectl uncordon ip-10-0-1-23.eu-west-1.compute.internal")
		assert.Contains(t, fs[0].Fix, "do not add this toleration")
		assert.NotContains(t, fs[0].Fix, "give them a matching toleration")
	})
	t.Run("DaemonSet pods tolerate it", func(t *testing.T) {
		ds := node + `---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: kube-proxy
spec:
  selector:
    matchLabels: {app: kube-proxy}
  template:
    metadata:
      labels: {app: kube-proxy}
    spec:
      containers:
      - name: kube-proxy
        image: kube-proxy
`
		assert.Empty(t, Lint([]byte(ds)))
	})
	t.Run("condition taints follow the node's conditions", func(t *testing.T) {
		fs := Lint([]byte(`apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints:
  - {key: node.kubernetes.io/disk-pressure, effect: NoSchedule}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: web, image: nginx}]
`))
		require.Len(t, fs, 1, dump(fs))
		assert.Contains(t, fs[0].Fix, "fix the node's condition rather than adding tolerations")
	})
}
