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

// TestEventLogWindow: thousands of events draw EventPage rows (the most
// recent), say how many of how many, filter, and page back.
func TestEventLogWindow(t *testing.T) {
	l := &EventLog{Events: manyEvents(2000), Fresh: 3}
	html := app.HTMLString(l)
	if n := strings.Count(html, "<tr class=\"ev "); n != EventPage {
		t.Fatalf("%d rows, want %d", n, EventPage)
	}
	if !strings.Contains(html, fmt.Sprintf(English.EventsShown, EventPage, 2000)) || !strings.Contains(html, IDEventFilter) {
		t.Error("no 'showing N of M' or no filter field")
	}
	if !strings.Contains(html, "pod/p1999") || strings.Contains(html, "pod/p1949<") {
		t.Error("the window is not the most recent events")
	}
	if n := strings.Count(html, "is-fresh"); n < 3 {
		t.Errorf("%d fresh marks", n)
	}
	l.limit = 2 * EventPage
	if n := strings.Count(app.HTMLString(l), "<tr class=\"ev "); n != 2*EventPage {
		t.Errorf("after Show earlier: %d rows", n)
	}
	l.limit, l.filter = 0, "to n3"
	html = app.HTMLString(l)
	if n := strings.Count(html, "<tr class=\"ev "); n != EventPage {
		t.Errorf("filtered: %d rows", n)
	}
	if !strings.Contains(html, fmt.Sprintf(English.EventsMatchShown, EventPage, 286, "2,000")) {
		t.Errorf("filtered count missing: %s", html[:300])
	}
	l.filter = "no such thing"
	if !strings.Contains(app.HTMLString(l), "no-match") {
		t.Error("no 'no match' line")
	}
	// A short log has no tools.
	if strings.Contains(app.HTMLString(&EventLog{Events: manyEvents(5)}), IDEventFilter) {
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
	l := &Lane{Kind: "pending", Title: "Pending", Pods: viewsOf(w, "default/p120", Clock{}, nil), Total: len(pods)}
	html := app.HTMLString(l)
	if !strings.Contains(html, fmt.Sprintf(English.PodsShown, LanePage+1, 150)) || !strings.Contains(html, "btn-more-pending") {
		t.Error("no 'showing N of M' or no Show more")
	}
	m := NewModel(nil, nil)
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
	if !strings.Contains(html, fmt.Sprintf(English.FramesBefore, 450)) || !strings.Contains(html, fmt.Sprintf(English.FramesAfter, 450)) {
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

// TestModelLayoutCached: the page's cached grouping and views give the
// same board as LayoutAt, frame after frame, with a selection.
func TestModelLayoutCached(t *testing.T) {
	m := NewModel(nil, func(string, []byte, func(sim.Progress)) (*sim.Result, error) { return gpuResult(false), nil })
	if !m.SetText("x") {
		t.Fatal(m.Err)
	}
	for i := 0; i < m.FrameCount(); i++ {
		m.Seek(i)
		m.Selected = "default/a"
		for round := 0; round < 2; round++ {
			want := LayoutAt(m.Current(), m.Selected, Clock{Now: m.Time, Start: m.EvictionStart})
			got := m.Layout()
			if !reflect.DeepEqual(want.OnNode, got.OnNode) || !reflect.DeepEqual(want.Pending, got.Pending) || !reflect.DeepEqual(want.Evicted, got.Evicted) {
				t.Fatalf("frame %d round %d: cached layout differs\n got %+v\nwant %+v", i, round, got, want)
			}
		}
	}
}

// TestPresetLinkPrecomputed: a preset shown unchanged gets its
// precomputed share link; edited text is encoded.
func TestPresetLinkPrecomputed(t *testing.T) {
	m := NewModel([]Preset{{Name: "gpu", YAML: "kind: Scenario\nname: gpu\n", Link: "precomputed"}}, fakeSimulate)
	if !m.LoadPreset("gpu") {
		t.Fatal(m.Err)
	}
	if got := m.Fragment(); got != "s=precomputed" {
		t.Errorf("preset fragment %q", got)
	}
	if !m.SetText("kind: Scenario\nname: edited\n") {
		t.Fatal(m.Err)
	}
	if got, want := m.Fragment(), EncodeFragment("kind: Scenario\nname: edited\n"); got != want || got == "s=precomputed" {
		t.Errorf("edited fragment %q, want %q", got, want)
	}
}
