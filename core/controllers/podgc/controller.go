package podgc

import (
	"fmt"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

// Config is the controller's kube-controller-manager configuration.
type Config struct {
	// TerminatedPodGCThreshold is --terminated-pod-gc-threshold: 0 takes
	// the default (12500), a negative value turns gcTerminated off.
	TerminatedPodGCThreshold int
}

// Controller is the pod garbage collector's loop (PodGCController.Run):
// passes at t = 0, 20 s, 40 s, … on the clock. A pass that finds nothing
// to do changes nothing, so only the passes that can act are set: the
// next one (at the next multiple of CheckPeriod) when a pod or node write
// makes some pod a candidate, and the following ones while a node waits
// in quarantine.
type Controller struct {
	env        *controllers.Env
	threshold  int
	quarantine Quarantine
	pending    bool          // a pass is set on the clock
	ran        bool          // a pass has run
	terminated int           // listed pods in phase Succeeded or Failed
	last       time.Duration // when the last pass ran
	// epoch is when the process started (0, or the last restart): passes
	// fall at epoch + k·CheckPeriod; gen counts restarts, so that a pass
	// set by a stopped process does nothing.
	epoch time.Duration
	gen   int
}

// New starts the controller: it watches pods and nodes (register it after
// the kubelet and the taint-eviction controller, whose writes make pods
// Terminating).
func New(env *controllers.Env, cfg Config) *Controller {
	c := &Controller{env: env, threshold: cfg.TerminatedPodGCThreshold}
	if c.threshold == 0 {
		c.threshold = DefaultTerminatedThreshold
	}
	env.Store.WatchPods(c.podChanged)
	env.Store.WatchNodes(c.nodeChanged)
	env.Store.WatchNodeDeletes(func(*core.Node) { c.wake() })
	return c
}

// Start is the first pass of a controller starting (at t=0, or after a
// kube-controller-manager restart), set when some pod of the cluster is
// already a candidate: wait.UntilWithContext runs gc at once, then every
// CheckPeriod.
func (c *Controller) Start() {
	for _, p := range c.env.Store.Pods() {
		if c.candidate(p) {
			c.wake()
			return
		}
	}
}

// nodeOf is the pod's spec.nodeName.
func nodeOf(p *store.Pod) string {
	if p.Node != "" {
		return p.Node
	}
	return p.Object.Spec.NodeName
}

// listed reports whether the pod is an API object the pod lister returns.
func listed(p *store.Pod) bool { return p.Live() || p.IsTerminating() }

// candidate reports whether a pass would look at the pod for one of the
// rules other than gcTerminated.
func (c *Controller) candidate(p *store.Pod) bool {
	if !listed(p) {
		return false
	}
	name := nodeOf(p)
	if name == "" {
		return p.IsTerminating()
	}
	n := c.env.Store.Node(name)
	if n == nil {
		return true
	}
	v := NodeOf(n)
	return p.IsTerminating() && !v.Ready && v.OutOfService
}

// podChanged wakes the controller for a pod that became a candidate, or
// for one more terminated pod beyond the threshold.
func (c *Controller) podChanged(ev store.PodEvent) {
	was, is := terminatedRecord(&ev.Old), terminatedRecord(&ev.New)
	switch {
	case is && !was:
		c.terminated++
	case was && !is:
		c.terminated--
	}
	if c.candidate(ev.Pod) || (c.threshold > 0 && is && !was && c.terminated > c.threshold) {
		c.wake()
	}
}

// terminatedRecord reports whether a record (as a write left it) is a
// listed pod in phase Succeeded or Failed.
func terminatedRecord(p *store.Pod) bool {
	return p.Object != nil && listed(p) && podOf(p).Terminated
}

// nodeChanged wakes the controller when a node with Terminating pods is
// not Ready and has the out-of-service taint.
func (c *Controller) nodeChanged(ev store.NodeEvent) {
	if v := NodeOf(ev.New); !v.Ready && v.OutOfService && len(c.env.Store.TerminatingOn(ev.New.Name)) > 0 {
		c.wake()
	}
}

// wake sets the next pass: at the next multiple of CheckPeriod (now, when
// one is due at this moment and has not run yet).
func (c *Controller) wake() {
	if c.pending {
		return
	}
	since := c.env.Now() - c.epoch
	at := c.epoch + (since+CheckPeriod-1)/CheckPeriod*CheckPeriod
	if c.ran && at <= c.last {
		at = c.last + CheckPeriod
	}
	c.pending = true
	gen := c.gen
	c.env.Clock.At(at, clock.Work, func() {
		if gen == c.gen {
			c.pass()
		}
	})
}

// pass is gc: Decide over the listed pods and nodes, then the deletions.
func (c *Controller) pass() {
	c.pending, c.ran, c.last = false, true, c.env.Now()
	var pods []Pod
	var recs []*store.Pod
	for _, p := range c.env.Store.Pods() {
		if listed(p) {
			pods = append(pods, podOf(p))
			recs = append(recs, p)
		}
	}
	nodes := make([]Node, 0, len(c.env.Store.Nodes()))
	for _, n := range c.env.Store.Nodes() {
		nodes = append(nodes, NodeOf(n))
	}
	res := Decide(c.env.Now(), pods, nodes, c.quarantine, c.threshold)
	c.quarantine = res.Quarantine
	for _, d := range res.Deletions {
		c.delete(recs[d.Pod], d)
	}
	if c.quarantine.Len() > 0 {
		c.wake()
	}
}

// podOf reads a store record for a pass. A Terminating record is the
// object its kubelet last reported (Running, deletionTimestamp set); an
// evicted record still listed is a Failed object.
func podOf(p *store.Pod) Pod {
	term := p.IsTerminating()
	return Pod{
		Name: p.Name(), NodeName: nodeOf(p), Terminating: term,
		Terminated: p.Phase == store.PhaseEvicted && !term,
		Evicted:    p.StatusReason == EvictedReason,
		Created:    p.CreatedAt,
	}
}

// delete is markFailedAndDeletePodWithCondition for one deletion, with
// the narration.
func (c *Controller) delete(p *store.Pod, d Deletion) {
	var cond *core.PodCondition
	if p.Phase != store.PhaseEvicted || p.IsTerminating() {
		// Not Succeeded or Failed yet: patched to Failed, with the rule's
		// condition.
		cond = d.Condition()
	}
	why := c.explain(d.Rule, "it", nodeOf(p))
	ForceDelete(c.env, p, Name, cond, why)
	c.env.Note("%s", c.explain(d.Rule, p.Name(), nodeOf(p)))
}

// explain says, for people, what the pass did to pod (its name, or "it")
// and why.
func (c *Controller) explain(r Rule, pod, node string) string {
	at := clock.FormatAt(c.env.Now())
	switch r {
	case Terminated:
		return fmt.Sprintf("PodGC deleted %s at %s: more than %d terminated pods (--terminated-pod-gc-threshold), oldest first", pod, at, c.threshold)
	case TerminatingOutOfService:
		return fmt.Sprintf("PodGC force-deleted %s at %s (node %s is not Ready and has the out-of-service taint)", pod, at, node)
	case Orphaned:
		return fmt.Sprintf("PodGC force-deleted %s at %s: node %s no longer exists (%s %s)", pod, at, node, ConditionType, ConditionReason)
	}
	return fmt.Sprintf("PodGC force-deleted %s at %s: Terminating and never scheduled", pod, at)
}

// ForceDelete is a deletion with grace period 0
// (markFailedAndDeletePodWithCondition's DeleteOptions, v1.37): a
// Terminating pod's deletion finishes now (store.FinishTermination); any
// other pod is deleted with grace 0 (store.DeletePod), kept on the board
// as an evicted pod when it was bound to a node, a Failed object among
// them. cond, when set, becomes the pod's DisruptionTarget condition; why
// is added to the reason the board gives.
func ForceDelete(env *controllers.Env, p *store.Pod, by string, cond *core.PodCondition, why string) {
	mark := func(p *store.Pod) {
		if cond != nil {
			p.DisruptionTarget = cond
		}
		if p.EvictReason != "" {
			why = p.EvictReason + "; " + why
		}
		p.Failed, p.EvictReason = false, why
	}
	if p.IsTerminating() {
		env.Store.UpdatePod(p, by, mark)
		env.Store.FinishTermination(p, by)
		return
	}
	zero := int64(0)
	env.Store.DeletePod(p, by, store.Deletion{Now: env.Now(), GracePeriod: &zero, Evict: p.Node != ""}, mark)
}
