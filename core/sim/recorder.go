package sim

import (
	"fmt"
	"os"
	"reflect"
	"sync/atomic"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
	"github.com/taints-playground/playground/core/store"
)

// The recorder builds each frame's states and shares unchanged ones with
// the frame before. It watches the store: every pod write marks the pod
// (so no write can be missed), and node objects, which are never changed
// in place, are compared by pointer.
//
//   - A node whose object was replaced or added since the last frame has
//     its labels, taints, spec.unschedulable, conditions and allocatable
//     (or capacity) compared by value with its state. Every frame also
//     compares the zone, zone state and NoExecuteQueued (zone states
//     recomputed only after a node write), and its Requested through the
//     pods bound to it: how many were ever bound there and each changed
//     pod's contribution (node, counted or not, pod object).
//   - A pod written since the last frame (or created since) gets a new
//     state when its resourceVersion differs from the one its state was
//     built at, or when it runs on a node whose taints changed (its
//     summary lists the tolerated ones). Every other pod keeps its state:
//     the frame copies the previous frame's list and patches it, unless a
//     pod appeared or disappeared in the middle of it.
//
// A frame with detail (Why per node, Describe texts) builds every state
// afresh: those depend on the whole cluster, the events and the clock, and
// DetailBudget bounds them. A state is reused only from the frame just
// before, and only when it was built without detail.
type recorder struct {
	nodes []nodeMemo
	pods  []podMemo    // by store.Pod.Index
	dirty []*store.Pod // pods written since the last frame
	seen  int          // len(store.Pods()) at the last frame

	lastPods    []*PodState
	lastLimited bool            // the last frame was built without detail
	reqDirty    map[string]bool // nodes whose Requested may have changed since the last frame
	nodeWrites  uint64          // store.NodeWrites when zoneStates were computed
	zoneStates  map[string]nodelifecycle.ZoneState

	built  int // states built so far
	slots  int // node and pod states the frames hold
	reused int // states shared with the frame before
}

// verifyFrames makes every frame recompute each state from scratch and
// compare it (reflect.DeepEqual) with the one the frame holds, shared or
// not, and check that no pod record changed without a store write; Run
// also runs the scenario a second time without detail, so that
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
	onNode  int  // len(store.BoundTo(name)) then
	limited bool // built without detail
	// taintsSame: this frame's taints equal the previous frame's.
	taintsSame bool
	// node is the object last looked at; zoneKey, zoneName and excluded
	// are its zone.
	node              *core.Node
	zoneKey, zoneName string
	excluded          bool
}

