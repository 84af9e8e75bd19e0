package sim

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core/scenario"
)

// TestExplainBeyondExplainLimit: a cluster too large for per-node detail
// on every frame (nodes × pods > ExplainLimit) still explains the one pod
// asked about — its per-node verdicts and describe — and describes the
// one node asked about, while the frames themselves stay summaries.
func TestExplainBeyondExplainLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("kind: Scenario\nname: large\nuntil: 10s\n")
	const nodes, pods = 520, 500
	for i := 0; i < nodes; i++ {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Node\nmetadata: {name: n%d}\n", i)
		if i%10 == 0 {
			b.WriteString("spec: {taints: [{key: dedicated, value: db, effect: NoSchedule}]}\n")
		}
		b.WriteString("status: {allocatable: {cpu: \"8\", memory: 32Gi, pods: \"110\"}}\n")
	}
	for i := 0; i < pods; i++ {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%d}\nspec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: 10m}}}]}\n", i)
	}
	s, err := scenario.Parse([]byte(b.String()), "large.yaml")
	require.NoError(t, err)
	require.Greater(t, nodes*pods, ExplainLimit)
	res, err := Run(s)
	require.NoError(t, err)
	last := len(res.Frames) - 1
	p := res.Frames[last].Pods[7]
	require.True(t, p.Why.Limited, "the frames of a cluster this large carry summaries only")

	why, describe, err := res.Explain(last, p.Namespace, p.Name)
	require.NoError(t, err)
	require.False(t, why.Limited)
	require.Len(t, why.Nodes, nodes, "a verdict for every node")
	require.Regexp(t, `(?m)^Name:\s+`+p.Name+`$`, describe)
	// Only the tainted nodes reject it, for their taint (the scheduler
	// stops filtering once it found enough feasible nodes, so some of them
	// are not examined: percentageOfNodesToScore).
	rejected := 0
	for _, v := range why.Nodes {
		if v.Plugin == "" {
			continue
		}
		rejected++
		var i int
		_, err := fmt.Sscanf(v.Node, "n%d", &i)
		require.NoError(t, err)
		require.Equal(t, "TaintToleration", v.Plugin, v.Node)
		require.Zero(t, i%10, "node %s has no taint", v.Node)
	}
	require.NotZero(t, rejected)

	d, err := res.DescribeNode(last, "n3")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^Name:\s+n3$`, d)
}
