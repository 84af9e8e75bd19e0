package web

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

type res = map[core.ResourceName]int64

func cond(t core.NodeConditionType, s core.ConditionStatus) core.NodeCondition {
	return core.NodeCondition{Type: t, Status: s}
}

func TestBuildOverviewZones(t *testing.T) {
	node := func(name string, labels map[string]string) *sim.NodeState {
		return &sim.NodeState{Name: name, Labels: labels}
	}
	cases := []struct {
		name  string
		nodes []*sim.NodeState
		zones []OverviewZone
		names []string
	}{
		{"no nodes", nil, nil, nil},
		{
			"topology label, then the beta label, then no zone last; frame order inside a zone",
			[]*sim.NodeState{
				node("a", map[string]string{LabelZone: "z2"}),
				node("b", nil),
				node("c", map[string]string{LabelZoneBeta: "z1"}),
				node("d", map[string]string{LabelZone: "z2"}),
				node("e", map[string]string{LabelZone: "z1", LabelZoneBeta: "old"}),
			},
			[]OverviewZone{{Name: "z1", Start: 0, Count: 2}, {Name: "z2", Start: 2, Count: 2}, {Name: "", Start: 4, Count: 1}},
			[]string{"c", "e", "a", "d", "b"},
		},
		{
			"an empty topology label is no zone (the beta label is not read then)",
			[]*sim.NodeState{node("a", map[string]string{LabelZone: "", LabelZoneBeta: "z1"}), node("b", map[string]string{"zone": "x"})},
			[]OverviewZone{{Name: "", Start: 0, Count: 2}},
			[]string{"a", "b"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := BuildOverview(&sim.Frame{Nodes: c.nodes})
			assert.Equal(t, c.zones, o.Zones)
			if c.names == nil {
				assert.Empty(t, o.Names)
				return
			}
			assert.Equal(t, c.names, o.Names)
			assert.Len(t, o.Marks, len(c.names))
			assert.Len(t, o.Util, len(c.names))
		})
	}
}

func TestBuildOverviewMarksAndUtil(t *testing.T) {
	taint := func(e core.TaintEffect) core.Taint { return core.Taint{Key: "k", Effect: e} }
	cases := []struct {
		name  string
		node  sim.NodeState
		marks byte
		util  byte
	}{
		{"healthy, nothing requested", sim.NodeState{Allocatable: res{core.ResourceCPU: 4000}, Conditions: []core.NodeCondition{cond(core.NodeReady, core.ConditionTrue)}}, 0, 0},
		{"taint effects", sim.NodeState{Taints: []core.Taint{taint(core.TaintEffectNoSchedule), taint(core.TaintEffectPreferNoSchedule), taint(core.TaintEffectNoExecute)}}, MarkNoSchedule | MarkPreferNoSchedule | MarkNoExecute, UtilUnknown},
		{"Ready=False", sim.NodeState{Conditions: []core.NodeCondition{cond(core.NodeReady, core.ConditionFalse)}}, MarkNotReady, UtilUnknown},
		{"Ready=Unknown is unreachable", sim.NodeState{Conditions: []core.NodeCondition{cond(core.NodeReady, core.ConditionUnknown)}}, MarkUnreachable, UtilUnknown},
		{"pressure and network conditions", sim.NodeState{Conditions: []core.NodeCondition{cond(core.NodeMemoryPressure, core.ConditionTrue), cond(core.NodeNetworkUnavailable, core.ConditionTrue)}}, MarkPressure, UtilUnknown},
		{"a condition that is False is no mark", sim.NodeState{Conditions: []core.NodeCondition{cond(core.NodeMemoryPressure, core.ConditionFalse)}}, 0, UtilUnknown},
		{"cordoned", sim.NodeState{Unschedulable: true}, MarkCordoned, UtilUnknown},
		{"the larger of cpu and memory", sim.NodeState{Allocatable: res{core.ResourceCPU: 4000, core.ResourceMemory: 1000}, Requested: res{core.ResourceCPU: 1000, core.ResourceMemory: 625}}, 0, 63},
		{"pods do not count", sim.NodeState{Allocatable: res{core.ResourceCPU: 4000, core.ResourcePods: 10}, Requested: res{core.ResourcePods: 10}}, 0, 0},
		{"over-committed", sim.NodeState{Allocatable: res{core.ResourceCPU: 1000}, Requested: res{core.ResourceCPU: 1500}}, MarkOver, 100},
		{"requests without allocatable", sim.NodeState{Requested: res{core.ResourceMemory: 1}}, MarkOver, 100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.node.Name = "n"
			o := BuildOverview(&sim.Frame{Nodes: []*sim.NodeState{&c.node}})
			require.Len(t, o.Marks, 1)
			assert.Equal(t, c.marks, o.Marks[0], "marks %08b", o.Marks[0])
			assert.Equal(t, c.util, o.Util[0])
		})
	}
}

