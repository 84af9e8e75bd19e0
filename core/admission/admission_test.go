package admission_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/admission/podtolerationrestriction"
)

// Expected values from upstream v1.37.2: the plugin order of
// pkg/kubeapiserver/options/plugins.go AllOrderedPlugins (… Priority,
// DefaultTolerationSeconds, PodTolerationRestriction …) and the plugins
// under plugin/pkg/admission.

// objects is what the chain reads of the cluster.
type objects struct {
	namespaces map[string]*core.Namespace
	classes    []*core.PriorityClass
	runtimes   []*core.RuntimeClass
}

func (o *objects) Namespace(name string) *core.Namespace  { return o.namespaces[name] }
func (o *objects) PriorityClasses() []*core.PriorityClass { return o.classes }
func (o *objects) RuntimeClasses() []*core.RuntimeClass   { return o.runtimes }

func ptr[T any](v T) *T { return &v }

// dts is the toleration DefaultTolerationSeconds appends for key.
func dts(key string, secs int64) core.Toleration {
	return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: ptr(secs)}
}

var memoryPressure = core.Toleration{Key: core.TaintNodeMemoryPressure, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}

func newPod(name string, tols ...core.Toleration) *core.Pod {
	return &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "team"},
		Spec: core.PodSpec{Containers: []core.Container{{Name: "c"}}, Tolerations: tols}}
}

// burstable gives the pod a request, so its QoS is not BestEffort.
func burstable(p *core.Pod) *core.Pod {
	p.Spec.Containers[0].Resources.Requests = core.ResourceList{core.ResourceCPU: core.MustParseQuantity("100m")}
	return p
}

func chain(cfg admission.Config, objs *objects) *admission.Chain {
	if objs == nil {
		objs = &objects{}
	}
	if cfg.NotReadySeconds == 0 {
		cfg.NotReadySeconds, cfg.UnreachableSeconds = 300, 300
	}
	return &admission.Chain{Config: cfg, Objects: objs}
}

func TestSourceNames(t *testing.T) {
	assert.Equal(t, "DefaultTolerationSeconds", admission.SourceDefaultTolerationSeconds)
	assert.Equal(t, "PodTolerationRestriction", admission.SourcePodTolerationRestriction)
	assert.Equal(t, "ExtendedResourceToleration", admission.SourceExtendedResource)
}

