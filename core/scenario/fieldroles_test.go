package scenario

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

// fieldRole classifies one field of the API's Pod or Node: modelled (the
// component that acts on it) or irrelevant (why it changes neither where
// pods run nor when they leave). A field in notModelled needs no role: it
// is flagged.
type fieldRole struct {
	modelled   string
	irrelevant string
}

// walkRoles walks the schema type typ (fieldSchemaText) beside the core
// Go type goType (nil when core does not decode that far) and calls visit
// for every field: its pattern path (list indices as []), whether core
// decodes it, and whether notModelled flags it. It descends into the
// fields core decodes and that are not flagged.
func walkRoles(typ string, goType reflect.Type, path string, visit func(path string, decoded, flagged, container bool)) {
	for strings.HasPrefix(typ, "[]") || strings.HasPrefix(typ, "map:") {
		if strings.HasPrefix(typ, "[]") {
			typ, path = typ[2:], path+"[]"
		} else {
			typ, path = typ[4:], path+"[*]"
		}
		goType = elem(goType)
	}
	fields := fieldSchemaTypes()[typ]
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := name
		if path != "" {
			p = path + "." + name
		}
		_, flagged := notModelled[typ][name]
		sub := jsonField(goType, name)
		visit(p, sub != nil, flagged, sub != nil && schemaStruct(fields[name]))
		if sub != nil && !flagged && fields[name] != "" {
			walkRoles(fields[name], sub, p, visit)
		}
	}
}

// schemaStruct reports whether a schema type is (a list or map of) a
// struct with fields.
func schemaStruct(typ string) bool {
	typ = strings.TrimLeft(strings.TrimPrefix(typ, "map:"), "[]")
	return typ != "" && len(fieldSchemaTypes()[typ]) > 0
}

// elem strips pointers, slices and maps.
func elem(t reflect.Type) reflect.Type {
	for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map) {
		t = t.Elem()
	}
	return t
}

// jsonField returns the Go type of t's field with JSON name name (looking
// into inline embedded structs), nil when t has none.
func jsonField(t reflect.Type, name string) reflect.Type {
	t = elem(t)
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && (tag == "" || strings.Contains(f.Tag.Get("json"), "inline")) {
			if sub := jsonField(f.Type, name); sub != nil {
				return sub
			}
			continue
		}
		if tag == name {
			return f.Type
		}
	}
	return nil
}

// Roles of the fields of Pod and Node that are not flagged. A role covers
// the field and everything under it. "m:" says which component acts on a
// decoded field; "i:" why a field changes neither where a pod runs nor
// when it leaves.
var fieldRoles = map[string]map[string]string{"Pod": podRoles, "Node": nodeRoles}

// metaRoles classify the fields both kinds have.
var metaRoles = map[string]string{
	"apiVersion":                          "m: the decoder (kind and version checks)",
	"kind":                                "m: the decoder",
	"metadata.name":                       "m: the store",
	"metadata.generateName":               "m: the store (names of created objects)",
	"metadata.namespace":                  "m: the store, InterPodAffinity, PodTopologySpread, budgets' selectors",
	"metadata.uid":                        "m: the store (kubectl get -o yaml)",
	"metadata.labels":                     "m: NodeAffinity, selectors of workloads and budgets, InterPodAffinity, PodTopologySpread, the node lifecycle controller's zones",
	"metadata.annotations":                "m: the store (kubectl describe)",
	"metadata.creationTimestamp":          "m: the store (ages)",
	"metadata.ownerReferences":            "m: the workload controllers, the system default spreading, kubectl drain",
	"metadata.deletionGracePeriodSeconds": "i: set with deletionTimestamp, which is flagged",
	"metadata.finalizers":                 "i: they only hold an object deleted already (deletionTimestamp, flagged)",
	"metadata.ownerReferences[].blockOwnerDeletion": "i: foreground deletion by the garbage collector",
	"metadata.generation":                           "i: a counter of spec changes",
	"metadata.managedFields":                        "i: server-side apply bookkeeping",
	"metadata.resourceVersion":                      "i: the store numbers its own versions",
	"metadata.selfLink":                             "i: deprecated and empty",
}

