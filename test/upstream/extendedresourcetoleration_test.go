package upstream

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	ert "github.com/taints-playground/playground/core/admission/extendedresourcetoleration"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apiserver/pkg/admission"
	api "k8s.io/kubernetes/pkg/apis/core"
	"k8s.io/kubernetes/pkg/apis/core/helper"
	apiv1 "k8s.io/kubernetes/pkg/apis/core/v1"
	upert "k8s.io/kubernetes/plugin/pkg/admission/extendedresourcetoleration"
)

// Resource names a container may request: extended, native, hugepages,
// quota-style "requests."-prefixed, kubernetes.io-namespaced, and names
// that are not qualified.
var ertNames = []string{
	"nvidia.com/gpu", "example.com/dongle", "a/b", "amd.com/gpu",
	"cpu", "memory", "ephemeral-storage", "hugepages-2Mi", "hugepages-1Gi",
	"requests.nvidia.com/gpu", "kubernetes.io/thing", "example.kubernetes.io/thing",
	"Example.com/gpu", "example_com/gpu", "example.com/-bad", "example.com/" + strings.Repeat("a", 64),
}

// TestExtendedResourceNameMatchesUpstream compares the name rule with
// helper.IsExtendedResourceName.
func TestExtendedResourceNameMatchesUpstream(t *testing.T) {
	for _, n := range ertNames {
		require.Equal(t, helper.IsExtendedResourceName(api.ResourceName(n)), ert.IsExtendedResourceName(n), n)
	}
}

// TestExtendedResourceTolerationMatchesUpstream runs random pods through
// the playground's plugin and the real ExtendedResourceToleration plugin
// of kube-apiserver v1.37.2 and requires the same tolerations, in order.
func TestExtendedResourceTolerationMatchesUpstream(t *testing.T) {
	plugins := admission.NewPlugins()
	upert.Register(plugins)
	iface, err := plugins.InitPlugin(upert.PluginName, nil, admission.PluginInitializers{})
	require.NoError(t, err)
	up := iface.(admission.MutationInterface)
	r := rand.New(rand.NewPCG(13, 37))
	added := 0
	for i := range 4000 {
		pod := ertRandomPod(r)
		want := ertUpstream(t, up, pod)
		got := ert.Admit(&pod.Spec)
		var gotV1 []v1.Toleration
		require.NoError(t, roundTrip(got, &gotV1))
		require.Equal(t, want, gotV1, "case %d: %+v", i, pod.Spec)
		if len(got) != len(pod.Spec.Tolerations) {
			added++
		}
	}
	require.Greater(t, added, 1000, "too few cases where the plugin adds a toleration")
}

// ertUpstream returns the tolerations the real plugin leaves on the pod.
func ertUpstream(t *testing.T, up admission.MutationInterface, pod *core.Pod) []v1.Toleration {
	t.Helper()
	v1pod, err := ToV1Pod(pod)
	require.NoError(t, err)
	var in api.Pod
	require.NoError(t, apiv1.Convert_v1_Pod_To_core_Pod(v1pod, &in, nil))
	attrs := admission.NewAttributesRecord(&in, nil, api.Kind("Pod").WithVersion("version"), pod.Namespace, pod.Name,
		api.Resource("pods").WithVersion("version"), "", admission.Create, nil, false, nil)
	require.NoError(t, up.Admit(context.Background(), attrs, nil))
	var out v1.Pod
	require.NoError(t, apiv1.Convert_core_Pod_To_v1_Pod(&in, &out, nil))
	return out.Spec.Tolerations
}

var ertSecs = int64(30)

// ertTolerations are tolerations a pod may already have: equal to what
// the plugin adds, on the same key with another operator, value or
// effect, with tolerationSeconds, and unrelated.
var ertTolerations = []core.Toleration{
	{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists},
	{Key: "nvidia.com/gpu", Operator: core.TolerationOpEqual, Value: "x", Effect: core.TaintEffectNoSchedule},
	{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists, Value: "x", Effect: core.TaintEffectNoSchedule},
	{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule, TolerationSeconds: &ertSecs},
	{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &ertSecs},
	{Key: "example.com/dongle", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	{Key: "a/b", Operator: core.TolerationOpExists, Effect: core.TaintEffectPreferNoSchedule},
	{Operator: core.TolerationOpExists},
	{Key: "cpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
	{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &ertSecs},
}

func ertContainers(r *rand.Rand, n int) []core.Container {
	var cs []core.Container
	for j := range n {
		c := core.Container{Name: "c" + string(rune('a'+j)), Image: "x"}
		for range r.IntN(4) {
			name := core.ResourceName(pickFrom(r, ertNames))
			q := core.MustParseQuantity(pickFrom(r, []string{"1", "2", "100m"}))
			if r.IntN(4) == 0 {
				if c.Resources.Limits == nil {
					c.Resources.Limits = core.ResourceList{}
				}
				c.Resources.Limits[name] = q
				continue
			}
			if c.Resources.Requests == nil {
				c.Resources.Requests = core.ResourceList{}
			}
			c.Resources.Requests[name] = q
		}
		cs = append(cs, c)
	}
	return cs
}

func ertRandomPod(r *rand.Rand) *core.Pod {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "p", Namespace: "default"}}
	p.Spec.Containers = ertContainers(r, 1+r.IntN(3))
	p.Spec.InitContainers = ertContainers(r, r.IntN(3))
	for range r.IntN(4) {
		p.Spec.Tolerations = append(p.Spec.Tolerations, pickFrom(r, ertTolerations))
	}
	return p
}
