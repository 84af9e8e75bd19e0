package framework

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	upstream "k8s.io/component-helpers/resource"

	"github.com/taints-playground/playground/core"
)

// TestPodRequestsAgainstComponentHelpers compares PodRequests with
// k8s.io/component-helpers v0.37.2 resource.PodRequests (plain and with
// NonMissingContainerRequests 100m/200Mi) on random pods with app, init and
// sidecar containers and overhead. Quantities are whole millicores and
// bytes, where per-container rounding cannot differ.
func TestPodRequestsAgainstComponentHelpers(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	cpuQs := []string{"0", "100m", "250m", "1", "2", "1500m"}
	unitQs := []string{"0", "1", "3", "64Mi", "1Gi", "1k"}
	names := []core.ResourceName{"cpu", "memory", "ephemeral-storage", "nvidia.com/gpu"}
	always := v1.ContainerRestartPolicyAlways
	randList := func() (core.ResourceList, v1.ResourceList) {
		ours, theirs := core.ResourceList{}, v1.ResourceList{}
		for i := rng.Intn(4); i > 0; i-- {
			n, q := names[rng.Intn(len(names))], unitQs[rng.Intn(len(unitQs))]
			if n == core.ResourceCPU {
				q = cpuQs[rng.Intn(len(cpuQs))]
			}
			ours[n] = core.MustParseQuantity(q)
			theirs[v1.ResourceName(n)] = resource.MustParse(q)
		}
		return ours, theirs
	}
	nonMissing := v1.ResourceList{
		v1.ResourceCPU:    *resource.NewMilliQuantity(DefaultMilliCPURequest, resource.DecimalSI),
		v1.ResourceMemory: *resource.NewQuantity(DefaultMemoryRequest, resource.DecimalSI),
	}
	for i := 0; i < 3000; i++ {
		pod, vpod := &core.Pod{}, &v1.Pod{}
		for j := 1 + rng.Intn(3); j > 0; j-- {
			o, u := randList()
			pod.Spec.Containers = append(pod.Spec.Containers, core.Container{Resources: core.ResourceRequirements{Requests: o}})
			vpod.Spec.Containers = append(vpod.Spec.Containers, v1.Container{Resources: v1.ResourceRequirements{Requests: u}})
		}
		for j := rng.Intn(4); j > 0; j-- {
			o, u := randList()
			c := core.Container{Resources: core.ResourceRequirements{Requests: o}}
			vc := v1.Container{Resources: v1.ResourceRequirements{Requests: u}}
			if rng.Intn(2) == 0 {
				s := "Always"
				c.RestartPolicy = &s
				vc.RestartPolicy = &always
			}
			pod.Spec.InitContainers = append(pod.Spec.InitContainers, c)
			vpod.Spec.InitContainers = append(vpod.Spec.InitContainers, vc)
		}
		if rng.Intn(3) == 0 {
			pod.Spec.Overhead, vpod.Spec.Overhead = randList()
		}
		for _, nm := range []bool{false, true} {
			opts := upstream.PodResourcesOptions{}
			if nm {
				opts.NonMissingContainerRequests = nonMissing
			}
			want := map[core.ResourceName]int64{}
			for name, q := range upstream.PodRequests(vpod, opts) {
				w := q.Value()
				if name == v1.ResourceCPU {
					w = q.MilliValue()
				}
				want[core.ResourceName(name)] = w
			}
			got := PodRequests(pod, nm)
			require.Equal(t, want, got, "case %d nonMissing=%v", i, nm)
			res := ComputePodResource(pod)
			if !nm {
				require.Equal(t, got[core.ResourceCPU], res.Requests.MilliCPU, "case %d: ComputePodResource cpu", i)
			} else {
				require.Equal(t, got[core.ResourceCPU], res.NonZeroMilliCPU, "case %d: ComputePodResource non-zero cpu", i)
				require.Equal(t, got[core.ResourceMemory], res.NonZeroMemory, "case %d: ComputePodResource non-zero memory", i)
			}
		}
	}
}
