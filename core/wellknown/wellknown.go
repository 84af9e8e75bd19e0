// Package wellknown is the palette of taints people meet in real clusters:
// the ones Kubernetes itself adds (control plane, node conditions, cordon,
// cloud-provider initialization and shutdown, out-of-service) and common
// vendor ones for GPU and spot capacity. Each entry says who adds the
// taint, when, what it means in one line, and where it is documented, so a
// UI can offer it as a one-click taint with a link to the docs.
//
// Kubernetes entries link to the "Well-Known Labels, Annotations and
// Taints" reference on kubernetes.io. Vendor entries are marked with their
// Vendor and link to that vendor's documentation; their keys are not
// reserved by Kubernetes and may change with the vendor's product.
package wellknown

import "github.com/taints-playground/playground/core"

// Group is a palette section.
type Group string

// Palette sections, in palette order.
const (
	GroupControlPlane  Group = "control-plane"
	GroupNodeLifecycle Group = "node-lifecycle" // not-ready, unreachable, out-of-service
	GroupPressure      Group = "pressure"       // memory, disk, PID, network
	GroupUnschedulable Group = "unschedulable"  // cordon
	GroupCloud         Group = "cloud"          // uninitialized, shutdown
	GroupGPU           Group = "gpu"
	GroupSpot          Group = "spot"
)

// DocsBase is the kubernetes.io reference every Kubernetes entry links
// into.
const DocsBase = "https://kubernetes.io/docs/reference/labels-annotations-taints/"

// Taint is one palette entry.
type Taint struct {
	// Key and Value are the taint's key and its usual value ("" for the
	// Kubernetes taints, which carry none).
	Key   string
	Value string
	// Effects are the effects the key is used with, the most common first.
	Effects []core.TaintEffect
	Group   Group
	// Vendor is "" for taints Kubernetes itself defines, else the product
	// that uses the key ("NVIDIA device plugin / GKE", "Azure Kubernetes
	// Service", ...).
	Vendor string
	// AddedBy is who puts the taint on the node; When is the trigger (and
	// who removes it); Meaning is what it tells the scheduler and the
	// workloads, in one line.
	AddedBy string
	When    string
	Meaning string
	// DocsURL documents the key: kubernetes.io for Kubernetes entries, the
	// vendor's documentation otherwise.
	DocsURL string
	// LabelOnly marks vendor keys the platform sets as a node label but
	// not as a taint: the taint form is the convention users add
	// themselves, with the same key and value.
	LabelOnly bool
	// Simulated reports whether the playground's controllers add and
	// remove the taint on their own (the rest are added by steps or
	// manifests).
	Simulated bool
}

// Taint returns the entry as a core.Taint with its first effect.
func (t Taint) Taint() core.Taint {
	return core.Taint{Key: t.Key, Value: t.Value, Effect: t.Effects[0]}
}

// Taints returns the entry as one core.Taint per effect.
func (t Taint) Taints() []core.Taint {
	out := make([]core.Taint, len(t.Effects))
	for i, e := range t.Effects {
		out[i] = core.Taint{Key: t.Key, Value: t.Value, Effect: e}
	}
	return out
}

// Builtin reports whether Kubernetes itself defines the key.
func (t Taint) Builtin() bool { return t.Vendor == "" }

var (
	noSchedule = []core.TaintEffect{core.TaintEffectNoSchedule}
	bothHard   = []core.TaintEffect{core.TaintEffectNoExecute, core.TaintEffectNoSchedule}
)

