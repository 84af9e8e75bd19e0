package sim

import (
	"fmt"
	"os"
	"reflect"
	"sync/atomic"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
)

// Frames share unchanged states. A frame without detail (see detail.go)
// reuses the previous frame's *NodeState or *PodState when nothing the
// state is computed from changed; only changed objects get a new state.
//
//   - A node is looked at when it was replaced (kubectl writes a new
//     object: seen by pointer), changed in place (touchNode: taints,
//     conditions) or added; its labels, taints, spec.unschedulable,
//     conditions and allocatable (or capacity) are then compared by value
//     with its state. Every frame also compares the zone, zone state and
//     NoExecuteQueued (zone states recomputed only after a node changed),
//     and its Requested through the pods bound to it: the length of
//     s.onNode[node] and each changed pod's contribution (node, counted
//     or not, pod object).
//   - A pod is marked at every place that changes it (touch: a podRec
//     field, its pod object, its Terminating status); a pod created since
//     the last frame and a pod on a node whose taints changed (the summary
//     lists the tolerated ones) are checked too. For those, podKey (every
//     podRec field, pod object field and simulator lookup podState and the
//     summary read) and the tolerations and their sources (by value)
//     decide whether the state is rebuilt. Every other pod keeps its state:
//     the frame copies the previous frame's list and patches it, unless a
//     pod appeared or disappeared in the middle of it.
//
// A frame with detail (Why per node, Describe texts) builds every state
// afresh: those depend on the whole cluster, the events and the clock, and
// DetailBudget bounds them. A state is reused only from the frame just
// before, and only when it was built without detail.
//
// The pod object's containers are never changed in place (the simulator
// replaces p.pod; requests() relies on the same rule), so the pod pointer
// stands for its requests.

// verifyFrames makes every frame recompute each state from scratch and
// compare it (reflect.DeepEqual) with the one the frame holds, shared or
// not; Run also runs the scenario a second time without detail, so that
// states are shared and checked in every frame. A mismatch panics, which
// Run reports as an error ("simulation failed: frame state mismatch …"),
// and is counted in verifyMismatches. The core/sim tests turn it on
// (verify_test.go); SIM_VERIFY_FRAMES=1 turns it on for any test binary
// (go test ./core/presets ./core/cases with it set).
var verifyFrames = os.Getenv("SIM_VERIFY_FRAMES") != ""

// verifyMismatches counts the mismatches verifyFrames found.
var verifyMismatches atomic.Int64

// nodeMemo is the state a node last showed and what it was built from.
type nodeMemo struct {
	at      int // index+1 of the last frame showing state; 0: none
	state   *NodeState
	name    string
	onNode  int  // len(s.onNode[name]) then
	limited bool // built without detail
	// taintsSame: this frame's taints equal the previous frame's.
	taintsSame bool
	// node is the object last looked at; touched: changed in place since
	// (touchNode). zoneKey, zoneName and excluded are its zone.
	node              *core.Node
	touched           bool
	zoneKey, zoneName string
	excluded          bool
}

// touchNode marks a node changed in place (taints, conditions): every
// code path that writes a node object of s.nodes calls it. A node object
// replaced by a new one needs no touch.
func (s *simulator) touchNode(n *core.Node) {
	s.nodesTouched = true
	if i, ok := s.nodeIdx[n.Name]; ok && i < len(s.nodeMemo) {
		s.nodeMemo[i].touched = true
	}
}

// zoneStateOf is nodeZone's state for a node of zone key k.
func (s *simulator) zoneStateOf(k string, excluded bool, states map[string]nodelifecycle.ZoneState) string {
	if excluded {
		return ""
	}
	st := states[k]
	if s.allFull && st != "" {
		return "AllZonesDown"
	}
	return string(st)
}

// podMemo is the state a pod showed in the last frame and what it was
// built from.
type podMemo struct {
	state   *PodState
	key     podKey
	limited bool // built without detail
	seen    bool // some frame has looked at the pod
	visible bool // it was in the last frame's Pods, at index slot
	slot    int
	built   int  // stamp of the frame that last built state
	cand    int  // stamp of the frame that last checked it
	dirty   bool // touched since the last frame (in s.dirtyPods)
	// contrib is what the pod added to a node's Requested at the last
	// frame.
	contrib podContrib
}

// podContrib is a pod's share of a node's Requested: the node ("" when it
// counts nowhere) and the pod object its requests come from.
type podContrib struct {
	node string
	pod  *core.Pod
}

