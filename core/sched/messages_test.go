package sched

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	tu "github.com/taints-playground/playground/core/sched/internal/testutil"
)

const (
	noSched = core.TaintEffectNoSchedule
)

// TestSchedulerMDMessages reproduces every v1.37 example of SCHEDULER.md
// §2.4 at the Schedule() level.
func TestSchedulerMDMessages(t *testing.T) {
	tests := []struct {
		name  string
		pod   *core.Pod
		nodes []*NodeInfo
		want  string
	}{
		{
			name: "1 tainted, cordoned, full",
			pod:  tu.MakePod("p", "1000m", "1Gi").DefaultTolerations().P,
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4000m", "8Gi").Taint("dedicated", "gpu", noSched).Info(),
				tu.MakeNode("n2", "4000m", "8Gi").Cordon().Info(),
				tu.MakeNode("n3", "4000m", "8Gi").Info(tu.MakePod("filler", "3500m", "1Gi").P),
			},
			want: "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
		},
		{
			name: "2 all five tainted",
			pod:  tu.MakePod("p", "100m", "").P,
			nodes: func() []*NodeInfo {
				var out []*NodeInfo
				for i := 1; i <= 5; i++ {
					out = append(out, tu.MakeNode(fmt.Sprintf("n%d", i), "4", "8Gi").Taint("team", "a", noSched).Info())
				}
				return out
			}(),
			want: "0/5 nodes are available: 5 node(s) had untolerated taint(s). preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.",
		},
		{
			name: "3 multi-reason node",
			pod:  tu.MakePod("p", "1000m", "1Gi").P,
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4000m", "8Gi").Alloc(core.ResourcePods, "3").Info(
					tu.MakePod("a", "100m", "128Mi").P, tu.MakePod("b", "100m", "128Mi").P, tu.MakePod("c", "100m", "128Mi").P),
				tu.MakeNode("n2", "4000m", "8Gi").Info(tu.MakePod("big", "3500m", "7.5Gi").P),
				tu.MakeNode("n3", "4000m", "8Gi").Info(tu.MakePod("cpu", "3500m", "1Gi").P),
			},
			want: "0/3 nodes are available: 1 Insufficient memory, 1 Too many pods, 2 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.",
		},
		{
			name: "4 lexicographic trap",
			pod:  tu.MakePod("p", "1000m", "").P,
			nodes: func() []*NodeInfo {
				var out []*NodeInfo
				for i := 1; i <= 10; i++ {
					out = append(out, tu.MakeNode(fmt.Sprintf("t%d", i), "4", "8Gi").Taint("team", "a", noSched).Info())
				}
				for i := 1; i <= 2; i++ {
					out = append(out, tu.MakeNode(fmt.Sprintf("f%d", i), "4", "8Gi").Info(tu.MakePod(fmt.Sprintf("x%d", i), "3500m", "").P))
				}
				return out
			}(),
			want: "0/12 nodes are available: 10 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/12 nodes are available: 10 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
		},
		{
			name: "5 matchFields pin to tainted n3",
			pod:  tu.MakePod("p", "100m", "").RequiredTerm(tu.NameTerm("n3")).P,
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4", "8Gi").Info(),
				tu.MakeNode("n2", "4", "8Gi").Info(),
				tu.MakeNode("n3", "4", "8Gi").Taint("dedicated", "db", noSched).Info(),
				tu.MakeNode("n4", "4", "8Gi").Info(),
			},
			want: "0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
		},
		{
			name: "6 preemptionPolicy Never",
			pod:  tu.MakePod("p", "1000m", "").Priority(1000).PreemptNever().P,
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4", "8Gi").Taint("a", "b", noSched).Info(),
				tu.MakeNode("n2", "4", "8Gi").Info(tu.MakePod("low", "3500m", "").P),
			},
			want: "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). preemption: not eligible due to preemptionPolicy=Never.",
		},
		{
			name: "7 preemption succeeds",
			pod:  tu.MakePod("p", "1000m", "").Priority(1000).P,
			nodes: []*NodeInfo{
				tu.MakeNode("n1", "4", "8Gi").Info(tu.MakePod("low", "3500m", "").P),
				tu.MakeNode("n2", "4", "8Gi").Info(tu.MakePod("same", "3500m", "").Priority(1000).P),
			},
			want: "0/2 nodes are available: 2 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Schedule(tc.pod, tc.nodes, Options{})
			require.Empty(t, got.NodeName, "scheduled, want unschedulable")
			assert.Equal(t, tc.want, got.Message, "message")
			assert.Equal(t, tc.want, got.ConditionMessage, "condition message")
		})
	}
}
