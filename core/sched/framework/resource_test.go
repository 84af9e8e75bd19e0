package framework

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

func rl(kv ...string) core.ResourceList {
	out := core.ResourceList{}
	for i := 0; i+1 < len(kv); i += 2 {
		out[core.ResourceName(kv[i])] = core.MustParseQuantity(kv[i+1])
	}
	return out
}

func ctr(req core.ResourceList) core.Container {
	return core.Container{Name: "c", Resources: core.ResourceRequirements{Requests: req}}
}

func sidecar(req core.ResourceList) core.Container {
	always := "Always"
	c := ctr(req)
	c.RestartPolicy = &always
	return c
}

func TestPodRequests(t *testing.T) {
	tests := []struct {
		name       string
		spec       core.PodSpec
		nonMissing bool
		want       map[core.ResourceName]int64
	}{
		{
			name: "containers sum, cpu in millicores rounded up, memory in bytes",
			spec: core.PodSpec{Containers: []core.Container{ctr(rl("cpu", "0.5", "memory", "1Gi")), ctr(rl("cpu", "250m", "memory", "1k"))}},
			want: map[core.ResourceName]int64{core.ResourceCPU: 750, core.ResourceMemory: 1<<30 + 1000},
		},
		{
			name: "regular init container larger than app containers wins per resource",
			spec: core.PodSpec{
				InitContainers: []core.Container{ctr(rl("cpu", "2", "memory", "100Mi"))},
				Containers:     []core.Container{ctr(rl("cpu", "1", "memory", "1Gi"))},
			},
			want: map[core.ResourceName]int64{core.ResourceCPU: 2000, core.ResourceMemory: 1 << 30},
		},
		{
			name: "sidecars add to app containers and to later init containers",
			spec: core.PodSpec{
				InitContainers: []core.Container{
					sidecar(rl("cpu", "500m")),
					ctr(rl("cpu", "3")), // 3000 + 500 sidecar before it
					sidecar(rl("cpu", "200m")),
				},
				Containers: []core.Container{ctr(rl("cpu", "1"))},
			},
			// app 1000 + sidecars 700 = 1700; init max = max(500, 3500, 700) = 3500
			want: map[core.ResourceName]int64{core.ResourceCPU: 3500},
		},
		{
			name: "overhead is added after the max",
			spec: core.PodSpec{
				InitContainers: []core.Container{ctr(rl("cpu", "2"))},
				Containers:     []core.Container{ctr(rl("cpu", "1"))},
				Overhead:       rl("cpu", "250m", "memory", "120Mi"),
			},
			want: map[core.ResourceName]int64{core.ResourceCPU: 2250, core.ResourceMemory: 120 << 20},
		},
		{
			name:       "non-missing defaults per container, explicit zero kept",
			spec:       core.PodSpec{Containers: []core.Container{ctr(nil), ctr(rl("cpu", "0", "memory", "1Gi"))}},
			nonMissing: true,
			want:       map[core.ResourceName]int64{core.ResourceCPU: 100, core.ResourceMemory: 200<<20 + 1<<30},
		},
		{
			name:       "non-missing also applies to init containers",
			spec:       core.PodSpec{InitContainers: []core.Container{ctr(rl("cpu", "1"))}, Containers: []core.Container{ctr(nil)}},
			nonMissing: true,
			want:       map[core.ResourceName]int64{core.ResourceCPU: 1000, core.ResourceMemory: 200 << 20},
		},
		{
			name: "extended resources in whole units",
			spec: core.PodSpec{Containers: []core.Container{ctr(rl("nvidia.com/gpu", "2")), ctr(rl("nvidia.com/gpu", "1"))}},
			want: map[core.ResourceName]int64{"nvidia.com/gpu": 3},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, PodRequests(&core.Pod{Spec: tc.spec}, tc.nonMissing))
		})
	}
	assert.Empty(t, PodRequests(nil, true), "nil pod")
}

func TestIsScalarResourceName(t *testing.T) {
	tests := map[core.ResourceName]bool{
		"nvidia.com/gpu":          true,
		"example.com/foo":         true,
		"hugepages-2Mi":           true,
		"kubernetes.io/something": true,
		"attachable-volumes-csi":  true,
		"cpu":                     false,
		"memory":                  false,
		"pods":                    false,
		"foo":                     false,
		"requests.example.com/x":  false,
		"bad_prefix!/x":           false,
	}
	for name, want := range tests {
		t.Run(string(name), func(t *testing.T) {
			assert.Equal(t, want, IsScalarResourceName(name))
		})
	}
}