var podRoles = withContainerRoles(map[string]string{
	"status.conditions[].lastProbeTime":        "i: a timestamp",
	"status.conditions[].lastTransitionTime":   "i: a timestamp",
	"status.conditions[].observedGeneration":   "i: a counter",
	"spec.affinity.nodeAffinity":               "m: NodeAffinity",
	"spec.affinity.podAffinity":                "m: InterPodAffinity",
	"spec.affinity.podAntiAffinity":            "m: InterPodAffinity",
	"spec.tolerations":                         "m: TaintToleration, taint eviction, admission",
	"spec.nodeName":                            "m: NodeName, the kubelet",
	"spec.nodeSelector":                        "m: NodeAffinity",
	"spec.overhead":                            "m: NodeResourcesFit (PodRequests)",
	"spec.priority":                            "m: the scheduling queue, preemption, Priority admission",
	"spec.priorityClassName":                   "m: Priority admission",
	"spec.preemptionPolicy":                    "m: DefaultPreemption",
	"spec.schedulerName":                       "m: the scheduler (other names are never scheduled)",
	"spec.hostNetwork":                         "m: NodePorts (host ports default to the container ports), DaemonSet tolerations",
	"spec.runtimeClassName":                    "m: RuntimeClass admission",
	"spec.schedulingGates":                     "m: SchedulingGates (the queue's PreEnqueue)",
	"spec.terminationGracePeriodSeconds":       "m: graceful deletion (store.DeletePod), the kubelet's end of termination",
	"spec.topologySpreadConstraints":           "m: PodTopologySpread",
	"spec.containers[].image":                  "m: ImageLocality",
	"spec.containers[].name":                   "m: kubectl describe",
	"spec.containers[].ports":                  "m: NodePorts",
	"spec.containers[].resources.requests":     "m: NodeResourcesFit, BalancedAllocation, the kubelet's admission",
	"spec.containers[].resources.limits":       "m: defaulting of requests, kubectl describe, QoS class",
	"spec.containers[].restartPolicy":          "m: PodRequests (sidecars)",
	"spec.initContainers[].image":              "m: ImageLocality",
	"spec.initContainers[].name":               "m: kubectl describe",
	"spec.initContainers[].ports":              "m: NodePorts",
	"spec.initContainers[].resources.requests": "m: PodRequests (init containers' max rule)",
	"spec.initContainers[].resources.limits":   "m: defaulting of requests",
	"spec.initContainers[].restartPolicy":      "m: PodRequests (sidecars)",
	"spec.volumes[].name":                      "m: kubectl describe",
	"spec.volumes[].emptyDir":                  "m: kubectl drain (local storage)",
	"spec.volumes[].hostPath":                  "m: kubectl describe",
	"status.phase":                             "m: the scheduler cache, the kubelet",
	"status.conditions":                        "m: DisruptionTarget, PodScheduled",
	"status.message":                           "m: kubectl describe",
	"status.reason":                            "m: kubectl get (Evicted …)",
	"status.nominatedNodeName":                 "m: preemption",

	"spec.automountServiceAccountToken":           "i: credentials",
	"spec.dnsConfig":                              "i: networking inside the pod",
	"spec.dnsPolicy":                              "i: networking inside the pod",
	"spec.enableServiceLinks":                     "i: environment variables",
	"spec.ephemeralContainers":                    "i: debugging containers request nothing the scheduler counts",
	"spec.evictionResponders":                     "i: alpha in 1.37 (EvictionRequestAPI), off by default",
	"spec.hostAliases":                            "i: /etc/hosts",
	"spec.hostIPC":                                "i: a namespace setting",
	"spec.hostPID":                                "i: a namespace setting",
	"spec.hostUsers":                              "i: a namespace setting",
	"spec.hostname":                               "i: the pod's own hostname",
	"spec.hostnameOverride":                       "i: the pod's own hostname",
	"spec.imagePullSecrets":                       "i: credentials",
	"spec.readinessGates":                         "i: running pods are Ready here (gates and probes are taken as passed)",
	"spec.restartPolicy":                          "i: container restarts inside a running pod",
	"spec.securityContext":                        "i: runtime security settings",
	"spec.serviceAccount":                         "i: credentials",
	"spec.serviceAccountName":                     "i: credentials",
	"spec.setHostnameAsFQDN":                      "i: the pod's own hostname",
	"spec.shareProcessNamespace":                  "i: a namespace setting",
	"spec.subdomain":                              "i: DNS",
	"spec.volumes[].azureFile":                    "i: no scheduler plugin checks this volume type",
	"spec.volumes[].cephfs":                       "i: no scheduler plugin checks this volume type",
	"spec.volumes[].configMap":                    "i: no scheduler plugin checks this volume type",
	"spec.volumes[].downwardAPI":                  "i: no scheduler plugin checks this volume type",
	"spec.volumes[].emptyDir.mode":                "i: a file mode",
	"spec.volumes[].fc":                           "i: no scheduler plugin checks this volume type",
	"spec.volumes[].flexVolume":                   "i: no scheduler plugin checks this volume type",
	"spec.volumes[].flocker":                      "i: in-tree plugin removed upstream",
	"spec.volumes[].gitRepo":                      "i: no scheduler plugin checks this volume type",
	"spec.volumes[].glusterfs":                    "i: in-tree plugin removed upstream",
	"spec.volumes[].image":                        "i: no scheduler plugin checks this volume type",
	"spec.volumes[].nfs":                          "i: no scheduler plugin checks this volume type",
	"spec.volumes[].photonPersistentDisk":         "i: in-tree plugin removed upstream",
	"spec.volumes[].portworxVolume":               "i: in-tree plugin removed upstream",
	"spec.volumes[].projected":                    "i: no scheduler plugin checks this volume type",
	"spec.volumes[].quobyte":                      "i: in-tree plugin removed upstream",
	"spec.volumes[].scaleIO":                      "i: in-tree plugin removed upstream",
	"spec.volumes[].secret":                       "i: no scheduler plugin checks this volume type",
	"spec.volumes[].storageos":                    "i: in-tree plugin removed upstream",
	"spec.volumes[].vsphereVolume":                "i: in-tree plugin removed upstream",
	"status.allocatedResources":                   "i: equal to the spec's requests unless a resize is under way (status.resize, flagged)",
	"status.containerStatuses":                    "i: container state; allocated resources differ from the spec only during a resize (flagged)",
	"status.ephemeralContainerStatuses":           "i: container state",
	"status.extendedResourceClaimStatus":          "i: set by the scheduler with DRA claims (spec.resourceClaims, flagged)",
	"status.hostIP":                               "i: the node's address",
	"status.hostIPs":                              "i: the node's addresses",
	"status.initContainerStatuses":                "i: container state",
	"status.nodeAllocatableResourceClaimStatuses": "i: set with DRA claims (spec.resourceClaims, flagged)",
	"status.observedGeneration":                   "i: a counter",
	"status.podIP":                                "i: networking",
	"status.podIPs":                               "i: networking",
	"status.qosClass":                             "i: computed from requests and limits",
	"status.resourceClaimStatuses":                "i: set with DRA claims (spec.resourceClaims, flagged)",
	"status.resources":                            "i: pod-level resources as allocated (spec.resources, flagged)",
	"status.startTime":                            "i: a timestamp",
	"status.volumeHealth":                         "i: volume state",
})

