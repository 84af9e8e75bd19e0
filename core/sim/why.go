package sim

import (
	"fmt"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers/podgc"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/queue"
	"github.com/taints-playground/playground/core/sched/scheduler"
	"github.com/taints-playground/playground/core/store"
)

// ExplainLimit bounds the per-node detail of PodState.Why: a frame whose
// node count × pod count exceeds it gets summaries only (each explanation
// is a full scheduling cycle plus every filter on every node).
const ExplainLimit = 250000

// tooLarge reports whether the cluster exceeds ExplainLimit.
func (s *simulator) tooLarge() bool { return len(s.st.Nodes())*len(s.st.Pods()) > ExplainLimit }

// explain asks the scheduler about the pod on this frame's cluster (the
// pod itself left out) and says in words why it is where it is.
func (s *simulator) explain(p *store.Pod) *Explanation {
	if !s.detailedPod(p.Namespace(), p.Name()) {
		return &Explanation{Summary: s.summary(p, sched.Result{}), Limited: true}
	}
	infos := s.sched.NodeInfos(p)
	opts := s.sched.Options(s.sched.ExplainRand())
	opts.NominatedPods = s.sched.NominatedPods()
	res := sched.Schedule(p.Object, infos, opts)
	s.runProbe(p, infos, opts)
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
	for i, n := range s.st.Nodes() {
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
		if p.Phase == PhasePending {
			v.Chosen = n.Name == res.NodeName
		} else {
			v.Chosen = n.Name == p.Node
		}
		v.Filters = filterVerdicts(sched.ExplainNodeAmong(p.Object, infos[i], infos, opts), st)
		v.Taints = s.taintMatrix(p, n)
		e.Nodes = append(e.Nodes, v)
	}
	e.Summary = s.summary(p, res)
	return e
}

// filterVerdicts are every filter plugin's verdict on a node. When the
// cycle rejected the node (rejected, the status Kubernetes reports), the
// verdict of the reported plugin is marked Reported: a PreFilter result
// (NodeAffinity's node names for a DaemonSet pod) reports a plugin that
// comes after the first failing filter in Filter order; otherwise the
// first failing one is.
func filterVerdicts(statuses []sched.Status, rejected *sched.Status) []FilterVerdict {
	var out []FilterVerdict
	mark := -1
	for i, fs := range statuses {
		fv := FilterVerdict{Plugin: fs.Plugin, Code: fs.Code.String(), Reasons: append([]string(nil), fs.Reasons...)}
		if rejected != nil && fs.Code != sched.Success {
			if mark < 0 || (fs.Plugin == rejected.Plugin && out[mark].Plugin != rejected.Plugin) {
				mark = i
			}
		}
		out = append(out, fv)
	}
	if mark >= 0 {
		out[mark].Reported = true
	}
	return out
}

