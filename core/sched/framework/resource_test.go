package framework

import (
	"math/rand"
	"reflect"
	"testing"

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
			got := PodRequests(&core.Pod{Spec: tc.spec}, tc.nonMissing)
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %d, want %d (all %v)", k, got[k], v, got)
				}
			}
		})
	}
	if got := PodRequests(nil, true); len(got) != 0 {
		t.Errorf("nil pod: %v", got)
	}
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
		if got := IsScalarResourceName(name); got != want {
			t.Errorf("IsScalarResourceName(%q) = %v, want %v", name, got, want)
		}
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
	if nr.Allocatable.MilliCPU != 4000 || nr.Allocatable.Memory != 8<<30 || nr.Allocatable.AllowedPodNumber != 110 || nr.Allocatable.Scalar["nvidia.com/gpu"] != 4 {
		t.Errorf("allocatable %+v", nr.Allocatable)
	}
	if _, ok := nr.Allocatable.Scalar["bogus"]; ok {
		t.Errorf("non-scalar name kept: %+v", nr.Allocatable.Scalar)
	}
	if nr.NumPods != 2 || nr.Requested.MilliCPU != 1000 || nr.Requested.Memory != 0 || nr.Requested.Scalar["nvidia.com/gpu"] != 1 {
		t.Errorf("requested %+v pods %d", nr.Requested, nr.NumPods)
	}
	if nr.NonZeroMilliCPU != 1100 || nr.NonZeroMemory != 2*DefaultMemoryRequest {
		t.Errorf("non-zero cpu %d mem %d", nr.NonZeroMilliCPU, nr.NonZeroMemory)
	}
	if st.NodeResources(ni) != nr {
		t.Errorf("not memoized")
	}
	// A change NodeInfo cannot notice (a middle pod's requests in place)
	// shows only after ForgetNode.
	ni.Pods[1].Spec.Containers[0].Resources.Requests = rl("cpu", "500m")
	if got := st.NodeResources(ni).Requested.MilliCPU; got != 1000 {
		t.Errorf("before ForgetNode: requested cpu %d, want the memo's 1000", got)
	}
	st.ForgetNode(ni)
	if got := st.NodeResources(ni).Requested.MilliCPU; got != 1500 {
		t.Errorf("ForgetNode kept the memo: requested cpu %d, want 1500", got)
	}
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
		got := append([]int64(nil), tc.in...)
		DefaultNormalizeScore(MaxNodeScore, tc.reverse, got)
		for i := range tc.want {
			if got[i] != tc.want[i] {
				t.Errorf("normalize(%v, reverse=%v) = %v, want %v", tc.in, tc.reverse, got, tc.want)
				break
			}
		}
	}
}

func TestNames(t *testing.T) {
	q := map[string]bool{
		"zone": true, "topology.kubernetes.io/zone": true, "a/b/c": false, "/x": false, "x/": false,
		"-bad": false, "Good.Name_1": true, "UPPER.example.com/x": false, "": false,
	}
	for s, want := range q {
		if got := IsQualifiedName(s); got != want {
			t.Errorf("IsQualifiedName(%q) = %v, want %v", s, got, want)
		}
	}
	v := map[string]bool{"": true, "ssd": true, "a_b.c-d": true, "-x": false, "x y": false, "1": true}
	for s, want := range v {
		if got := IsValidLabelValue(s); got != want {
			t.Errorf("IsValidLabelValue(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestStatus(t *testing.T) {
	var nilStatus *Status
	if !nilStatus.IsSuccess() || nilStatus.IsRejected() || nilStatus.Message() != "" || nilStatus.GetCode() != Success {
		t.Errorf("nil status helpers")
	}
	s := NewStatus(Unschedulable, "Insufficient cpu", "Insufficient memory").WithPlugin("NodeResourcesFit")
	if s.Message() != "Insufficient cpu, Insufficient memory" || !s.IsRejected() || s.Plugin != "NodeResourcesFit" {
		t.Errorf("status %+v", s)
	}
	if Skip.String() != "Skip" || UnschedulableAndUnresolvable.String() != "UnschedulableAndUnresolvable" {
		t.Errorf("code strings")
	}
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
		if !reflect.DeepEqual(got.Requests, want) || got.NonZeroMilliCPU != non0[core.ResourceCPU] || got.NonZeroMemory != non0[core.ResourceMemory] {
			t.Fatalf("case %d: got %+v, want %+v / %v\nspec %+v", i, got, want, non0, p.Spec)
		}
	}
}

// TestPodRequestsRoundsPerContainer documents the one known difference
// from upstream: quantities are rounded up per container, so two
// containers asking 1500m bytes of memory count 4 bytes, not 3.
func TestPodRequestsRoundsPerContainer(t *testing.T) {
	p := &core.Pod{Spec: core.PodSpec{Containers: []core.Container{ctr(rl("memory", "1500m")), ctr(rl("memory", "1500m"))}}}
	if got := PodRequests(p, false)[core.ResourceMemory]; got != 4 {
		t.Errorf("memory = %d, want 4", got)
	}
}
