package web

import (
	"slices"
	"strings"

	"github.com/taints-playground/playground/core/sim"
)

// View implements Engine: the board of one frame of the last accepted run
// as the page draws it (the node cards that match the filter up to the
// limit, the lanes' windows, the selected pod with its why and describe,
// the latest events), so that the page never handles every pod of a large
// cluster.
func (e *LocalEngine) View(q ViewQuery, done func(FrameView)) {
	var v FrameView
	func() {
		defer func() {
			if r := recover(); r != nil {
				v = FrameView{Err: "the board could not be made: " + strings.TrimSpace(strings.SplitN(stringOf(r), "\n", 2)[0])}
			}
		}()
		v = e.view(q)
	}()
	v.Seq = q.Seq
	done(v)
}

func stringOf(r any) string {
	if err, ok := r.(error); ok {
		return err.Error()
	}
	if s, ok := r.(string); ok {
		return s
	}
	return "unexpected failure"
}

func (e *LocalEngine) view(q ViewQuery) FrameView {
	if e.res == nil || len(e.res.Frames) == 0 {
		return FrameView{Err: "nothing has run yet"}
	}
	q.Frame = clamp(q.Frame, 0, len(e.res.Frames)-1)
	f := &e.res.Frames[q.Frame]
	g := e.groupsOf(q.Frame)
	v := FrameView{Frame: q.Frame, NodeTotal: len(f.Nodes), OnNode: map[string][]*sim.PodState{}, Keys: map[string]uint64{}}
	shown := e.nodeCards(f, g, q, &v)

	filtered := strings.TrimSpace(q.Filter) != ""
	pending, evicted := FilterPods(g.Pending, q.Filter), FilterPods(g.Evicted, q.Filter)
	v.PendingAll, v.PendingMatched = len(g.Pending), len(pending)
	v.EvictedAll, v.EvictedMatched = len(g.Evicted), len(evicted)
	if !filtered {
		v.PendingMatched, v.EvictedMatched = v.PendingAll, v.EvictedAll
	}
	pending = laneWindow(pending, laneLimit(q.PendingLimit), q.Selected)
	evicted = laneWindow(evicted, laneLimit(q.EvictedLimit), q.Selected)
	if e.sendPlace(&v, q, PlacePending, nil, pending) {
		v.Pending = trimPods(pending, q.Selected)
	}
	if e.sendPlace(&v, q, PlaceEvicted, nil, evicted) {
		v.Evicted = trimPods(evicted, q.Selected)
	}
	shown = append(shown, pending, evicted)

	if q.Selected != "" {
		for _, p := range f.Pods {
			if PodKey(p) == q.Selected {
				v.Selected = e.detailed(q.Frame, p)
				break
			}
		}
		if v.Selected == nil && q.Successor != "" {
			for _, p := range f.Pods {
				if ControlledBy(p, q.Successor) {
					v.Selected = e.detailed(q.Frame, p)
					break
				}
			}
		}
	}
	if v.Selected != nil {
		shown = append(shown, []*sim.PodState{v.Selected})
		if q.Fix != nil {
			v.Fix = e.fix(q.Frame, v.Selected, *q.Fix)
		}
	}
	v.EvictStart = e.evictStartsOf(shown)
	e.events(f, q, &v)
	if len(f.Nodes) > LargeBoardNodes {
		o := e.overviewOf(q.Frame)
		if q.OverviewNames != 0 && q.OverviewNames == o.NamesKey {
			o = o.WithoutNames()
		}
		v.Overview = &o
	}
	e.nodeNames(f, q, &v)
	return v
}

// nodeNames lists the frame's first MaxNodeNames node names, unless the
// query holds them.
func (e *LocalEngine) nodeNames(f *sim.Frame, q ViewQuery, v *FrameView) {
	names := make([]string, 0, min(len(f.Nodes), MaxNodeNames))
	for i, n := range f.Nodes {
		if i == MaxNodeNames {
			break
		}
		names = append(names, n.Name)
	}
	if len(names) == 0 {
		return
	}
	v.NodeNamesKey = namesKey(e.seed, names)
	if q.NodeNames != v.NodeNamesKey {
		v.NodeNames = names
	}
}

// sendPlace records the key of what place holds (node and pods) in v and
// reports whether to send it: not when the query holds the same key
// (then place is in v.Kept). A place seen twice gets key 0, which the
// page never holds.
func (e *LocalEngine) sendPlace(v *FrameView, q ViewQuery, place string, node *sim.NodeState, pods []*sim.PodState) bool {
	if _, seen := v.Keys[place]; seen {
		v.Keys[place] = 0
		return true
	}
	k := newPlaceKey(e.seed)
	k.add(node)
	k.addPods(pods)
	v.Keys[place] = uint64(k)
	if held, ok := q.Held[place]; ok && held == uint64(k) && held != 0 {
		v.Kept = append(v.Kept, place)
		return false
	}
	return true
}

