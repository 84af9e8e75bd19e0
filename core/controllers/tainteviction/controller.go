package tainteviction

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

// Controller is the taint-eviction controller's loop
// (pkg/controller/tainteviction Controller): it watches nodes and pods,
// processes every pod bound to a node whose NoExecute taints changed and
// every pod newly running or with new tolerations, keeps one deletion
// timer per pod on the clock, and deletes pods through the store.
type Controller struct {
	env     *controllers.Env
	timerID uint64
}

// New starts the controller: it registers its watches on env.Store.
// Register it after the kubelet, whose admission runs first on a newly
// bound pod.
func New(env *controllers.Env) *Controller {
	c := &Controller{env: env}
	env.Store.WatchNodes(c.nodeChanged)
	env.Store.WatchPods(c.podChanged)
	return c
}

// nodeChanged is handleNodeUpdate: a change of the node's NoExecute
// taints re-evaluates every pod assigned there (getPodsAssignedToNode:
// running or Terminating), in creation order.
func (c *Controller) nodeChanged(ev store.NodeEvent) {
	if ev.Old == nil || noExecuteKey(ev.Old.Spec.Taints) == noExecuteKey(ev.New.Spec.Taints) {
		return
	}
	for _, p := range c.env.Store.Pods() {
		if assigned(p, ev.New.Name) {
			c.process(p)
		}
	}
}

// assigned reports whether p is a pod the pod informer lists on node:
// running there, or Terminating there (a deletionTimestamp does not take
// a pod out of getPodsAssignedToNode).
func assigned(p *store.Pod, node string) bool {
	return p.Node == node && (p.Running() || p.IsTerminating())
}

// noExecuteKey is the NoExecute subset of a taint list, for comparison.
func noExecuteKey(taints []core.Taint) string {
	var out string
	for _, t := range taints {
		if t.Effect == core.TaintEffectNoExecute {
			out += t.ToString() + "\n"
		}
	}
	return out
}

// podChanged is handlePodUpdate: a pod newly running on a node (after the
// kubelet admitted it) or running with new tolerations is processed; a
// pod gone from its node drops its pending deletion (a Terminating pod
// keeps it until its deletion finishes: upstream's PodUpdated ignores an
// update that changes neither node nor tolerations); a pod the kubelet
// rejected on a node with a NoExecute taint it does not tolerate is
// deleted at once.
func (c *Controller) podChanged(ev store.PodEvent) {
	p, was, is := ev.Pod, &ev.Old, &ev.New
	switch {
	case is.Running() && !was.Running():
		c.process(p)
	case is.Running() && was.Object != nil && !core.SameTolerations(was.Object.Spec.Tolerations, is.Object.Spec.Tolerations):
		c.process(p)
	case !is.Running() && !is.IsTerminating() && is.Eviction != nil:
		c.cancel(p)
	}
	if is.Failed && !was.Failed {
		c.deleteFailed(p)
	}
}

// deleteFailed deletes a pod the kubelet left Failed when its node has a
// NoExecute taint the pod does not tolerate (processPodOnNode sees a pod
// bound there like any other): it is gone rather than Failed.
func (c *Controller) deleteFailed(p *store.Pod) {
	n := c.env.Store.Node(p.Node)
	if n == nil {
		return
	}
	if action, _ := core.EvictionDecision(n.Spec.Taints, p.Object.Spec.Tolerations, c.env.Gate); action != core.EvictionNow {
		return
	}
	c.env.Emit(ControllerName, core.EventNormal, EventReason, "pod/"+p.Ref(), MarkingMessage(p.Namespace(), p.Name()))
	c.env.Store.UpdatePod(p, ControllerName, func(p *store.Pod) { p.Failed = false })
}

