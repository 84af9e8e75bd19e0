package core

import (
	"encoding/json"
	"fmt"
	"time"
)

// The types mirror k8s.io/api/core/v1 (and apps/v1, policy/v1,
// scheduling.k8s.io/v1) field for field: the same Go field names where
// practical and the same JSON tags, so a real manifest — a Node from
// `kubectl get node -o yaml`, a Pod, a List — decodes into them directly.
// Fields the playground does not simulate are simply not declared and are
// ignored on decode.

// TaintEffect is the effect of a taint: what happens to pods that do not
// tolerate it (k8s.io/api/core/v1 TaintEffect).
type TaintEffect string

// The taint effects a node may carry.
const (
	// TaintEffectNoSchedule keeps new pods that do not tolerate the taint off
	// the node (scheduler Filter). Running pods stay.
	TaintEffectNoSchedule TaintEffect = "NoSchedule"
	// TaintEffectPreferNoSchedule makes the scheduler avoid the node (Score)
	// but still use it when nothing better fits.
	TaintEffectPreferNoSchedule TaintEffect = "PreferNoSchedule"
	// TaintEffectNoExecute filters like NoSchedule and also evicts running
	// pods that do not tolerate it (taint-eviction controller).
	TaintEffectNoExecute TaintEffect = "NoExecute"
)

// TolerationOperator is a toleration's operator (k8s.io/api/core/v1
// TolerationOperator). The empty operator means Equal at match time; it is
// never defaulted when stored.
type TolerationOperator string

// The toleration operators.
const (
	TolerationOpExists TolerationOperator = "Exists"
	TolerationOpEqual  TolerationOperator = "Equal"
	// TolerationOpLt and TolerationOpGt compare the taint's value numerically
	// with the toleration's; they need the alpha feature gate
	// TaintTolerationComparisonOperators (1.35+).
	TolerationOpLt TolerationOperator = "Lt"
	TolerationOpGt TolerationOperator = "Gt"
)

// Well-known taint keys (k8s.io/api/core/v1 well_known_taints.go).
const (
	TaintNodeNotReady           = "node.kubernetes.io/not-ready"
	TaintNodeUnreachable        = "node.kubernetes.io/unreachable"
	TaintNodeUnschedulable      = "node.kubernetes.io/unschedulable"
	TaintNodeMemoryPressure     = "node.kubernetes.io/memory-pressure"
	TaintNodeDiskPressure       = "node.kubernetes.io/disk-pressure"
	TaintNodeNetworkUnavailable = "node.kubernetes.io/network-unavailable"
	TaintNodePIDPressure        = "node.kubernetes.io/pid-pressure"
	TaintNodeOutOfService       = "node.kubernetes.io/out-of-service"
)

// Time is a timestamp as the API writes it: RFC 3339 in JSON, null when unset.
type Time struct {
	time.Time
}

// MarshalJSON writes the time in RFC 3339, UTC, whole seconds, like metav1.Time.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(t.UTC().Format(time.RFC3339))
}

// UnmarshalJSON reads an RFC 3339 string or null.
func (t *Time) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		t.Time = time.Time{}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("time must be an RFC 3339 string: %w", err)
	}
	if s == "" {
		t.Time = time.Time{}
		return nil
	}
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return fmt.Errorf("time %q is not RFC 3339: %w", s, err)
	}
	t.Time = v
	return nil
}

// Taint is attached to a node and repels pods that do not tolerate it
// (k8s.io/api/core/v1 Taint). Key and Effect are required; (Key, Effect)
// is a taint's identity on a node.
type Taint struct {
	Key       string      `json:"key"`
	Value     string      `json:"value,omitempty"`
	Effect    TaintEffect `json:"effect"`
	TimeAdded *Time       `json:"timeAdded,omitempty"`
}

// Toleration lets a pod be scheduled on, or keep running on, a node with a
// matching taint (k8s.io/api/core/v1 Toleration). Every field is optional.
// TolerationSeconds (seconds) applies to NoExecute taints only: how long the
// pod may stay bound after the taint is seen; nil means forever, ≤ 0 means
// evict at once.
type Toleration struct {
	Key               string             `json:"key,omitempty"`
	Operator          TolerationOperator `json:"operator,omitempty"`
	Value             string             `json:"value,omitempty"`
	Effect            TaintEffect        `json:"effect,omitempty"`
	TolerationSeconds *int64             `json:"tolerationSeconds,omitempty"`
}

// TypeMeta is apiVersion and kind.
type TypeMeta struct {
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind,omitempty"`
}

