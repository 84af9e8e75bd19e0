package sim

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
)

// Event is a Kubernetes event as `kubectl get events` and `kubectl
// describe` show it (core.Event).
type Event = core.Event

// NodeState is a node as the board shows it at one moment.
type NodeState struct {
	Name          string                      `json:"name"`
	Labels        map[string]string           `json:"labels,omitempty"`
	Taints        []core.Taint                `json:"taints"`
	Unschedulable bool                        `json:"unschedulable"`
	Conditions    []core.NodeCondition        `json:"conditions,omitempty"`
	Allocatable   map[core.ResourceName]int64 `json:"allocatable,omitempty"` // cpu in millicores, memory in bytes, others in units
	Requested     map[core.ResourceName]int64 `json:"requested,omitempty"`   // same units, sum over bound pods
	// Describe is `kubectl describe node NAME` at this moment ("" for
	// clusters larger than ExplainLimit).
	Describe string `json:"describe,omitempty"`
	// Zone is the node-lifecycle controller's zone of the node ("region/zone"
	// from the topology.kubernetes.io labels; "" for the unlabelled zone).
	Zone string `json:"zone,omitempty"`
	// ZoneState is that zone's disruption state: Normal,
	// PartialDisruption, FullDisruption, or AllZonesDown (master
	// disruption mode: every zone fully disrupted, no taint eviction).
	// "" for nodes labelled node.kubernetes.io/exclude-disruption.
	ZoneState string `json:"zoneState,omitempty"`
	// NoExecuteQueued is set while the node waits in its zone's
	// rate-limited queue for a NoExecute not-ready/unreachable taint.
	NoExecuteQueued bool `json:"noExecuteQueued,omitempty"`
	// NotModelled lists the fields of the node's manifest upstream acts on
	// and the playground does not model.
	NotModelled []core.Gap `json:"notModelled,omitempty"`
}

// PodState is a pod as the board shows it at one moment.
type PodState struct {
	Namespace   string            `json:"namespace"`
	Name        string            `json:"name"`
	Node        string            `json:"node"`                  // "" while Pending
	Phase       string            `json:"phase"`                 // Pending, Running, Evicted
	Tolerations []core.Toleration `json:"tolerations,omitempty"` // as admitted (DefaultTolerationSeconds applied)
	// TolerationSources is parallel to Tolerations: who added each one —
	// "user", "DefaultTolerationSeconds", "DaemonSet controller",
	// "PodTolerationRestriction" or "RuntimeClass <name>".
	TolerationSources []string `json:"tolerationSources,omitempty"`
	// Owner is the pod's controller, "ReplicaSet/web-7d4b9c8f6" or
	// "DaemonSet/agent" ("" for a bare pod).
	Owner string `json:"owner,omitempty"`
	// Terminating marks a pod deleted with a grace period (Phase Evicted)
	// whose deletion has not finished: its kubelet removes it when the
	// grace period ends (GraceEnd), or, when the kubelet is not there
	// (node not Ready, stopped), once it returns (or a force delete). It
	// still counts in its node's Requested and is listed by kubectl get
	// pods (STATUS Terminating) and describe node.
	Terminating bool `json:"terminating,omitempty"`
	// GraceEnd is when a Terminating pod's grace period ends (virtual
	// seconds; its deletionTimestamp).
	GraceEnd *float64 `json:"graceEnd,omitempty"`
	// KubeletAway marks a Terminating pod whose kubelet is not there to
	// finish its deletion (node not Ready, stopped, or gone): its grace
	// period does not count; it stays until the kubelet returns or
	// someone (the pod garbage collector) force-deletes it.
	KubeletAway bool `json:"kubeletAway,omitempty"`
	// DisruptionTarget is the condition the pod got before its deletion
	// (reason DeletionByTaintManager, EvictionByEvictionAPI, …).
	DisruptionTarget *core.PodCondition `json:"disruptionTarget,omitempty"`
	Priority         int32              `json:"priority"`
	// Requests is the pod's effective request, same units as NodeState.
	Requests map[core.ResourceName]int64 `json:"requests,omitempty"`
	// ScheduledAt, EvictedAt: virtual seconds; nil when it has not happened.
	ScheduledAt *float64 `json:"scheduledAt"`
	EvictedAt   *float64 `json:"evictedAt"`
	// EvictAt is a pending NoExecute eviction deadline (virtual seconds).
	EvictAt                 *float64 `json:"evictAt,omitempty"`
	FailedSchedulingMessage string   `json:"failedSchedulingMessage"`
	// StatusPhase is status.phase as the API reports it when it differs
	// from Phase: "Failed" for a pod the kubelet rejected at admission.
	StatusPhase string `json:"statusPhase,omitempty"`
	// Reason and Message are status.reason and status.message (kubelet
	// rejections: reason TaintToleration, OutOfcpu, Evicted, …). For a pod
	// removed from its node otherwise (Phase Evicted, no status reason)
	// Reason says by whom: DeletionByTaintManager (the taint-eviction
	// controller), EvictionByEvictionAPI (kubectl drain) or Preempted.
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	// Static marks a static pod's mirror pod (annotation
	// kubernetes.io/config.mirror): the kubelet runs the static pod from a
	// manifest file whatever the node's taints and pressure, and this is
	// its object in the API. Not serialized, so that frames of scenarios
	// that hold mirror pods stay as they were (Owner "Node/NAME" says it in
	// JSON).
	Static bool `json:"-"`
	// MirrorAt is, for a mirror pod that left the API while its static pod
	// runs on, when the kubelet creates a new mirror pod (virtual seconds).
	MirrorAt *float64 `json:"mirrorAt,omitempty"`
	// NominatedNodeName is status.nominatedNodeName, set by preemption.
	NominatedNodeName string `json:"nominatedNodeName,omitempty"`
	// Attempts counts the failed scheduling attempts (each emitted one
	// FailedScheduling event).
	Attempts int `json:"attempts,omitempty"`
	// Queue is where the pod waits in the scheduling queue: activeQ,
	// backoffQ or unschedulablePods; "" when not queued.
	Queue string `json:"queue,omitempty"`
	// SchedulingGates are the gates of a pending pod (spec.schedulingGates
	// names): while any is set the scheduler does not try it.
	SchedulingGates []string `json:"schedulingGates,omitempty"`
	// Describe is `kubectl describe pod NAME` at this moment: Conditions,
	// Tolerations and Events as kubectl prints them ("" once the pod is
	// gone from the API — evicted or preempted — and for clusters larger
	// than ExplainLimit).
	Describe string `json:"describe,omitempty"`
	// Why explains the placement for the "why here / why not here" panel.
	Why *Explanation `json:"why,omitempty"`
	// NotModelled lists the fields of the pod's manifest (or its
	// controller's template) upstream acts on and the playground does not
	// model.
	NotModelled []core.Gap `json:"notModelled,omitempty"`
}