// taintMatrix is the taint × toleration matrix of one node for the pod.
func (s *simulator) taintMatrix(p *store.Pod, n *core.Node) []TaintMatch {
	var out []TaintMatch
	tols := p.Object.Spec.Tolerations
	for i := range n.Spec.Taints {
		t := n.Spec.Taints[i]
		m := TaintMatch{Taint: t, ByIndex: -1,
			Filters: t.Effect == core.TaintEffectNoSchedule || t.Effect == core.TaintEffectNoExecute,
			Scores:  t.Effect == core.TaintEffectPreferNoSchedule,
			Evicts:  t.Effect == core.TaintEffectNoExecute}
		for j := range tols {
			tol := tols[j]
			ok, why := core.ExplainToleration(&tol, &t, s.env.Gate)
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
func (s *simulator) queueNote(p *store.Pod) string {
	switch p.Queue.State {
	case store.QueueUnschedulable:
		return fmt.Sprintf(" It waits in unschedulablePods after %d failed attempt(s); an event that one of its rejecting plugins cares about moves it back, and the periodic flush retries it at %s at the latest.", p.Queue.Attempts, clock.FormatAt(s.sched.Queue.NextFlush(&p.Queue)))
	case store.QueueBackoff:
		return fmt.Sprintf(" It waits in backoffQ until %s.", clock.FormatAt(p.Queue.BackoffUntil))
	}
	return ""
}

// gatedSummary says why a pod with scheduling gates is Pending: the
// SchedulingGates plugin's PreEnqueue message, where it waits, and where
// a scheduling cycle would put it once the gates are gone.
func gatedSummary(p *store.Pod, res sched.Result) string {
	names := make([]string, len(p.Object.Spec.SchedulingGates))
	for i, g := range p.Object.Spec.SchedulingGates {
		names[i] = g.Name
	}
	s := fmt.Sprintf("Pending (SchedulingGated): waiting for scheduling gates: [%s]. The SchedulingGates plugin keeps it in unschedulablePods, so the scheduler does not try it and reports no FailedScheduling; removing the last gate (kubectl patch pod %s -p '{\"spec\":{\"schedulingGates\":null}}') sends it to activeQ.", strings.Join(names, " "), p.Name())
	if res.NodeName != "" {
		return s + fmt.Sprintf(" Without its gates it would go to %s now.", res.NodeName)
	}
	return s + " Without its gates it would not be placed now: " + res.Message
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

func (s *simulator) summary(p *store.Pod, res sched.Result) string {
	switch p.Phase {
	case PhaseEvicted:
		if at, ok := s.kubelet.MirrorAt(p); ok && p.EvictedAt != nil {
			return fmt.Sprintf("Mirror pod deleted at %s: %s The static pod keeps running on %s: the kubelet runs it from its manifest file whatever the node's taints, and creates a new mirror pod (same name, new UID) at %s; the taint-eviction controller treats that one like any pod.",
				clock.FormatAt(*p.EvictedAt), sentence(p.EvictReason), p.Node, clock.FormatAt(at))
		}
		verb := "Evicted from"
		if p.Remove {
			verb = "Deleted on"
		}
		out := fmt.Sprintf("%s %s at %s: %s", verb, p.Node, clock.FormatAt(*p.EvictedAt), sentence(p.EvictReason)) + s.terminatingNote(p)
		if at, ok := s.ds.DeletionAt(p); ok {
			out += fmt.Sprintf(" The DaemonSet controller deletes this failed pod at %s, when its back-off on %s has passed (1 s for the first failed pod there, doubling with each deletion up to 15 min), and then creates a new one.", clock.FormatAt(at), p.Node)
		}
		return out
	case PhasePending:
		return s.pendingSummary(p, res)
	}
	var b strings.Builder
	if p.Direct {
		fmt.Fprintf(&b, "Running on %s: bound directly by spec.nodeName, so the scheduler, NoSchedule taints and cordons never applied to it.", p.Node)
	} else {
		fmt.Fprintf(&b, "Running on %s since %s: the scheduler chose it.", p.Node, clock.FormatAt(*p.ScheduledAt))
	}
	var tolerated []string
	if n := s.st.Node(p.Node); n != nil {
		for i := range n.Spec.Taints {
			if core.TolerationsTolerateTaint(p.Object.Spec.Tolerations, &n.Spec.Taints[i], s.env.Gate) {
				tolerated = append(tolerated, n.Spec.Taints[i].ToString())
			}
		}
	}
	if len(tolerated) > 0 {
		fmt.Fprintf(&b, " It tolerates %s.", strings.Join(tolerated, ", "))
	}
	if st := res.Rejected[p.Node]; st != nil && !p.Direct {
		fmt.Fprintf(&b, " A new copy of it would not be placed there now (%s): only NoExecute removes running pods.", strings.Join(st.Reasons, ", "))
	}
	if p.Eviction != nil {
		fmt.Fprintf(&b, " It will be evicted at %s, when its toleration of %s runs out.", clock.FormatAt(p.Eviction.FireAt), p.Eviction.Taint)
	}
	if s.st.Node(p.Node) == nil {
		fmt.Fprintf(&b, " Node %s no longer exists: PodGC force-deletes the pod once the node has been gone for %s (checked every %s).", p.Node, clock.Format(podgc.QuarantineTime), clock.Format(podgc.CheckPeriod))
	}
	return b.String()
}

// terminatingNote says, for a Terminating pod, when its deletion ends.
func (s *simulator) terminatingNote(p *store.Pod) string {
	if !p.IsTerminating() {
		return ""
	}
	grace := int64(0)
	if g := p.Object.DeletionGracePeriodSeconds; g != nil {
		grace = *g
	}
	if s.kubelet.Alive(p.Node) {
		return fmt.Sprintf(" It is Terminating: its containers get their %ds grace period (they ignore SIGTERM here, so they use all of it), and its kubelet removes the pod at %s; until then it keeps its share of %s.", grace, clock.FormatAt(p.GraceEnd), p.Node)
	}
	return " " + s.terminatingWhy(p.Node) + fmt.Sprintf(" Meanwhile it keeps its share of the node (grace period %ds, deletionTimestamp %s).", grace, clock.FormatAt(p.GraceEnd))
}

// terminatingWhy says why a deleted pod is still Terminating and what
// ends it (the kubelet returning, or the pod garbage collector).
func (s *simulator) terminatingWhy(node string) string {
	n := s.st.Node(node)
	if n == nil {
		return fmt.Sprintf("Terminating: node %s no longer exists; PodGC force-deletes it once the node has been gone for %s.", node, clock.Format(podgc.QuarantineTime))
	}
	if v := podgc.NodeOf(n); v.OutOfService && !v.Ready {
		return fmt.Sprintf("Terminating: node %s is not Ready and has the out-of-service taint; PodGC force-deletes it at its next pass (every %s).", node, clock.Format(podgc.CheckPeriod))
	}
	return fmt.Sprintf("Terminating: node %s is not Ready, so no kubelet confirms the containers stopped; it stays until the kubelet returns, or PodGC force-deletes it once the node has the %s taint.", node, core.TaintNodeOutOfService)
}

// pendingSummary says why a pod is Pending.
func (s *simulator) pendingSummary(p *store.Pod, res sched.Result) string {
	if p.Missing {
		return fmt.Sprintf("Pending: spec.nodeName is %q, but there is no such node; the scheduler leaves pods that set spec.nodeName alone, and PodGC deletes the pod once the node has been missing for %s (checked every %s).", p.Object.Spec.NodeName, clock.Format(podgc.QuarantineTime), clock.Format(podgc.CheckPeriod))
	}
	if name := p.Object.Spec.SchedulerName; name != "" && name != DefaultSchedulerName {
		return fmt.Sprintf("Pending: spec.schedulerName is %q, and only %s runs in this cluster, so no scheduler will ever place it.", name, DefaultSchedulerName)
	}
	if queue.Gated(p.Object) {
		return gatedSummary(p, res)
	}
	msg := p.FailedMessage
	if msg == "" {
		msg = res.Message
	}
	if res.NodeName != "" {
		return fmt.Sprintf("Pending: the last attempt failed (%s). It would fit %s now, but no cluster event has sent it back to the scheduling queue yet.%s%s", scheduler.ShortReason(msg), res.NodeName, s.nominationNote(p), s.queueNote(p))
	}
	return "Pending: " + msg + s.nominationNote(p) + s.queueNote(p)
}

// nominationNote says where preemption nominated a pending pod and how
// many of its victims still terminate there ("" when not nominated).
func (s *simulator) nominationNote(p *store.Pod) string {
	node := p.Object.Status.NominatedNodeName
	if node == "" {
		return ""
	}
	n := 0
	for _, q := range s.st.TerminatingOn(node) {
		if q.Priority < p.Priority && sched.TerminatingByPreemption((&apiServer{s: s}).view(q)) {
			n++
		}
	}
	if n == 0 {
		return fmt.Sprintf(" It is nominated to %s (status.nominatedNodeName): preemption made room there, and the room is held for it.", node)
	}
	return fmt.Sprintf(" It is nominated to %s (status.nominatedNodeName), waiting for %d victim(s) to terminate; until they are gone it does not preempt again unless %s becomes unusable for it.", node, n, node)
}
