package sim

import (
	"fmt"
	"maps"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched"
)

// checkFrames is the cap on frame storage (a variable for tests).
var checkFrames = scenario.CheckFrames

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

// checkLivePods is the cap on pods that exist at once (a variable for
// tests).
var checkLivePods = scenario.CheckLivePods

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
	summary = fmtT(s.now) + ": " + summary
	s.startFrameDetail(len(s.frames))
	if caption == "" {
		caption = summary
	}
	f := Frame{
		Index:   len(s.frames),
		At:      secs(s.now),
		Step:    step,
		Caption: caption,
		Summary: summary,
		Output:  output,
		Events:  len(s.events),
	}
	s.buildStates(&f)
	s.slots += len(f.Nodes) + len(f.Pods)
	if err := checkFrames(len(s.frames)+1, s.slots, s.built, s.now); err != nil {
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
}

// quantityValue converts a quantity to the board's units: millicores for
// cpu, whole units (bytes for memory) for the rest.
func quantityValue(name core.ResourceName, q core.Quantity) int64 {
	if name == core.ResourceCPU {
		return q.MilliValue()
	}
	return q.Value()
}

// requests is PodRequests(p.pod), computed once per pod object (the
// simulator replaces p.pod rather than changing its containers); callers
// must not modify the map.
func (p *podRec) requests() map[core.ResourceName]int64 {
	if p.reqFor != p.pod || p.req == nil {
		p.req, p.reqFor = PodRequests(p.pod), p.pod
	}
	return p.req
}

// PodRequests is the pod's effective request per resource, in board units:
// the sum over containers, at least the largest init container, plus the
// pod overhead.
func PodRequests(p *core.Pod) map[core.ResourceName]int64 {
	out := map[core.ResourceName]int64{}
	for _, c := range p.Spec.Containers {
		for name, q := range c.Resources.Requests {
			out[name] += quantityValue(name, q)
		}
	}
	for _, c := range p.Spec.InitContainers {
		for name, q := range c.Resources.Requests {
			if v := quantityValue(name, q); v > out[name] {
				out[name] = v
			}
		}
	}
	for name, q := range p.Spec.Overhead {
		out[name] += quantityValue(name, q)
	}
	return out
}

func (s *simulator) nodeState(n *core.Node) NodeState {
	ns := NodeState{
		Name:          n.Name,
		Labels:        maps.Clone(n.Labels),
		Taints:        append([]core.Taint{}, n.Spec.Taints...),
		Unschedulable: n.Spec.Unschedulable,
		Conditions:    append([]core.NodeCondition(nil), n.Status.Conditions...),
	}
	alloc := n.Status.Allocatable
	if len(alloc) == 0 {
		alloc = n.Status.Capacity
	}
	if len(alloc) > 0 {
		ns.Allocatable = map[core.ResourceName]int64{}
		for name, q := range alloc {
			ns.Allocatable[name] = quantityValue(name, q)
		}
	}
	for _, p := range s.running(n.Name) {
		if ns.Requested == nil {
			ns.Requested = map[core.ResourceName]int64{}
		}
		for name, v := range p.requests() {
			ns.Requested[name] += v
		}
		ns.Requested[core.ResourcePods]++
	}
	// A Terminating pod is still bound to the node until it is gone.
	for _, p := range s.terminatingOn(n.Name) {
		if ns.Requested == nil {
			ns.Requested = map[core.ResourceName]int64{}
		}
		for name, v := range p.requests() {
			ns.Requested[name] += v
		}
		ns.Requested[core.ResourcePods]++
	}
	if s.detailed() {
		ns.Describe = s.describeNode(n)
	}
	return ns
}

