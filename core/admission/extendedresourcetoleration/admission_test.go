package extendedresourcetoleration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
)

// The names upstream's helper_test TestIsExtendedResourceName lists, and
// the kinds of name a pod requests.
func TestIsExtendedResourceName(t *testing.T) {
	cases := map[string]bool{
		"nvidia.com/gpu":                         true,
		"example.com/dongle":                     true,
		"a/b":                                    true,
		"cpu":                                    false,
		"memory":                                 false,
		"hugepages-2Mi":                          false,
		"ephemeral-storage":                      false,
		"kubernetes.io/foo":                      false,
		"example.kubernetes.io/foo":              false,
		"requests.example.com/gpu":               false,
		"example.com/-bad":                       false,
		"example.com/" + strings.Repeat("a", 64): false,
		"example.com/dash-ok_dot.ok":             true,
		"Example.com/gpu":                        false,
		"example_com/gpu":                        false,
	}
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, want, IsExtendedResourceName(name))
		})
	}
}

func req(names ...string) core.Container {
	rl := core.ResourceList{}
	for _, n := range names {
		rl[core.ResourceName(n)] = core.MustParseQuantity("1")
	}
	return core.Container{Name: "c", Resources: core.ResourceRequirements{Requests: rl}}
}

func tol(key string) core.Toleration {
	return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
}

// Cases of upstream's admission_test.go TestAdmit: containers and init
// containers, several resources in sorted order, an existing equal
// toleration kept once, a different one on the same key kept beside.
func TestAdmit(t *testing.T) {
	equalGPU := core.Toleration{Key: "nvidia.com/gpu", Operator: core.TolerationOpEqual, Value: "x", Effect: core.TaintEffectNoSchedule}
	cases := []struct {
		name string
		spec core.PodSpec
		want []core.Toleration
	}{
		{"no extended resources", core.PodSpec{Containers: []core.Container{req("cpu", "memory", "hugepages-1Gi")}}, nil},
		{"one gpu", core.PodSpec{Containers: []core.Container{req("cpu", "nvidia.com/gpu")}}, []core.Toleration{tol("nvidia.com/gpu")}},
		{"init container", core.PodSpec{InitContainers: []core.Container{req("example.com/b")}, Containers: []core.Container{req("example.com/a")}},
			[]core.Toleration{tol("example.com/a"), tol("example.com/b")}},
		{"same resource twice", core.PodSpec{InitContainers: []core.Container{req("nvidia.com/gpu")}, Containers: []core.Container{req("nvidia.com/gpu"), req("nvidia.com/gpu")}},
			[]core.Toleration{tol("nvidia.com/gpu")}},
		{"existing equal toleration", core.PodSpec{Containers: []core.Container{req("nvidia.com/gpu")}, Tolerations: []core.Toleration{tol("nvidia.com/gpu"), tol("x")}},
			[]core.Toleration{tol("nvidia.com/gpu"), tol("x")}},
		{"other toleration on the key", core.PodSpec{Containers: []core.Container{req("nvidia.com/gpu")}, Tolerations: []core.Toleration{equalGPU}},
			[]core.Toleration{equalGPU, tol("nvidia.com/gpu")}},
		{"limits only are not read", core.PodSpec{Containers: []core.Container{{Name: "c", Resources: core.ResourceRequirements{Limits: core.ResourceList{"nvidia.com/gpu": core.MustParseQuantity("1")}}}}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := append([]core.Toleration(nil), c.spec.Tolerations...)
			assert.Equal(t, c.want, Admit(&c.spec))
			assert.Equal(t, before, append([]core.Toleration(nil), c.spec.Tolerations...), "spec unchanged")
		})
	}
}
