package core_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

func resList(kv ...string) core.ResourceList {
	out := core.ResourceList{}
	for i := 0; i+1 < len(kv); i += 2 {
		out[core.ResourceName(kv[i])] = core.MustParseQuantity(kv[i+1])
	}
	return out
}

// quantityTexts prints a resource list as name=quantity text, to compare forms.
func quantityTexts(l core.ResourceList) map[core.ResourceName]string {
	if l == nil {
		return nil
	}
	out := map[core.ResourceName]string{}
	for k, q := range l {
		out[k] = q.String()
	}
	return out
}

// SetDefaults_Pod: a limit without a request becomes the request too, an
// explicit request is kept; SetDefaults_ResourceList rounds every
// quantity up to thousandths. The pod's original lists are not changed.
func TestSetPodDefaults(t *testing.T) {
	always := "Always"
	p := &core.Pod{Spec: core.PodSpec{
		InitContainers: []core.Container{{Name: "side", RestartPolicy: &always,
			Resources: core.ResourceRequirements{Limits: resList("memory", "1Gi")}}},
		Containers: []core.Container{
			{Name: "gpu", Resources: core.ResourceRequirements{Limits: resList("nvidia.com/gpu", "1", "cpu", "2")}},
			{Name: "both", Resources: core.ResourceRequirements{Requests: resList("cpu", "500m"), Limits: resList("cpu", "1", "hugepages-2Mi", "2Mi")}},
			{Name: "tiny", Resources: core.ResourceRequirements{Requests: resList("cpu", "400u")}},
			{Name: "none"},
		},
		Overhead: resList("cpu", "1.0004"),
	}}
	orig := p.DeepCopy()
	d := *p
	core.SetPodDefaults(&d)

	assert.Equal(t, map[core.ResourceName]string{"memory": "1Gi"}, quantityTexts(d.Spec.InitContainers[0].Resources.Requests), "sidecar")
	assert.Equal(t, map[core.ResourceName]string{"nvidia.com/gpu": "1", "cpu": "2"}, quantityTexts(d.Spec.Containers[0].Resources.Requests), "limits only")
	assert.Equal(t, map[core.ResourceName]string{"cpu": "500m", "hugepages-2Mi": "2Mi"}, quantityTexts(d.Spec.Containers[1].Resources.Requests), "request kept")
	assert.Equal(t, map[core.ResourceName]string{"cpu": "1m"}, quantityTexts(d.Spec.Containers[2].Resources.Requests), "rounded up")
	assert.Nil(t, d.Spec.Containers[3].Resources.Requests, "no limits, no requests")
	assert.Equal(t, map[core.ResourceName]string{"cpu": "1001m"}, quantityTexts(d.Spec.Overhead), "overhead rounded")
	before, err := json.Marshal(orig)
	require.NoError(t, err)
	after, err := json.Marshal(p)
	require.NoError(t, err)
	assert.JSONEq(t, string(before), string(after), "the original pod changed")
}

func TestRoundUpMilli(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"1", "1"}, {"100m", "100m"}, {"0.5", "0.5"}, {"400u", "1m"}, {"1.0004", "1001m"},
		{"2000001u", "2001m"}, {"1999999u", "2"}, {"4e-4", "1e-3"}, {"1000000400u", "1000001m"}, {"0.0001Ki", "103m"},
	} {
		q := core.MustParseQuantity(tc.in).RoundUpMilli()
		assert.Equal(t, tc.want, q.String(), "RoundUpMilli(%s)", tc.in)
		assert.True(t, q.ExactIn(true), "RoundUpMilli(%s) exact in thousandths", tc.in)
	}
}