func TestComputeNodeResources(t *testing.T) {
	node := &core.Node{Status: core.NodeStatus{Allocatable: rl("cpu", "4", "memory", "8Gi", "pods", "110", "nvidia.com/gpu", "4", "bogus", "3")}}
	ni := &NodeInfo{Node: node, Pods: []*core.Pod{
		{Spec: core.PodSpec{Containers: []core.Container{ctr(rl("cpu", "1", "nvidia.com/gpu", "1"))}}},
		{Spec: core.PodSpec{Containers: []core.Container{ctr(nil)}}},
		{Spec: core.PodSpec{Containers: []core.Container{ctr(rl("cpu", "2"))}}, Status: core.PodStatus{Phase: core.PodSucceeded}},
		nil,
	}}
	st := NewCycleState()
	nr := st.NodeResources(ni)
	assert.Equal(t, int64(4000), nr.Allocatable.MilliCPU, "allocatable cpu")
	assert.Equal(t, int64(8<<30), nr.Allocatable.Memory, "allocatable memory")
	assert.Equal(t, int64(110), nr.Allocatable.AllowedPodNumber, "allocatable pods")
	assert.Equal(t, int64(4), nr.Allocatable.Scalar["nvidia.com/gpu"], "allocatable gpus")
	assert.NotContains(t, nr.Allocatable.Scalar, core.ResourceName("bogus"), "non-scalar name kept")
	assert.Equal(t, int64(2), nr.NumPods, "pods")
	assert.Equal(t, int64(1000), nr.Requested.MilliCPU, "requested cpu")
	assert.Zero(t, nr.Requested.Memory, "requested memory")
	assert.Equal(t, int64(1), nr.Requested.Scalar["nvidia.com/gpu"], "requested gpus")
	assert.Equal(t, int64(1100), nr.NonZeroMilliCPU, "non-zero cpu")
	assert.Equal(t, 2*DefaultMemoryRequest, nr.NonZeroMemory, "non-zero memory")
	assert.Same(t, nr, st.NodeResources(ni), "not memoized")
	// A change NodeInfo cannot notice (a middle pod's requests in place)
	// shows only after ForgetNode.
	ni.Pods[1].Spec.Containers[0].Resources.Requests = rl("cpu", "500m")
	assert.Equal(t, int64(1000), st.NodeResources(ni).Requested.MilliCPU, "before ForgetNode: requested cpu, the memo's")
	st.ForgetNode(ni)
	assert.Equal(t, int64(1500), st.NodeResources(ni).Requested.MilliCPU, "ForgetNode kept the memo: requested cpu")
}

