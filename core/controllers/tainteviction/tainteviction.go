package tainteviction

import (
	"math"
	"time"

	"github.com/taints-playground/playground/core"
)

// Names, event reason and texts of the controller.
const (
	ControllerName      = "taint-eviction-controller"
	EventReason         = "TaintManagerEviction"
	ConditionType       = core.DisruptionTarget
	ConditionReason     = "DeletionByTaintManager"
	ConditionMessage    = "Taint manager: deleting due to NoExecute taint"
	markingPrefix       = "Marking for deletion Pod "
	cancellingPrefix    = "Cancelling deletion of Pod "
	infinite            = time.Duration(math.MaxInt64)
	noExecuteEffectName = core.TaintEffectNoExecute
)

// MarkingMessage is the event text when the controller deletes a pod.
func MarkingMessage(namespace, name string) string {
	return markingPrefix + namespace + "/" + name
}

// CancellingMessage is the event text when a pending deletion is dropped.
func CancellingMessage(namespace, name string) string {
	return cancellingPrefix + namespace + "/" + name
}

// Timer is a scheduled deletion (upstream TimedWorker).
type Timer struct {
	Created time.Duration // when the controller created it
	FireAt  time.Duration // when the pod is deleted
}

// Action is what the controller does with one pod.
type Action int

// Actions of Decide.
const (
	// Nothing: no timer before, none needed now (no NoExecute taint, or all
	// tolerated forever).
	Nothing Action = iota
	// Cancel the existing timer (emit the cancelling event).
	Cancel
	// EvictNow deletes the pod at once (an existing timer is dropped
	// without a cancelling event).
	EvictNow
	// Schedule a new timer at Decision.FireAt.
	Schedule
	// Keep the existing timer unchanged.
	Keep
)

// Decision is Decide's answer.
type Decision struct {
	Action Action
	// FireAt is the new timer's deadline for Schedule (math.MaxInt64 when it
	// would overflow).
	FireAt time.Duration
	// After is the minimum tolerationSeconds that applies (Schedule, Keep).
	After time.Duration
}

// Decide is processPodOnNode for a pod bound to a node with these taints
// at virtual time now; existing is the pod's pending timer or nil.
func Decide(now time.Duration, existing *Timer, taints []core.Taint, tolerations []core.Toleration, gate bool) Decision {
	action, after := core.EvictionDecision(taints, tolerations, gate)
	switch action {
	case core.EvictionNone, core.EvictionNever:
		if existing != nil {
			return Decision{Action: Cancel}
		}
		return Decision{Action: Nothing}
	case core.EvictionNow:
		return Decision{Action: EvictNow}
	}
	fireAt := now + after
	if after > infinite-now {
		fireAt = infinite
	}
	// Upstream keeps a timer whose CreatedAt+d < now+d: any timer created
	// before this moment. One created at this very instant is replaced.
	if existing != nil && existing.Created < now {
		return Decision{Action: Keep, After: after, FireAt: existing.FireAt}
	}
	return Decision{Action: Schedule, FireAt: fireAt, After: after}
}

// DisruptionTarget is the pod condition the controller adds before the
// deletion.
func DisruptionTarget() core.PodCondition {
	return core.PodCondition{Type: ConditionType, Status: core.ConditionTrue, Reason: ConditionReason, Message: ConditionMessage}
}