// podKey is every input of a PodState without detail, except the
// tolerations and their sources (compared by value) and the node's taints.
type podKey struct {
	pod                                *core.Pod
	namespace, name                    string
	nominated, schedulerName, specNode string
	ownerKind, ownerName               string
	node, phase                        string
	priority                           int32
	failedMsg, statusReason, statusMsg string
	evictReason                        string
	attempts                           int
	q                                  queueState
	qTime, flushTime, backoffUntil     time.Duration
	scheduled, evicted                 bool
	scheduledAt, evictedAt             time.Duration
	timer                              *evictionTimer
	timerCreated, timerFire            time.Duration
	timerTaint                         string
	disruption                         *core.PodCondition
	disruptionReason                   string
	preempted, failed, missing, direct bool
	terminating                        bool
	rs                                 *rsRec
	ds                                 *core.DaemonSet
}

func (s *simulator) podKeyOf(p *podRec) podKey {
	k := podKey{
		pod: p.pod, namespace: p.pod.Namespace, name: p.pod.Name,
		nominated: p.pod.Status.NominatedNodeName, schedulerName: p.pod.Spec.SchedulerName, specNode: p.pod.Spec.NodeName,
		node: p.node, phase: p.phase, priority: p.priority,
		failedMsg: p.failedMsg, statusReason: p.statusReason, statusMsg: p.statusMessage, evictReason: p.evictReason,
		attempts: p.attempts, q: p.q, qTime: p.qTime, flushTime: p.flushTime, backoffUntil: p.backoffUntil,
		timer: p.timer, disruption: p.disruption,
		preempted: p.preempted, failed: p.failed, missing: p.missing, direct: p.direct,
		rs: p.rs, ds: p.ds,
	}
	switch {
	case p.rs != nil:
		k.ownerKind, k.ownerName = "ReplicaSet", p.rs.rs.Name
	case p.ds != nil:
		k.ownerKind, k.ownerName = "DaemonSet", p.ds.Name
	default:
		for _, o := range p.pod.OwnerReferences {
			if o.Controller != nil && *o.Controller {
				k.ownerKind, k.ownerName = o.Kind, o.Name
				break
			}
		}
	}
	if p.scheduledAt != nil {
		k.scheduled, k.scheduledAt = true, *p.scheduledAt
	}
	if p.evictedAt != nil {
		k.evicted, k.evictedAt = true, *p.evictedAt
	}
	if p.timer != nil {
		k.timerCreated, k.timerFire, k.timerTaint = p.timer.created, p.timer.fireAt, p.timer.taint
	}
	if p.disruption != nil {
		k.disruptionReason = p.disruption.Reason
	}
	if p.phase == PhaseEvicted {
		k.terminating = s.terminating(p)
	}
	return k
}

// touch marks a pod whose state may have changed since the last frame:
// every code path that changes a podRec field, its pod object or its
// Terminating status calls it (a pod created since the last frame needs
// no touch). The frame compares the touched pods' podKey and rebuilds
// those that differ; untouched pods keep their state.
func (s *simulator) touch(p *podRec) {
	if !p.memo.dirty {
		p.memo.dirty = true
		s.dirtyPods = append(s.dirtyPods, p)
	}
}