func (s *simulator) podState(p *podRec) PodState {
	ps := PodState{
		Namespace:               p.pod.Namespace,
		Name:                    p.pod.Name,
		Node:                    p.node,
		Phase:                   p.phase,
		Priority:                p.priority,
		Tolerations:             append([]core.Toleration(nil), p.pod.Spec.Tolerations...),
		TolerationSources:       append([]string(nil), p.tolSources...),
		Owner:                   p.owner(),
		DisruptionTarget:        p.disruption,
		FailedSchedulingMessage: p.failedMsg,
		Requests:                maps.Clone(p.requests()),
	}
	if p.statusReason != "" {
		ps.StatusPhase, ps.Reason, ps.Message = string(core.PodFailed), p.statusReason, p.statusMessage
	} else {
		ps.Reason = s.removalReason(p)
	}
	ps.NominatedNodeName = p.pod.Status.NominatedNodeName
	ps.Attempts = p.attempts
	switch p.q {
	case qActive:
		ps.Queue = "activeQ"
	case qBackoff:
		ps.Queue = "backoffQ"
	case qUnschedulable:
		ps.Queue = "unschedulablePods"
	}
	if p.scheduledAt != nil {
		ps.ScheduledAt = secPtr(*p.scheduledAt)
	}
	if p.evictedAt != nil {
		ps.EvictedAt = secPtr(*p.evictedAt)
		ps.Terminating = s.terminating(p)
	}
	if p.timer != nil && p.phase == PhaseRunning {
		ps.EvictAt = secPtr(p.timer.fireAt)
	}
	ps.Why = s.explain(p)
	if s.detailed() && s.livePod(p.pod.Namespace, p.pod.Name) == p {
		ps.Describe = s.describePod(p)
	}
	return ps
}

// ExplainLimit bounds the per-node detail of PodState.Why: a frame whose
// node count × pod count exceeds it gets summaries only (each explanation
// is a full scheduling cycle plus every filter on every node).
const ExplainLimit = 250000

// tooLarge reports whether the cluster exceeds ExplainLimit.
func (s *simulator) tooLarge() bool { return len(s.nodes)*len(s.pods) > ExplainLimit }

// explain asks the scheduler about the pod on this frame's cluster (the
// pod itself left out) and says in words why it is where it is.
func (s *simulator) explain(p *podRec) *Explanation {
	if !s.detailed() {
		return &Explanation{Summary: s.summary(p, sched.Result{}), Limited: true}
	}
	infos := s.nodeInfos(p)
	opts := s.schedOptions(s.explainRand())
	opts.NominatedPods = s.nominatedPods()
	res := sched.Schedule(p.pod, infos, opts)
	e := &Explanation{Chosen: res.NodeName, Tied: res.Tied, Scored: len(res.Scores) > 0, SkippedScorePlugins: res.SkippedScorePlugins}
	if res.NodeName == "" {
		e.Message = res.Message
	}
	scores := map[string]sched.NodeScore{}
	for _, sc := range res.Scores {
		scores[sc.Node] = sc
	}
	feasible := map[string]bool{}
	for _, n := range res.Feasible {
		feasible[n] = true
	}
	tied := map[string]bool{}
	for _, n := range res.Tied {
		tied[n] = true
	}
	for i, n := range s.nodes {
		v := NodeVerdict{Node: n.Name, Feasible: feasible[n.Name], Tied: tied[n.Name]}
		st := res.Rejected[n.Name]
		if st != nil {
			v.Plugin = st.Plugin
			v.Reasons = append([]string(nil), st.Reasons...)
		}
		v.NotExamined = st == nil && !v.Feasible
		if sc, ok := scores[n.Name]; ok {
			total := sc.Total
			v.Score = &total
			for _, ps := range sc.Plugins {
				v.Scores = append(v.Scores, ScorePart{Plugin: ps.Plugin, Raw: ps.Raw, Normalized: ps.Normalized, Weighted: ps.Weighted})
			}
		}
		switch p.phase {
		case PhasePending:
			v.Chosen = n.Name == res.NodeName
		default:
			v.Chosen = n.Name == p.node
		}
		reported := false
		for _, fs := range sched.ExplainNode(p.pod, infos[i], opts) {
			fv := FilterVerdict{Plugin: fs.Plugin, Code: fs.Code.String(), Reasons: append([]string(nil), fs.Reasons...)}
			if fs.Code != sched.Success && !reported && st != nil {
				fv.Reported = true
				reported = true
			}
			v.Filters = append(v.Filters, fv)
		}
		v.Taints = s.taintMatrix(p, n)
		e.Nodes = append(e.Nodes, v)
	}
	e.Summary = s.summary(p, res)
	return e
}

