package sim

import (
	"fmt"
	"maps"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers/kubelet"
	"github.com/taints-playground/playground/core/controllers/podgc"
	"github.com/taints-playground/playground/core/controllers/tainteviction"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched/scheduler"
	"github.com/taints-playground/playground/core/store"
)

// checkFrames is the cap on frame storage (a variable for tests).
var checkFrames = scenario.CheckFrames

// checkLivePods is the cap on pods that exist at once (a variable for
// tests).
var checkLivePods = scenario.CheckLivePods

// MaxSummaryNotes is how many of the simulator's notes a frame's Summary
// lists; the rest are counted ("… and 1990 more"), so that the t=0
// summary of 2,000 scheduled pods stays a line, not a page. The events
// keep every detail.
const MaxSummaryNotes = 12

// joinNotes is the notes of one frame, at most MaxSummaryNotes of them.
func joinNotes(notes []string) string {
	if len(notes) <= MaxSummaryNotes {
		return strings.Join(notes, "; ")
	}
	return strings.Join(notes[:MaxSummaryNotes], "; ") + fmt.Sprintf("; … and %d more", len(notes)-MaxSummaryNotes)
}

// frame records the board now. caption is the author's text (may be
// empty); fallback is used as the summary when nothing was noted.
func (s *simulator) frame(step, caption, output, fallback string) {
	summary := joinNotes(s.notes)
	s.notes = nil
	if s.capErr != nil {
		return // the run stops at its next item
	}
	if summary == "" {
		summary = fallback
	}
	if summary == "" {
		summary = "nothing changed"
	}
	now := s.clk.Now()
	summary = clock.FormatAt(now) + ": " + summary
	s.startFrameDetail(len(s.frames))
	if caption == "" {
		caption = summary
	}
	f := Frame{
		Index:   len(s.frames),
		At:      now.Seconds(),
		Step:    step,
		Caption: caption,
		Summary: summary,
		Output:  output,
		Events:  len(s.st.Events()),
		failed:  step != "" && s.stepFailed,
	}
	if step == "" && output != "" {
		f.Continues = strings.Join(s.timerRuns, "; ")
	}
	s.buildStates(&f)
	s.rec.slots += len(f.Nodes) + len(f.Pods)
	if err := checkFrames(len(s.frames)+1, s.rec.slots, s.rec.built, now); err != nil {
		s.capErr = err
		return
	}
	if len(f.Nodes) == 0 {
		f.Nodes = nil // as before preallocation: JSON null, not []
	}
	if len(f.Pods) == 0 {
		f.Pods = nil
	}
	s.frames = append(s.frames, f)
	s.tick()
}

func (s *simulator) nodeState(n *core.Node) NodeState {
	ns := NodeState{
		Name:          n.Name,
		Labels:        maps.Clone(n.Labels),
		Taints:        append([]core.Taint{}, n.Spec.Taints...),
		Unschedulable: n.Spec.Unschedulable,
		Conditions:    append([]core.NodeCondition(nil), n.Status.Conditions...),
		NotModelled:   n.NotModelled,
	}
	alloc := n.Status.Allocatable
	if len(alloc) == 0 {
		alloc = n.Status.Capacity
	}
	if len(alloc) > 0 {
		ns.Allocatable = map[core.ResourceName]int64{}
		for name, q := range alloc {
			ns.Allocatable[name] = store.QuantityValue(name, q)
		}
	}
	// A Terminating pod is still bound to the node until it is gone.
	for _, p := range append(s.st.Running(n.Name), s.st.TerminatingOn(n.Name)...) {
		if ns.Requested == nil {
			ns.Requested = map[core.ResourceName]int64{}
		}
		for name, v := range p.Requests() {
			ns.Requested[name] += v
		}
		ns.Requested[core.ResourcePods]++
	}
	if s.detailedNode(n.Name) {
		ns.Describe, _ = kubectl.NodeDescription(&apiServer{s: s}, n.Name)
	}
	return ns
}

