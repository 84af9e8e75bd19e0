package web

import (
	"slices"

	"github.com/taints-playground/playground/core/sim"
)

// The board's derived views of the frame on it: pod groups, chip views
// cached per frame, the layout and the lanes' windows, the timeline's
// items and the event log.

// caches empties the per-result caches when the result changed.
func (m *Model) caches() {
	if m.cacheOf != m.Result {
		m.cacheOf = m.Result
		m.podViews = PodViews{}
		m.times = FrameTimes(m.Result)
		m.timeline = TimelineItems(m.Result)
		m.groupsAt = -1
		m.viewsAt = map[string]viewsEntry{}
	}
}

// Groups places the current frame's pods (cached per frame).
func (m *Model) Groups() PodGroups {
	m.caches()
	if m.groupsAt != m.Frame || m.groups.OnNode == nil {
		m.groups = GroupPods(m.Current())
		m.groupsAt = m.Frame
	}
	return m.groups
}

// Views trims pods of the current frame for display, with countdown rings
// at the clock, reusing the trimmed views of pod states seen before.
func (m *Model) Views(pods []*sim.PodState) []PodView {
	m.caches()
	return viewsOf(pods, m.Selected, Clock{Now: m.Time, Start: m.EvictionStart}, m.podViews)
}

// viewsEntry is the last ViewsFor answer for one place on the board and
// what it depended on.
type viewsEntry struct {
	pods     []*sim.PodState
	selected string
	time     float64
	timed    bool // a view has a countdown ring, which moves with the time
	views    []PodView
}

// ViewsFor is Views for one place on the board (a node's name, a lane),
// returning the same slice as the last time while the place shows the same
// pod states, selection and, for countdown rings, time. A component handed
// the same slice compares it by pointer instead of view by view, so a step
// re-renders only the cards and lanes that changed.
func (m *Model) ViewsFor(place string, pods []*sim.PodState) []PodView {
	m.caches()
	if e, ok := m.viewsAt[place]; ok && e.selected == m.Selected && (!e.timed || e.time == m.Time) && slices.Equal(e.pods, pods) {
		return e.views
	}
	views := m.Views(pods)
	timed := false
	for i := range views {
		if views[i].Countdown {
			timed = true
			break
		}
	}
	m.viewsAt[place] = viewsEntry{pods: pods, selected: m.Selected, time: m.Time, timed: timed, views: views}
	return views
}

// Layout places the current frame's pods with countdown rings at the
// clock (every pod trimmed; the page trims only the ones it shows).
func (m *Model) Layout() BoardLayout {
	g := m.Groups()
	b := BoardLayout{OnNode: make(map[string][]PodView, len(g.OnNode))}
	for name, pods := range g.OnNode {
		b.OnNode[name] = m.Views(pods)
	}
	b.Pending = m.Views(g.Pending)
	b.Evicted = m.Views(g.Evicted)
	return b
}

// LaneLimit is how many chips the lane of kind ("pending", "evicted")
// shows; MoreLane shows LanePage more.
func (m *Model) LaneLimit(kind string) int {
	if l := m.laneLimit[kind]; l > 0 {
		return l
	}
	return LanePage
}

// MoreLane shows LanePage more chips in the lane of kind.
func (m *Model) MoreLane(kind string) {
	if m.laneLimit == nil {
		m.laneLimit = map[string]int{}
	}
	m.laneLimit[kind] = m.LaneLimit(kind) + LanePage
}

// FrameTimes lists the distinct frame times of the result (cached).
func (m *Model) FrameTimes() []float64 {
	m.caches()
	return m.times
}

// TimelineItems lists the frames of the result (cached).
func (m *Model) TimelineItems() []TimelineItem {
	m.caches()
	return m.timeline
}

// Events returns the events that happened up to the current frame and how
// many of them (at the end) are new in this frame.
func (m *Model) Events() (events []sim.Event, fresh int) {
	f := m.Current()
	if f == nil {
		return nil, 0
	}
	n := clamp(f.Events, 0, len(m.Result.Events))
	prev := 0
	if m.Frame > 0 {
		prev = clamp(m.Result.Frames[m.Frame-1].Events, 0, n)
	}
	return m.Result.Events[:n], n - prev
}
