package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/sim"
)

// clockResult: frames at 0, 30, 30 (two frames of one instant) and 90;
// pod p gets an eviction deadline of 100 at t=30.
func clockResult() *sim.Result {
	at := 100.0
	pod := func(evict *float64) *sim.PodState {
		return &sim.PodState{Namespace: "default", Name: "p", Node: "n1", Phase: PhaseRunning, EvictAt: evict,
			Owner: "ReplicaSet/web-1", Tolerations: nil}
	}
	node := sim.NodeState{Name: "n1", Zone: "r/z1", ZoneState: "PartialDisruption"}
	return &sim.Result{Until: 120, Frames: []sim.Frame{
		{Index: 0, At: 0, Nodes: []*sim.NodeState{&node}, Pods: []*sim.PodState{pod(nil)}},
		{Index: 1, At: 30, Nodes: []*sim.NodeState{&node}, Pods: []*sim.PodState{pod(&at)}},
		{Index: 2, At: 30, Nodes: []*sim.NodeState{&node}, Pods: []*sim.PodState{pod(&at)}},
		{Index: 3, At: 90, Nodes: []*sim.NodeState{&node}, Pods: []*sim.PodState{pod(&at)}},
	}}
}

func TestClockSeekAdvance(t *testing.T) {
	m := modelWith(clockResult())
	if m.End() != 120 {
		t.Fatalf("End %v", m.End())
	}
	for _, c := range []struct {
		t     float64
		frame int
	}{{0, 0}, {29.9, 0}, {30, 2}, {60, 2}, {90, 3}, {500, 3}, {-5, 0}} {
		m.SeekTime(c.t)
		if m.Frame != c.frame {
			t.Errorf("SeekTime(%v): frame %d, want %d", c.t, m.Frame, c.frame)
		}
	}
	m.SeekTime(500)
	if m.Time != 120 {
		t.Errorf("SeekTime clamps to End: %v", m.Time)
	}

	// Playing at 10×: the clock stops on each frame's time; frames of one
	// instant each get a tick; the end stops playing.
	m.Reset()
	m.Speed = 10
	if !m.TogglePlay() {
		t.Fatal("TogglePlay")
	}
	var seen []int
	for i := 0; i < 100 && m.Playing; i++ {
		if m.Advance(1) {
			seen = append(seen, m.Frame)
		}
	}
	if fmt.Sprint(seen) != "[1 2 3]" {
		t.Errorf("frames shown while playing: %v", seen)
	}
	if m.Playing || m.Time != 120 || m.Frame != 3 {
		t.Errorf("after playing: playing %v time %v frame %d", m.Playing, m.Time, m.Frame)
	}
	// Prev from a scrubbed time goes to the frame's own moment first.
	m.SeekTime(100)
	if !m.PrevEvent() || m.Frame != 3 || m.Time != 90 {
		t.Errorf("PrevEvent from t=100: frame %d time %v", m.Frame, m.Time)
	}
	if !m.PrevEvent() || m.Frame != 2 || m.Time != 30 {
		t.Errorf("PrevEvent from t=90: frame %d time %v", m.Frame, m.Time)
	}
}

func TestCountdownRing(t *testing.T) {
	m := modelWith(clockResult())
	m.SeekTime(65) // deadline 100 set at 30: (100−65)/(100−30) = 0.5
	f := frame(m)
	l := LayoutAt(f, "", Clock{Now: m.Time, Start: m.EvictionStart})
	v := l.OnNode["n1"][0]
	if !v.Countdown || v.RingLeft != 0.5 || v.SecondsOut != 35 {
		t.Errorf("ring at t=65: %+v", v)
	}
	if v.Owner != "ReplicaSet/web-1" {
		t.Errorf("owner %q", v.Owner)
	}
	html := app.HTMLString(&NodeCard{Node: f.Nodes[0], Pods: l.OnNode["n1"]})
	for _, want := range []string{"countdown", "ring-arc", "35s", "ReplicaSet", "web-1", "zone r/z1", "PartialDisruption"} {
		if !strings.Contains(html, want) {
			t.Errorf("card lacks %q", want)
		}
	}
	m.SeekTime(0)
	if l := LayoutAt(frame(m), "", Clock{Now: m.Time, Start: m.EvictionStart}); l.OnNode["n1"][0].Countdown {
		t.Error("a ring before the deadline was set")
	}
}
