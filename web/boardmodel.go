package web

import "strings"

// The board of the frame on it: the engine's FrameView for the model's
// frame, filter, limits and selection, and the chip views the page draws
// from it at the clock.

// Refresh asks the engine for the board of the current frame with the
// current filter, limits and selection. The answer replaces View unless a
// later query was answered first.
func (m *Model) Refresh() {
	if m.Run == nil {
		return
	}
	m.noteFrame()
	if name := m.boardPreset(); name != "" && m.AtEnd() {
		if m.reached == nil {
			m.reached = map[string]bool{}
		}
		m.reached[name] = true
	}
	m.seq++
	q := ViewQuery{
		Seq: m.seq, Frame: m.Frame, Filter: m.NodeFilter, NodeLimit: m.NodeLimit,
		Selected: m.Selected, PendingLimit: m.laneLimit["pending"], EvictedLimit: m.laneLimit["evicted"],
		EventFilter: m.EventFilter, EventLimit: m.EventLimit,
	}
	if o := m.View.Overview; o != nil && len(o.Names) == o.Len() {
		q.OverviewNames = o.NamesKey
	}
	if m.Selected != "" {
		q.Fix = &FixRequest{Node: m.FixNode, Effect: m.FixEffect}
		q.Successor = m.successor
	}
	if m.View.Err == "" {
		q.Held, q.NodeNames = m.View.Keys, m.View.NodeNamesKey
	}
	m.waited()
	m.eng.View(q, func(v FrameView) {
		if v.Seq <= m.shown {
			return
		}
		m.shown = v.Seq
		defer m.waited()
		if v.Stopped {
			return // the engine asks again once it recovered (EngineLost)
		}
		if v.Err != "" {
			m.View.Err = v.Err
			return
		}
		if v.Overview != nil && !v.Overview.KeepNames(m.View.Overview) {
			// The names the engine left out are not the ones held:
			// ask again for them.
			m.View.Overview = nil
			defer m.Refresh()
			return
		}
		if !v.Keep(&m.View) && (len(q.Held) > 0 || q.NodeNames != 0) {
			// Likewise for the cards, lanes or node names left out.
			m.View.Keys, m.View.NodeNamesKey = nil, 0
			defer m.Refresh()
			return
		}
		m.adoptSuccessor(q, v)
		if m.OnView != nil {
			m.OnView(func() { m.View = v })
			return
		}
		m.View = v
	})
}

// Reached reports whether the board has shown the last frame of preset
// name's run since the page opened (a lesson's answer shows from then on).
func (m *Model) Reached(name string) bool { return m.reached[name] }

// Loading reports whether the engine has not answered the latest board
// query yet.
func (m *Model) Loading() bool { return m.shown < m.seq }

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
	m.Refresh()
}

// SetNodeFilter narrows the node cards and shows the first page of them.
func (m *Model) SetNodeFilter(filter string) {
	m.NodeFilter, m.NodeLimit = filter, 0
	m.Refresh()
}

// MoreNodes shows another page of node cards.
func (m *Model) MoreNodes() {
	total := m.View.NodeTotal
	m.NodeLimit = m.nodeLimit(total) + NodeLimitFor(total)
	m.Refresh()
}

// SetEventFilter narrows the event log; MoreEvents shows EventPage more.
func (m *Model) SetEventFilter(filter string) {
	m.EventFilter, m.EventLimit = filter, 0
	m.Refresh()
}

// MoreEvents shows EventPage more (earlier) events.
func (m *Model) MoreEvents() {
	m.EventLimit = max(m.EventLimit, EventPage) + EventPage
	m.Refresh()
}

// FrameTimes lists the distinct frame times of the run.
func (m *Model) FrameTimes() []float64 {
	if m.Run == nil {
		return nil
	}
	return m.Run.Times
}

// TimelineItems lists the frames of the run.
func (m *Model) TimelineItems() []TimelineItem {
	if m.Run == nil {
		return nil
	}
	if key := m.captionsKey(); m.timelineOf != m.Run || m.timelineKey != key {
		m.timelineOf, m.timelineKey = m.Run, key
		m.timeline = make([]TimelineItem, len(m.Run.Frames))
		for i, f := range m.Run.Frames {
			caption := m.FrameCaption(i)
			m.timeline[i] = TimelineItem{At: f.At, Step: f.Step, Caption: caption,
				Failed: f.Failed, Stale: caption != "" && m.FrameStale(&f)}
			if f.Failed {
				m.timeline[i].Error = strings.TrimSpace(f.Output)
			}
		}
	}
	return m.timeline
}

// adoptSuccessor selects the pod the engine answered for q.Successor (the
// selected pod was replaced by its controller's new pod): the why panel
// then follows that pod.
func (m *Model) adoptSuccessor(q ViewQuery, v FrameView) {
	if q.Successor == "" || v.Selected == nil || m.Selected != q.Selected {
		return
	}
	if key := PodKey(v.Selected); key != q.Selected {
		m.Selected, m.successor = key, ""
	}
}
