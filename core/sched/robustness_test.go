package sched

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

var fuzzQuantities = []string{"0", "1", "100m", "500m", "1", "2", "4", "1Gi", "512Mi", "3", "1e3", "0.5", "9223372036854775807", "-1", "110", "1m"}

func randomCluster(rng *rand.Rand) (*core.Pod, []*NodeInfo) {
	pick := func(list []string) string { return list[rng.Intn(len(list))] }
	keys := []string{"a", "b", "dedicated", core.TaintNodeUnschedulable, "tier", ""}
	vals := []string{"", "1", "x", "5", "gpu"}
	effects := []core.TaintEffect{core.TaintEffectNoSchedule, core.TaintEffectPreferNoSchedule, core.TaintEffectNoExecute, "", "Bogus"}
	ops := []core.TolerationOperator{"", core.TolerationOpEqual, core.TolerationOpExists, core.TolerationOpGt, core.TolerationOpLt, "Nope"}
	resources := []core.ResourceName{core.ResourceCPU, core.ResourceMemory, core.ResourcePods, core.ResourceEphemeralStorage, "nvidia.com/gpu", "weird"}
	rl := func(n int) core.ResourceList {
		if rng.Intn(6) == 0 {
			return nil
		}
		out := core.ResourceList{}
		for i := 0; i < n; i++ {
			out[resources[rng.Intn(len(resources))]] = core.MustParseQuantity(pick(fuzzQuantities))
		}
		return out
	}
	mkPod := func(name string) *core.Pod {
		p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: name}}
		for i := rng.Intn(3); i > 0; i-- {
			p.Spec.Containers = append(p.Spec.Containers, core.Container{Resources: core.ResourceRequirements{Requests: rl(rng.Intn(4))}})
		}
		for i := rng.Intn(2); i > 0; i-- {
			c := core.Container{Resources: core.ResourceRequirements{Requests: rl(2)}}
			if rng.Intn(2) == 0 {
				always := "Always"
				c.RestartPolicy = &always
			}
			p.Spec.InitContainers = append(p.Spec.InitContainers, c)
		}
		if rng.Intn(3) == 0 {
			v := int32(rng.Intn(5) - 1)
			p.Spec.Priority = &v
		}
		for i := rng.Intn(3); i > 0; i-- {
			p.Spec.Tolerations = append(p.Spec.Tolerations, core.Toleration{Key: pick(keys), Operator: ops[rng.Intn(len(ops))], Value: pick(vals), Effect: effects[rng.Intn(len(effects))]})
		}
		if rng.Intn(4) == 0 {
			p.Status.Phase = core.PodSucceeded
		}
		if rng.Intn(2) == 0 {
			// Controller-owned pods with a few labels exercise the
			// PodTopologySpread system defaults.
			ctl := rng.Intn(3) > 0
			kinds := []string{"ReplicaSet", "StatefulSet", "ReplicationController", "Job"}
			p.OwnerReferences = []core.OwnerReference{{Kind: kinds[rng.Intn(len(kinds))], Name: "o", Controller: &ctl}}
			if rng.Intn(4) > 0 {
				p.Labels = map[string]string{"app": pick(vals)}
			}
			if rng.Intn(3) == 0 {
				p.Namespace = "other"
			}
		}
		return p
	}
	var nodes []*NodeInfo
	for i := rng.Intn(6); i > 0; i-- {
		if rng.Intn(15) == 0 {
			nodes = append(nodes, nil)
			continue
		}
		n := &core.Node{ObjectMeta: core.ObjectMeta{Name: fmt.Sprintf("n%d", rng.Intn(8)), Labels: map[string]string{pick(keys[:3]): pick(vals)}}}
		if rng.Intn(2) == 0 {
			n.Labels["kubernetes.io/hostname"] = n.Name
		}
		if rng.Intn(2) == 0 {
			n.Labels["topology.kubernetes.io/zone"] = pick(vals)
		}
		n.Spec.Unschedulable = rng.Intn(4) == 0
		for j := rng.Intn(3); j > 0; j-- {
			n.Spec.Taints = append(n.Spec.Taints, core.Taint{Key: pick(keys), Value: pick(vals), Effect: effects[rng.Intn(len(effects))]})
		}
		n.Status.Allocatable = rl(4)
		ni := &NodeInfo{Node: n}
		for j := rng.Intn(4); j > 0; j-- {
			if rng.Intn(10) == 0 {
				ni.Pods = append(ni.Pods, nil)
				continue
			}
			ni.Pods = append(ni.Pods, mkPod(fmt.Sprintf("e%d", j)))
		}
		nodes = append(nodes, ni)
	}
	pod := mkPod("p")
	pod.Status.Phase = ""
	if rng.Intn(3) == 0 {
		never := "Never"
		pod.Spec.PreemptionPolicy = &never
	}
	if rng.Intn(3) == 0 {
		pod.Spec.NodeSelector = map[string]string{pick(keys[:3]): pick(vals)}
	}
	if rng.Intn(3) == 0 {
		na := &core.NodeAffinity{}
		if rng.Intn(2) == 0 {
			na.RequiredDuringSchedulingIgnoredDuringExecution = &core.NodeSelector{NodeSelectorTerms: []core.NodeSelectorTerm{
				{MatchFields: []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: core.NodeSelectorOpIn, Values: []string{fmt.Sprintf("n%d", rng.Intn(8))}}}},
				{MatchExpressions: []core.NodeSelectorRequirement{{Key: pick(keys[:3]), Operator: core.NodeSelectorOpIn, Values: []string{pick(vals)}}}},
			}[:1+rng.Intn(2)]}
		}
		na.PreferredDuringSchedulingIgnoredDuringExecution = []core.PreferredSchedulingTerm{{Weight: int32(rng.Intn(200) - 50), Preference: core.NodeSelectorTerm{
			MatchExpressions: []core.NodeSelectorRequirement{{Key: pick(keys[:3]), Operator: core.NodeSelectorOpExists}}}}}
		pod.Spec.Affinity = &core.Affinity{NodeAffinity: na}
	}
	if rng.Intn(10) == 0 {
		return nil, nodes
	}
	return pod, nodes
}

