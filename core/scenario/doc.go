// Package scenario reads and writes playground scenario files.
//
// A scenario is one multi-document YAML file. Every document is either a
// real Kubernetes manifest — kind Node, Pod, Deployment, ReplicaSet,
// DaemonSet (apps/v1), PodDisruptionBudget (policy/v1), PriorityClass
// (scheduling.k8s.io/v1), Namespace, or List (whose items are any of them)
// — or the single optional document of kind Scenario that carries the
// timeline:
//
//	apiVersion: playground.k8s.io/v1alpha1   # optional; this is the default
//	kind: Scenario
//	name: docs-three-taints                  # required
//	title: Three taints from the docs        # optional, for people
//	description: One paragraph.              # optional
//	until: 90s                               # optional; default: the last step's time
//	options:
//	  seed: 1                                # tie-break seed; default 1
//	  kubernetesVersion: "1.33"              # 1.26 … 1.37; default 1.37
//	  featureGates:
//	    TaintTolerationComparisonOperators: true
//	  enableAdmissionPlugins: [PodTolerationRestriction]   # off by default
//	  disableAdmissionPlugins: [DefaultTolerationSeconds]  # on by default
//	  defaultNotReadyTolerationSeconds: 300                # the apiserver flags
//	  defaultUnreachableTolerationSeconds: 300
//	  podTolerationRestriction:                            # the plugin's config file
//	    default: [{key: team, operator: Exists}]
//	    whitelist: [{operator: Exists}]
//	steps:
//	- at: 30s                                # Go duration or plain seconds
//	  run: kubectl taint nodes n1 key1=value1:NoExecute
//	  caption: What happens, for people.
//
// Step commands (`run`):
//
//	kubectl taint nodes NODE KEY[=VALUE]:EFFECT[-] ... [--overwrite] [--all] [-l SELECTOR]
//	kubectl cordon NODE / kubectl uncordon NODE
//	kubectl label nodes NODE KEY=VALUE ... [--overwrite]
//	kubectl delete pod NAME [-n NAMESPACE]
//	node NODE not-ready | unreachable | ready | stop | start   (stop: the kubelet goes silent; start: it posts Ready=True again)
//	kubectl describe pod|node NAME / kubectl get pods [-o wide] / kubectl get events
//	node NODE condition TYPE=STATUS      (Ready, MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable)
//	create pod NAME                      (a Pod of this file, created at this step instead of t=0)
//	create node NAME                     (a Node of this file, joining the cluster at this step)
//	kubectl drain NODE [--ignore-daemonsets] [--delete-emptydir-data] [--force] [--disable-eviction]
//	kubectl scale deployment|replicaset NAME --replicas=N
//	kubectl apply -f -                   (with the step's manifest, see below)
//	wait DURATION                        (a frame DURATION later; the scenario runs at least that long)
//
// `kubectl apply -f -` reads the manifest that comes with the step, either
// in the step's `manifest` field or as the lines after the command in a
// block scalar:
//
//	steps:
//	- at: 60s
//	  run: kubectl apply -f -
//	  manifest: |
//	    apiVersion: policy/v1
//	    kind: PodDisruptionBudget
//	    metadata: {name: web}
//	    spec: {minAvailable: 2, selector: {matchLabels: {app: web}}}
//	- at: 90s
//	  run: |
//	    kubectl apply -f -
//	    apiVersion: apps/v1
//	    kind: Deployment
//	    ...
//
// The manifest is parsed and validated with the file.
//
// `at` and `until` are Go durations ("30s", "1m30s") or plain seconds; all
// times are virtual seconds since the start, and steps must be in time
// order. A step's command is checked by its leading words when the file is
// parsed; its arguments are checked when it runs, and a failing command is
// reported as that step's output (like kubectl's stderr), not as a file
// error.
//
// Manifests are decoded with their Kubernetes JSON field names; fields the
// playground does not simulate (managedFields, most of status, …) are
// ignored. Pods without a namespace get "default". Every Node and Pod is
// validated the way the API server validates it at create time (names,
// spec.tolerations, node taints) and errors read like the API server's,
// prefixed with the file name and the 1-based number of the document
// (empty documents are not counted), e.g.
//
//	web.yaml: document 3: The Pod "web" is invalid: spec.tolerations[0].operator: Unsupported value: "Foo": supported values: "Equal", "Exists"
//
// The Scenario document itself is decoded strictly: an unknown field is an
// error, so a typo never silently drops a step.
package scenario