// OwnerReference names the controller of an object (metav1.OwnerReference).
type OwnerReference struct {
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	UID        string `json:"uid,omitempty"`
	Controller *bool  `json:"controller,omitempty"`
}

// ObjectMeta is the subset of metav1.ObjectMeta the playground reads.
type ObjectMeta struct {
	Name              string            `json:"name,omitempty"`
	GenerateName      string            `json:"generateName,omitempty"`
	Namespace         string            `json:"namespace,omitempty"`
	UID               string            `json:"uid,omitempty"`
	Labels            map[string]string `json:"labels,omitempty"`
	Annotations       map[string]string `json:"annotations,omitempty"`
	OwnerReferences   []OwnerReference  `json:"ownerReferences,omitempty"`
	CreationTimestamp *Time             `json:"creationTimestamp,omitempty"`
	// DeletionTimestamp is set on a pod being deleted (Terminating): the
	// time by which its grace period ends (Epoch plus the virtual time);
	// it is not read from manifests: a scenario starts from objects that
	// exist.
	DeletionTimestamp *Time `json:"-"`
	// DeletionGracePeriodSeconds is the grace period of that deletion.
	DeletionGracePeriodSeconds *int64 `json:"-"`
}

// GetName is the object's name (metav1.Object's GetName), for code that
// handles objects of any kind.
func (m *ObjectMeta) GetName() string { return m.Name }

// ResourceName is the name of a resource: cpu, memory, pods,
// ephemeral-storage, or an extended resource such as nvidia.com/gpu.
type ResourceName string

// Resource names the scheduler knows by name.
const (
	ResourceCPU              ResourceName = "cpu"
	ResourceMemory           ResourceName = "memory"
	ResourcePods             ResourceName = "pods"
	ResourceEphemeralStorage ResourceName = "ephemeral-storage"
)

// ResourceList maps resource names to quantities (k8s.io/api/core/v1 ResourceList).
type ResourceList map[ResourceName]Quantity

// NodeSelectorOperator is the operator of a node selector requirement:
// In, NotIn, Exists, DoesNotExist, Gt, Lt.
type NodeSelectorOperator string

// Node selector operators.
const (
	NodeSelectorOpIn           NodeSelectorOperator = "In"
	NodeSelectorOpNotIn        NodeSelectorOperator = "NotIn"
	NodeSelectorOpExists       NodeSelectorOperator = "Exists"
	NodeSelectorOpDoesNotExist NodeSelectorOperator = "DoesNotExist"
	NodeSelectorOpGt           NodeSelectorOperator = "Gt"
	NodeSelectorOpLt           NodeSelectorOperator = "Lt"
)

// NodeSelectorRequirement is one expression of a node selector term.
type NodeSelectorRequirement struct {
	Key      string               `json:"key"`
	Operator NodeSelectorOperator `json:"operator"`
	Values   []string             `json:"values,omitempty"`
}

// NodeSelectorTerm ANDs its expressions and fields.
type NodeSelectorTerm struct {
	MatchExpressions []NodeSelectorRequirement `json:"matchExpressions,omitempty"`
	MatchFields      []NodeSelectorRequirement `json:"matchFields,omitempty"`
}

// NodeSelector ORs its terms.
type NodeSelector struct {
	NodeSelectorTerms []NodeSelectorTerm `json:"nodeSelectorTerms"`
}

// PreferredSchedulingTerm is a weighted (1–100) preference.
type PreferredSchedulingTerm struct {
	Weight     int32            `json:"weight"`
	Preference NodeSelectorTerm `json:"preference"`
}

