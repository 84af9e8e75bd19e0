package web

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/sim"
)

// realEngine runs text with the real simulator.
func realEngine(t testing.TB, name, text string) *LocalEngine {
	t.Helper()
	e := NewLocalEngine(Config{Simulate: realSimulate})
	var reply RunReply
	e.Run(RunRequest{Filename: name, Text: text}, nil, func(r RunReply) { reply = r })
	require.True(t, reply.Accepted, reply.Err)
	return e
}

// viewQueries is what a reader asks of a run's board: every frame forward,
// a filter, more pending and evicted chips, a selection, back again.
func viewQueries(e *LocalEngine) []ViewQuery {
	var qs []ViewQuery
	n := len(e.res.Frames)
	for i := 0; i < n; i++ {
		qs = append(qs, ViewQuery{Frame: i})
	}
	last := e.res.Frames[n-1]
	sel := ""
	if len(last.Pods) > 0 {
		sel = PodKey(last.Pods[len(last.Pods)/2])
	}
	qs = append(qs,
		ViewQuery{Frame: n - 1, Filter: "1"},
		ViewQuery{Frame: n - 1, Filter: "1", PendingLimit: 2 * LanePage, EvictedLimit: 2 * LanePage},
		ViewQuery{Frame: n - 1, Selected: sel},
		ViewQuery{Frame: n - 1, Selected: sel, NodeLimit: 3},
	)
	for i := n - 1; i >= 0; i-- {
		qs = append(qs, ViewQuery{Frame: i, Selected: sel})
	}
	return qs
}

// checkDeltas asks e every query twice, holding nothing and holding the
// board of the previous answer as the page does, and requires the latter,
// across the wire and put back together (Keep), equal to the former.
func checkDeltas(t *testing.T, e *LocalEngine) (kept int) {
	t.Helper()
	var prev FrameView
	for seq, q := range viewQueries(e) {
		q.Seq = seq + 1
		var full, delta FrameView
		e.View(q, func(v FrameView) { full = v })
		q.Held, q.NodeNames = prev.Keys, prev.NodeNamesKey
		if prev.Overview != nil {
			q.OverviewNames = prev.Overview.NamesKey
		}
		e.View(q, func(v FrameView) { delta = v })
		require.Empty(t, full.Err)
		require.Empty(t, full.Kept)
		data, err := EncodeMessage(q.Seq, OpViewReply, delta)
		require.NoError(t, err)
		m, err := DecodeMessage(data)
		require.NoError(t, err)
		delta = m.Payload.(FrameView)
		kept += len(delta.Kept)
		require.True(t, delta.Keep(&prev), "query %+v", q)
		if delta.Overview != nil {
			require.True(t, delta.Overview.KeepNames(prev.Overview))
		}
		delta.Kept = nil
		require.Equal(t, full, delta, "query %+v", q)
		prev = delta
	}
	return kept
}

// TestViewDeltas: a board sent as a delta of the one the page holds is,
// put back together, the board sent whole, for every preset and lesson
// and for the page benchmark's large board.
func TestViewDeltas(t *testing.T) {
	all := append(presets.List(), presets.Lessons()...)
	kept := 0
	for _, p := range all {
		t.Run(p.Name, func(t *testing.T) {
			kept += checkDeltas(t, realEngine(t, p.Name+".yaml", p.YAML))
		})
	}
	require.Positive(t, kept, "some cards are left out")
	t.Run("large", func(t *testing.T) {
		e := realEngine(t, "cluster.yaml", bench.Cluster(LargeBoardNodes+20, 800))
		require.Positive(t, checkDeltas(t, e))
	})
}