// buildStates fills the frame's Nodes and Pods, sharing the previous
// frame's states where nothing they are computed from changed.
func (s *simulator) buildStates(f *Frame) {
	cur := f.Index + 1 // memo stamp of this frame
	prev := f.Index    // memo stamp of the frame before (0: there is none)
	limited := !s.detailed()
	// Reuse needs a frame before, built without detail.
	reuse := limited && prev > 0 && s.lastLimited
	s.lastLimited = limited

	// The pods that may have changed: touched ones and new ones. Their
	// share of node requests decides which nodes' Requested to redo.
	cands := s.dirtyPods
	s.dirtyPods = nil
	newFrom := s.podsSeen
	cands = append(cands, s.pods[newFrom:]...)
	s.podsSeen = len(s.pods)
	if s.reqDirty == nil {
		s.reqDirty = map[string]bool{}
	}
	clear(s.reqDirty)
	visChanged := false
	for _, p := range cands {
		m := &p.memo
		m.dirty, m.cand = false, cur
		if c := s.contribOf(p); c != m.contrib {
			if old := m.contrib.node; old != "" {
				s.reqDirty[old] = true
			}
			if c.node != "" {
				s.reqDirty[c.node] = true
			}
			m.contrib = c
		}
		if m.seen && m.visible != (!p.deleted && !p.notYet) {
			visChanged = true
		}
	}

	// Nodes: a node replaced (kubectl writes a new object), touched or
	// new since the last frame has its inputs compared with its state;
	// zone states are recomputed when some node changed.
	if s.nodesTouched || s.zoneStates == nil || len(s.nodeMemo) != len(s.nodes) {
		s.zoneStates, _ = s.zoneCounts()
	}
	s.nodesTouched = false
	states := s.zoneStates
	queued := s.queuedNodes()
	if len(s.nodeMemo) < len(s.nodes) {
		s.nodeMemo = append(s.nodeMemo, make([]nodeMemo, len(s.nodes)-len(s.nodeMemo))...)
	}
	f.Nodes = make([]*NodeState, 0, len(s.nodes))
	for i, n := range s.nodes {
		m := &s.nodeMemo[i]
		changed := m.node != n || m.touched
		if changed {
			m.node, m.touched = n, false
			m.zoneKey, m.excluded = zoneKeyOf(n), nodelifecycle.Excluded(n)
			m.zoneName = nodelifecycle.ZoneName(m.zoneKey)
		}
		zone, zstate := m.zoneName, s.zoneStateOf(m.zoneKey, m.excluded, states)
		q := queued != nil && queued[m.zoneKey][n.Name]
		fromPrev := prev > 0 && m.at == prev && m.name == n.Name
		m.taintsSame = fromPrev && (!changed || sameTaints(m.state.Taints, n.Spec.Taints))
		if !m.taintsSame {
			// Running pods' summaries list the tolerated taints.
			for _, p := range s.onNode[n.Name] {
				if p.node == n.Name && p.memo.cand != cur {
					p.memo.cand = cur
					cands = append(cands, p)
				}
			}
		}
		if reuse && fromPrev && m.limited && m.taintsSame && m.onNode == len(s.onNode[n.Name]) && !s.reqDirty[n.Name] &&
			m.state.Zone == zone && m.state.ZoneState == zstate && m.state.NoExecuteQueued == q && (!changed || sameNodeInputs(m.state, n)) {
			m.at = cur
			s.reused++
			f.Nodes = append(f.Nodes, m.state)
			continue
		}
		ns := s.nodeState(n)
		ns.Zone, ns.ZoneState, ns.NoExecuteQueued = zone, zstate, q
		m.at, m.state, m.name, m.onNode, m.limited = cur, &ns, n.Name, len(s.onNode[n.Name]), limited
		s.built++
		f.Nodes = append(f.Nodes, &ns)
	}

	// Pods: a candidate whose inputs differ gets a new state; every other
	// visible pod keeps the state it showed in the frame before (a pod
	// visible once stays visible until it is deleted, for good).
	for _, p := range cands {
		m := &p.memo
		if p.deleted || p.notYet || m.built == cur {
			continue // hidden, or listed twice (touched and new)
		}
		key := s.podKeyOf(p)
		if reuse && m.state != nil && m.limited && m.seen && m.visible && m.key == key &&
			sameTolerations(m.state.Tolerations, p.pod.Spec.Tolerations) && sameStrings(m.state.TolerationSources, p.tolSources) &&
			(p.phase == PhasePending || p.phase == PhaseEvicted || s.nodeTaintsSame(p.node)) {
			continue
		}
		ps := s.podState(p)
		m.state, m.key, m.limited, m.built = &ps, key, limited, cur
		s.built++
	}
	if reuse && !visChanged {
		// The same visible pods as before, in the same order, and new ones
		// at the end: patch the previous frame's list.
		last := s.lastPods
		f.Pods = make([]*PodState, len(last), len(last)+len(s.pods)-newFrom)
		copy(f.Pods, last)
		s.reused += len(last)
		for _, p := range cands {
			if m := &p.memo; m.built == cur && m.seen {
				f.Pods[m.slot] = m.state
				s.reused--
			}
		}
		for _, p := range s.pods[newFrom:] {
			m := &p.memo
			m.seen, m.visible = true, !p.deleted && !p.notYet
			if m.visible {
				m.slot = len(f.Pods)
				f.Pods = append(f.Pods, m.state)
			}
		}
	} else {
		f.Pods = make([]*PodState, 0, len(s.pods))
		for _, p := range s.pods {
			m := &p.memo
			was := m.seen && m.visible
			m.seen, m.visible = true, !p.deleted && !p.notYet
			if !m.visible {
				continue
			}
			if m.built != cur {
				if reuse && was && m.limited && m.state != nil {
					s.reused++
				} else {
					ps := s.podState(p)
					m.state, m.key, m.limited, m.built = &ps, s.podKeyOf(p), limited, cur
					s.built++
				}
			}
			m.slot = len(f.Pods)
			f.Pods = append(f.Pods, m.state)
		}
	}
	s.lastPods = f.Pods
	if verifyFrames {
		s.verifyStates(f)
	}
}

// contribOf is the pod's share of a node's Requested now.
func (s *simulator) contribOf(p *podRec) podContrib {
	c := podContrib{pod: p.pod}
	if p.node != "" && ((!p.deleted && p.phase == PhaseRunning) || (p.phase == PhaseEvicted && s.terminating(p))) {
		c.node = p.node
	}
	return c
}

