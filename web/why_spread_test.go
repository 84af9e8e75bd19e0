package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/taints-playground/playground/core/sim"
)

// A Pending pod that PodTopologySpread kept off nodes gets one line per
// such node (skew or missing label) and the note on the inclusion
// policies; other plugins' nodes get none.
func TestWhyPanelSpread(t *testing.T) {
	pod := &sim.PodState{Name: "web-1", Phase: PhasePending, Why: &sim.Explanation{Nodes: []sim.NodeVerdict{
		{Node: "node-a", Plugin: "PodTopologySpread", Reasons: []string{spreadReasonSkew}},
		{Node: "node-d", Plugin: "PodTopologySpread", Reasons: []string{spreadReasonLabel}},
		{Node: "node-c", Plugin: "TaintToleration", Reasons: []string{"node(s) had untolerated taint(s)"}},
	}}}
	html := app.HTMLString(&WhyPanel{Pod: pod})
	for _, want := range []string{"Topology spread constraints", "node-a: one more matching pod",
		"node-d: the node has no label for the constraint&#39;s topologyKey", "nodeTaintsPolicy: Honor"} {
		if !strings.Contains(html, want) {
			t.Errorf("why panel lacks %q", want)
		}
	}
	if strings.Contains(html, "node-c: one more") {
		t.Error("a TaintToleration node got a spread line")
	}
	running := &sim.PodState{Name: "web-2", Phase: "Running", Node: "node-b", Why: pod.Why}
	if html := app.HTMLString(&WhyPanel{Pod: running}); strings.Contains(html, "Topology spread constraints") {
		t.Error("a running pod got spread lines")
	}
}