// groupsOf places the pods of frame i (cached for the last frame asked).
func (e *LocalEngine) groupsOf(i int) PodGroups {
	if e.groupsFor != e.res || e.groupsAt != i {
		e.groups = GroupPods(&e.res.Frames[i])
		e.groupsFor, e.groupsAt = e.res, i
	}
	return e.groups
}

// overviewOf is the overview of frame i (cached for the last frame asked).
func (e *LocalEngine) overviewOf(i int) Overview {
	if e.overviewFor != e.res || e.overviewAt != i {
		e.overview = BuildOverview(&e.res.Frames[i])
		e.overviewFor, e.overviewAt = e.res, i
	}
	return e.overview
}

// nodeCards picks the cards of the nodes that match the filter, up to the
// limit, and sums up the others. It returns the pods of the cards.
func (e *LocalEngine) nodeCards(f *sim.Frame, g PodGroups, q ViewQuery, v *FrameView) [][]*sim.PodState {
	limit := q.NodeLimit
	if limit <= 0 {
		limit = NodeLimitFor(len(f.Nodes))
	}
	filtered := strings.TrimSpace(q.Filter) != ""
	var shown [][]*sim.PodState
	for _, node := range f.Nodes {
		pods := g.OnNode[node.Name]
		if filtered && !NodeOrPodMatches(node, pods, q.Filter) {
			continue
		}
		v.NodeMatched++
		if len(v.Cards) < limit {
			v.Cards = append(v.Cards, node.Name)
			shown = append(shown, pods)
			if !e.sendPlace(v, q, NodePlace(node.Name), node, pods) {
				continue
			}
			v.Nodes = append(v.Nodes, node)
			if len(pods) > 0 {
				v.OnNode[node.Name] = trimPods(pods, q.Selected)
			}
			continue
		}
		h := &v.Hidden
		h.Nodes++
		if len(node.Taints) > 0 {
			h.Tainted++
		}
		if hasProblem(node) {
			h.NotReady++
		}
		if node.Unschedulable {
			h.Cordoned++
		}
		h.Pods += len(pods)
	}
	return shown
}

// trimPods copies pods without their why and describe (only the selected
// pod's are shown, in the why panel), which would dominate what is sent.
func trimPods(pods []*sim.PodState, selected string) []*sim.PodState {
	if len(pods) == 0 {
		return nil
	}
	out := make([]*sim.PodState, len(pods))
	for i, p := range pods {
		if p.Why == nil && p.Describe == "" {
			out[i] = p
			continue
		}
		c := *p
		c.Why, c.Describe = nil, ""
		out[i] = &c
	}
	return out
}

func laneLimit(l int) int {
	if l <= 0 {
		return LanePage
	}
	return l
}

// detailed is p with its Why and Describe: a frame of a large run may have
// been left without them (the simulator spends a bounded detail budget),
// and then the simulator recomputes that one frame.
func (e *LocalEngine) detailed(frame int, p *sim.PodState) *sim.PodState {
	if p.Why != nil && !p.Why.Limited {
		return p
	}
	why, describe, err := e.res.Explain(frame, p.Namespace, p.Name)
	if err != nil || why == nil {
		return p
	}
	c := *p
	c.Why = why
	if describe != "" {
		c.Describe = describe
	}
	return &c
}

// evictStartsOf lists when the pending eviction deadline of each pod shown
// (also those of the places left out) was first seen.
func (e *LocalEngine) evictStartsOf(shown [][]*sim.PodState) map[string]float64 {
	var out map[string]float64
	add := func(pods []*sim.PodState) {
		for _, p := range pods {
			if p.EvictAt == nil {
				continue
			}
			if s, ok := e.evictionStarts()[EvictKey(p)]; ok {
				if out == nil {
					out = map[string]float64{}
				}
				out[EvictKey(p)] = s
			}
		}
	}
	for _, pods := range shown {
		add(pods)
	}
	return out
}

// events picks the latest events by frame f that match the event filter.
func (e *LocalEngine) events(f *sim.Frame, q ViewQuery, v *FrameView) {
	n := clamp(f.Events, 0, len(e.res.Events))
	prev := 0
	if q.Frame > 0 {
		prev = clamp(e.res.Frames[q.Frame-1].Events, 0, n)
	}
	all := e.res.Events[:n]
	v.EventsTotal, v.Fresh = n, n-prev
	limit := q.EventLimit
	if limit <= 0 {
		limit = EventPage
	}
	if strings.TrimSpace(q.EventFilter) == "" {
		v.EventsMatched = n
		v.Events = slices.Clone(all[max(0, n-limit):])
		return
	}
	var idx []int
	for i := n - 1; i >= 0; i-- {
		if EventMatches(all[i], q.EventFilter) {
			v.EventsMatched++
			if len(idx) < limit {
				idx = append(idx, i)
			}
		}
	}
	slices.Reverse(idx)
	for _, i := range idx {
		v.Events = append(v.Events, all[i])
	}
	// Fresh counts the new events among those sent.
	fresh := 0
	for _, i := range idx {
		if i >= prev {
			fresh++
		}
	}
	v.Fresh = fresh
}