func TestBuildOverviewCounts(t *testing.T) {
	o := BuildOverview(&sim.Frame{Nodes: []*sim.NodeState{
		{Name: "a", Taints: []core.Taint{{Key: "k", Effect: core.TaintEffectPreferNoSchedule}}},
		{Name: "b", Taints: []core.Taint{{Key: "k", Effect: core.TaintEffectNoExecute}}, Unschedulable: true},
		{Name: "c", Conditions: []core.NodeCondition{cond(core.NodeReady, core.ConditionUnknown)}},
	}})
	assert.Equal(t, []OverviewZone{{Name: "", Start: 0, Count: 3, Tainted: 1, Unhealthy: 1, Cordoned: 1}}, o.Zones)
}

func TestOverviewNamesTravelOnce(t *testing.T) {
	frame := func(names ...string) *sim.Frame {
		f := &sim.Frame{}
		for _, n := range names {
			f.Nodes = append(f.Nodes, &sim.NodeState{Name: n})
		}
		return f
	}
	prev := BuildOverview(frame("a", "b"))
	next := BuildOverview(frame("a", "b")).WithoutNames()
	assert.Nil(t, next.Names)
	assert.True(t, next.KeepNames(&prev))
	assert.Equal(t, []string{"a", "b"}, next.Names)

	other := BuildOverview(frame("a", "c")).WithoutNames()
	assert.NotEqual(t, prev.NamesKey, other.NamesKey)
	assert.False(t, other.KeepNames(&prev))
	assert.False(t, other.KeepNames(nil))
}

// TestOverviewIsSmall: at 5,000 nodes the per-frame overview (names kept
// by the page) is about two bytes per node in gob.
func TestOverviewIsSmall(t *testing.T) {
	f := &sim.Frame{}
	for i := 0; i < 5000; i++ {
		f.Nodes = append(f.Nodes, &sim.NodeState{
			Name:        fmt.Sprintf("ip-10-0-%d-%d.ec2.internal", i/250, i%250),
			Labels:      map[string]string{LabelZone: fmt.Sprintf("us-east-1%c", 'a'+i%4)},
			Allocatable: res{core.ResourceCPU: 4000},
			Requested:   res{core.ResourceCPU: int64(i % 4000)},
		})
	}
	var with, without bytes.Buffer
	o := BuildOverview(f)
	require.NoError(t, gob.NewEncoder(&with).Encode(o))
	require.NoError(t, gob.NewEncoder(&without).Encode(o.WithoutNames()))
	t.Logf("gob: %d bytes with names, %d without", with.Len(), without.Len())
	assert.Less(t, without.Len(), 11_000)
	var back Overview
	require.NoError(t, gob.NewDecoder(&with).Decode(&back))
	assert.Equal(t, o, back)
}

func TestNodeMatchesExactForms(t *testing.T) {
	n := &sim.NodeState{Name: "node-1", Labels: map[string]string{LabelZone: "z1"}}
	bare := &sim.NodeState{Name: "node-10"}
	cases := []struct {
		filter    string
		n, bareOK bool
	}{
		{"node-1", true, true}, // plain substring, as before
		{ExactNodeFilter("node-1"), true, false},
		{ExactNodeFilter("node-10"), false, true},
		{ExactNodeFilter("node"), false, false},
		{ZoneFilter("z1"), true, false},
		{ZoneFilter("z"), false, false},
		{ZoneFilter(""), false, true},
		{` "node-1" `, true, false},
		{`"`, false, false},
		{`zone="`, false, false}, // a plain filter: no node has a quote
		{`zone=""x"`, false, false},
	}
	for _, c := range cases {
		t.Run(c.filter, func(t *testing.T) {
			assert.Equal(t, c.n, NodeMatches(n, c.filter))
			assert.Equal(t, c.bareOK, NodeMatches(bare, c.filter))
		})
	}
	// No pod name matches an exact form, so the lanes show none.
	assert.False(t, PodMatches(&sim.PodState{Name: "node-1"}, ExactNodeFilter("node-1")))
}