var palette = []Taint{
	{
		Key: "node-role.kubernetes.io/control-plane", Effects: noSchedule, Group: GroupControlPlane,
		AddedBy: "kubeadm (and most installers) on control-plane nodes",
		When:    "at kubeadm init/join of a control-plane node; stays until removed by hand",
		Meaning: "keeps ordinary workloads off the control plane; only pods that tolerate it run there",
		DocsURL: DocsBase + "#node-role-kubernetes-io-control-plane-taint",
	},
	{
		Key: "node-role.kubernetes.io/master", Effects: noSchedule, Group: GroupControlPlane,
		AddedBy: "kubeadm up to 1.24 (deprecated; not applied since 1.25)",
		When:    "only on clusters created or upgraded by old kubeadm releases",
		Meaning: "the old name of the control-plane taint; tolerating it alone does not admit a pod to a current control plane",
		DocsURL: DocsBase + "#node-role-kubernetes-io-master-taint",
	},
	{
		Key: core.TaintNodeNotReady, Effects: bothHard, Group: GroupNodeLifecycle,
		AddedBy: "node-lifecycle controller (kube-controller-manager)", Simulated: true,
		When:    "when the node's Ready condition is False; removed when it is True again",
		Meaning: "the kubelet reports the node unhealthy; NoExecute evicts pods after their tolerationSeconds (300 s by default)",
		DocsURL: DocsBase + "#node-kubernetes-io-not-ready",
	},
	{
		Key: core.TaintNodeUnreachable, Effects: bothHard, Group: GroupNodeLifecycle,
		AddedBy: "node-lifecycle controller (kube-controller-manager)", Simulated: true,
		When:    "when the node's Ready condition is Unknown (no heartbeat for node-monitor-grace-period); removed when it reports again",
		Meaning: "the control plane has lost contact with the node; NoExecute evicts pods after their tolerationSeconds (300 s by default)",
		DocsURL: DocsBase + "#node-kubernetes-io-unreachable",
	},
	{
		Key: core.TaintNodeOutOfService, Effects: []core.TaintEffect{core.TaintEffectNoExecute}, Group: GroupNodeLifecycle,
		AddedBy: "a cluster operator, by hand",
		When:    "after confirming a node is really shut down (non-graceful node shutdown)",
		Meaning: "pods without a matching toleration are evicted at once; on a node that is not Ready they stay Terminating until the pod garbage collector force-deletes them at its next pass (every 20 s), and their volumes are detached, so they can start elsewhere",
		DocsURL: DocsBase + "#node-kubernetes-io-out-of-service",
	},
	{
		Key: core.TaintNodeMemoryPressure, Effects: noSchedule, Group: GroupPressure,
		AddedBy: "node-lifecycle controller, from the kubelet's condition", Simulated: true,
		When:    "while the node's MemoryPressure condition is True",
		Meaning: "the kubelet is short of memory and may evict pods; no new pods unless they tolerate it",
		DocsURL: DocsBase + "#node-kubernetes-io-memory-pressure",
	},
	{
		Key: core.TaintNodeDiskPressure, Effects: noSchedule, Group: GroupPressure,
		AddedBy: "node-lifecycle controller, from the kubelet's condition", Simulated: true,
		When:    "while the node's DiskPressure condition is True",
		Meaning: "the node's filesystems are nearly full; no new pods unless they tolerate it",
		DocsURL: DocsBase + "#node-kubernetes-io-disk-pressure",
	},
	{
		Key: core.TaintNodePIDPressure, Effects: noSchedule, Group: GroupPressure,
		AddedBy: "node-lifecycle controller, from the kubelet's condition", Simulated: true,
		When:    "while the node's PIDPressure condition is True",
		Meaning: "the node is running out of process IDs; no new pods unless they tolerate it",
		DocsURL: DocsBase + "#node-kubernetes-io-pid-pressure",
	},
	{
		Key: core.TaintNodeNetworkUnavailable, Effects: noSchedule, Group: GroupPressure,
		AddedBy: "node-lifecycle controller, from the NetworkUnavailable condition", Simulated: true,
		When:    "while the node's network (routes) is not configured; cleared by the cloud provider or CNI",
		Meaning: "pod networking is not ready on the node; only host-network pods that tolerate it should land",
		DocsURL: DocsBase + "#node-kubernetes-io-network-unavailable",
	},
	{
		Key: core.TaintNodeUnschedulable, Effects: noSchedule, Group: GroupUnschedulable,
		AddedBy: "node-lifecycle controller, mirroring spec.unschedulable", Simulated: true,
		When:    "after kubectl cordon (or drain); removed by kubectl uncordon",
		Meaning: "the node is cordoned: no new pods, running ones stay; DaemonSet pods tolerate it",
		DocsURL: DocsBase + "#node-kubernetes-io-unschedulable",
	},
	{
		Key: "node.cloudprovider.kubernetes.io/uninitialized", Value: "true", Effects: noSchedule, Group: GroupCloud,
		AddedBy: "the kubelet started with --cloud-provider=external",
		When:    "at node registration; removed by the cloud-controller-manager once it has initialized the node",
		Meaning: "the cloud provider has not yet filled in the node's addresses, zone and other details",
		DocsURL: DocsBase + "#node-cloudprovider-kubernetes-io-uninitialized",
	},
	{
		Key: "node.cloudprovider.kubernetes.io/shutdown", Effects: noSchedule, Group: GroupCloud,
		AddedBy: "the cloud-controller-manager",
		When:    "while the cloud provider reports the node's machine as shut down",
		Meaning: "the machine behind the node is stopped; nothing new should be placed there",
		DocsURL: DocsBase + "#node-cloudprovider-kubernetes-io-shutdown",
	},
	{
		Key: "nvidia.com/gpu", Value: "present", Effects: noSchedule, Group: GroupGPU,
		Vendor:  "Google Kubernetes Engine (NVIDIA GPU node pools)",
		AddedBy: "GKE, on the nodes of a GPU node pool",
		When:    "when a GPU node pool is added to a cluster that also runs non-GPU node pools",
		Meaning: "keeps pods that do not use the GPU off expensive GPU nodes; pods requesting nvidia.com/gpu get the toleration from the ExtendedResourceToleration admission plugin",
		DocsURL: "https://cloud.google.com/kubernetes-engine/docs/how-to/gpus",
	},
	{
		Key: "nvidia.com/gpu", Effects: noSchedule, Group: GroupGPU,
		Vendor:  "NVIDIA device plugin (any cluster)",
		AddedBy: "the cluster operator, by convention named after the extended resource",
		When:    "when GPU nodes join a pool reserved for GPU work",
		Meaning: "the same idea on self-managed or EKS clusters; often written without a value, so a toleration must use Exists or an empty value",
		DocsURL: "https://kubernetes.io/docs/reference/access-authn-authz/admission-controllers/#extendedresourcetoleration",
	},
	{
		Key: "cloud.google.com/gke-spot", Value: "true", Effects: noSchedule, Group: GroupSpot,
		Vendor:  "Google Kubernetes Engine (Spot VMs)",
		AddedBy: "GKE Autopilot on Spot nodes; in Standard clusters the operator adds it to Spot node pools",
		When:    "when a Spot node is created; the node is reclaimed with about 30 s notice",
		Meaning: "capacity that can disappear at any time; only fault-tolerant pods should tolerate it (GKE also labels the node cloud.google.com/gke-spot=true)",
		DocsURL: "https://cloud.google.com/kubernetes-engine/docs/concepts/spot-vms",
	},
	{
		Key: "kubernetes.azure.com/scalesetpriority", Value: "spot", Effects: noSchedule, Group: GroupSpot,
		Vendor:  "Azure Kubernetes Service (Spot node pools)",
		AddedBy: "AKS, on every node of a Spot node pool",
		When:    "when the Spot node pool is created; nodes can be evicted when Azure needs the capacity",
		Meaning: "capacity that can be evicted by Azure; pods must tolerate it to run there (the node also carries the label of the same key)",
		DocsURL: "https://learn.microsoft.com/azure/aks/spot-node-pool",
	},
	{
		Key: "eks.amazonaws.com/capacityType", Value: "SPOT", Effects: noSchedule, Group: GroupSpot,
		Vendor:    "Amazon EKS (managed node groups)",
		LabelOnly: true,
		AddedBy:   "EKS sets only the node label; operators who want spot nodes opt-in add a taint with the same key",
		When:      "when a managed node group with capacity type SPOT creates the node",
		Meaning:   "capacity that can be interrupted with two minutes' notice; the taint form keeps pods off unless they opt in",
		DocsURL:   "https://docs.aws.amazon.com/eks/latest/userguide/managed-node-groups.html",
	},
}

// Palette returns every entry in palette order (Kubernetes entries by
// group, then GPU and spot vendor entries). The slice is a copy.
func Palette() []Taint {
	out := make([]Taint, len(palette))
	for i, t := range palette {
		t.Effects = append([]core.TaintEffect(nil), t.Effects...)
		out[i] = t
	}
	return out
}

// ByGroup returns the entries of one group, in palette order.
func ByGroup(g Group) []Taint {
	var out []Taint
	for _, t := range Palette() {
		if t.Group == g {
			out = append(out, t)
		}
	}
	return out
}

// Lookup returns the first entry for key: the Kubernetes one for built-in
// keys, the first vendor entry otherwise.
func Lookup(key string) (Taint, bool) {
	for _, t := range Palette() {
		if t.Key == key {
			return t, true
		}
	}
	return Taint{}, false
}

// Groups lists the groups in palette order.
func Groups() []Group {
	return []Group{GroupControlPlane, GroupNodeLifecycle, GroupPressure, GroupUnschedulable, GroupCloud, GroupGPU, GroupSpot}
}