// ExtendedResourceToleration runs after PodTolerationRestriction's
// mutation, and the whitelist (PodTolerationRestriction's validating
// phase) sees what it added.
func TestExtendedResourceToleration(t *testing.T) {
	gpuReq := func(p *core.Pod) *core.Pod {
		p.Spec.Containers[0].Resources.Requests = core.ResourceList{"nvidia.com/gpu": core.MustParseQuantity("1")}
		return p
	}
	gpuTol := core.Toleration{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	t.Run("off by default", func(t *testing.T) {
		p := gpuReq(newPod("p"))
		require.Empty(t, chain(admission.Config{}, nil).Admit(p, nil).Err)
		assert.NotContains(t, p.Spec.Tolerations, gpuTol)
	})
	t.Run("added after DefaultTolerationSeconds and PodTolerationRestriction", func(t *testing.T) {
		p := gpuReq(newPod("p"))
		res := chain(admission.Config{ExtendedResourceToleration: true, PodTolerationRestriction: true}, nil).Admit(p, nil)
		require.Empty(t, res.Err)
		assert.Equal(t, []core.Toleration{dts(core.TaintNodeNotReady, 300), dts(core.TaintNodeUnreachable, 300), gpuTol}, p.Spec.Tolerations)
		// Only cpu and memory make a QoS class: a GPU-only pod is BestEffort, without the memory-pressure toleration.
		assert.Equal(t, []string{"DefaultTolerationSeconds", "DefaultTolerationSeconds", "ExtendedResourceToleration"}, res.Sources)
	})
	t.Run("the user's equal toleration keeps its source", func(t *testing.T) {
		p := gpuReq(newPod("p", gpuTol))
		res := chain(admission.Config{ExtendedResourceToleration: true}, nil).Admit(p, nil)
		assert.Equal(t, []string{"user", "DefaultTolerationSeconds", "DefaultTolerationSeconds"}, res.Sources)
	})
	t.Run("the whitelist must cover it", func(t *testing.T) {
		objs := &objects{namespaces: map[string]*core.Namespace{"team": {ObjectMeta: core.ObjectMeta{Name: "team", Annotations: map[string]string{
			podtolerationrestriction.AnnotationWhitelist: `[{"operator":"Exists","effect":"NoExecute"},{"key":"node.kubernetes.io/memory-pressure","operator":"Exists"}]`}}}}}
		cfg := admission.Config{PodTolerationRestriction: true}
		require.Empty(t, chain(cfg, objs).Admit(gpuReq(newPod("p")), nil).Err)
		cfg.ExtendedResourceToleration = true
		res := chain(cfg, objs).Admit(gpuReq(newPod("p")), nil)
		assert.Equal(t, "pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist", res.Err)
	})
}

func TestDefaultTolerationSeconds(t *testing.T) {
	user := core.Toleration{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	p := newPod("p", user)
	res := chain(admission.Config{}, nil).Admit(p, nil)
	require.Empty(t, res.Err)
	assert.Equal(t, []core.Toleration{user, dts(core.TaintNodeNotReady, 300), dts(core.TaintNodeUnreachable, 300)}, p.Spec.Tolerations)
	assert.Equal(t, []string{"user", "DefaultTolerationSeconds", "DefaultTolerationSeconds"}, res.Sources)
	assert.Equal(t, int32(0), res.Priority)
	require.NotNil(t, p.Spec.Priority)
	assert.Equal(t, int32(0), *p.Spec.Priority)

	// --default-not-ready-toleration-seconds and the unreachable flag.
	p = newPod("p")
	chain(admission.Config{NotReadySeconds: 60, UnreachableSeconds: 120}, nil).Admit(p, nil)
	assert.Equal(t, []core.Toleration{dts(core.TaintNodeNotReady, 60), dts(core.TaintNodeUnreachable, 120)}, p.Spec.Tolerations)

	// Disabled: nothing added.
	p = newPod("p")
	res = chain(admission.Config{DisableDefaultTolerationSeconds: true}, nil).Admit(p, nil)
	assert.Empty(t, p.Spec.Tolerations)
	assert.Empty(t, res.Sources)
}

// The sources a controller passes are kept for the tolerations it added.
func TestSourcesGiven(t *testing.T) {
	ds := core.Toleration{Key: core.TaintNodeUnschedulable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	p := newPod("p", ds)
	res := chain(admission.Config{}, nil).Admit(p, []string{admission.SourceDaemonSet})
	assert.Equal(t, []string{"DaemonSet controller", "DefaultTolerationSeconds", "DefaultTolerationSeconds"}, res.Sources)
}

func TestPriorityThroughTheChain(t *testing.T) {
	objs := &objects{classes: []*core.PriorityClass{{ObjectMeta: core.ObjectMeta{Name: "gold"}, Value: 1000}}}
	p := newPod("p")
	p.Spec.PriorityClassName = "gold"
	res := chain(admission.Config{}, objs).Admit(p, nil)
	require.Empty(t, res.Err)
	assert.Equal(t, int32(1000), res.Priority)
	assert.Equal(t, int32(1000), *p.Spec.Priority)

	p = newPod("web")
	p.Spec.PriorityClassName = "platinum"
	res = chain(admission.Config{PodTolerationRestriction: true}, objs).Admit(p, nil)
	assert.Equal(t, `pods "web" is forbidden: no PriorityClass with name platinum was found`, res.Err)
	assert.True(t, res.Forbidden)
}

// PodTolerationRestriction (when enabled) runs after
// DefaultTolerationSeconds: the namespace defaults and, for a pod that is
// not BestEffort, the memory-pressure toleration are merged after the
// pod's own; then every toleration, the defaults DefaultTolerationSeconds
// added included, must be in the whitelist.
func TestPodTolerationRestriction(t *testing.T) {
	gpu := core.Toleration{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	team := core.Toleration{Key: "team", Operator: core.TolerationOpEqual, Value: "a", Effect: core.TaintEffectNoSchedule}
	ns := func(annotations map[string]string) *objects {
		return &objects{namespaces: map[string]*core.Namespace{"team": {ObjectMeta: core.ObjectMeta{Name: "team", Annotations: annotations}}}}
	}
	cfg := admission.Config{PodTolerationRestriction: true}

	t.Run("namespace defaults and memory-pressure", func(t *testing.T) {
		p := burstable(newPod("p", gpu))
		res := chain(cfg, ns(map[string]string{podtolerationrestriction.AnnotationDefaults: `[{"key":"team","operator":"Equal","value":"a","effect":"NoSchedule"}]`})).Admit(p, nil)
		require.Empty(t, res.Err)
		assert.Equal(t, []core.Toleration{gpu, dts(core.TaintNodeNotReady, 300), dts(core.TaintNodeUnreachable, 300), team, memoryPressure}, p.Spec.Tolerations)
		assert.Equal(t, []string{"user", "DefaultTolerationSeconds", "DefaultTolerationSeconds", "PodTolerationRestriction", "PodTolerationRestriction"}, res.Sources)
	})
	t.Run("BestEffort pods get no memory-pressure toleration", func(t *testing.T) {
		p := newPod("p")
		res := chain(cfg, nil).Admit(p, nil)
		require.Empty(t, res.Err)
		assert.Equal(t, []core.Toleration{dts(core.TaintNodeNotReady, 300), dts(core.TaintNodeUnreachable, 300)}, p.Spec.Tolerations)
	})
	t.Run("the whitelist must cover the DefaultTolerationSeconds tolerations", func(t *testing.T) {
		p := newPod("p", gpu)
		res := chain(cfg, ns(map[string]string{podtolerationrestriction.AnnotationWhitelist: `[{"key":"gpu","operator":"Exists"}]`})).Admit(p, nil)
		assert.Equal(t, "pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist", res.Err)
		assert.False(t, res.Forbidden)
	})
	t.Run("a whitelist that covers them", func(t *testing.T) {
		p := newPod("p", gpu)
		res := chain(cfg, ns(map[string]string{podtolerationrestriction.AnnotationWhitelist: `[{"key":"gpu","operator":"Exists"},{"operator":"Exists","effect":"NoExecute"}]`})).Admit(p, nil)
		assert.Empty(t, res.Err)
	})
	t.Run("the cluster whitelist when the namespace has none", func(t *testing.T) {
		c := cfg
		c.Restriction = podtolerationrestriction.Config{Whitelist: []core.Toleration{{Key: "gpu", Operator: core.TolerationOpExists}}}
		res := chain(c, nil).Admit(newPod("p", gpu), nil)
		assert.Equal(t, "pod tolerations (possibly merged with namespace default tolerations) conflict with its cluster whitelist", res.Err)
	})
	t.Run("off by default", func(t *testing.T) {
		p := burstable(newPod("p"))
		res := chain(admission.Config{}, nil).Admit(p, nil)
		require.Empty(t, res.Err)
		assert.NotContains(t, p.Spec.Tolerations, memoryPressure)
	})
}

// DefaultTolerationSeconds also runs on pod updates.
func TestUpdateTolerations(t *testing.T) {
	c := chain(admission.Config{}, nil)
	unreachable := dts(core.TaintNodeUnreachable, 60)
	assert.Equal(t, []core.Toleration{unreachable, dts(core.TaintNodeNotReady, 300)}, c.UpdateTolerations([]core.Toleration{unreachable}))
	all := []core.Toleration{{Operator: core.TolerationOpExists}}
	assert.Equal(t, all, c.UpdateTolerations(all))
	off := chain(admission.Config{DisableDefaultTolerationSeconds: true}, nil)
	assert.Empty(t, off.UpdateTolerations(nil))
}

// The kubelet's IsCriticalPodBasedOnPriority: priority >=
// SystemCriticalPriority (2000000000).
func TestCritical(t *testing.T) {
	assert.True(t, admission.Critical(2000000000))
	assert.True(t, admission.Critical(2000001000))
	assert.False(t, admission.Critical(1999999999))
	assert.False(t, admission.Critical(0))
}

// RuntimeClass runs after PodTolerationRestriction (AllOrderedPlugins)
// and merges the class's tolerations after the others; the validating
// phase checks the whitelist again on the merged list.
func TestChainRuntimeClass(t *testing.T) {
	sandbox := core.Toleration{Key: "sandbox", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	rc := &core.RuntimeClass{ObjectMeta: core.ObjectMeta{Name: "gvisor"}, Handler: "runsc",
		Scheduling: &core.RuntimeClassScheduling{NodeSelector: map[string]string{"sandbox": "gvisor"}, Tolerations: []core.Toleration{sandbox}}}
	objs := &objects{runtimes: []*core.RuntimeClass{rc}}
	user := core.Toleration{Key: "a", Operator: core.TolerationOpExists}

	p := newPod("p", user)
	p.Spec.RuntimeClassName = ptr("gvisor")
	res := chain(admission.Config{}, objs).Admit(p, nil)
	require.Empty(t, res.Err)
	assert.Equal(t, []core.Toleration{user, dts(core.TaintNodeNotReady, 300), dts(core.TaintNodeUnreachable, 300), sandbox}, p.Spec.Tolerations)
	assert.Equal(t, []string{"user", "DefaultTolerationSeconds", "DefaultTolerationSeconds", "RuntimeClass gvisor"}, res.Sources)
	assert.Equal(t, map[string]string{"sandbox": "gvisor"}, p.Spec.NodeSelector)

	p = newPod("p")
	p.Spec.RuntimeClassName = ptr("kata")
	res = chain(admission.Config{}, objs).Admit(p, nil)
	assert.Equal(t, `pods "p" is forbidden: pod rejected: RuntimeClass "kata" not found`, res.Err)
	assert.True(t, res.Forbidden)

	p = newPod("p")
	p.Spec.RuntimeClassName = ptr("gvisor")
	wl := []core.Toleration{{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}, memoryPressure}
	res = chain(admission.Config{PodTolerationRestriction: true, Restriction: podtolerationrestriction.Config{Whitelist: wl}}, objs).Admit(burstable(p), nil)
	assert.Equal(t, "pod tolerations (possibly merged with namespace default tolerations) conflict with its cluster whitelist", res.Err)
	assert.False(t, res.Forbidden)
}