// TaintMatch says whether one node taint is tolerated by the pod and by
// which toleration (the first in pod order).
type TaintMatch struct {
	Taint     core.Taint       `json:"taint"`
	Tolerated bool             `json:"tolerated"`
	By        *core.Toleration `json:"by,omitempty"`
	// ByIndex is By's position in the pod's (admitted) tolerations; -1
	// when no toleration matches.
	ByIndex int `json:"byIndex"`
	// Checks is the taint × toleration row: every pod toleration, in pod
	// order, with whether it tolerates this taint and why not.
	Checks []TolerationCheck `json:"checks,omitempty"`
	// Filters says whether the scheduler's TaintToleration Filter looks at
	// this taint (NoSchedule, NoExecute); Scores whether its Score does
	// (PreferNoSchedule); Evicts whether the taint-eviction controller does
	// (NoExecute).
	Filters bool `json:"filters,omitempty"`
	Scores  bool `json:"scores,omitempty"`
	Evicts  bool `json:"evicts,omitempty"`
}

// TolerationCheck is one cell of the taint × toleration matrix.
type TolerationCheck struct {
	Index      int             `json:"index"` // position in the pod's tolerations
	Toleration core.Toleration `json:"toleration"`
	Tolerates  bool            `json:"tolerates"`
	// Why is the deciding rule in words (core.ExplainToleration): for a
	// non-match the first rule that failed, in the order upstream checks
	// them (effect, key, operator/value, feature gate), e.g.
	// "effect NoSchedule ≠ NoExecute"; for a match the operator's reason.
	Why string `json:"why,omitempty"`
}

// FilterVerdict is one filter plugin's verdict on one node.
type FilterVerdict struct {
	Plugin string `json:"plugin"`
	// Code is Success, Unschedulable (preemption may help) or
	// UnschedulableAndUnresolvable.
	Code    string   `json:"code"`
	Reasons []string `json:"reasons,omitempty"`
	// Reported marks the verdict Kubernetes reports for the node: the first
	// rejecting plugin in Filter order ends the node's evaluation, so the
	// other failing plugins are never reported.
	Reported bool `json:"reported,omitempty"`
}

// ScorePart is one score plugin's contribution on one node.
type ScorePart struct {
	Plugin     string `json:"plugin"`
	Raw        int64  `json:"raw"`
	Normalized int64  `json:"normalized"`
	Weighted   int64  `json:"weighted"`
}

