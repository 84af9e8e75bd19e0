package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Strict decoding (kubectl --validate=strict, the default since 1.27):
// unknown fields and duplicate keys are rejected with the API server's
// "strict decoding error"; every real field of the Kubernetes type is
// accepted, modelled or not.
func TestStrictDecoding(t *testing.T) {
	tests := []struct{ name, doc, want string }{
		{"misspelt tolerationSeconds", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers: [{name: c, image: x}]\n  tolerations: [{key: k, operator: Exists, effect: NoExecute, tolerationSecond: 30}]\n",
			`web.yaml: document 1: Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.tolerations[0].tolerationSecond"`},
		{"toleration instead of tolerations", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers: [{name: c, image: x}]\n  toleration: [{key: k, operator: Exists}]\n",
			`web.yaml: document 1: Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.toleration"`},
		{"two unknown fields", "apiVersion: v1\nkind: Node\nmetadata: {name: n1, lables: {a: b}}\nspec: {taint: []}\n",
			`web.yaml: document 1: Node in version "v1" cannot be handled as a Node: strict decoding error: unknown field "metadata.lables", unknown field "spec.taint"`},
		{"in a container's resources", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers: [{name: c, image: x, resources: {request: {cpu: 1}}}]\n",
			`web.yaml: document 1: Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.containers[0].resources.request"`},
		{"workload template", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec:\n      containers: [{name: c, image: x}]\n      tolerations: [{key: k, operater: Exists}]\n",
			`web.yaml: document 1: Deployment in version "apps/v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.template.spec.tolerations[0].operater"`},
		{"list item", "apiVersion: v1\nkind: List\nitems:\n- {apiVersion: v1, kind: Pod, metadata: {name: a}, spec: {containers: [{name: c, image: x}], nodeselector: {a: b}}}\n",
			`web.yaml: document 1: items[0]: Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.nodeselector"`},
		{"duplicate key", "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nmetadata: {name: b}\nspec:\n  containers: [{name: c, image: x}]\n",
			"web.yaml: document 1: Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: yaml: unmarshal errors:\n  line 4: key \"metadata\" already set in map"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.doc), "web.yaml")
			assert.EqualError(t, err, tc.want)
		})
	}
}

// Real fields the playground does not model still parse: status noise,
// managedFields, resourceVersion, env, volumes, securityContext, probes,
// a Deployment's strategy and status.
func TestStrictDecodingAcceptsRealFields(t *testing.T) {
	doc := `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: default
  resourceVersion: "123"
  uid: 0b7c
  generation: 1
  creationTimestamp: "2026-01-01T00:00:00Z"
  finalizers: [a/b]
  managedFields:
  - manager: kubectl
    operation: Apply
    apiVersion: v1
    time: "2026-01-01T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:containers": {}}}
spec:
  securityContext: {runAsNonRoot: true, seccompProfile: {type: RuntimeDefault}}
  volumes:
  - name: data
    emptyDir: {sizeLimit: 1Gi}
  - name: cfg
    configMap: {name: cfg, items: [{key: a, path: a}]}
  containers:
  - name: app
    image: nginx
    env:
    - {name: A, value: "1"}
    - name: B
      valueFrom: {fieldRef: {fieldPath: metadata.name}}
    volumeMounts: [{name: data, mountPath: /data}]
    livenessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 10}
    securityContext: {allowPrivilegeEscalation: false, capabilities: {drop: [ALL]}}
    resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {memory: 128Mi}}
  tolerations:
  - {key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute, tolerationSeconds: 300}
status:
  phase: Running
  qosClass: Burstable
  podIP: 10.0.0.1
  conditions:
  - {type: Ready, status: "True", lastProbeTime: null, lastTransitionTime: "2026-01-01T00:00:00Z"}
  containerStatuses:
  - name: app
    ready: true
    restartCount: 0
    image: nginx
    imageID: docker.io/library/nginx@sha256:0
    state: {running: {startedAt: "2026-01-01T00:00:00Z"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: d, annotations: {deployment.kubernetes.io/revision: "1"}}
spec:
  replicas: 1
  revisionHistoryLimit: 10
  progressDeadlineSeconds: 600
  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 25%, maxUnavailable: 25%}}
  selector: {matchLabels: {app: d}}
  template:
    metadata: {labels: {app: d}}
    spec:
      terminationGracePeriodSeconds: 30
      containers: [{name: c, image: x, imagePullPolicy: Always, ports: [{containerPort: 80, protocol: TCP}]}]
status:
  replicas: 1
  availableReplicas: 1
  conditions: [{type: Available, status: "True", reason: MinimumReplicasAvailable}]
`
	_, err := Parse([]byte(doc), "real.yaml")
	require.NoError(t, err, "real fields rejected")
}