// TestViewDeltaLeavesOutHeld: what the page holds is not sent again, and
// another engine's or another run's keys are never taken for it.
func TestViewDeltaLeavesOutHeld(t *testing.T) {
	text := bench.Cluster(40, 100)
	e := realEngine(t, "c.yaml", text)
	var v0, v1 FrameView
	e.View(ViewQuery{Frame: 0}, func(v FrameView) { v0 = v })
	require.Len(t, v0.Cards, 40)
	require.Len(t, v0.Nodes, len(v0.Cards))
	require.NotEmpty(t, v0.NodeNames)
	e.View(ViewQuery{Frame: 0, Held: v0.Keys, NodeNames: v0.NodeNamesKey}, func(v FrameView) { v1 = v })
	require.Empty(t, v1.Nodes)
	require.Empty(t, v1.OnNode)
	require.Empty(t, v1.NodeNames)
	require.Len(t, v1.Kept, len(v0.Cards)+2, "every card and both lanes")
	require.True(t, v1.Keep(&v0))
	v1.Kept, v1.Seq = nil, v0.Seq
	require.Equal(t, v0, v1)

	other := realEngine(t, "c.yaml", text)
	var v2 FrameView
	other.View(ViewQuery{Frame: 0, Held: v0.Keys, NodeNames: v0.NodeNamesKey}, func(v FrameView) { v2 = v })
	require.Empty(t, v2.Kept, "another engine")
	require.NotEmpty(t, v2.NodeNames)
	e.Run(RunRequest{Filename: "c.yaml", Text: text}, nil, func(RunReply) {})
	e.View(ViewQuery{Frame: 0, Held: v0.Keys, NodeNames: v0.NodeNamesKey}, func(v FrameView) { v2 = v })
	require.Empty(t, v2.Kept, "another run")
}

// TestViewDeltaKeepFails: Keep reports a delta that does not fit the board
// held, leaving nothing half put back that matters (the page asks again).
func TestViewDeltaKeepFails(t *testing.T) {
	n1, n2 := &sim.NodeState{Name: "n1"}, &sim.NodeState{Name: "n2"}
	held := FrameView{Nodes: []*sim.NodeState{n1}, Cards: []string{"n1"}, Keys: map[string]uint64{NodePlace("n1"): 7}, NodeNames: []string{"n1"}, NodeNamesKey: 3}
	for name, v := range map[string]FrameView{
		"card key differs": {Cards: []string{"n1"}, Keys: map[string]uint64{NodePlace("n1"): 8}, Kept: []string{NodePlace("n1")}},
		"card not held":    {Cards: []string{"n2"}, Keys: map[string]uint64{NodePlace("n2"): 7}, Kept: []string{NodePlace("n2")}},
		"key zero":         {Cards: []string{"n1"}, Keys: map[string]uint64{NodePlace("n1"): 0}, Kept: []string{NodePlace("n1")}},
		"lane not held":    {Keys: map[string]uint64{PlacePending: 5}, Kept: []string{PlacePending}},
		"names differ":     {NodeNamesKey: 4},
		"card neither":     {Nodes: []*sim.NodeState{n2}, Cards: []string{"n1", "n2"}, Keys: map[string]uint64{NodePlace("n1"): 7}},
	} {
		t.Run(name, func(t *testing.T) {
			require.False(t, v.Keep(&held))
			require.False(t, v.Keep(nil))
		})
	}
	v := FrameView{Nodes: []*sim.NodeState{n2}, Cards: []string{"n1", "n2"}, Keys: map[string]uint64{NodePlace("n1"): 7}, Kept: []string{NodePlace("n1")}, NodeNamesKey: 3}
	require.True(t, v.Keep(&held))
	require.Equal(t, []*sim.NodeState{n1, n2}, v.Nodes)
	require.Equal(t, []string{"n1"}, v.NodeNames)
	whole := FrameView{Nodes: []*sim.NodeState{n1}}
	require.True(t, whole.Keep(nil), "a view from an engine that sends no keys")
	require.Equal(t, []*sim.NodeState{n1}, whole.Nodes)
}

// refusingEngine answers the first view query that holds a board with a
// delta of a board the page does not hold.
type refusingEngine struct {
	*LocalEngine
	queries []ViewQuery
	refused bool
}

func (r *refusingEngine) View(q ViewQuery, done func(FrameView)) {
	r.queries = append(r.queries, q)
	if len(q.Held) > 0 && !r.refused {
		r.refused = true
		done(FrameView{Seq: q.Seq, Cards: []string{"ghost"}, Keys: map[string]uint64{NodePlace("ghost"): 1}, Kept: []string{NodePlace("ghost")}})
		return
	}
	r.LocalEngine.View(q, done)
}