// NodeAffinity attracts a pod to nodes; unlike taints it never repels.
type NodeAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  *NodeSelector             `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []PreferredSchedulingTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// Affinity holds the pod's scheduling constraints.
type Affinity struct {
	NodeAffinity    *NodeAffinity    `json:"nodeAffinity,omitempty"`
	PodAffinity     *PodAffinity     `json:"podAffinity,omitempty"`
	PodAntiAffinity *PodAntiAffinity `json:"podAntiAffinity,omitempty"`
}

// ResourceRequirements are a container's requests and limits.
type ResourceRequirements struct {
	Requests ResourceList `json:"requests,omitempty"`
	Limits   ResourceList `json:"limits,omitempty"`
}

// ContainerPort is a port a container exposes.
type ContainerPort struct {
	Name          string `json:"name,omitempty"`
	ContainerPort int32  `json:"containerPort"`
	HostPort      int32  `json:"hostPort,omitempty"`
	Protocol      string `json:"protocol,omitempty"`
	HostIP        string `json:"hostIP,omitempty"`
}

// Container is the subset of core/v1 Container the playground reads.
type Container struct {
	Name          string               `json:"name"`
	Image         string               `json:"image,omitempty"`
	Resources     ResourceRequirements `json:"resources,omitempty"`
	Ports         []ContainerPort      `json:"ports,omitempty"`
	RestartPolicy *string              `json:"restartPolicy,omitempty"`
}

// PodSpec is the subset of core/v1 PodSpec the playground reads.
type PodSpec struct {
	NodeName          string            `json:"nodeName,omitempty"`
	NodeSelector      map[string]string `json:"nodeSelector,omitempty"`
	Affinity          *Affinity         `json:"affinity,omitempty"`
	Tolerations       []Toleration      `json:"tolerations,omitempty"`
	InitContainers    []Container       `json:"initContainers,omitempty"`
	Containers        []Container       `json:"containers"`
	Overhead          ResourceList      `json:"overhead,omitempty"`
	Priority          *int32            `json:"priority,omitempty"`
	PriorityClassName string            `json:"priorityClassName,omitempty"`
	PreemptionPolicy  *string           `json:"preemptionPolicy,omitempty"`
	SchedulerName     string            `json:"schedulerName,omitempty"`
	HostNetwork       bool              `json:"hostNetwork,omitempty"`
	// TopologySpreadConstraints are the pod's own spreading rules.
	TopologySpreadConstraints []TopologySpreadConstraint `json:"topologySpreadConstraints,omitempty"`
	// SchedulingGates keep the pod out of scheduling while any is listed.
	SchedulingGates []PodSchedulingGate `json:"schedulingGates,omitempty"`
	// RuntimeClassName names the RuntimeClass admission merges in.
	RuntimeClassName *string `json:"runtimeClassName,omitempty"`
	// Volumes matter to `kubectl drain` only (emptyDir is local storage).
	Volumes []Volume `json:"volumes,omitempty"`
	// TerminationGracePeriodSeconds is how long a deleted pod stays
	// Terminating on a live node (SetPodDefaults: 30).
	TerminationGracePeriodSeconds *int64 `json:"terminationGracePeriodSeconds,omitempty"`

	// NotModelled lists the fields of the manifest this spec came from
	// that upstream acts on and the playground does not model (set by
	// scenario.Parse, paths relative to the object; not an API field).
	// Pods a controller creates from a template carry the template's.
	NotModelled []Gap `json:"-"`
}

// Volume is the subset of core/v1 Volume the playground reads.
type Volume struct {
	Name     string                `json:"name"`
	EmptyDir *EmptyDirVolumeSource `json:"emptyDir,omitempty"`
	HostPath *HostPathVolumeSource `json:"hostPath,omitempty"`
}

// EmptyDirVolumeSource is a pod-local scratch directory.
type EmptyDirVolumeSource struct {
	Medium    string    `json:"medium,omitempty"`
	SizeLimit *Quantity `json:"sizeLimit,omitempty"`
}

// HostPathVolumeSource is a directory of the node.
type HostPathVolumeSource struct {
	Path string `json:"path"`
	Type string `json:"type,omitempty"`
}

// PodPhase is Pending, Running, Succeeded, Failed or Unknown.
type PodPhase string

// Pod phases.
const (
	PodPending   PodPhase = "Pending"
	PodRunning   PodPhase = "Running"
	PodSucceeded PodPhase = "Succeeded"
	PodFailed    PodPhase = "Failed"
)

// PodCondition is one entry of pod.status.conditions.
type PodCondition struct {
	Type    string          `json:"type"`
	Status  ConditionStatus `json:"status"`
	Reason  string          `json:"reason,omitempty"`
	Message string          `json:"message,omitempty"`
}

// DisruptionTarget is the condition type of a pod about to be deleted by
// a disruption (v1.DisruptionTarget): taint eviction, the eviction API,
// preemption, the pod garbage collector.
const DisruptionTarget = "DisruptionTarget"

// PodStatus is the subset of core/v1 PodStatus the playground reads.
type PodStatus struct {
	Phase             PodPhase       `json:"phase,omitempty"`
	Conditions        []PodCondition `json:"conditions,omitempty"`
	NominatedNodeName string         `json:"nominatedNodeName,omitempty"`
	Reason            string         `json:"reason,omitempty"`
	Message           string         `json:"message,omitempty"`
}

// Pod is a pod (core/v1 Pod).
type Pod struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec   `json:"spec,omitempty"`
	Status     PodStatus `json:"status,omitempty"`
}

// LabelSelector selects objects by labels (metav1.LabelSelector).
type LabelSelector struct {
	MatchLabels      map[string]string          `json:"matchLabels,omitempty"`
	MatchExpressions []LabelSelectorRequirement `json:"matchExpressions,omitempty"`
}

// LabelSelectorRequirement is one expression of a LabelSelector: operator
// In, NotIn, Exists or DoesNotExist.
type LabelSelectorRequirement struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

// Matches reports whether the labels satisfy the selector. A nil selector
// matches nothing and an empty one everything (as metav1.LabelSelectorAsSelector).
func (s *LabelSelector) Matches(labels map[string]string) bool {
	if s == nil {
		return false
	}
	for k, v := range s.MatchLabels {
		if got, ok := labels[k]; !ok || got != v {
			return false
		}
	}
	for _, r := range s.MatchExpressions {
		got, ok := labels[r.Key]
		in := false
		for _, v := range r.Values {
			in = in || (ok && got == v)
		}
		switch r.Operator {
		case "In":
			if !in {
				return false
			}
		case "NotIn":
			if in {
				return false
			}
		case "Exists":
			if !ok {
				return false
			}
		case "DoesNotExist":
			if ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// PodTemplateSpec is a pod template of a workload (core/v1 PodTemplateSpec).
type PodTemplateSpec struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec `json:"spec,omitempty"`
}

// DeploymentSpec is the subset of apps/v1 DeploymentSpec the playground
// reads (rolling updates are not simulated).
type DeploymentSpec struct {
	Replicas *int32          `json:"replicas,omitempty"`
	Selector *LabelSelector  `json:"selector"`
	Template PodTemplateSpec `json:"template"`
}

// Deployment is an apps/v1 Deployment.
type Deployment struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       DeploymentSpec `json:"spec,omitempty"`
}

// ReplicaSetSpec is the subset of apps/v1 ReplicaSetSpec the playground reads.
type ReplicaSetSpec struct {
	Replicas *int32          `json:"replicas,omitempty"`
	Selector *LabelSelector  `json:"selector"`
	Template PodTemplateSpec `json:"template"`
}

// ReplicaSet is an apps/v1 ReplicaSet.
type ReplicaSet struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ReplicaSetSpec `json:"spec,omitempty"`
}

// DaemonSetSpec is the subset of apps/v1 DaemonSetSpec the playground reads.
type DaemonSetSpec struct {
	Selector *LabelSelector  `json:"selector"`
	Template PodTemplateSpec `json:"template"`
}

// DaemonSet is an apps/v1 DaemonSet.
type DaemonSet struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       DaemonSetSpec `json:"spec,omitempty"`
}

// IntOrString is an integer or a string such as "50%" (intstr.IntOrString).
type IntOrString struct {
	IsString bool
	IntVal   int32
	StrVal   string
}

// MarshalJSON writes the number or the string.
func (v IntOrString) MarshalJSON() ([]byte, error) {
	if v.IsString {
		return json.Marshal(v.StrVal)
	}
	return json.Marshal(v.IntVal)
}

// UnmarshalJSON reads a number or a string.
func (v *IntOrString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		v.IsString = true
		return json.Unmarshal(b, &v.StrVal)
	}
	v.IsString = false
	return json.Unmarshal(b, &v.IntVal)
}

// PodDisruptionBudgetSpec is policy/v1 PodDisruptionBudgetSpec.
type PodDisruptionBudgetSpec struct {
	MinAvailable   *IntOrString   `json:"minAvailable,omitempty"`
	Selector       *LabelSelector `json:"selector,omitempty"`
	MaxUnavailable *IntOrString   `json:"maxUnavailable,omitempty"`
}

// PodDisruptionBudget is a policy/v1 PodDisruptionBudget. The eviction API
// (kubectl drain) respects it; taint eviction ignores it.
type PodDisruptionBudget struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodDisruptionBudgetSpec `json:"spec,omitempty"`
}

// PriorityClass is a scheduling.k8s.io/v1 PriorityClass.
type PriorityClass struct {
	TypeMeta         `json:",inline"`
	ObjectMeta       `json:"metadata,omitempty"`
	Value            int32   `json:"value"`
	GlobalDefault    bool    `json:"globalDefault,omitempty"`
	Description      string  `json:"description,omitempty"`
	PreemptionPolicy *string `json:"preemptionPolicy,omitempty"`
}

// Namespace is a core/v1 Namespace; its annotations carry
// PodTolerationRestriction's defaultTolerations and tolerationsWhitelist.
type Namespace struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
}