// component-helpers PodRequests / PodLimits: sidecars add to the app
// containers, an init container counts with the sidecars before it, the
// overhead is added to every request and to the non-zero limits only.
func TestPodRequestAndLimitUnits(t *testing.T) {
	always := "Always"
	p := &core.Pod{Spec: core.PodSpec{
		InitContainers: []core.Container{
			{Name: "side", RestartPolicy: &always, Resources: core.ResourceRequirements{
				Requests: resList("cpu", "200m"), Limits: resList("cpu", "300m")}},
			{Name: "init", Resources: core.ResourceRequirements{
				Requests: resList("cpu", "2", "memory", "1Mi"), Limits: resList("cpu", "3")}},
		},
		Containers: []core.Container{{Name: "app", Resources: core.ResourceRequirements{
			Requests: resList("cpu", "0.5", "memory", "1.5"), Limits: resList("cpu", "1")}}},
		Overhead: resList("cpu", "100m", "memory", "0.5"),
	}}
	assert.Equal(t, map[core.ResourceName]int64{"cpu": 2300, "memory": 1<<20 + 1}, core.PodRequestUnits(p, nil),
		"cpu max(500m+200m, 2+200m)+100m; memory max(1.5, 1Mi)+0.5, rounded up once")
	assert.Equal(t, map[core.ResourceName]int64{"cpu": 3400}, core.PodLimitUnits(p),
		"cpu max(1+300m, 3+300m)+100m; no memory limit, so no memory overhead")
	defaults := resList("cpu", "100m", "memory", "200Mi")
	assert.Equal(t, map[core.ResourceName]int64{"cpu": 2300, "memory": 201<<20 + 1}, core.PodRequestUnits(p, defaults),
		"the sidecar counts 200Mi memory: max(1.5+200Mi, 1Mi+200Mi)+0.5, rounded up once")
}

// Canonical is what the API server prints (checked against
// resource.Quantity.String in test/upstream): trailing zeros become an SI
// prefix, powers of 1024 a larger binary suffix; texts upstream keeps as
// parsed stay as written.
func TestQuantityCanonical(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"0.5", "500m"}, {"1000m", "1"}, {"5000", "5k"}, {"1500", "1500"}, {"1024Mi", "1Gi"}, {"1536Mi", "1536Mi"},
		{"1E3", "1E3"}, {"1.500", "1.500"}, {"15000E", "15"}, {"0.0001Ki", "102400u"}, {"0", "0"}, {"-0.5", "-500m"},
	} {
		assert.Equal(t, tc.want, core.MustParseQuantity(tc.in).Canonical(), "Canonical(%s)", tc.in)
	}
}

// SetDefaults_Pod's defaultHostNetworkPorts: with hostNetwork, a port
// without a hostPort takes its containerPort as hostPort (init containers
// too); an explicit hostPort and pods without hostNetwork are left alone,
// and the original pod is not changed.
func TestSetPodDefaultsHostNetworkPorts(t *testing.T) {
	pod := func(hostNetwork bool) *core.Pod {
		return &core.Pod{Spec: core.PodSpec{
			HostNetwork:    hostNetwork,
			InitContainers: []core.Container{{Name: "init", Ports: []core.ContainerPort{{ContainerPort: 9000}}}},
			Containers: []core.Container{{Name: "proxy", Ports: []core.ContainerPort{
				{ContainerPort: 10256, Protocol: "TCP"}, {ContainerPort: 80, HostPort: 8080}}}},
		}}
	}
	p := pod(true)
	d := *p
	core.SetPodDefaults(&d)
	assert.Equal(t, int32(9000), d.Spec.InitContainers[0].Ports[0].HostPort)
	assert.Equal(t, int32(10256), d.Spec.Containers[0].Ports[0].HostPort)
	assert.Equal(t, int32(8080), d.Spec.Containers[0].Ports[1].HostPort, "explicit hostPort kept")
	assert.Equal(t, int32(0), p.Spec.Containers[0].Ports[0].HostPort, "the original pod changed")

	q := pod(false)
	core.SetPodDefaults(q)
	assert.Equal(t, int32(0), q.Spec.Containers[0].Ports[0].HostPort, "no hostNetwork")
}
