package controllers

import (
	"fmt"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/store"
)

// Env is what every component of the simulated cluster is given.
type Env struct {
	Store *store.Store
	Clock *clock.Clock
	// Notes receives the narration of what happens, for the frame
	// summaries ("web evicted from n1"); nil drops it.
	Notes func(string)
	// Gate is the TaintTolerationComparisonOperators feature gate (Lt and
	// Gt tolerations).
	Gate bool
	// Version is the simulated Kubernetes release.
	Version core.Version
	// Admission is the API server's admission chain for new pods.
	Admission *admission.Chain
}

// Now is the virtual time.
func (e *Env) Now() time.Duration { return e.Clock.Now() }

// Note narrates one thing that happened.
func (e *Env) Note(format string, args ...any) {
	if e.Notes != nil {
		e.Notes(fmt.Sprintf(format, args...))
	}
}

// Emit records an event reported by source at the current time.
func (e *Env) Emit(source, typ, reason, object, msg string) {
	e.Store.Emit(core.Event{At: e.Now().Seconds(), Type: typ, Reason: reason, Object: object, Message: msg, Source: source})
}

// NewPod runs a pod being created through the API server, the way every
// pod is created (scenario pods, kubectl, the ReplicaSet and DaemonSet
// controllers): the defaulting of the decoded object
// (core.SetPodDefaults: requests from limits), then admission; it
// returns the record, not stored yet: AdmitErr is set when admission
// refused it. sources says who added the tolerations it arrives with (nil:
// the user).
func (e *Env) NewPod(p *core.Pod, sources []string) *store.Pod {
	core.SetPodDefaults(p)
	res := e.Admission.Admit(p, sources)
	return &store.Pod{
		Object: p, Priority: res.Priority, Phase: store.PhasePending, Direct: p.Spec.NodeName != "",
		TolerationSources: res.Sources, AdmitErr: res.Err, AdmitForbidden: res.Forbidden,
		CreatedAt: e.Now(),
	}
}

// DeleteOwned deletes a pod on behalf of its controller: the
// SuccessfulDelete event on the owner object ("replicaset/ns/name"), the
// deletion with the pod's grace period (controller.RealPodControl's
// DeletePod sends no DeleteOptions.gracePeriodSeconds), and why for
// people.
func (e *Env) DeleteOwned(p *store.Pod, source, owner, why string) {
	e.Emit(source, core.EventNormal, "SuccessfulDelete", owner, "Deleted pod: "+p.Name())
	e.Store.DeletePod(p, source, store.Deletion{Now: e.Now()}, func(p *store.Pod) { p.EvictReason = why })
	e.Note("%s deleted: %s", p.Name(), why)
}
