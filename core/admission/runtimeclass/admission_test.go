package runtimeclass_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission/runtimeclass"
)

// Expected values from upstream v1.37.2
// plugin/pkg/admission/runtimeclass/admission.go (prepareObjects,
// setOverhead, setScheduling, validateOverhead: the error texts, wrapped
// by admission.NewForbidden as `pods "<name>" is forbidden: <err>`) and
// its admission_test.go cases; the toleration merge is
// pkg/util/tolerations.MergeTolerations.

func ptr[T any](v T) *T { return &v }

func q(s string) core.Quantity { return core.MustParseQuantity(s) }

func pod(name, class string) *core.Pod {
	p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default"}}
	if class != "" {
		p.Spec.RuntimeClassName = ptr(class)
	}
	return p
}

var (
	overhead = core.ResourceList{core.ResourceCPU: q("100m"), core.ResourceMemory: q("5Mi")}
	sandbox  = &core.RuntimeClass{ObjectMeta: core.ObjectMeta{Name: "gvisor"}, Handler: "runsc",
		Overhead: &core.RuntimeClassOverhead{PodFixed: overhead},
		Scheduling: &core.RuntimeClassScheduling{
			NodeSelector: map[string]string{"sandbox": "gvisor"},
			Tolerations: []core.Toleration{
				{Key: "sandbox", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
				{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoExecute},
			},
		}}
	plain   = &core.RuntimeClass{ObjectMeta: core.ObjectMeta{Name: "runc"}, Handler: "runc"}
	classes = []*core.RuntimeClass{sandbox, plain}
)

func TestAdmit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		pod     func() *core.Pod
		wantErr string
		wantSel map[string]string
		wantTol []core.Toleration
		wantOH  core.ResourceList
	}{
		{name: "no runtimeClassName: untouched", pod: func() *core.Pod { return pod("p", "") }},
		{name: "class without overhead or scheduling", pod: func() *core.Pod { return pod("p", "runc") }},
		{name: "overhead, node selector and tolerations copied", pod: func() *core.Pod { return pod("p", "gvisor") },
			wantSel: map[string]string{"sandbox": "gvisor"}, wantTol: sandbox.Scheduling.Tolerations, wantOH: overhead},
		{name: "the same overhead already set is accepted", pod: func() *core.Pod {
			p := pod("p", "gvisor")
			p.Spec.Overhead = core.ResourceList{core.ResourceCPU: q("0.1"), core.ResourceMemory: q("5Mi")}
			return p
		}, wantSel: map[string]string{"sandbox": "gvisor"}, wantTol: sandbox.Scheduling.Tolerations, wantOH: overhead},
		{name: "a different overhead is refused", pod: func() *core.Pod {
			p := pod("p", "gvisor")
			p.Spec.Overhead = core.ResourceList{core.ResourceCPU: q("200m")}
			return p
		}, wantErr: `pods "p" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead`},
		{name: "the pod's other selector keys are kept", pod: func() *core.Pod {
			p := pod("p", "gvisor")
			p.Spec.NodeSelector = map[string]string{"fizz": "buzz", "sandbox": "gvisor"}
			return p
		}, wantSel: map[string]string{"fizz": "buzz", "sandbox": "gvisor"}, wantTol: sandbox.Scheduling.Tolerations, wantOH: overhead},
		{name: "a conflicting selector value is refused", pod: func() *core.Pod {
			p := pod("p", "gvisor")
			p.Spec.NodeSelector = map[string]string{"sandbox": "kata"}
			return p
		}, wantErr: `pods "p" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = gvisor; pod.spec.nodeSelector[sandbox] = kata`},
		{name: "a covered toleration is not duplicated, a broader one replaces the pod's", pod: func() *core.Pod {
			p := pod("p", "gvisor")
			p.Spec.Tolerations = []core.Toleration{
				{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoExecute},
				{Key: "sandbox", Operator: core.TolerationOpEqual, Value: "x", Effect: core.TaintEffectNoSchedule},
			}
			return p
		}, wantSel: map[string]string{"sandbox": "gvisor"}, wantOH: overhead, wantTol: []core.Toleration{
			{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoExecute},
			{Key: "sandbox", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
		}},
		{name: "an unknown class is refused", pod: func() *core.Pod { return pod("p", "kata") },
			wantErr: `pods "p" is forbidden: pod rejected: RuntimeClass "kata" not found`},
		{name: "a pod created with generateName is named by it", pod: func() *core.Pod {
			p := pod("", "kata")
			p.GenerateName = "web-"
			return p
		}, wantErr: `pods "web-" is forbidden: pod rejected: RuntimeClass "kata" not found`},
		{name: "a controller's pod too, though the simulation named it already", pod: func() *core.Pod {
			p := pod("web-x7k2p", "kata")
			p.GenerateName = "web-"
			p.OwnerReferences = []core.OwnerReference{{Kind: "ReplicaSet", Name: "web", Controller: ptr(true)}}
			return p
		}, wantErr: `pods "web-" is forbidden: pod rejected: RuntimeClass "kata" not found`},
		{name: "a named pod with a generateName is named by its name", pod: func() *core.Pod {
			p := pod("web-1", "kata")
			p.GenerateName = "web-"
			return p
		}, wantErr: `pods "web-1" is forbidden: pod rejected: RuntimeClass "kata" not found`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pod()
			err := runtimeclass.Admit(p, classes)
			if tc.wantErr != "" {
				require.EqualError(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.wantSel, p.Spec.NodeSelector)
			assert.Equal(t, tc.wantTol, p.Spec.Tolerations)
			require.Len(t, p.Spec.Overhead, len(tc.wantOH))
			for name, want := range tc.wantOH {
				assert.Zero(t, want.Cmp(p.Spec.Overhead[name]), name)
			}
		})
	}
}

func TestAdmitDoesNotShareTheClassSelector(t *testing.T) {
	p := pod("p", "gvisor")
	require.NoError(t, runtimeclass.Admit(p, classes))
	p.Spec.NodeSelector["extra"] = "1"
	assert.Equal(t, map[string]string{"sandbox": "gvisor"}, sandbox.Scheduling.NodeSelector)
}

func TestValidate(t *testing.T) {
	withOverhead := func(class string, oh core.ResourceList) *core.Pod {
		p := pod("p", class)
		p.Spec.Overhead = oh
		return p
	}
	for _, tc := range []struct {
		name    string
		pod     *core.Pod
		wantErr string
	}{
		{"no class, no overhead", pod("p", ""), ""},
		{"no class, overhead set", withOverhead("", overhead),
			`pods "p" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead`},
		{"class without overhead, overhead set", withOverhead("runc", overhead),
			`pods "p" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead`},
		{"class with overhead, none on the pod", pod("p", "gvisor"),
			`pods "p" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead`},
		{"matching overheads", withOverhead("gvisor", overhead), ""},
		{"non-matching overheads", withOverhead("gvisor", core.ResourceList{core.ResourceCPU: q("100m")}),
			`pods "p" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := runtimeclass.Validate(tc.pod, classes)
			if tc.wantErr == "" {
				require.NoError(t, err)
				return
			}
			require.EqualError(t, err, tc.wantErr)
		})
	}
}

func TestNames(t *testing.T) {
	assert.Equal(t, "RuntimeClass", runtimeclass.PluginName)
}
