package upstream

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	resourcehelper "k8s.io/component-helpers/resource"
	corev1defaults "k8s.io/kubernetes/pkg/apis/core/v1"
)

// resourceNames are the names the random pods request and limit.
var resourceNames = []core.ResourceName{
	core.ResourceCPU, core.ResourceMemory, core.ResourceEphemeralStorage, "nvidia.com/gpu", "hugepages-2Mi",
}

// quantityTexts are written as people write them, odd ones included:
// fractions of a unit and of a millicore, exponents, decimal and binary
// suffixes.
var quantityTexts = []string{
	"0", "1", "3", "100m", "250m", "1500m", "0.5", "0.1", "400u", "1e3", "129M", "1Gi", "2Mi", "7", "1k",
	"1.0004", "2500u", "4e-4", "0.0001Ki",
}

func randomList(r *rand.Rand) core.ResourceList {
	if r.IntN(4) == 0 {
		return nil
	}
	out := core.ResourceList{}
	for _, n := range resourceNames {
		if r.IntN(3) == 0 {
			out[n] = core.MustParseQuantity(quantityTexts[r.IntN(len(quantityTexts))])
		}
	}
	return out
}

func randomContainers(r *rand.Rand, name string, max int, sidecars bool) []core.Container {
	n := r.IntN(max + 1)
	out := make([]core.Container, n)
	always := "Always"
	for i := range out {
		out[i] = core.Container{Name: name + string(rune('a'+i)), Image: "x",
			Resources: core.ResourceRequirements{Requests: randomList(r), Limits: randomList(r)}}
		if sidecars && r.IntN(2) == 0 {
			out[i].RestartPolicy = &always
		}
	}
	return out
}

// randomResourcePod is a pod with 1–3 containers, 0–3 init containers
// (about half of them sidecars, restartPolicy Always) and sometimes an
// overhead, each with random requests and limits.
// portsOf lists every container's ports as containerPort→hostPort (init
// containers first); the protocol, which upstream also defaults to TCP,
// is left out: NodePorts reads an empty one as TCP.
func portsOf(p *v1.Pod) [][][2]int32 {
	var out [][][2]int32
	for _, list := range [][]v1.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for _, c := range list {
			var ports [][2]int32
			for _, port := range c.Ports {
				ports = append(ports, [2]int32{port.ContainerPort, port.HostPort})
			}
			out = append(out, ports)
		}
	}
	return out
}

// withRandomPorts gives some containers ports, with and without host
// ports, and some pods hostNetwork (SetDefaults_Pod's host port rule).
func withRandomPorts(r *rand.Rand, p *core.Pod) {
	p.Spec.HostNetwork = r.IntN(2) == 0
	for _, list := range [][]core.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for i := range list {
			for range r.IntN(3) {
				port := core.ContainerPort{ContainerPort: int32(1 + r.IntN(65535))}
				if r.IntN(3) == 0 {
					port.HostPort = port.ContainerPort
				}
				list[i].Ports = append(list[i].Ports, port)
			}
		}
	}
}

func randomResourcePod(r *rand.Rand) *core.Pod {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "p", Namespace: "default"}}
	p.Spec.Containers = randomContainers(r, "c", 3, false)
	if len(p.Spec.Containers) == 0 {
		p.Spec.Containers = []core.Container{{Name: "c", Image: "x"}}
	}
	p.Spec.InitContainers = randomContainers(r, "i", 3, true)
	if r.IntN(3) == 0 {
		p.Spec.Overhead = randomList(r)
	}
	return p
}

// units converts an upstream resource list to scheduler units, as
// framework.Resource.Add does: MilliValue for cpu, Value for the rest.
func units(rl v1.ResourceList) map[core.ResourceName]int64 {
	out := map[core.ResourceName]int64{}
	for n, q := range rl {
		if n == v1.ResourceCPU {
			out[core.ResourceName(n)] = q.MilliValue()
		} else {
			out[core.ResourceName(n)] = q.Value()
		}
	}
	return out
}

// resourcesOf is each container's requests and limits (init containers
// first), then the overhead, as exact decimals and as upstream prints
// them.
func resourcesOf(p *v1.Pod) []map[string]string {
	var out []map[string]string
	add := func(lists ...v1.ResourceList) {
		m := map[string]string{}
		for i, l := range lists {
			for n, q := range l {
				m[fmt.Sprint(i, n)] = q.AsDec().String() + " " + q.String()
			}
		}
		out = append(out, m)
	}
	for _, list := range [][]v1.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for _, c := range list {
			add(c.Resources.Requests, c.Resources.Limits)
		}
	}
	add(p.Spec.Overhead)
	return out
}

