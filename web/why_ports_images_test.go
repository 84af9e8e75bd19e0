package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/taints-playground/playground/core/sim"
)

// The why panel's tables are built from the verdicts and score parts the
// simulation reports: a NodePorts rejection shows as the reported filter
// with its upstream reason, and ImageLocality gets a score column.
func TestWhyPanelNodePortsAndImageLocality(t *testing.T) {
	const reason = "node(s) didn't have free ports for the requested pod ports"
	total := int64(318)
	pod := &sim.PodState{Namespace: "default", Name: "web", Phase: "Running", Node: "n2",
		Why: &sim.Explanation{Scored: true, Nodes: []sim.NodeVerdict{
			{Node: "n1", Plugin: "NodePorts", Reasons: []string{reason}, Filters: []sim.FilterVerdict{
				{Plugin: "NodePorts", Code: "Unschedulable", Reasons: []string{reason}, Reported: true},
			}},
			{Node: "n2", Feasible: true, Chosen: true, Score: &total, Scores: []sim.ScorePart{
				{Plugin: "TaintToleration", Raw: 0, Normalized: 100, Weighted: 300},
				{Plugin: "ImageLocality", Raw: 18, Normalized: 18, Weighted: 18},
			}},
			{Node: "n3", Feasible: true, Score: &total, Scores: []sim.ScorePart{
				{Plugin: "TaintToleration", Raw: 0, Normalized: 100, Weighted: 300},
				{Plugin: "ImageLocality", Raw: 12, Normalized: 12, Weighted: 12},
			}},
		}}}
	html := app.HTMLString(&WhyPanel{Pod: pod, Version: "1.37"})
	for _, want := range []string{"NodePorts", "free ports for the requested pod ports", "ImageLocality", "ImageLocality: raw 18 → normalized 18 → weighted 18"} {
		if !strings.Contains(html, want) {
			t.Errorf("why panel lacks %q", want)
		}
	}
}