var nodeRoles = map[string]string{
	"status.conditions[].lastHeartbeatTime": "m: the node lifecycle controller (kubelet heartbeats are simulated from t=0)",
	"status.conditions":                     "m: the node lifecycle controller, the kubelet's admission",
	"spec.taints":                           "m: TaintToleration, taint eviction, the node lifecycle controller",
	"spec.unschedulable":                    "m: NodeUnschedulable, kubectl cordon",
	"spec.providerID":                       "m: kubectl describe",
	"spec.podCIDR":                          "m: kubectl describe",
	"spec.podCIDRs":                         "i: networking",
	"spec.configSource":                     "i: deprecated kubelet configuration",
	"spec.externalID":                       "i: deprecated",
	"spec.podPreemptionPolicy":              "i: alpha (InPlacePodVerticalScalingSchedulerPreemption), off by default",
	"status.allocatable":                    "m: NodeResourcesFit, the kubelet's admission",
	"status.capacity":                       "m: NodeResourcesFit when allocatable is absent, kubectl describe",
	"status.images":                         "m: ImageLocality",
	"status.addresses":                      "i: networking",
	"status.config":                         "i: kubelet configuration",
	"status.daemonEndpoints":                "i: the kubelet's port",
	"status.declaredFeatures":               "i: NodeDeclaredFeatures is alpha and off by default",
	"status.features":                       "i: kubelet features that do not change scheduling",
	"status.nodeInfo":                       "i: versions and identifiers",
	"status.phase":                          "i: deprecated, unused",
	"status.runtimeHandlers":                "i: container runtime handlers",
	"status.volumesAttached":                "i: attach state; attach limits are flagged on the pods' volumes",
	"status.volumesInUse":                   "i: attach state; attach limits are flagged on the pods' volumes",
}