// TestDefaultPodRequestsMatchesUpstream defaults random pods with
// core.SetPodDefaults and with the API server's
// SetObjectDefaults_Pod and requires the same requests, limits and
// overhead (values and printed forms); the pod's own lists must not
// change.
func TestDefaultPodRequestsMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 37))
	for i := range 3000 {
		p := randomResourcePod(r)
		withRandomPorts(r, p)
		before, err := ToV1Pod(p)
		require.NoError(t, err)
		up := before.DeepCopy()
		corev1defaults.SetObjectDefaults_Pod(up)

		ours := *p
		core.SetPodDefaults(&ours)
		got, err := ToV1Pod(&ours)
		require.NoError(t, err)
		require.Equal(t, resourcesOf(up), resourcesOf(got), "case %d: %+v", i, before.Spec)
		require.Equal(t, portsOf(up), portsOf(got), "case %d: host ports", i)
		same, err := ToV1Pod(p)
		require.NoError(t, err)
		require.Equal(t, resourcesOf(before), resourcesOf(same), "case %d: the original changed", i)
	}
}

// TestPodRequestsMatchesUpstream compares framework.PodRequests (plain and
// with the scorers' non-missing defaults), framework.ComputePodResource
// and core.PodLimitUnits with component-helpers resource.PodRequests and
// PodLimits on random pods, as written and as defaulted.
func TestPodRequestsMatchesUpstream(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 37))
	nonMissing := v1.ResourceList{v1.ResourceCPU: resource.MustParse("100m"), v1.ResourceMemory: resource.MustParse("200Mi")}
	for i := range 3000 {
		p := randomResourcePod(r)
		if i%2 == 1 {
			core.SetPodDefaults(p)
		}
		v1pod, err := ToV1Pod(p)
		require.NoError(t, err)
		want := units(resourcehelper.PodRequests(v1pod, resourcehelper.PodResourcesOptions{}))
		require.Equal(t, want, framework.PodRequests(p, false), "case %d requests: %+v", i, v1pod.Spec)

		want0 := units(resourcehelper.PodRequests(v1pod, resourcehelper.PodResourcesOptions{NonMissingContainerRequests: nonMissing}))
		require.Equal(t, want0, framework.PodRequests(p, true), "case %d non-missing requests: %+v", i, v1pod.Spec)

		pr := framework.ComputePodResource(p)
		require.Equal(t, want[core.ResourceCPU], pr.Requests.MilliCPU, "case %d cpu", i)
		require.Equal(t, want[core.ResourceMemory], pr.Requests.Memory, "case %d memory", i)
		require.Equal(t, want["nvidia.com/gpu"], pr.Requests.Scalar["nvidia.com/gpu"], "case %d gpu", i)
		require.Equal(t, want0[core.ResourceCPU], pr.NonZeroMilliCPU, "case %d non-zero cpu", i)
		require.Equal(t, want0[core.ResourceMemory], pr.NonZeroMemory, "case %d non-zero memory", i)

		wantLim := units(resourcehelper.PodLimits(v1pod, resourcehelper.PodResourcesOptions{}))
		require.Equal(t, wantLim, core.PodLimitUnits(p), "case %d limits: %+v", i, v1pod.Spec)
	}
}

// TestQuantityCanonicalMatchesUpstream: core.Quantity.Canonical is what
// resource.Quantity.String prints after decoding, for the texts of the
// random pods and more forms (trailing zeros, powers of 1024, exponents,
// negative values).
func TestQuantityCanonicalMatchesUpstream(t *testing.T) {
	texts := append([]string{
		"1000m", "2000m", "1024Mi", "1536Mi", "1025Ki", "1.5Gi", "0.1Mi", "100Ki", "5000", "1500", "12e6", "1E3",
		"2e-3", "15e2", "-1", "-0.5", "-1Gi", "7E", "123456789", "0.000000001", "1n", "1500u", "3e9", "1024",
		"1023Ki", "2048Ki", "0.5Ki", "+1", "1.500", "0.0", "00", "-0", "1.0", "1e0", "1e-9", "1e-10", "8Ei", "1Ei",
	}, quantityTexts...)
	r := rand.New(rand.NewPCG(3, 37))
	suffixes := []string{"", "", "m", "u", "n", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "e3", "e-3", "E6", "e-7", "e2", "e20"}
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		return string(b)
	}
	for range 3000 {
		s := []string{"", "", "", "-", "+"}[r.IntN(5)] + digits(r.IntN(6))
		if r.IntN(3) == 0 {
			s += "." + digits(r.IntN(5))
		}
		texts = append(texts, s+suffixes[r.IntN(len(suffixes))])
	}
	for _, s := range texts {
		ours, err := core.ParseQuantity(s)
		up, upErr := resource.ParseQuantity(s)
		if upErr != nil || err != nil {
			require.Equal(t, upErr != nil, err != nil, "ParseQuantity(%q): %v / %v", s, upErr, err)
			continue
		}
		require.Equal(t, up.String(), ours.Canonical(), "Canonical(%q)", s)
	}
}