// podMemo is the state a pod showed in the last frame and what it was
// built from.
type podMemo struct {
	state   *PodState
	rv      uint64 // the record's resourceVersion state was built at
	limited bool   // built without detail
	seen    bool   // some frame has looked at the pod
	visible bool   // it was in the last frame's Pods, at index slot
	slot    int
	built   int  // stamp of the frame that last built state
	cand    int  // stamp of the frame that last checked it
	dirty   bool // written since the last frame (in recorder.dirty)
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

// watch registers the recorder's watch (first of all) and the cap on pods
// that exist at once.
func (r *recorder) watch(s *simulator) {
	s.st.WatchPods(func(ev store.PodEvent) {
		r.touch(ev.Pod)
		if ev.Added && !ev.New.Deleted {
			if err := checkLivePods(s.st.LivePods(), s.clk.Now()); err != nil && s.capErr == nil {
				s.capErr = err
			}
		}
	})
	// The pods of a deleted node are not written, but their states (why)
	// change.
	s.st.WatchNodeDeletes(func(n *core.Node) {
		for _, p := range s.st.BoundTo(n.Name) {
			r.touch(p)
		}
	})
}

func (r *recorder) memo(p *store.Pod) *podMemo {
	for len(r.pods) <= p.Index {
		r.pods = append(r.pods, podMemo{})
	}
	return &r.pods[p.Index]
}

// touch marks a pod written since the last frame.
func (r *recorder) touch(p *store.Pod) {
	if m := r.memo(p); !m.dirty {
		m.dirty = true
		r.dirty = append(r.dirty, p)
	}
}

// candidates are the pods that may have changed since the last frame:
// written ones and new ones. Their share of node requests decides which
// nodes' Requested to redo; visChanged reports a pod that appeared or
// disappeared among the old ones.
func (s *simulator) candidates(cur int) (cands []*store.Pod, newFrom int, visChanged bool) {
	r := &s.rec
	pods := s.st.Pods()
	cands = r.dirty
	r.dirty = nil
	newFrom = r.seen
	cands = append(cands, pods[newFrom:]...)
	r.seen = len(pods)
	if r.reqDirty == nil {
		r.reqDirty = map[string]bool{}
	}
	clear(r.reqDirty)
	for _, p := range cands {
		m := r.memo(p)
		m.dirty, m.cand = false, cur
		if c := contribOf(p); c != m.contrib {
			if old := m.contrib.node; old != "" {
				r.reqDirty[old] = true
			}
			if c.node != "" {
				r.reqDirty[c.node] = true
			}
			m.contrib = c
		}
		if m.seen && m.visible != p.Visible() {
			visChanged = true
		}
	}
	return cands, newFrom, visChanged
}

// contribOf is the pod's share of a node's Requested now.
func contribOf(p *store.Pod) podContrib {
	c := podContrib{pod: p.Object}
	if p.Node != "" && (p.Running() || p.IsTerminating()) {
		c.node = p.Node
	}
	return c
}

// buildStates fills the frame's Nodes and Pods, sharing the previous
// frame's states where nothing they are computed from changed.
func (s *simulator) buildStates(f *Frame) {
	r := &s.rec
	cur := f.Index + 1 // memo stamp of this frame
	prev := f.Index    // memo stamp of the frame before (0: there is none)
	limited := !s.detailed()
	// Reuse needs a frame before, built without detail.
	reuse := limited && prev > 0 && r.lastLimited
	r.lastLimited = limited
	cands, newFrom, visChanged := s.candidates(cur)
	f.Nodes, cands = s.buildNodes(cur, prev, reuse, limited, cands)
	for _, p := range cands {
		m := r.memo(p)
		if !p.Visible() || m.built == cur {
			continue // hidden, or listed twice (written and new)
		}
		// A Terminating pod's why depends on its node's kubelet: rebuilt.
		if reuse && m.state != nil && m.limited && m.seen && m.visible && m.rv == p.ResourceVersion() && !p.IsTerminating() &&
			(p.Phase == PhasePending || p.Phase == PhaseEvicted || s.nodeTaintsSame(p.Node)) {
			continue
		}
		s.buildPod(p, m, cur, limited)
	}
	if reuse && !visChanged {
		f.Pods = s.patchPods(cands, newFrom, cur)
	} else {
		f.Pods = s.listPods(cur, reuse, limited)
	}
	r.lastPods = f.Pods
	if verifyFrames {
		s.verifyStates(f)
	}
}

func (s *simulator) buildPod(p *store.Pod, m *podMemo, cur int, limited bool) {
	ps := s.podState(p)
	m.state, m.rv, m.limited, m.built = &ps, p.ResourceVersion(), limited, cur
	s.rec.built++
}

// patchPods is the previous frame's list with the rebuilt states put in
// their slots and the new pods at the end (the same visible pods as
// before, in the same order).
func (s *simulator) patchPods(cands []*store.Pod, newFrom, cur int) []*PodState {
	r := &s.rec
	pods := s.st.Pods()
	last := r.lastPods
	out := make([]*PodState, len(last), len(last)+len(pods)-newFrom)
	copy(out, last)
	r.reused += len(last)
	for _, p := range cands {
		if m := r.memo(p); m.built == cur && m.seen {
			out[m.slot] = m.state
			r.reused--
		}
	}
	for _, p := range pods[newFrom:] {
		m := r.memo(p)
		m.seen, m.visible = true, p.Visible()
		if m.visible {
			m.slot = len(out)
			out = append(out, m.state)
		}
	}
	return out
}

// listPods lists every visible pod's state, building those not current.
func (s *simulator) listPods(cur int, reuse, limited bool) []*PodState {
	r := &s.rec
	pods := s.st.Pods()
	out := make([]*PodState, 0, len(pods))
	for _, p := range pods {
		m := r.memo(p)
		was := m.seen && m.visible
		m.seen, m.visible = true, p.Visible()
		if !m.visible {
			continue
		}
		if m.built != cur {
			if reuse && was && m.limited && m.state != nil {
				r.reused++
			} else {
				s.buildPod(p, m, cur, limited)
			}
		}
		m.slot = len(out)
		out = append(out, m.state)
	}
	return out
}

// buildNodes builds the node states; a node whose taints changed adds its
// running pods to the candidates (their summaries list tolerated taints).
func (s *simulator) buildNodes(cur, prev int, reuse, limited bool, cands []*store.Pod) ([]*NodeState, []*store.Pod) {
	r := &s.rec
	nodes := s.st.Nodes()
	if w := s.st.NodeWrites(); w != r.nodeWrites || r.zoneStates == nil || len(r.nodes) != len(nodes) {
		r.zoneStates, _ = s.nlc.ZoneStates()
		r.nodeWrites = w
	}
	queued := s.nlc.Queued()
	if len(r.nodes) < len(nodes) {
		r.nodes = append(r.nodes, make([]nodeMemo, len(nodes)-len(r.nodes))...)
	}
	out := make([]*NodeState, 0, len(nodes))
	for i, n := range nodes {
		m := &r.nodes[i]
		changed := m.node != n
		if changed {
			m.node = n
			m.zoneKey, m.excluded = nodelifecycle.ZoneKey(n), nodelifecycle.Excluded(n)
			m.zoneName = nodelifecycle.ZoneName(m.zoneKey)
		}
		zone, zstate := m.zoneName, s.nlc.ZoneState(m.zoneKey, m.excluded, r.zoneStates)
		q := queued != nil && queued[m.zoneKey][n.Name]
		fromPrev := prev > 0 && m.at == prev && m.name == n.Name
		m.taintsSame = fromPrev && (!changed || core.SameTaints(m.state.Taints, n.Spec.Taints))
		bound := s.st.BoundTo(n.Name)
		if !m.taintsSame {
			for _, p := range bound {
				if pm := r.memo(p); p.Node == n.Name && pm.cand != cur {
					pm.cand = cur
					cands = append(cands, p)
				}
			}
		}
		if reuse && fromPrev && m.limited && m.taintsSame && m.onNode == len(bound) && !r.reqDirty[n.Name] &&
			m.state.Zone == zone && m.state.ZoneState == zstate && m.state.NoExecuteQueued == q && (!changed || sameNodeInputs(m.state, n)) {
			m.at = cur
			r.reused++
			out = append(out, m.state)
			continue
		}
		ns := s.nodeState(n)
		ns.Zone, ns.ZoneState, ns.NoExecuteQueued = zone, zstate, q
		m.at, m.state, m.name, m.onNode, m.limited = cur, &ns, n.Name, len(bound), limited
		r.built++
		out = append(out, &ns)
	}
	return out, cands
}

// nodeTaintsSame reports whether the node's taints are those of the
// previous frame (false for an unknown node).
func (s *simulator) nodeTaintsSame(name string) bool {
	i, ok := s.st.NodeIndex(name)
	if !ok || i >= len(s.rec.nodes) {
		return false
	}
	return s.rec.nodes[i].taintsSame
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
			!core.SameTime(a.LastHeartbeatTime, b.LastHeartbeatTime) || !core.SameTime(a.LastTransitionTime, b.LastTransitionTime) {
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
		if v, ok := ns.Allocatable[name]; !ok || v != store.QuantityValue(name, q) {
			return false
		}
	}
	return true
}

// verifyStates recomputes every state of the frame and compares it with
// the one the frame holds (verifyFrames).
func (s *simulator) verifyStates(f *Frame) {
	if err := s.st.CheckUnwritten(); err != nil {
		s.verifyFailed(f, "the store", err.Error(), "")
	}
	states, _ := s.nlc.ZoneStates()
	queued := s.nlc.Queued()
	for i, n := range s.st.Nodes() {
		fresh := s.nodeState(n)
		k := nodelifecycle.ZoneKey(n)
		fresh.Zone = nodelifecycle.ZoneName(k)
		fresh.ZoneState = s.nlc.ZoneState(k, nodelifecycle.Excluded(n), states)
		fresh.NoExecuteQueued = queued[k][n.Name]
		if !reflect.DeepEqual(&fresh, f.Nodes[i]) {
			s.verifyFailed(f, "node "+n.Name, &fresh, f.Nodes[i])
		}
	}
	i := 0
	for _, p := range s.st.Pods() {
		if !p.Visible() {
			continue
		}
		fresh := s.podState(p)
		if !reflect.DeepEqual(&fresh, f.Pods[i]) {
			s.verifyFailed(f, "pod "+p.Ref(), &fresh, f.Pods[i])
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