// containerRoles classify the fields of containers and init containers
// that change neither where a pod runs nor when it leaves.
var containerRoles = map[string]string{
	"args":                     "i: the process",
	"command":                  "i: the process",
	"env":                      "i: the process",
	"envFrom":                  "i: the process",
	"imagePullPolicy":          "i: when the kubelet pulls",
	"lifecycle":                "i: hooks inside a running pod (preStop runs within the grace period, flagged on the pod)",
	"livenessProbe":            "i: container restarts",
	"readinessProbe":           "i: running pods are Ready here (probes are taken as passed)",
	"startupProbe":             "i: container restarts",
	"resizePolicy":             "i: how an in-place resize is applied",
	"restartPolicyRules":       "i: container restarts",
	"securityContext":          "i: runtime security settings",
	"stdin":                    "i: a terminal setting",
	"stdinOnce":                "i: a terminal setting",
	"tty":                      "i: a terminal setting",
	"terminationMessagePath":   "i: a log setting",
	"terminationMessagePolicy": "i: a log setting",
	"volumeDevices":            "i: mounts of the pod's volumes (the volumes are classified)",
	"volumeMounts":             "i: mounts of the pod's volumes (the volumes are classified)",
	"workingDir":               "i: the process",
}

// withContainerRoles adds containerRoles under spec.containers[] and
// spec.initContainers[].
func withContainerRoles(roles map[string]string) map[string]string {
	for _, list := range []string{"spec.containers[].", "spec.initContainers[]."} {
		for f, r := range containerRoles {
			roles[list+f] = r
		}
	}
	return roles
}

// Every field a real Pod or Node manifest can carry is modelled (decoded
// and acted on), flagged (notModelled: Parse records it and the board,
// Check and cmd/sim show it) or irrelevant to scheduling and eviction,
// with the reason. A new field in k8s.io/api (the schema is generated
// from it) fails this test until it is classified; a decoded field must be
// modelled or flagged, never silently ignored.
func TestEveryFieldIsModelledOrFlagged(t *testing.T) {
	used := map[string]bool{}
	for _, root := range []struct {
		kind   string
		goType reflect.Type
	}{{"Pod", reflect.TypeOf(core.Pod{})}, {"Node", reflect.TypeOf(core.Node{})}} {
		roles := fieldRoles[root.kind]
		lookup := func(p string) (string, bool) {
			if r, ok := roles[p]; ok {
				used[root.kind+" "+p] = true
				return r, true
			}
			r, ok := metaRoles[p]
			if ok {
				used["meta "+p] = true
			}
			return r, ok
		}
		roleOf := func(path string) (string, bool) {
			for p := path; ; {
				if r, ok := lookup(p); ok && r != "" {
					return r, true
				}
				i := strings.LastIndex(p, ".")
				if i < 0 {
					return "", false
				}
				p = strings.TrimSuffix(strings.TrimSuffix(p[:i], "[]"), "[*]")
			}
		}
		walkRoles(fieldSchemaRoots[root.kind], root.goType, "", func(path string, decoded, flagged, container bool) {
			if flagged {
				return
			}
			role, ok := roleOf(path)
			if !ok && container {
				return // a decoded struct: its fields are classified one by one
			}
			if !assert.True(t, ok, "%s %s: neither modelled, flagged (notModelled) nor classified irrelevant", root.kind, path) {
				return
			}
			if !decoded {
				assert.False(t, strings.HasPrefix(role, "m: "), "%s %s is not decoded, so it cannot be modelled (%s): flag it", root.kind, path, role)
			}
		})
		for p := range roles {
			assert.True(t, used[root.kind+" "+p], "the %s role of %q names no field", root.kind, p)
		}
	}
	for p := range metaRoles {
		assert.True(t, used["meta "+p], "the role of %q names no field", p)
	}
}

// Every flagged field is a field of the API (no typo in notModelled).
func TestNotModelledNamesRealFields(t *testing.T) {
	types := fieldSchemaTypes()
	for typ, fields := range notModelled {
		require.Contains(t, types, typ)
		for f := range fields {
			assert.Contains(t, types[typ], f, "%s.%s", typ, f)
		}
	}
}