// nodeTaintsSame reports whether the node's taints are those of the
// previous frame (false for an unknown node).
func (s *simulator) nodeTaintsSame(name string) bool {
	i, ok := s.nodeIdx[name]
	if !ok || i >= len(s.nodes) || i >= len(s.nodeMemo) || s.nodes[i].Name != name {
		return false
	}
	return s.nodeMemo[i].taintsSame
}

// queuedNodes is, per zone key, the nodes waiting in that zone's NoExecute
// tainting queue (NodeState.NoExecuteQueued).
func (s *simulator) queuedNodes() map[string]map[string]bool {
	var out map[string]map[string]bool
	for k, z := range s.zones {
		if len(z.queue) == 0 {
			continue
		}
		if out == nil {
			out = map[string]map[string]bool{}
		}
		set := make(map[string]bool, len(z.queue))
		for _, name := range z.queue {
			set[name] = true
		}
		out[k] = set
	}
	return out
}

// sameNodeInputs reports whether the node's labels, spec.unschedulable,
// conditions and allocatable are those ns was built from (taints are
// compared by the caller). Nil and empty differ, as in the state.
func sameNodeInputs(ns *NodeState, n *core.Node) bool {
	if ns.Name != n.Name || ns.Unschedulable != n.Spec.Unschedulable {
		return false
	}
	if (ns.Labels == nil) != (n.Labels == nil) || len(ns.Labels) != len(n.Labels) {
		return false
	}
	for k, v := range n.Labels {
		if w, ok := ns.Labels[k]; !ok || w != v {
			return false
		}
	}
	if len(ns.Conditions) != len(n.Status.Conditions) {
		return false
	}
	for i := range ns.Conditions {
		a, b := &ns.Conditions[i], &n.Status.Conditions[i]
		if a.Type != b.Type || a.Status != b.Status || a.Reason != b.Reason || a.Message != b.Message ||
			!sameTime(a.LastHeartbeatTime, b.LastHeartbeatTime) || !sameTime(a.LastTransitionTime, b.LastTransitionTime) {
			return false
		}
	}
	alloc := n.Status.Allocatable
	if len(alloc) == 0 {
		alloc = n.Status.Capacity
	}
	if len(alloc) != len(ns.Allocatable) || (len(alloc) > 0) != (ns.Allocatable != nil) {
		return false
	}
	for name, q := range alloc {
		if v, ok := ns.Allocatable[name]; !ok || v != quantityValue(name, q) {
			return false
		}
	}
	return true
}

func sameTaints(a, b []core.Taint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Value != b[i].Value || a[i].Effect != b[i].Effect || !sameTime(a[i].TimeAdded, b[i].TimeAdded) {
			return false
		}
	}
	return true
}

func sameTolerations(a, b []core.Toleration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Key != y.Key || x.Operator != y.Operator || x.Value != y.Value || x.Effect != y.Effect {
			return false
		}
		if (x.TolerationSeconds == nil) != (y.TolerationSeconds == nil) ||
			(x.TolerationSeconds != nil && *x.TolerationSeconds != *y.TolerationSeconds) {
			return false
		}
	}
	return true
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameTime compares two times by pointer or value (== on the value is
// stricter than reflect.DeepEqual: it also compares the location pointer).
func sameTime(a, b *core.Time) bool {
	return a == b || (a != nil && b != nil && *a == *b)
}

// verifyStates recomputes every state of the frame and compares it with
// the one the frame holds (verifyFrames).
func (s *simulator) verifyStates(f *Frame) {
	states, _ := s.zoneCounts()
	queued := s.queuedNodes()
	for i, n := range s.nodes {
		fresh := s.nodeState(n)
		fresh.Zone, fresh.ZoneState = s.nodeZone(n, states)
		fresh.NoExecuteQueued = queued[zoneKeyOf(n)][n.Name]
		if !reflect.DeepEqual(&fresh, f.Nodes[i]) {
			s.verifyFailed(f, "node "+n.Name, &fresh, f.Nodes[i])
		}
	}
	i := 0
	for _, p := range s.pods {
		if p.deleted || p.notYet {
			continue
		}
		fresh := s.podState(p)
		if !reflect.DeepEqual(&fresh, f.Pods[i]) {
			s.verifyFailed(f, "pod "+p.ref(), &fresh, f.Pods[i])
		}
		i++
	}
}

func (s *simulator) verifyFailed(f *Frame, what string, fresh, held any) {
	verifyMismatches.Add(1)
	msg := fmt.Sprintf("frame state mismatch in %q frame %d (t=%gs) for %s:\nfresh: %+v\nheld:  %+v", s.scen.Name, f.Index, f.At, what, fresh, held)
	fmt.Fprintln(os.Stderr, msg)
	panic(msg)
}
