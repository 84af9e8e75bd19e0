package sched

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestProfileOrderAndWeights(t *testing.T) {
	wantFilters := []string{"NodeName", "NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit", "PodTopologySpread", "InterPodAffinity"}
	assert.Equal(t, wantFilters, FilterPluginNames(), "filters")
	p := newProfile(Options{})
	var filters []string
	for _, pl := range p.filter {
		filters = append(filters, pl.Name())
	}
	assert.Equal(t, wantFilters, filters, "profile filters")
	wantScores := []PluginWeight{{"TaintToleration", 3}, {"NodeAffinity", 2}, {"NodeResourcesFit", 1}, {"PodTopologySpread", 2}, {"InterPodAffinity", 2}, {"NodeResourcesBalancedAllocation", 1}, {"ImageLocality", 1}}
	assert.Equal(t, wantScores, ScorePluginWeights(), "scores")
	var scores []PluginWeight
	for _, ws := range p.score {
		scores = append(scores, PluginWeight{ws.plugin.Name(), ws.weight})
	}
	assert.Equal(t, wantScores, scores, "profile scores")
}