// TestRefreshAsksAgainWhole: a delta the page cannot put back together
// makes it ask again holding nothing; a view asked holding nothing is
// taken as it comes.
func TestRefreshAsksAgainWhole(t *testing.T) {
	eng := &refusingEngine{LocalEngine: NewLocalEngine(Config{Simulate: func(string, []byte, func(sim.Progress)) (*sim.Result, error) {
		return gpuResult(false), nil
	}})}
	m := NewModel(nil, eng)
	require.True(t, setText(m, "hand-made"))
	require.Len(t, eng.queries, 1)
	require.Empty(t, eng.queries[0].Held)
	m.Step()
	require.Len(t, eng.queries, 3)
	require.NotEmpty(t, eng.queries[1].Held)
	require.Empty(t, eng.queries[2].Held)
	require.Zero(t, eng.queries[2].NodeNames)
	require.Equal(t, []string{"gpu-node-1"}, m.View.Cards)
	require.Len(t, m.View.Nodes, 1)
	require.Equal(t, 1, m.View.Frame)
	m.Back()
	require.Len(t, eng.queries, 4)
	require.NotEmpty(t, eng.queries[3].Held, "the board held from then on")
}

// TestPodViewEqual: Equal tells apart chip views that differ in any one
// field.
func TestPodViewEqual(t *testing.T) {
	var a PodView
	require.True(t, a.Equal(&PodView{}))
	require.True(t, (&PodView{Tolerations: []string{}}).Equal(&a), "nil and empty lists draw the same")
	typ := reflect.TypeOf(a)
	for i := range typ.NumField() {
		b := PodView{}
		f := reflect.ValueOf(&b).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int, reflect.Int32:
			f.SetInt(1)
		case reflect.Float64:
			f.SetFloat(0.5)
		case reflect.Slice:
			f.Set(reflect.ValueOf([]string{"x"}))
		default:
			t.Fatalf("field %s: kind %s not covered", typ.Field(i).Name, f.Kind())
		}
		require.False(t, a.Equal(&b), typ.Field(i).Name)
		require.False(t, b.Equal(&a), typ.Field(i).Name)
	}
}

// TestViewsForClock: a place whose key, selection and language are the
// same keeps its very chips while the clock moves, unless a chip follows
// the clock (a pending eviction's ring, a grace period).
func TestViewsForClock(t *testing.T) {
	at, end := 100.0, 130.0
	ringing := &sim.PodState{Namespace: "default", Name: "r", Phase: PhaseRunning, Node: "n1", EvictAt: &at}
	terminating := &sim.PodState{Namespace: "default", Name: "t", Phase: PhaseRunning, Node: "n2", Terminating: true, GraceEnd: &end}
	calm := &sim.PodState{Namespace: "default", Name: "c", Phase: PhaseRunning, Node: "n3"}
	gone := &sim.PodState{Namespace: "default", Name: "g", Phase: PhaseEvicted, EvictAt: &at}
	b := &BoardPanel{View: FrameView{Keys: map[string]uint64{NodePlace("n1"): 1, NodePlace("n2"): 2, NodePlace("n3"): 3, PlaceEvicted: 4}}}
	places := map[string][]*sim.PodState{NodePlace("n1"): {ringing}, NodePlace("n2"): {terminating}, NodePlace("n3"): {calm}, PlaceEvicted: {gone}}
	b.Time = 10
	first := map[string][]PodView{}
	for place, pods := range places {
		first[place] = b.viewsFor(place, pods)
	}
	b.Time = 20
	for place, pods := range places {
		again := b.viewsFor(place, pods)
		moving := place == NodePlace("n1") || place == NodePlace("n2")
		require.Equal(t, !moving, &again[0] == &first[place][0], place)
		require.Equal(t, viewsOf(pods, "", Clock{Now: 20}), again, place)
	}
	b.Selected = "default/c"
	require.True(t, b.viewsFor(NodePlace("n3"), places[NodePlace("n3")])[0].Selected, "a new selection makes the chips again")
	b.View.Keys[NodePlace("n3")] = 0
	require.True(t, b.viewsFor(NodePlace("n3"), []*sim.PodState{calm, ringing})[1].Countdown, "a place without a key is made again")
}
