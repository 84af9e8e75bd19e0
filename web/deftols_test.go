package web

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/taints-playground/playground/core"
)

// The expected defaults are written out from upstream's source, v1.37:
// plugin/pkg/admission/defaulttolerationseconds (not-ready and
// unreachable, Exists, NoExecute, 300 s) and
// pkg/controller/daemon/util.AddOrUpdateDaemonPodTolerations (not-ready,
// unreachable NoExecute; disk-, memory-, pid-pressure, unschedulable
// NoSchedule; network-unavailable NoSchedule for hostNetwork; all Exists,
// no seconds).
func TestDefaultTolerations(t *testing.T) {
	secs := func(n int64) *int64 { return &n }
	exists := func(key string, e core.TaintEffect, s *int64) core.Toleration {
		return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: e, TolerationSeconds: s}
	}
	ne, ns := core.TaintEffectNoExecute, core.TaintEffectNoSchedule
	notReady300 := exists("node.kubernetes.io/not-ready", ne, secs(300))
	unreachable300 := exists("node.kubernetes.io/unreachable", ne, secs(300))
	daemon := []core.Toleration{
		exists("node.kubernetes.io/not-ready", ne, nil),
		exists("node.kubernetes.io/unreachable", ne, nil),
		exists("node.kubernetes.io/disk-pressure", ns, nil),
		exists("node.kubernetes.io/memory-pressure", ns, nil),
		exists("node.kubernetes.io/pid-pressure", ns, nil),
		exists("node.kubernetes.io/unschedulable", ns, nil),
	}
	network := exists("node.kubernetes.io/network-unavailable", ns, nil)
	gpu := core.Toleration{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists, Effect: ns}
	const dts, ds = "DefaultTolerationSeconds", "DaemonSet controller"

	cases := []struct {
		name    string
		tols    []core.Toleration
		sources []string
		mask    []bool
		by      []string
	}{
		{"none", nil, nil, nil, nil},
		{"DefaultTolerationSeconds' two", []core.Toleration{notReady300, unreachable300}, nil, []bool{true, true}, []string{dts}},
		{"a user toleration stays", []core.Toleration{gpu, notReady300, unreachable300}, nil, []bool{false, true, true}, []string{dts}},
		{"other seconds are the user's", []core.Toleration{exists("node.kubernetes.io/unreachable", ne, secs(6000)), notReady300}, nil, []bool{false, true}, []string{dts}},
		{"other seconds the plugin added (its flags)", []core.Toleration{exists("node.kubernetes.io/not-ready", ne, secs(60))}, []string{dts}, []bool{true}, []string{dts}},
		{"the DaemonSet set", daemon, nil, []bool{true, true, true, true, true, true}, []string{ds}},
		{"the DaemonSet set, hostNetwork", append(append([]core.Toleration{gpu}, daemon...), network), nil, []bool{false, true, true, true, true, true, true, true}, []string{ds}},
		{"part of the DaemonSet set is the user's", daemon[:2], nil, nil, nil},
		{"network-unavailable alone is the user's", []core.Toleration{network}, nil, nil, nil},
		{"the user's only", []core.Toleration{gpu}, []string{"user"}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mask, by := DefaultTolerations(c.tols, c.sources)
			assert.Equal(t, c.mask, mask)
			assert.Equal(t, c.by, by)
		})
	}
}