func (s *simulator) podState(p *store.Pod) PodState {
	ps := PodState{
		Namespace:               p.Namespace(),
		Name:                    p.Name(),
		Node:                    p.Node,
		Phase:                   p.Phase,
		Priority:                p.Priority,
		Tolerations:             append([]core.Toleration(nil), p.Object.Spec.Tolerations...),
		TolerationSources:       append([]string(nil), p.TolerationSources...),
		Owner:                   p.Owner(),
		DisruptionTarget:        p.DisruptionTarget,
		FailedSchedulingMessage: p.FailedMessage,
		Requests:                maps.Clone(p.Requests()),
		NominatedNodeName:       p.Object.Status.NominatedNodeName,
		Attempts:                p.Queue.Attempts,
		Queue:                   p.Queue.State.String(),
		NotModelled:             p.Object.Spec.NotModelled,
	}
	if p.Phase == PhasePending {
		for _, g := range p.Object.Spec.SchedulingGates {
			ps.SchedulingGates = append(ps.SchedulingGates, g.Name)
		}
	}
	if p.StatusReason != "" {
		ps.StatusPhase, ps.Reason, ps.Message = string(core.PodFailed), p.StatusReason, p.StatusMessage
	} else {
		ps.Reason = removalReason(p)
	}
	if p.ScheduledAt != nil {
		ps.ScheduledAt = secPtr(*p.ScheduledAt)
	}
	if p.EvictedAt != nil {
		ps.EvictedAt = secPtr(*p.EvictedAt)
		ps.Terminating = p.IsTerminating()
	}
	if ps.Terminating {
		ps.GraceEnd = secPtr(p.GraceEnd)
		ps.KubeletAway = !s.kubelet.Alive(p.Node)
	}
	if p.Eviction != nil && p.Phase == PhaseRunning {
		ps.EvictAt = secPtr(p.Eviction.FireAt)
	}
	ps.Static = kubelet.IsMirrorPod(p.Object)
	if at, ok := s.kubelet.MirrorAt(p); ok {
		ps.MirrorAt = secPtr(at)
	}
	ps.Why = s.explain(p)
	if s.detailedPod(p.Namespace(), p.Name()) && (s.st.LivePod(p.Namespace(), p.Name()) == p || p.IsTerminating()) {
		api := &apiServer{s: s}
		ps.Describe = kubectl.PodDescription(api, api.view(p))
	}
	return ps
}

func secPtr(d interface{ Seconds() float64 }) *float64 {
	v := d.Seconds()
	return &v
}

// RemovalReason values of PodState.Reason for a pod removed from its node
// by someone other than the kubelet (the kubelet's own rejections keep
// their status.reason: TaintToleration, Evicted, OutOfcpu, …).
const (
	// ReasonDeletionByTaintManager: the taint-eviction controller deleted
	// it (its DisruptionTarget condition's reason).
	ReasonDeletionByTaintManager = tainteviction.ConditionReason
	// ReasonEvictionByEvictionAPI: kubectl drain evicted it.
	ReasonEvictionByEvictionAPI = "EvictionByEvictionAPI"
	// ReasonDeletionByPodGC: the pod garbage collector deleted it, its
	// node gone.
	ReasonDeletionByPodGC = podgc.ConditionReason
	// ReasonPreempted: the scheduler preempted it (the victim's event
	// reason).
	ReasonPreempted = scheduler.ReasonPreempted
)

// removalReason is PodState.Reason for a pod removed from its node without
// a kubelet status reason.
func removalReason(p *store.Pod) string {
	switch {
	case p.StatusReason != "":
		return p.StatusReason
	case p.Phase != PhaseEvicted:
		return ""
	case p.DisruptionTarget != nil:
		return p.DisruptionTarget.Reason
	case p.Preempted:
		return ReasonPreempted
	}
	return ""
}
