package podtolerationrestriction

import (
	"testing"

	"github.com/taints-playground/playground/core"
)

func ns(defaults, whitelist string) *core.Namespace {
	n := &core.Namespace{}
	n.Name = "team"
	n.Annotations = map[string]string{}
	if defaults != "-" {
		n.Annotations[AnnotationDefaults] = defaults
	}
	if whitelist != "-" {
		n.Annotations[AnnotationWhitelist] = whitelist
	}
	return n
}

func TestAdmitMergesDefaultsAndMemoryPressure(t *testing.T) {
	own := []core.Toleration{{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "team", Effect: core.TaintEffectNoSchedule}}
	r, err := Admit(own, ns(`[{"key":"dedicated","operator":"Exists"},{"key":"x","operator":"Exists","effect":"NoSchedule"}]`, "-"), Config{}, false)
	if err != nil {
		t.Fatal(err)
	}
	// The pod's own toleration is dropped: the default {dedicated Exists} is a superset.
	want := []string{"dedicated", "x", core.TaintNodeMemoryPressure}
	if len(r.Tolerations) != len(want) {
		t.Fatalf("%+v", r.Tolerations)
	}
	for i, k := range want {
		if r.Tolerations[i].Key != k {
			t.Fatalf("%d: %+v", i, r.Tolerations)
		}
	}
	r, _ = Admit(nil, nil, Config{}, true)
	if len(r.Tolerations) != 0 {
		t.Fatal("BestEffort pod without defaults gets nothing")
	}
}

func TestWhitelist(t *testing.T) {
	own := []core.Toleration{{Key: "gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}}
	_, err := Admit(own, ns("-", `[{"key":"dedicated","operator":"Exists"}]`), Config{}, true)
	if err == nil || err.Error() != "pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist" {
		t.Fatalf("err %v", err)
	}
	if _, err := Admit(own, ns("-", `[{"key":"gpu","operator":"Exists"}]`), Config{}, true); err != nil {
		t.Fatal(err)
	}
	_, err = Admit(own, nil, Config{Whitelist: []core.Toleration{{Key: "a", Operator: core.TolerationOpExists}}}, true)
	if err == nil || err.Error() != "pod tolerations (possibly merged with namespace default tolerations) conflict with its cluster whitelist" {
		t.Fatalf("err %v", err)
	}
	// tolerationSeconds: a whitelist entry with 60 s covers 30 s, not forever.
	s := func(n int64) *int64 { return &n }
	wl := []core.Toleration{{Key: "k", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: s(60)}}
	if !VerifyAgainstWhitelist([]core.Toleration{{Key: "k", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: s(30)}}, wl) {
		t.Fatal("30 ≤ 60 is covered")
	}
	if VerifyAgainstWhitelist([]core.Toleration{{Key: "k", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute}}, wl) {
		t.Fatal("forever is not covered by 60 s")
	}
}
