package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Pods a controller creates from its template go through admission too:
// the RuntimeClass plugin merges the class's node selector and
// tolerations (board source "RuntimeClass <name>") and sets the overhead
// the node counts; a missing class is the ReplicaSet's FailedCreate with
// the API server's Forbidden text, naming the pod by its generateName
// (upstream v1.37.2 plugin/pkg/admission/runtimeclass, apiserver
// admission.NewForbidden).
const runtimeClassScenario = `kind: Scenario
name: rs
until: 5s
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gvisor}
handler: runsc
overhead: {podFixed: {cpu: 250m}}
scheduling:
  nodeSelector: {sandbox: gvisor}
  tolerations: [{key: sandbox, operator: Exists, effect: NoSchedule}]
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {sandbox: gvisor}}
spec: {taints: [{key: sandbox, value: "y", effect: NoSchedule}]}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      runtimeClassName: gvisor
      containers: [{name: c, image: app, resources: {requests: {cpu: 100m}}}]
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: bad}
spec:
  replicas: 1
  selector: {matchLabels: {app: bad}}
  template:
    metadata: {labels: {app: bad}}
    spec:
      runtimeClassName: kata
      containers: [{name: c, image: app}]
`

func TestRuntimeClassOnTemplatePods(t *testing.T) {
	res := run(t, runtimeClassScenario)
	var web []*PodState
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		if p.Owner == "ReplicaSet/web" {
			web = append(web, p)
		}
	}
	require.Len(t, web, 2)
	for _, p := range web {
		assert.Equal(t, "n2", p.Node, "the class's selector and toleration send it to n2")
		assert.Equal(t, []string{"DefaultTolerationSeconds", "DefaultTolerationSeconds", "RuntimeClass gvisor"}, p.TolerationSources)
		assert.Equal(t, int64(350), p.Requests["cpu"], "100m requested plus the class's 250m overhead")
		assert.Regexp(t, `Runtime Class Name:\s+gvisor\n`, p.Describe)
		assert.Regexp(t, `Node-Selectors:\s+sandbox=gvisor\n`, p.Describe)
	}
	var failed []string
	for _, e := range eventsFor(res, "replicaset/default/bad") {
		if e.Reason == "FailedCreate" {
			failed = append(failed, e.Message)
		}
	}
	require.NotEmpty(t, failed)
	assert.Equal(t, `Error creating: pods "bad-" is forbidden: pod rejected: RuntimeClass "kata" not found`, failed[0])
}
