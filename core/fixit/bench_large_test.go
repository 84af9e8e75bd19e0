package fixit_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/fixit"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sim"
)

// largeCluster has n nodes, every one tainted team=ml:NoSchedule, a pod
// per node that tolerates it, and one pod that does not.
func largeCluster(n int, distinct bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		value := "ml"
		if distinct {
			value = fmt.Sprintf("ml-%d", i)
		}
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Node\nmetadata: {name: node-%04d, labels: {kubernetes.io/hostname: node-%04d}}\nspec:\n  taints: [{key: team, value: %s, effect: NoSchedule}]\nstatus: {allocatable: {cpu: \"8\", memory: 32Gi, pods: \"110\"}}\n", i, i, value)
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p-%04d}\nspec:\n  tolerations: [{key: team, operator: Exists}]\n  containers: [{name: c, image: x, resources: {requests: {cpu: 100m}}}]\n", i)
	}
	b.WriteString("---\napiVersion: v1\nkind: Pod\nmetadata: {name: lost}\nspec:\n  containers: [{name: c, image: x}]\n")
	return b.String()
}

// TestProposeLargeCluster: a proposal on 1,000 nodes checks at most
// MaxChecked of them (the time is logged).
func TestProposeLargeCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("large cluster")
	}
	for _, distinct := range []bool{false, true} {
		proposeLarge(t, distinct)
	}
}

func proposeLarge(t *testing.T, distinct bool) {
	s, err := scenario.Parse([]byte(largeCluster(1000, distinct)), "large.yaml")
	require.NoError(t, err)
	res, err := sim.Run(s)
	require.NoError(t, err)
	start := time.Now()
	var plan fixit.Plan
	require.NoError(t, res.Probe(0, "default", "lost", func(p *core.Pod, nodes []*sched.NodeInfo, opts sched.Options) {
		plan, err = fixit.Propose(p, nodes, opts, "")
	}))
	require.NoError(t, err)
	took := time.Since(start)
	t.Logf("probe + propose on 1000 nodes (a taint value per node: %v): %v", distinct, took)
	require.Equal(t, fixit.MaxChecked, plan.Checked)
	require.Equal(t, 1000, plan.Nodes)
	require.True(t, plan.Fits)
	require.Len(t, plan.Node.Add, 1)
}
