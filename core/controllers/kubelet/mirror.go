package kubelet

import (
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/store"
)

// ConfigMirrorAnnotationKey marks a static pod's mirror pod
// (kubetypes.ConfigMirrorAnnotationKey).
const ConfigMirrorAnnotationKey = "kubernetes.io/config.mirror"

// MirrorRecreateDelay is how long after its mirror pod leaves the API the
// kubelet's new mirror pod appears in the simulation. Upstream there is
// no delay to speak of: a deleted mirror (or one given a
// deletionTimestamp) is dispatched to the static pod's worker, whose
// SyncPod → tryReconcileMirrorPods force-deletes it and creates the new
// one at once, so with an untolerated NoExecute taint the taint-eviction
// controller and the kubelet loop at API latency. The simulator cannot
// re-create it at the same instant (the taint-eviction controller would
// delete it again in the same instant, for ever); 1 s is the smallest
// step at which the timeline shows each cycle as a moment of its own
// (captions and the board print whole seconds for the controllers'
// timers), one frame per re-creation up to the scenario's end. Upstream
// runs several cycles in that second: the churn is shown, its rate is not.
const MirrorRecreateDelay = time.Second

// IsMirrorPod reports whether p is a static pod's mirror pod: it has the
// kubernetes.io/config.mirror annotation (kubetypes.IsMirrorPod). The
// playground has no manifest directory, so such a pod of the scenario
// stands for both the static pod the kubelet runs and its mirror in the
// API; it is static (kubetypes.IsStaticPod) and critical (IsCriticalPod).
func IsMirrorPod(p *core.Pod) bool {
	_, ok := p.Annotations[ConfigMirrorAnnotationKey]
	return ok
}

// mirrorGone is a static pod's mirror pod deleted while the kubelet runs
// the static pod (the taint-eviction controller's deletion, kubectl
// delete): the containers are untouched; MirrorRecreateDelay later the
// kubelet force-deletes the old mirror, whatever its grace period, and
// creates a new one (syncPod: a mirror with a deletionTimestamp is
// deleted and re-created, v1.37). All the mirrors due at one instant
// share one timer.
func (k *Kubelet) mirrorGone(p *store.Pod) {
	if _, ok := k.mirrorAt[p]; ok {
		return
	}
	at := k.env.Now() + MirrorRecreateDelay
	if k.mirrors == nil {
		k.mirrors = map[time.Duration][]*store.Pod{}
		k.mirrorAt = map[*store.Pod]time.Duration{}
	}
	if len(k.mirrors[at]) == 0 {
		k.env.Clock.At(at, clock.Work, func() { k.recreateMirrors(at) })
	}
	k.mirrors[at] = append(k.mirrors[at], p)
	k.mirrorAt[p] = at
	k.env.Note("%s: mirror pod deleted; the kubelet on %s keeps running the static pod and creates a new mirror pod at %s", p.Name(), p.Node, clock.FormatAt(at))
}

// MirrorAt is when the kubelet re-creates the mirror pod p, which left
// the API while its static pod runs on.
func (k *Kubelet) MirrorAt(p *store.Pod) (time.Duration, bool) {
	at, ok := k.mirrorAt[p]
	return at, ok
}

// recreateMirrors is tryReconcileMirrorPods for the mirrors due at at:
// the kubelet force-deletes the old mirror (grace 0, UID precondition)
// and creates a new one under the same name, bound to the node and
// Running from now on (the static pod is never re-admitted: it did not
// stop). The store keeps one record per mirror name: the old record
// becomes the new mirror (creation time now, no deletion, no
// DisruptionTarget), so that a mirror churning on a NoExecute-tainted
// node for hours costs one record, not one per cycle; upstream the new
// object also has a new UID, which the simulated API server (uid-N per
// record) does not show. A record already gone (force-deleted with grace
// 0) gets a new record. No event: upstream only logs "Creating a mirror
// pod for static pod". A node that is gone, or whose kubelet stopped
// posting status, gets no new mirror: its Terminating mirror waits for
// the kubelet's return (returned).
func (k *Kubelet) recreateMirrors(at time.Duration) {
	ps := k.mirrors[at]
	delete(k.mirrors, at)
	for _, old := range ps {
		delete(k.mirrorAt, old)
		if !k.Alive(old.Node) {
			continue
		}
		now := k.env.Now()
		obj := newMirrorObject(old.Object)
		k.env.Note("%s: the kubelet on %s created a new mirror pod for its static pod", old.Name(), old.Node)
		if old.Deleted {
			k.env.Store.AddPod(&store.Pod{
				Object: obj, Priority: old.Priority, Phase: store.PhaseRunning, Direct: true, Node: old.Node,
				TolerationSources: old.TolerationSources, CreatedAt: now, ScheduledAt: &now,
			}, Source)
			continue
		}
		k.env.Store.UpdatePod(old, Source, func(p *store.Pod) {
			p.Object = obj
			p.Phase, p.Terminating, p.Remove, p.GraceEnd = store.PhaseRunning, false, false, 0
			p.EvictedAt, p.EvictReason, p.DisruptionTarget, p.Eviction, p.Preempted = nil, "", nil, nil, false
			p.Failed, p.StatusReason, p.StatusMessage = false, "", ""
			p.CreatedAt, p.ScheduledAt = now, &now
		})
	}
}

// newMirrorObject is the mirror pod the kubelet creates from the static
// pod: the old mirror's object without its deletion and its
// DisruptionTarget condition.
func newMirrorObject(old *core.Pod) *core.Pod {
	obj := old.DeepCopy()
	obj.DeletionTimestamp, obj.DeletionGracePeriodSeconds = nil, nil
	conds := obj.Status.Conditions[:0]
	for _, c := range obj.Status.Conditions {
		if c.Type != core.DisruptionTarget {
			conds = append(conds, c)
		}
	}
	obj.Status.Conditions = conds
	return obj
}
