package web

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/sim"
)

func manyEvents(n int) []sim.Event {
	out := make([]sim.Event, n)
	for i := range out {
		out[i] = sim.Event{At: float64(i), Type: "Normal", Reason: "Scheduled", Object: fmt.Sprintf("pod/p%d", i), Message: fmt.Sprintf("Successfully assigned default/p%d to n%d", i, i%7)}
	}
	return out
}

// eventsModel is a model on a run of n events, the last fresh of them
// new in its second frame.
func eventsModel(n, fresh int) *Model {
	m := modelWith(&sim.Result{Frames: []sim.Frame{{Events: n - fresh}, {At: 1, Events: n}}, Events: manyEvents(n)})
	m.Seek(1)
	return m
}

// eventLog is the event log the page draws for m's board.
func eventLog(m *Model) *EventLog {
	v := m.View
	return &EventLog{Events: v.Events, Fresh: v.Fresh, Matched: v.EventsMatched, Total: v.EventsTotal, Filter: m.EventFilter}
}

// TestEventLogWindow: thousands of events draw EventPage rows (the most
// recent), say how many of how many, filter, and page back.
func TestEventLogWindow(t *testing.T) {
	m := eventsModel(2000, 3)
	html := app.HTMLString(eventLog(m))
	if n := strings.Count(html, "<tr class=\"ev "); n != EventPage {
		t.Fatalf("%d rows, want %d", n, EventPage)
	}
	if !strings.Contains(html, fmt.Sprintf(Msg.EventsShown, EventPage, 2000)) || !strings.Contains(html, IDEventFilter) {
		t.Error("no 'showing N of M' or no filter field")
	}
	if !strings.Contains(html, "pod/p1999") || strings.Contains(html, "pod/p1949<") {
		t.Error("the window is not the most recent events")
	}
	if n := strings.Count(html, "is-fresh"); n < 3 {
		t.Errorf("%d fresh marks", n)
	}
	m.MoreEvents()
	if n := strings.Count(app.HTMLString(eventLog(m)), "<tr class=\"ev "); n != 2*EventPage {
		t.Errorf("after Show earlier: %d rows", n)
	}
	m.SetEventFilter("to n3")
	html = app.HTMLString(eventLog(m))
	if n := strings.Count(html, "<tr class=\"ev "); n != EventPage {
		t.Errorf("filtered: %d rows", n)
	}
	if !strings.Contains(html, fmt.Sprintf(Msg.EventsMatchShown, EventPage, 286, "2,000")) {
		t.Errorf("filtered count missing: %s", html[:300])
	}
	m.SetEventFilter("no such thing")
	if !strings.Contains(app.HTMLString(eventLog(m)), "no-match") {
		t.Error("no 'no match' line")
	}
	// A short log has no tools.
	if strings.Contains(app.HTMLString(eventLog(eventsModel(5, 1))), IDEventFilter) {
		t.Error("a short log shows the filter")
	}
}

// TestLaneWindow: a lane past LanePage pods shows a window with the
// selected pod, "showing N of M" and a Show more button.
func TestLaneWindow(t *testing.T) {
	var pods []*sim.PodState
	for i := 0; i < 150; i++ {
		pods = append(pods, &sim.PodState{Namespace: "default", Name: fmt.Sprintf("p%d", i), Phase: PhasePending})
	}
	w := laneWindow(pods, LanePage, "default/p120")
	if len(w) != LanePage+1 || w[LanePage].Name != "p120" {
		t.Fatalf("window of %d, last %q", len(w), w[len(w)-1].Name)
	}
	if len(laneWindow(pods[:10], LanePage, "")) != 10 {
		t.Error("a short lane is cut")
	}
	l := &Lane{Kind: "pending", Title: "Pending", Pods: viewsOf(w, "default/p120", Clock{}), Total: len(pods)}
	html := app.HTMLString(l)
	if !strings.Contains(html, fmt.Sprintf(Msg.PodsShown, LanePage+1, 150)) || !strings.Contains(html, "btn-more-pending") {
		t.Error("no 'showing N of M' or no Show more")
	}
	m := newModel(nil, nil)
	m.MoreLane("pending")
	if m.LaneLimit("pending") != 2*LanePage || m.LaneLimit("evicted") != LanePage {
		t.Error("MoreLane")
	}
}

