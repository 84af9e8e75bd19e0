package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

// bigText is a scenario the fake simulator runs and no share link can
// carry (over link.MaxDecodedBytes).
func bigText() string {
	return "kind: Scenario # big\n" + strings.Repeat("# padding line for a scenario too large to share\n", MaxScenarioBytes/40)
}

// TestTooLargeScenarioReplacesTheLink: once the board shows a scenario no
// link can carry, the address becomes #local (never the previous
// scenario's link), the text is kept as the last good scenario, and a
// reload of #local brings it back.
func TestTooLargeScenarioReplacesTheLink(t *testing.T) {
	p, e := loadPlayground(t)
	before := p.lastFrag
	if !strings.HasPrefix(before, "s=") {
		t.Fatalf("default address %q", before)
	}
	text := bigText()
	p.ctx.Dispatch(func(ctx app.Context) { p.Edit(ctx, text) })
	e.ConsumeAll()
	if p.m.Err != "" || p.m.RanText != text {
		t.Fatalf("the large scenario did not run: %q", p.m.Err)
	}
	if p.lastFrag != LocalFragment {
		t.Errorf("address fragment %.40q after a scenario too large to share, want %q (the previous link would bring back the previous scenario)", p.lastFrag, LocalFragment)
	}
	if p.x.lastGood != text {
		t.Error("the large scenario is not kept as the last scenario that ran")
	}
	html := app.HTMLString(p)
	if !strings.Contains(html, "#local") || !strings.Contains(html, "over the limit") {
		t.Error("the notice does not say the scenario is kept in this browser")
	}

	// Reload with #local in the same browser: the kept text comes back.
	q := New(Config{Presets: testPresets, Simulate: fakeSimulate})
	q.x.init, q.x.lastGood = true, text
	if !loadLocal(q.m, q.x.lastGood) || q.m.RanText != text || q.m.Notice != "" {
		t.Errorf("reload of #local: ran %d bytes, notice %q", len(q.m.RanText), q.m.Notice)
	}
	// Another browser: the default scenario and a clear notice.
	r := newModel(testPresets, fakeSimulate)
	if loadLocal(r, "") || r.Preset != "gpu" || !strings.Contains(r.Notice, "#local") || !strings.Contains(r.Notice, testPresets[0].Title) {
		t.Errorf("#local in another browser: preset %q notice %q", r.Preset, r.Notice)
	}
	if !IsLocalFragment("#local") || !IsLocalFragment("local") || IsLocalFragment("s=1.abc") {
		t.Error("IsLocalFragment")
	}
	if frag, err := r.AddressFragment(); err != nil || !strings.HasPrefix(frag, "s=") {
		t.Errorf("a small scenario's address %q, %v", frag, err)
	}
}

// filterBoard is a frame of n nodes, every tenth labelled dedicated, with
// one pod per node (p0 … p<n-1>) and pending pods q0 … q<pending-1>.
func filterBoard(n, pending int) *sim.Result {
	f := sim.Frame{Caption: "big"}
	for i := 0; i < n; i++ {
		node := &sim.NodeState{Name: fmt.Sprintf("node-%d", i), Labels: map[string]string{}}
		if i%10 == 0 {
			node.Taints = []core.Taint{{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule}}
		}
		f.Nodes = append(f.Nodes, node)
		f.Pods = append(f.Pods, &sim.PodState{Namespace: "default", Name: fmt.Sprintf("p%d", i), Phase: "Running", Node: node.Name})
	}
	for i := 0; i < pending; i++ {
		f.Pods = append(f.Pods, &sim.PodState{Namespace: "default", Name: fmt.Sprintf("q%d", i), Phase: PhasePending})
	}
	return &sim.Result{Frames: []sim.Frame{f}}
}

func filteredPlayground(t *testing.T, res *sim.Result, filter string) string {
	t.Helper()
	p := New(Config{Simulate: func(string, []byte, func(sim.Progress)) (*sim.Result, error) { return res, nil }})
	if !setText(p.m, "kind: Scenario") {
		t.Fatal(p.m.Err)
	}
	p.m.SetNodeFilter(filter)
	return app.HTMLString(p)
}