// process is processPodOnNode for one pod running or Terminating on a
// node; the decision is Decide. A Terminating pod that must go now is
// marked and deleted again, which changes nothing (rest.BeforeDelete);
// one whose taint went has its pending deletion cancelled, with the
// event.
func (c *Controller) process(p *store.Pod) {
	if !p.Running() && !p.IsTerminating() {
		return
	}
	n := c.env.Store.Node(p.Node)
	if n == nil {
		return
	}
	var existing *Timer
	if p.Eviction != nil {
		existing = &Timer{Created: p.Eviction.Created, FireAt: p.Eviction.FireAt}
	}
	now := c.env.Now()
	d := Decide(now, existing, n.Spec.Taints, p.Object.Spec.Tolerations, c.env.Gate)
	switch d.Action {
	case Nothing, Keep:
	case Cancel:
		c.cancel(p)
	case EvictNow:
		c.cancel(p)
		reason := "a NoExecute toleration with tolerationSeconds ≤ 0 lets it stay no time at all"
		if t, bad := core.FindMatchingUntoleratedTaint(n.Spec.Taints, p.Object.Spec.Tolerations, core.NoExecuteTaintsFilter, c.env.Gate); bad {
			reason = fmt.Sprintf("%s has %s, which it does not tolerate", p.Node, t.ToString())
		}
		c.evict(p, reason)
	case Schedule:
		created := now
		if p.Eviction != nil {
			// Replaced at the instant it was set: same creation time.
			created = p.Eviction.Created
			c.cancel(p)
		}
		c.timerID++
		e := &store.Eviction{ID: c.timerID, Created: created, FireAt: d.FireAt, Taint: limitingTaint(n, p.Object, d.After, c.env.Gate)}
		c.env.Store.UpdatePod(p, ControllerName, func(p *store.Pod) { p.Eviction = e })
		if d.FireAt != math.MaxInt64 {
			c.env.Clock.At(d.FireAt, clock.Work, func() { c.fire(p, e.ID) })
		}
		c.env.Note("%s will be evicted at %s (tolerates %s for %s)", p.Name(), clock.FormatAt(d.FireAt), e.Taint, clock.Format(d.After))
	}
}

// fire is a deletion timer running out (unless it was cancelled or
// replaced since).
func (c *Controller) fire(p *store.Pod, id uint64) {
	t := p.Eviction
	if t == nil || t.ID != id {
		return
	}
	if p.IsTerminating() {
		c.refire(p)
		return
	}
	if !p.Running() {
		return
	}
	c.evict(p, fmt.Sprintf("its toleration of %s on %s ran out: tolerationSeconds counted from %s, when the taint-eviction controller saw the taint", t.Taint, p.Node, clock.FormatAt(t.Created)))
}

// refire is a deletion timer running out while the pod is already
// Terminating: the controller marks it for deletion again and deletes it,
// which changes nothing (rest.BeforeDelete: the deletion is pending); the
// work item is done, so the pod's final removal cancels nothing
// (TimedWorkerQueue removes a fired worker).
func (c *Controller) refire(p *store.Pod) {
	c.env.Emit(ControllerName, core.EventNormal, EventReason, "pod/"+p.Ref(), MarkingMessage(p.Namespace(), p.Name()))
	c.env.Store.UpdatePod(p, ControllerName, func(p *store.Pod) { p.Eviction = nil })
}

// limitingTaint names the NoExecute taint whose used toleration has the
// smallest tolerationSeconds, for people.
func limitingTaint(n *core.Node, p *core.Pod, after time.Duration, gate bool) string {
	var names []string
	for i := range n.Spec.Taints {
		t := &n.Spec.Taints[i]
		if t.Effect != core.TaintEffectNoExecute {
			continue
		}
		for j := range p.Spec.Tolerations {
			tol := &p.Spec.Tolerations[j]
			if tol.ToleratesTaint(t, gate) {
				if tol.TolerationSeconds != nil && time.Duration(*tol.TolerationSeconds)*time.Second == after {
					names = append(names, t.ToString())
				}
				break
			}
		}
	}
	if len(names) == 0 {
		return "its NoExecute taints"
	}
	return strings.Join(names, ", ")
}

// cancel drops a pending deletion with the controller's event.
func (c *Controller) cancel(p *store.Pod) {
	if p.Eviction == nil {
		return
	}
	c.env.Store.UpdatePod(p, ControllerName, func(p *store.Pod) { p.Eviction = nil })
	c.env.Emit(ControllerName, core.EventNormal, EventReason, "pod/"+p.Ref(), CancellingMessage(p.Namespace(), p.Name()))
	c.env.Note("%s: pending eviction cancelled", p.Name())
}

// evict deletes the pod: condition DisruptionTarget, no PodDisruptionBudget
// consulted, the pod's own grace period (deletePodHandler sends empty
// DeleteOptions).
func (c *Controller) evict(p *store.Pod, why string) {
	c.env.Emit(ControllerName, core.EventNormal, EventReason, "pod/"+p.Ref(), MarkingMessage(p.Namespace(), p.Name()))
	cond := DisruptionTarget()
	c.env.Store.DeletePod(p, ControllerName, store.Deletion{Now: c.env.Now(), Evict: true}, func(p *store.Pod) {
		p.DisruptionTarget = &cond
		p.EvictReason = why
		p.Eviction = nil
	})
	c.env.Note("%s evicted from %s", p.Name(), p.Node)
}
