package sched

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

// A snapshot kept between calls, and the pooled scratch memory, give the
// same Results as a fresh snapshot, whatever the caller does to its node
// list between calls (and so does a Snapshot the changes are Set in):
// NodeInfos replaced by same-named or other nodes,
// entries set to nil, a NodeInfo's Node swapped in place, pods added, the
// list shortened, grown or copied. SkipBreakdown gives the same decision
// and draws the same random numbers. No Result changes afterwards.
func TestSnapshotReuseMatchesFresh(t *testing.T) {
	for seed := int64(0); seed < 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { checkSnapshotReuse(t, seed) })
	}
}

// snapshotScratch stands for ScheduleSnapshot in checkSnapshotReuse.
var snapshotScratch = new(scratch)

func checkSnapshotReuse(t *testing.T, seed int64) {
	rng := rand.New(rand.NewSource(seed))
	// Node material: random nodes renamed into a pool of 260 names, so
	// some names repeat.
	fresh := func() *NodeInfo {
		for {
			_, ns := randomCluster(rng)
			for _, n := range ns {
				if n != nil {
					n.Node.Name = fmt.Sprintf("n%03d", rng.Intn(260))
					if rng.Intn(3) > 0 {
						// Roomy enough for most pods, so many nodes
						// are feasible and the Filter pass stops early.
						n.Node.Status.Allocatable = core.ResourceList{core.ResourceCPU: core.MustParseQuantity("64"),
							core.ResourceMemory: core.MustParseQuantity("256Gi"), core.ResourcePods: core.MustParseQuantity("110")}
						n.Invalidate()
					}
					return n
				}
			}
		}
	}
	nodes := make([]*NodeInfo, 240)
	for i := range nodes {
		nodes[i] = fresh()
	}
	cached := new(scratch)
	// snap follows every change through Set (a NodeInfo whose Node was
	// replaced in place is Set again, as Snapshot asks).
	snap := NewSnapshot(nodes)
	type kept struct {
		res  Result
		json string
	}
	var history []kept
	for step := 0; step < 100; step++ {
		i := rng.Intn(len(nodes))
		switch rng.Intn(10) {
		case 0: // a new NodeInfo for the same node name
			n := fresh()
			if nodes[i] != nil && nodes[i].Node != nil {
				n.Node.Name = nodes[i].Node.Name
			}
			nodes[i] = n
			snap.Set(i, n)
		case 1: // another node
			nodes[i] = fresh()
			snap.Set(i, nodes[i])
		case 2:
			nodes[i] = nil
			snap.Set(i, nil)
		case 3: // the Node replaced in place, maybe renamed
			if nodes[i] != nil {
				nodes[i].Node = fresh().Node
				snap.Set(i, nodes[i])
			}
		case 4:
			if nodes[i] != nil {
				nodes[i].Node = nil
				snap.Set(i, nodes[i])
			}
		case 5:
			if nodes[i] != nil {
				p, _ := randomCluster(rng)
				nodes[i].AddPod(p)
			}
		case 6: // a Snapshot cannot shrink: a new one
			nodes = nodes[:len(nodes)-1]
			snap = NewSnapshot(nodes)
		case 7:
			nodes = append(nodes, fresh())
			snap.Set(len(nodes)-1, nodes[len(nodes)-1])
		case 8:
			nodes = append([]*NodeInfo(nil), nodes...)
		}
		pod, _ := randomCluster(rng)
		if pod != nil && rng.Intn(2) == 0 {
			// A pod most nodes accept, sometimes pinned by name
			// (a PreFilter result) or nominated to a node.
			pod.Spec.InitContainers, pod.Spec.NodeSelector, pod.Spec.Affinity = nil, nil, nil
			pod.Spec.Tolerations = []core.Toleration{{Operator: core.TolerationOpExists}}
			pod.Spec.Containers = []core.Container{{Resources: core.ResourceRequirements{Requests: core.ResourceList{core.ResourceCPU: core.MustParseQuantity("100m")}}}}
			switch rng.Intn(4) {
			case 0:
				names := []string{fmt.Sprintf("n%03d", rng.Intn(260)), fmt.Sprintf("n%03d", rng.Intn(260))}
				pod.Spec.Affinity = &core.Affinity{NodeAffinity: &core.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{
					NodeSelectorTerms: []core.NodeSelectorTerm{{MatchFields: []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: core.NodeSelectorOpIn, Values: names}}}}}}}
			case 1:
				pod.Status.NominatedNodeName = fmt.Sprintf("n%03d", rng.Intn(260))
			}
		}
		opts := Options{
			EnableComparisonOperators: rng.Intn(2) == 0,
			StartNodeIndex:            rng.Intn(300),
			Version:                   core.Version{Minor: core.OldestMinor + rng.Intn(12)},
		}
		drawSeed := rng.Int63()
		run := func(c *scratch, skip bool) (Result, int64) {
			o := opts
			o.Rand = rand.New(rand.NewSource(drawSeed))
			o.SkipBreakdown = skip
			var r Result
			if c == snapshotScratch {
				r = ScheduleSnapshot(pod, snap, o)
			} else if c == nil {
				r = Schedule(pod, nodes, o)
			} else {
				r = schedule(pod, nodes, o, c)
			}
			return r, o.Rand.Int63()
		}
		want, wantNext := run(new(scratch), false)
		for name, c := range map[string]*scratch{"kept": cached, "pooled": nil, "Snapshot": snapshotScratch} {
			got, next := run(c, false)
			require.Equal(t, want, got, "step %d, %s snapshot", step, name)
			require.Equal(t, wantNext, next, "step %d, %s snapshot: the random numbers drawn", step, name)
		}
		lean, next := run(cached, true)
		require.Nil(t, lean.Feasible, "step %d: SkipBreakdown kept Feasible", step)
		require.Nil(t, lean.Scores, "step %d: SkipBreakdown kept Scores", step)
		require.Nil(t, lean.Tied, "step %d: SkipBreakdown kept Tied", step)
		// Rejected is kept only when no node was chosen (for the message
		// and the queue's requeue hints).
		require.Equal(t, want.NodeName != "", lean.Rejected == nil, "step %d: SkipBreakdown with node %q gave Rejected %v", step, want.NodeName, lean.Rejected)
		lean.Feasible, lean.Scores, lean.Tied = want.Feasible, want.Scores, want.Tied
		if want.NodeName != "" {
			lean.Rejected = want.Rejected
		}
		require.Equal(t, want, lean, "step %d: SkipBreakdown", step)
		require.Equal(t, wantNext, next, "step %d: SkipBreakdown: the random numbers drawn", step)
		b, _ := json.Marshal(want)
		history = append(history, kept{want, string(b)})
	}
	for i, h := range history {
		b, err := json.Marshal(h.res)
		require.NoError(t, err)
		require.Equal(t, h.json, string(b), "result %d changed after later calls", i)
	}
}
