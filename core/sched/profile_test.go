package sched

import (
	"reflect"
	"testing"
)

func TestProfileOrderAndWeights(t *testing.T) {
	wantFilters := []string{"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodeResourcesFit"}
	if got := FilterPluginNames(); !reflect.DeepEqual(got, wantFilters) {
		t.Errorf("filters %v", got)
	}
	p := newProfile(Options{})
	for i, pl := range p.filter {
		if pl.Name() != wantFilters[i] {
			t.Errorf("profile filter %d = %s", i, pl.Name())
		}
	}
	wantScores := []PluginWeight{{"TaintToleration", 3}, {"NodeAffinity", 2}, {"NodeResourcesFit", 1}, {"PodTopologySpread", 2}, {"NodeResourcesBalancedAllocation", 1}}
	if got := ScorePluginWeights(); !reflect.DeepEqual(got, wantScores) {
		t.Errorf("scores %v", got)
	}
	for i, ws := range p.score {
		if ws.plugin.Name() != wantScores[i].Plugin || ws.weight != wantScores[i].Weight {
			t.Errorf("profile score %d = %s×%d", i, ws.plugin.Name(), ws.weight)
		}
	}
}
