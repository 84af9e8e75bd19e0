package sim

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
)

// A DaemonSet pod is bound to its node by a matchFields node affinity, so
// NodeAffinity's PreFilter rejects every other node and Kubernetes
// reports NodeAffinity there, even on a node whose taint TaintToleration
// (earlier in Filter order) also refuses. The why view marks the reported
// plugin and lists TaintToleration as also rejecting, not the reverse.
func TestWhyMarksThePluginKubernetesReports(t *testing.T) {
	data, err := os.ReadFile("testdata/ds-reported-plugin.yaml")
	require.NoError(t, err)
	s, err := scenario.Parse(data, "ds.yaml")
	require.NoError(t, err)
	res, err := Run(s)
	require.NoError(t, err)
	var ds *PodState
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		if p.Owner == "DaemonSet/ds" {
			ds = p
		}
	}
	require.NotNil(t, ds)
	require.NotNil(t, ds.Why)
	for _, v := range ds.Why.Nodes {
		if v.Node != "c1" {
			continue
		}
		assert.Equal(t, "NodeAffinity", v.Plugin, "reported for c1")
		var reported, also []string
		for _, f := range v.Filters {
			switch {
			case f.Reported:
				reported = append(reported, f.Plugin)
			case f.Code != "Success":
				also = append(also, f.Plugin)
			}
		}
		assert.Equal(t, []string{"NodeAffinity"}, reported)
		assert.Equal(t, []string{"TaintToleration"}, also)
		return
	}
	t.Fatal("no verdict for c1")
}