func TestDefaultNormalizeScore(t *testing.T) {
	tests := []struct {
		in      []int64
		reverse bool
		want    []int64
	}{
		{[]int64{2, 1, 0}, true, []int64{0, 50, 100}},
		{[]int64{1, 0, 0}, true, []int64{0, 100, 100}},
		{[]int64{0, 1, 3}, true, []int64{100, 67, 0}},
		{[]int64{0, 0}, true, []int64{100, 100}},
		{[]int64{0, 0}, false, []int64{0, 0}},
		{[]int64{100, 80, 20, 0}, false, []int64{100, 80, 20, 0}},
		{[]int64{80, 20}, false, []int64{100, 25}},
		{[]int64{3, 3}, true, []int64{0, 0}},
		{nil, true, nil},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%v reverse=%v", tc.in, tc.reverse), func(t *testing.T) {
			got := append([]int64(nil), tc.in...)
			assert.Nil(t, DefaultNormalizeScore(MaxNodeScore, tc.reverse, got))
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestNames(t *testing.T) {
	q := map[string]bool{
		"zone": true, "topology.kubernetes.io/zone": true, "a/b/c": false, "/x": false, "x/": false,
		"-bad": false, "Good.Name_1": true, "UPPER.example.com/x": false, "": false,
	}
	for s, want := range q {
		t.Run("IsQualifiedName/"+s, func(t *testing.T) {
			assert.Equal(t, want, IsQualifiedName(s))
		})
	}
	v := map[string]bool{"": true, "ssd": true, "a_b.c-d": true, "-x": false, "x y": false, "1": true}
	for s, want := range v {
		t.Run("IsValidLabelValue/"+s, func(t *testing.T) {
			assert.Equal(t, want, IsValidLabelValue(s))
		})
	}
}

func TestStatus(t *testing.T) {
	var nilStatus *Status
	assert.True(t, nilStatus.IsSuccess(), "nil status IsSuccess")
	assert.False(t, nilStatus.IsRejected(), "nil status IsRejected")
	assert.Empty(t, nilStatus.Message(), "nil status Message")
	assert.Equal(t, Success, nilStatus.GetCode(), "nil status GetCode")
	s := NewStatus(Unschedulable, "Insufficient cpu", "Insufficient memory").WithPlugin("NodeResourcesFit")
	assert.Equal(t, "Insufficient cpu, Insufficient memory", s.Message())
	assert.True(t, s.IsRejected(), "IsRejected")
	assert.Equal(t, "NodeResourcesFit", s.Plugin)
	assert.Equal(t, "Skip", Skip.String())
	assert.Equal(t, "UnschedulableAndUnresolvable", UnschedulableAndUnresolvable.String())
}

// TestComputePodResourceMatchesPodRequests checks the single-pass
// aggregation against PodRequests on random container layouts, including
// negative and missing quantities.
func TestComputePodResourceMatchesPodRequests(t *testing.T) {
	qs := []string{"0", "1", "250m", "2", "1Gi", "-1", "3"}
	names := []core.ResourceName{"cpu", "memory", "ephemeral-storage", "nvidia.com/gpu", "pods"}
	rng := rand.New(rand.NewSource(3))
	randList := func() core.ResourceList {
		if rng.Intn(4) == 0 {
			return nil
		}
		out := core.ResourceList{}
		for i := rng.Intn(4); i > 0; i-- {
			out[names[rng.Intn(len(names))]] = core.MustParseQuantity(qs[rng.Intn(len(qs))])
		}
		return out
	}
	for i := 0; i < 3000; i++ {
		p := &core.Pod{}
		for j := rng.Intn(3); j > 0; j-- {
			p.Spec.Containers = append(p.Spec.Containers, ctr(randList()))
		}
		for j := rng.Intn(4); j > 0; j-- {
			if rng.Intn(2) == 0 {
				p.Spec.InitContainers = append(p.Spec.InitContainers, sidecar(randList()))
			} else {
				p.Spec.InitContainers = append(p.Spec.InitContainers, ctr(randList()))
			}
		}
		p.Spec.Overhead = randList()
		got := ComputePodResource(p)
		want := ResourceFromUnits(PodRequests(p, false))
		non0 := PodRequests(p, true)
		require.Equal(t, want, got.Requests, "case %d: requests\nspec %+v", i, p.Spec)
		require.Equal(t, non0[core.ResourceCPU], got.NonZeroMilliCPU, "case %d: non-zero cpu\nspec %+v", i, p.Spec)
		require.Equal(t, non0[core.ResourceMemory], got.NonZeroMemory, "case %d: non-zero memory\nspec %+v", i, p.Spec)
	}
}

// TestPodRequestsRoundsPerContainer documents the one known difference
// from upstream: quantities are rounded up per container, so two
// containers asking 1500m bytes of memory count 4 bytes, not 3.
// Upstream sums the exact quantities and rounds the pod total once:
// 1.5 + 1.5 bytes is 3 bytes (not 2 + 2), 0.4m + 0.4m cpu is 1m.
func TestPodRequestsRoundsPodTotal(t *testing.T) {
	p := &core.Pod{Spec: core.PodSpec{Containers: []core.Container{
		ctr(rl("memory", "1500m", "cpu", "400u")), ctr(rl("memory", "1500m", "cpu", "400u"))}}}
	assert.Equal(t, int64(3), PodRequests(p, false)[core.ResourceMemory], "memory")
	assert.Equal(t, int64(1), PodRequests(p, false)[core.ResourceCPU], "cpu")
	assert.Equal(t, int64(3), ComputePodResource(p).Requests.Memory, "ComputePodResource memory")
	assert.Equal(t, int64(1), ComputePodResource(p).NonZeroMilliCPU, "non-zero cpu")
}