// checkConsistency verifies Schedule against ExplainNode: feasible nodes
// pass every filter, and every node rejected by Filter is reported with
// the first failing plugin's status.
func checkConsistency(t *testing.T, pod *core.Pod, nodes []*NodeInfo, opts Options) {
	t.Helper()
	r := Schedule(pod, nodes, opts)
	if r.NodeName == "" && r.Message != ErrNoNodesAvailable {
		require.True(t, strings.HasPrefix(r.Message, fmt.Sprintf("0/%d nodes are available:", r.NumAllNodes)), "bad message %q", r.Message)
	}
	if r.NodeName != "" {
		require.Empty(t, r.Message, "placed with a message")
	}
	byName := map[string]*NodeInfo{}
	for _, n := range nodes {
		if n != nil && n.Node != nil && byName[n.Name()] == nil {
			byName[n.Name()] = n
		}
	}
	for _, name := range r.Feasible {
		for _, s := range ExplainNode(pod, byName[name], opts) {
			require.Equal(t, Success, s.Code, "feasible node %s fails %+v", name, s)
		}
	}
	for name, st := range r.Rejected {
		var first *Status
		for _, s := range ExplainNode(pod, byName[name], opts) {
			if s.Code != Success {
				s := s
				first = &s
				break
			}
		}
		if strings.HasPrefix(st.Message(), "node(s) didn't satisfy plugin") || st.Message() == "pod affinity terms conflict" {
			continue
		}
		require.NotNil(t, first, "node %s: Schedule reports %+v, ExplainNode no failure", name, st)
		require.Equal(t, first.Plugin, st.Plugin, "node %s: Schedule reports %+v, ExplainNode first failure %+v", name, st, first)
		require.Equal(t, first.Reasons, st.Reasons, "node %s: Schedule reports %+v, ExplainNode first failure %+v", name, st, first)
		require.Equal(t, first.Code, st.Code, "node %s: Schedule reports %+v, ExplainNode first failure %+v", name, st, first)
	}
	if r.NominatedNode != "" {
		require.NotEmpty(t, r.Victims, "nominated %s without victims", r.NominatedNode)
		require.Equal(t, Unschedulable, r.Rejected[r.NominatedNode].GetCode(), "nominated %s with victims %v, status %+v", r.NominatedNode, r.Victims, r.Rejected[r.NominatedNode])
	}
}

func TestRandomClustersNeverPanicAndAgreeWithExplain(t *testing.T) {
	for seed := int64(0); seed < 3000; seed++ {
		rng := rand.New(rand.NewSource(seed))
		pod, nodes := randomCluster(rng)
		func() {
			defer func() {
				if p := recover(); p != nil {
					require.Fail(t, "panic", "seed %d: %v", seed, p)
				}
			}()
			checkConsistency(t, pod, nodes, Options{Rand: rng, EnableComparisonOperators: seed%2 == 0, StartNodeIndex: int(seed % 7), Version: core.Version{Minor: core.OldestMinor + int(seed%12)}})
		}()
	}
}

func FuzzSchedule(f *testing.F) {
	for _, s := range []int64{0, 1, 42, 1 << 40} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		rng := rand.New(rand.NewSource(seed))
		pod, nodes := randomCluster(rng)
		checkConsistency(t, pod, nodes, Options{Rand: rng, EnableComparisonOperators: seed%3 == 0, Version: core.Version{Minor: core.OldestMinor + int(uint64(seed)%12)}})
	})
}

func TestNilAndDegenerateInputs(t *testing.T) {
	r := Schedule(nil, []*NodeInfo{{Node: &core.Node{ObjectMeta: core.ObjectMeta{Name: "n"}}}}, Options{StartNodeIndex: -3})
	// A node without allocatable pods admits nothing.
	assert.Empty(t, r.NodeName, "degenerate node")
	assert.Equal(t, "0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.", r.Message, "degenerate node")
	got := Schedule(&core.Pod{}, []*NodeInfo{{Node: &core.Node{}, Pods: []*core.Pod{nil}}}, Options{})
	assert.Equal(t, 1, got.NumAllNodes, "nil pod in node: %+v", got)
}