// NodeVerdict is one node's line of a pod's explanation.
type NodeVerdict struct {
	Node     string       `json:"node"`
	Feasible bool         `json:"feasible"`
	Plugin   string       `json:"plugin,omitempty"`  // the filter plugin Kubernetes reports
	Reasons  []string     `json:"reasons,omitempty"` // its reason strings
	Score    *int64       `json:"score,omitempty"`   // total weighted score when scored
	Chosen   bool         `json:"chosen,omitempty"`
	Taints   []TaintMatch `json:"taints,omitempty"`
	// Filters is every filter plugin's verdict, in Filter order, including
	// the failing ones Kubernetes does not report (Reported false).
	Filters []FilterVerdict `json:"filters,omitempty"`
	// Scores is the per-plugin breakdown when the node was scored (two or
	// more feasible nodes); Score is their sum.
	Scores []ScorePart `json:"scores,omitempty"`
	// Tied marks a node that shared the highest total score.
	Tied bool `json:"tied,omitempty"`
	// NotExamined marks a node the Filter pass did not reach (clusters of
	// 100+ nodes stop after numFeasibleNodesToFind feasible nodes).
	NotExamined bool `json:"notExamined,omitempty"`
}

// Explanation is why a pod is where it is.
type Explanation struct {
	Summary string        `json:"summary"`
	Nodes   []NodeVerdict `json:"nodes"`
	// Message is what a scheduling cycle on this frame's cluster would
	// report (the FailedScheduling text) when it finds no node.
	Message string `json:"message,omitempty"`
	// Chosen is the node that cycle picks ("" when none); Tied the nodes
	// sharing the highest total (the pick is random among them); Scored
	// whether the Score phase ran at all (a single feasible node is chosen
	// without scoring).
	Chosen string   `json:"chosen,omitempty"`
	Tied   []string `json:"tied,omitempty"`
	Scored bool     `json:"scored,omitempty"`
	// SkippedScorePlugins are the score plugins whose PreScore skipped.
	SkippedScorePlugins []string `json:"skippedScorePlugins,omitempty"`
	// Limited is set when the cluster was too large for per-node detail
	// (more than ExplainLimit node × pod pairs in a frame).
	Limited bool `json:"limited,omitempty"`
}

// Frame is the whole board at one moment of the timeline: after the t=0
// scheduling pass, after each step, and after each eviction.
type Frame struct {
	Index   int     `json:"index"`
	At      float64 `json:"at"`      // virtual seconds
	Step    string  `json:"step"`    // the step command that made this frame; "" for the initial pass or a timer
	Caption string  `json:"caption"` // the step's caption from the file, else Summary
	Summary string  `json:"summary"` // what the simulator saw happen, generated ("t=30s: web evicted from n1")
	Output  string  `json:"output"`  // what the step command printed (stdout or its error)
	// Continues is, for a frame with no step of its own but with Output,
	// the step command whose later output that is (kubectl drain printing
	// as its pods go); several are joined with "; ".
	Continues string `json:"continues,omitempty"`
	// Nodes and Pods are shared between frames when unchanged: treat
	// them as read-only.
	Nodes  []*NodeState `json:"nodes"`
	Pods   []*PodState  `json:"pods"`
	Events int          `json:"events"` // Result.Events[:Events] happened by this frame
	// failed is set on a step's frame when its command returned an error
	// (StepFailed), whatever the summary lists.
	failed bool
}

// Result is a whole simulated timeline.
type Result struct {
	Name        string  `json:"name"`
	Title       string  `json:"title,omitempty"`
	Description string  `json:"description,omitempty"`
	Until       float64 `json:"until"` // last simulated moment, virtual seconds
	// KubernetesVersion is the simulated release, e.g. "1.37".
	KubernetesVersion string  `json:"kubernetesVersion,omitempty"`
	Frames            []Frame `json:"frames"`
	Events            []Event `json:"events"`
	// NotModelled lists the fields of the scenario's objects that upstream
	// acts on and the playground does not model.
	NotModelled []scenario.ObjectGap `json:"notModelled,omitempty"`
	// Refused lists the scenario file's objects the API server refused
	// when the starting cluster was created (admission), in file order.
	Refused []Refusal `json:"refused,omitempty"`

	// scen is the scenario simulated, for Explain and DescribeNode.
	scen *scenario.Scenario
}

// Refusal is an object of the scenario file the API server refused.
type Refusal struct {
	Kind      string `json:"kind"`
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name"`
	// Error is kubectl's text for it (`Error from server: error when
	// creating "STDIN": …`).
	Error string `json:"error"`
}

// Scenario returns the scenario Run simulated, as it was given: Run
// does not modify it. Callers must not modify it either (Explain and
// DescribeNode read it). Nil for a Result not made by Run.
func (r *Result) Scenario() *scenario.Scenario {
	if r == nil {
		return nil
	}
	return r.scen
}