// TestTimelineWindow: thousands of frames list TimelineWindow entries
// around the current one.
func TestTimelineWindow(t *testing.T) {
	items := make([]TimelineItem, 1000)
	for i := range items {
		items[i] = TimelineItem{At: float64(i)}
	}
	for _, c := range []struct{ cur, lo, hi int }{{0, 0, 100}, {500, 450, 550}, {999, 900, 1000}} {
		lo, hi := timelineRange(len(items), c.cur)
		if lo != c.lo || hi != c.hi {
			t.Errorf("current %d: [%d, %d), want [%d, %d)", c.cur, lo, hi, c.lo, c.hi)
		}
	}
	moves := 0
	lo0, _ := timelineRange(len(items), 0)
	for cur := range items {
		lo, hi := timelineRange(len(items), cur)
		if cur < lo || cur >= hi || hi-lo != TimelineWindow || (lo > 0 && cur-lo < TimelineWindow/4) || (hi < len(items) && hi-cur <= TimelineWindow/4) {
			t.Fatalf("current %d: window [%d, %d)", cur, lo, hi)
		}
		if lo != lo0 {
			moves++
			lo0 = lo
		}
	}
	if moves > len(items)/timelineShift+1 {
		t.Errorf("the window moved %d times over %d steps; it should move in blocks of %d", moves, len(items), timelineShift)
	}
	html := app.HTMLString(&Timeline{Items: items, Current: 500})
	if n := strings.Count(html, "tl-item"); n != TimelineWindow {
		t.Errorf("%d entries", n)
	}
	if !strings.Contains(html, fmt.Sprintf(Msg.FramesBefore, 450)) || !strings.Contains(html, fmt.Sprintf(Msg.FramesAfter, 450)) {
		t.Error("no earlier/later counts")
	}
	marks := make([]float64, 5000)
	for i := range marks {
		marks[i] = float64(i)
	}
	if n := strings.Count(app.HTMLString(&ClockBar{Time: 10, End: 5000, Marks: marks, Current: 2500}), `class="tick`); n > maxTicks+1 {
		t.Errorf("%d clock marks", n)
	}
}

// TestBoardViewsCached: the board's chip views, made from the engine's
// frame view, are LayoutAt's for the whole frame, frame after frame, with
// a selection; unchanged chips come back as the same slice.
func TestBoardViewsCached(t *testing.T) {
	m := modelWith(gpuResult(false))
	m.Select("default/a")
	b := &BoardPanel{}
	for i := 0; i < m.FrameCount(); i++ {
		m.Seek(i)
		b.View, b.Time, b.Selected = m.View, m.Time, m.Selected
		var last BoardLayout
		for round := 0; round < 2; round++ {
			want := LayoutAt(frame(m), m.Selected, Clock{Now: m.Time, Start: m.EvictionStart})
			got := BoardLayout{OnNode: map[string][]PodView{}, Pending: b.viewsFor(PlacePending, m.View.Pending), Evicted: b.viewsFor(PlaceEvicted, m.View.Evicted)}
			for _, n := range m.View.Nodes {
				if pods := m.View.OnNode[n.Name]; len(pods) > 0 {
					got.OnNode[n.Name] = b.viewsFor(NodePlace(n.Name), pods)
				}
			}
			if !reflect.DeepEqual(want.OnNode, got.OnNode) || !reflect.DeepEqual(want.Pending, got.Pending) || !reflect.DeepEqual(want.Evicted, got.Evicted) {
				t.Fatalf("frame %d round %d: board views differ\n got %+v\nwant %+v", i, round, got, want)
			}
			for name, views := range got.OnNode {
				if round == 1 && len(views) > 0 && &views[0] != &last.OnNode[name][0] {
					t.Errorf("frame %d: node %s's unchanged chips are a new slice", i, name)
				}
			}
			last = got
		}
	}
}

// TestPresetLinkPrecomputed: a preset shown unchanged gets its
// precomputed share link; edited text is encoded.
func TestPresetLinkPrecomputed(t *testing.T) {
	m := newModel([]Preset{{Name: "gpu", YAML: "kind: Scenario\nname: gpu\n", Link: "precomputed"}}, fakeSimulate)
	if !loadPreset(m, "gpu") {
		t.Fatal(m.Err)
	}
	if got := m.Fragment(); got != "s=precomputed&p=gpu" {
		t.Errorf("preset fragment %q", got)
	}
	if !setText(m, "kind: Scenario\nname: edited\n") {
		t.Fatal(m.Err)
	}
	if got, want := m.Fragment(), EncodeFragment("kind: Scenario\nname: edited\n")+"&p=gpu"; got != want || got == "s=precomputed&p=gpu" {
		t.Errorf("edited fragment %q, want %q", got, want)
	}
}
