package core

// NodeConditionType is a node condition's type (Ready, MemoryPressure, …).
type NodeConditionType string

// Node condition types.
const (
	NodeReady              NodeConditionType = "Ready"
	NodeMemoryPressure     NodeConditionType = "MemoryPressure"
	NodeDiskPressure       NodeConditionType = "DiskPressure"
	NodePIDPressure        NodeConditionType = "PIDPressure"
	NodeNetworkUnavailable NodeConditionType = "NetworkUnavailable"
)

// ConditionStatus is True, False or Unknown.
type ConditionStatus string

// Condition statuses.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// NodeCondition is one entry of node.status.conditions.
type NodeCondition struct {
	Type               NodeConditionType `json:"type"`
	Status             ConditionStatus   `json:"status"`
	LastHeartbeatTime  *Time             `json:"lastHeartbeatTime,omitempty"`
	LastTransitionTime *Time             `json:"lastTransitionTime,omitempty"`
	Reason             string            `json:"reason,omitempty"`
	Message            string            `json:"message,omitempty"`
}

// NodeSpec is the subset of core/v1 NodeSpec the playground reads.
type NodeSpec struct {
	// Unschedulable is set by `kubectl cordon`.
	Unschedulable bool    `json:"unschedulable,omitempty"`
	Taints        []Taint `json:"taints,omitempty"`
	ProviderID    string  `json:"providerID,omitempty"`
	PodCIDR       string  `json:"podCIDR,omitempty"`
}

// NodeStatus is the subset of core/v1 NodeStatus the playground reads.
// Allocatable is what the scheduler fits pods against.
type NodeStatus struct {
	Capacity    ResourceList    `json:"capacity,omitempty"`
	Allocatable ResourceList    `json:"allocatable,omitempty"`
	Conditions  []NodeCondition `json:"conditions,omitempty"`
	// Images are the container images present on the node (ImageLocality).
	Images []ContainerImage `json:"images,omitempty"`
	// Addresses and NodeInfo are what real node dumps carry; kubectl get
	// nodes -o wide prints them (INTERNAL-IP, OS-IMAGE, …).
	Addresses []NodeAddress `json:"addresses,omitempty"`
	// NodeInfo is left out of the JSON when empty (upstream always writes
	// it), so that objects without it encode as before.
	NodeInfo NodeSystemInfo `json:"nodeInfo,omitzero"`
}

// NodeAddressType is a node address's type: Hostname, InternalIP,
// ExternalIP, InternalDNS or ExternalDNS.
type NodeAddressType string

// Node address types kubectl get nodes -o wide prints.
const (
	NodeInternalIP NodeAddressType = "InternalIP"
	NodeExternalIP NodeAddressType = "ExternalIP"
)

// NodeAddress is one entry of node.status.addresses.
type NodeAddress struct {
	Type    NodeAddressType `json:"type"`
	Address string          `json:"address"`
}

// NodeSystemInfo is node.status.nodeInfo (core/v1 NodeSystemInfo): what
// the kubelet reports about the machine.
type NodeSystemInfo struct {
	MachineID               string `json:"machineID"`
	SystemUUID              string `json:"systemUUID"`
	BootID                  string `json:"bootID"`
	KernelVersion           string `json:"kernelVersion"`
	OSImage                 string `json:"osImage"`
	ContainerRuntimeVersion string `json:"containerRuntimeVersion"`
	KubeletVersion          string `json:"kubeletVersion"`
	KubeProxyVersion        string `json:"kubeProxyVersion"`
	OperatingSystem         string `json:"operatingSystem"`
	Architecture            string `json:"architecture"`
}

// ContainerImage is one image on a node: its names and size.
type ContainerImage struct {
	Names     []string `json:"names,omitempty"`
	SizeBytes int64    `json:"sizeBytes,omitempty"`
}

// Node is a worker in the cluster (core/v1 Node).
type Node struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       NodeSpec   `json:"spec,omitempty"`
	Status     NodeStatus `json:"status,omitempty"`

	// NotModelled lists the fields of the manifest this node came from
	// that upstream acts on and the playground does not model (set by
	// scenario.Parse; not an API field).
	NotModelled []Gap `json:"-"`
}

// RuntimeClass is a node.k8s.io/v1 RuntimeClass: the container runtime
// handler a pod asks for with spec.runtimeClassName, the overhead that
// running it adds to the pod, and where such pods can run. The
// RuntimeClass admission plugin copies overhead and scheduling into the
// pods that name it.
type RuntimeClass struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Handler    string                  `json:"handler"`
	Overhead   *RuntimeClassOverhead   `json:"overhead,omitempty"`
	Scheduling *RuntimeClassScheduling `json:"scheduling,omitempty"`
}

// RuntimeClassOverhead is node/v1 Overhead: the resources a pod of the
// class uses beyond its containers' requests.
type RuntimeClassOverhead struct {
	PodFixed ResourceList `json:"podFixed,omitempty"`
}

// RuntimeClassScheduling is node/v1 Scheduling: the node selector and
// tolerations merged into every pod of the class.
type RuntimeClassScheduling struct {
	NodeSelector map[string]string `json:"nodeSelector,omitempty"`
	Tolerations  []Toleration      `json:"tolerations,omitempty"`
}