// taintMatrix is the taint × toleration matrix of one node for the pod.
func (s *simulator) taintMatrix(p *podRec, n *core.Node) []TaintMatch {
	var out []TaintMatch
	for i := range n.Spec.Taints {
		t := n.Spec.Taints[i]
		m := TaintMatch{Taint: t, ByIndex: -1,
			Filters: t.Effect == core.TaintEffectNoSchedule || t.Effect == core.TaintEffectNoExecute,
			Scores:  t.Effect == core.TaintEffectPreferNoSchedule,
			Evicts:  t.Effect == core.TaintEffectNoExecute}
		for j := range p.pod.Spec.Tolerations {
			tol := p.pod.Spec.Tolerations[j]
			ok, why := core.ExplainToleration(&tol, &t, s.gate)
			m.Checks = append(m.Checks, TolerationCheck{Index: j, Toleration: tol, Tolerates: ok, Why: why})
			if ok && !m.Tolerated {
				m.Tolerated = true
				by := tol
				m.By = &by
				m.ByIndex = j
			}
		}
		out = append(out, m)
	}
	return out
}

// queueNote says where a pending pod waits in the scheduling queue.
func (s *simulator) queueNote(p *podRec) string {
	switch p.q {
	case qUnschedulable:
		last := p.qTime
		if p.flushTime > last {
			last = p.flushTime
		}
		next := ((last+PodMaxInUnschedulablePods)/UnschedulableFlushPeriod + 1) * UnschedulableFlushPeriod
		return fmt.Sprintf(" It waits in unschedulablePods after %d failed attempt(s); an event that one of its rejecting plugins cares about moves it back, and the periodic flush retries it at %s at the latest.", p.attempts, fmtT(next))
	case qBackoff:
		return fmt.Sprintf(" It waits in backoffQ until %s.", fmtT(p.backoffUntil))
	}
	return ""
}

// sentence ends s with one full stop: a reason that quotes a message
// already ending in ". " (the kubelet's "The node had condition: [X]. ")
// keeps that text and gains no second period.
func sentence(s string) string {
	s = strings.TrimRight(s, " ")
	if strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

func (s *simulator) summary(p *podRec, res sched.Result) string {
	switch p.phase {
	case PhaseEvicted:
		return fmt.Sprintf("Evicted from %s at %s: %s", p.node, fmtT(*p.evictedAt), sentence(p.evictReason))
	case PhasePending:
		if p.missing {
			return fmt.Sprintf("Pending: spec.nodeName is %q, but there is no such node; the scheduler leaves pods that set spec.nodeName alone.", p.pod.Spec.NodeName)
		}
		if name := p.pod.Spec.SchedulerName; name != "" && name != DefaultSchedulerName {
			return fmt.Sprintf("Pending: spec.schedulerName is %q, and only %s runs in this cluster, so no scheduler will ever place it.", name, DefaultSchedulerName)
		}
		msg := p.failedMsg
		if msg == "" {
			msg = res.Message
		}
		queue := s.queueNote(p)
		if res.NodeName != "" {
			return fmt.Sprintf("Pending: the last attempt failed (%s). It would fit %s now, but no cluster event has sent it back to the scheduling queue yet.%s", shortReason(msg), res.NodeName, queue)
		}
		return "Pending: " + msg + queue
	}
	var b strings.Builder
	n := s.node(p.node)
	if p.direct {
		fmt.Fprintf(&b, "Running on %s: bound directly by spec.nodeName, so the scheduler, NoSchedule taints and cordons never applied to it.", p.node)
	} else {
		fmt.Fprintf(&b, "Running on %s since %s: the scheduler chose it.", p.node, fmtT(*p.scheduledAt))
	}
	var tolerated []string
	if n != nil {
		for i := range n.Spec.Taints {
			if core.TolerationsTolerateTaint(p.pod.Spec.Tolerations, &n.Spec.Taints[i], s.gate) {
				tolerated = append(tolerated, n.Spec.Taints[i].ToString())
			}
		}
	}
	if len(tolerated) > 0 {
		fmt.Fprintf(&b, " It tolerates %s.", strings.Join(tolerated, ", "))
	}
	if st := res.Rejected[p.node]; st != nil && !p.direct {
		fmt.Fprintf(&b, " A new copy of it would not be placed there now (%s): only NoExecute removes running pods.", strings.Join(st.Reasons, ", "))
	}
	if p.timer != nil {
		fmt.Fprintf(&b, " It will be evicted at %s, when its toleration of %s runs out.", fmtT(p.timer.fireAt), p.timer.taint)
	}
	return b.String()
}
