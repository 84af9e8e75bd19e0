package core

// Pod affinity, topology spreading and scheduling gates: the parts of
// core/v1 PodSpec that InterPodAffinity, PodTopologySpread and the
// scheduling queue read.

// PodAffinity attracts a pod to the topology domains of other pods.
type PodAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  []PodAffinityTerm         `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// PodAntiAffinity keeps a pod away from the topology domains of other pods.
type PodAntiAffinity struct {
	RequiredDuringSchedulingIgnoredDuringExecution  []PodAffinityTerm         `json:"requiredDuringSchedulingIgnoredDuringExecution,omitempty"`
	PreferredDuringSchedulingIgnoredDuringExecution []WeightedPodAffinityTerm `json:"preferredDuringSchedulingIgnoredDuringExecution,omitempty"`
}

// PodAffinityTerm selects pods (labelSelector in namespaces, or in the
// namespaces namespaceSelector matches) whose node shares the value of
// topologyKey with the candidate node.
type PodAffinityTerm struct {
	LabelSelector     *LabelSelector `json:"labelSelector,omitempty"`
	Namespaces        []string       `json:"namespaces,omitempty"`
	TopologyKey       string         `json:"topologyKey"`
	NamespaceSelector *LabelSelector `json:"namespaceSelector,omitempty"`
	MatchLabelKeys    []string       `json:"matchLabelKeys,omitempty"`
	MismatchLabelKeys []string       `json:"mismatchLabelKeys,omitempty"`
}

// WeightedPodAffinityTerm is a preferred term with its weight (1–100).
type WeightedPodAffinityTerm struct {
	Weight          int32           `json:"weight"`
	PodAffinityTerm PodAffinityTerm `json:"podAffinityTerm"`
}

// TopologySpreadConstraint is one of a pod's own spreading rules.
type TopologySpreadConstraint struct {
	MaxSkew            int32          `json:"maxSkew"`
	TopologyKey        string         `json:"topologyKey"`
	WhenUnsatisfiable  string         `json:"whenUnsatisfiable"`
	LabelSelector      *LabelSelector `json:"labelSelector,omitempty"`
	MinDomains         *int32         `json:"minDomains,omitempty"`
	NodeAffinityPolicy *string        `json:"nodeAffinityPolicy,omitempty"`
	NodeTaintsPolicy   *string        `json:"nodeTaintsPolicy,omitempty"`
	MatchLabelKeys     []string       `json:"matchLabelKeys,omitempty"`
}

// Values of TopologySpreadConstraint's enums.
const (
	DoNotSchedule  = "DoNotSchedule"
	ScheduleAnyway = "ScheduleAnyway"
	PolicyHonor    = "Honor"
	PolicyIgnore   = "Ignore"
)

// PodSchedulingGate is one gate: the pod is not scheduled while any is set.
type PodSchedulingGate struct {
	Name string `json:"name"`
}

// Gap is a field of a manifest that changes what Kubernetes does with the
// object (where it schedules, whether it is evicted, how it terminates)
// but that the playground does not model. scenario.Parse reads such
// fields and records them, so they are flagged on the board, in Check and
// in cmd/sim, never silently dropped.
type Gap struct {
	// Path is the field's path in the object, as the API server writes
	// it (spec.volumes[0].persistentVolumeClaim).
	Path string `json:"path"`
	// Why says what upstream does with the field.
	Why string `json:"why"`
}
