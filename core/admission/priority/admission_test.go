package priority_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission/priority"
)

// Expected values from upstream v1.37.2: pkg/apis/scheduling (the
// built-in classes and SystemCriticalPriority) and
// plugin/pkg/admission/priority (admitPod, establishPriority,
// getDefaultPriority, resolvePriorityClass).

func ptr[T any](v T) *T { return &v }

func pod(name, class string) *core.Pod {
	return &core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default"}, Spec: core.PodSpec{PriorityClassName: class}}
}

func class(name string, value int32, globalDefault bool, policy *string) *core.PriorityClass {
	return &core.PriorityClass{ObjectMeta: core.ObjectMeta{Name: name}, Value: value, GlobalDefault: globalDefault, PreemptionPolicy: policy}
}

func TestBuiltInClasses(t *testing.T) {
	assert.Equal(t, "system-node-critical", priority.SystemNodeCriticalName)
	assert.Equal(t, "system-cluster-critical", priority.SystemClusterCriticalName)
	// SystemCriticalPriority = 2 * HighestUserDefinablePriority (1e9);
	// node-critical is 1000 above it.
	assert.Equal(t, int32(2000001000), priority.SystemNodeCritical)
	assert.Equal(t, int32(2000000000), priority.SystemClusterCritical)
	assert.Equal(t, int32(2000000000), priority.SystemCriticalPriority)
	assert.Equal(t, "Priority", priority.PluginName)
}

func TestDefault(t *testing.T) {
	withPriority := pod("p", "system-node-critical")
	withPriority.Spec.Priority = ptr(int32(7))
	for _, tc := range []struct {
		name string
		pod  *core.Pod
		want int32
	}{
		{"no class", pod("p", ""), 0},
		{"system-node-critical", pod("p", "system-node-critical"), 2000001000},
		{"system-cluster-critical", pod("p", "system-cluster-critical"), 2000000000},
		{"unknown class", pod("p", "gold"), 0},
		{"spec.priority wins", withPriority, 7},
	} {
		assert.Equal(t, tc.want, priority.Default(tc.pod), tc.name)
	}
}

func TestAdmit(t *testing.T) {
	never, lower := "Never", "PreemptLowerPriority"
	classes := []*core.PriorityClass{
		class("gold", 100000, false, ptr(lower)),
		class("batch", 10, false, ptr(never)),
		class("plain", 50, false, nil),
	}
	withDefault := append([]*core.PriorityClass{class("everyone", 1000, true, ptr(never))}, classes...)
	for _, tc := range []struct {
		name      string
		pod       *core.Pod
		classes   []*core.PriorityClass
		want      int32
		wantClass string
		wantPol   *string
	}{
		{name: "no class, no globalDefault: 0", pod: pod("p", ""), classes: classes, want: 0},
		{name: "no class: the globalDefault class is set on the pod", pod: pod("p", ""), classes: withDefault,
			want: 1000, wantClass: "everyone", wantPol: ptr(never)},
		{name: "a named class wins over the globalDefault", pod: pod("p", "gold"), classes: withDefault,
			want: 100000, wantClass: "gold", wantPol: ptr(lower)},
		{name: "the class's preemptionPolicy is copied", pod: pod("p", "batch"), classes: classes,
			want: 10, wantClass: "batch", wantPol: ptr(never)},
		{name: "a class without preemptionPolicy", pod: pod("p", "plain"), classes: classes, want: 50, wantClass: "plain"},
		{name: "system-node-critical", pod: pod("p", "system-node-critical"), want: 2000001000, wantClass: "system-node-critical"},
		{name: "system-cluster-critical", pod: pod("p", "system-cluster-critical"), want: 2000000000, wantClass: "system-cluster-critical"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := priority.Admit(tc.pod, tc.classes)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.wantClass, tc.pod.Spec.PriorityClassName)
			// Upstream every stored PriorityClass has a preemptionPolicy
			// (SetDefaults_PriorityClass: PreemptLowerPriority) and a pod
			// without any class gets PreemptLowerPriority too; the
			// playground leaves those nil, so only copies are checked.
			if tc.wantPol != nil {
				assert.Equal(t, tc.wantPol, tc.pod.Spec.PreemptionPolicy)
			}
		})
	}
}

// resolvePriorityClass: admission.NewForbidden(a, "no PriorityClass with
// name %v was found"), whose message is apierrors.NewForbidden's
// `<resource> "<name>" is forbidden: <err>`.
func TestAdmitUnknownClass(t *testing.T) {
	_, err := priority.Admit(pod("web", "gold"), []*core.PriorityClass{class("silver", 5, false, nil)})
	require.Error(t, err)
	assert.Equal(t, `pods "web" is forbidden: no PriorityClass with name gold was found`, err.Error())
}