// TestNodeCountFollowsTheFilter: with a filter, the count says how many
// nodes matched out of how many, and the summary card counts matching
// nodes only.
func TestNodeCountFollowsTheFilter(t *testing.T) {
	html := filteredPlayground(t, filterBoard(500, 0), "dedicated")
	want := fmt.Sprintf(Msg.NodesMatchShown, LargeBoardNodeLimit, 50, "500")
	if want != "24 of 50 matching nodes (500 in all)" || !strings.Contains(html, want) {
		t.Errorf("count %q missing", want)
	}
	if strings.Contains(html, fmt.Sprintf(Msg.NodesShown, LargeBoardNodeLimit, 500)) {
		t.Error("the count ignores the filter")
	}
	if !strings.Contains(html, fmt.Sprintf(Msg.MoreMatchingNodes, 26)) {
		t.Error("the summary card does not count the matching nodes left")
	}
	html = filteredPlayground(t, filterBoard(500, 0), "zzz")
	if !strings.Contains(html, "0 of 500 nodes match") {
		t.Error("no-match count")
	}
	html = filteredPlayground(t, filterBoard(500, 0), "")
	if !strings.Contains(html, fmt.Sprintf(Msg.NodesShown, LargeBoardNodeLimit, 500)) {
		t.Error("unfiltered count")
	}
}

// TestFilterFindsPods: the board filter matches pod names (the node the
// pod is on, and the chips of the Pending lane), with counts.
func TestFilterFindsPods(t *testing.T) {
	html := filteredPlayground(t, filterBoard(2000, 2000), "p1999")
	if strings.Contains(html, "no-match") {
		t.Error("a pod name matches no node")
	}
	if !strings.Contains(html, `data-node="node-1999"`) || strings.Contains(html, `data-node="node-1998"`) {
		t.Error("the node of pod p1999 is not the one shown")
	}
	if !strings.Contains(html, fmt.Sprintf(Msg.NodesMatchShown, 1, 1, "2,000")) {
		t.Error("node count for a pod match")
	}
	if !strings.Contains(html, fmt.Sprintf(Msg.PodsMatchNone, "2,000")) {
		t.Error("the Pending lane does not say that none of its 2,000 pods match")
	}
	html = filteredPlayground(t, filterBoard(20, 2000), "q1999")
	if !strings.Contains(html, `data-pod="default/q1999"`) || strings.Contains(html, `data-pod="default/q0"`) {
		t.Error("the Pending lane does not filter its chips")
	}
	if !strings.Contains(html, fmt.Sprintf(Msg.PodsMatchShown, 1, 1, "2,000")) {
		t.Error("lane count for a filter")
	}
	html = filteredPlayground(t, filterBoard(20, 2000), "q19")
	if !strings.Contains(html, fmt.Sprintf(Msg.PodsMatchShown, LanePage, 111, "2,000")) { // q19, q190…q199, q1900…q1999
		t.Error("lane count for q19")
	}
	if PodMatches(nil, "x") || !PodMatches(nil, "") {
		t.Error("PodMatches on nil")
	}
}

// TestEventCountWithAFilter: a filter that matches nothing says "0 of N
// events match", not "the last 0 of 0".
func TestEventCountWithAFilter(t *testing.T) {
	m := eventsModel(23324, 1)
	m.SetEventFilter("no such thing")
	html := app.HTMLString(eventLog(m))
	if !strings.Contains(html, "0 of 23,324 events match") || strings.Contains(html, "of 0 events") {
		t.Errorf("no-match count wrong")
	}
	m.SetEventFilter("to n3")
	html = app.HTMLString(eventLog(m))
	if !strings.Contains(html, fmt.Sprintf(Msg.EventsMatchShown, EventPage, 3332, "23,324")) {
		t.Error("filtered count does not say how many matched out of all")
	}
}

// TestEditorStatusSingular: one frame, one event read in the singular, in
// English and Hindi.
func TestEditorStatusSingular(t *testing.T) {
	if got := EditorOKText(1, 0); got != "Simulated: 1 frame, 0 events." {
		t.Errorf("%q", got)
	}
	if got := EditorOKText(3, 1); got != "Simulated: 3 frames, 1 event." {
		t.Errorf("%q", got)
	}
	defer SetLanguage("en")
	SetLanguage("hi")
	if got := EditorOKText(1, 2); got != "सिमुलेशन हुआ: 1 फ़्रेम, 2 इवेंट।" {
		t.Errorf("%q", got)
	}
	if FormatCount(23324) != "23,324" || FormatCount(999) != "999" || FormatCount(-1000) != "-1,000" || FormatCount(1000000) != "1,000,000" {
		t.Error("FormatCount")
	}
}
