package lint

import "testing"

// A file pod the admission chain refuses is an error finding with the
// API server's text; a pod created later by a step is not checked.
func TestAdmissionRefused(t *testing.T) {
	data := []byte(`kind: Scenario
name: refused
options: {enableAdmissionPlugins: [PodTolerationRestriction]}
steps:
- {at: 10s, run: create pod later}
---
apiVersion: v1
kind: Namespace
metadata:
  name: default
  annotations: {scheduler.alpha.kubernetes.io/tolerationsWhitelist: '[{"key": "x", "operator": "Exists"}]'}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: bad}
spec:
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: later}
spec:
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: gold}
spec:
  priorityClassName: gold
  containers: [{name: c, image: x}]
`)
	check(t, Lint(data), []want{
		{Error, "admission-refused", 4, "Pod/bad", "", "the API server refuses to create this pod, so it never exists: pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist"},
		{Error, "admission-refused", 6, "Pod/gold", "", `pods "gold" is forbidden: no PriorityClass with name gold was found`},
	})
}
