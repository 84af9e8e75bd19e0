package tainteviction

import (
	"testing"
	"time"

	"github.com/taints-playground/playground/core"
)

func secs(n int64) *int64 { return &n }

// EXAMPLES.md S8 and SCHEDULER.md §3.2.
func TestDecide(t *testing.T) {
	maint := []core.Taint{{Key: "maint", Value: "true", Effect: core.TaintEffectNoExecute}}
	tol := func(sec *int64) core.Toleration {
		return core.Toleration{Key: "maint", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: sec}
	}
	all30 := core.Toleration{Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: secs(30)}
	cases := []struct {
		name   string
		tols   []core.Toleration
		action Action
		fire   time.Duration
	}{
		{"a none", nil, EvictNow, 0},
		{"b 60", []core.Toleration{tol(secs(60))}, Schedule, 60 * time.Second},
		{"c forever", []core.Toleration{tol(nil)}, Nothing, 0},
		{"d 0", []core.Toleration{tol(secs(0))}, EvictNow, 0},
		{"e -10", []core.Toleration{tol(secs(-10))}, EvictNow, 0},
		{"f first forever", []core.Toleration{tol(nil), all30}, Nothing, 0},
		{"g first 30", []core.Toleration{all30, tol(nil)}, Schedule, 30 * time.Second},
		{"h empty effect", []core.Toleration{{Key: "maint", Operator: core.TolerationOpEqual, Value: "true"}}, Nothing, 0},
		{"i value mismatch", []core.Toleration{{Key: "maint", Operator: core.TolerationOpEqual, Value: "yes", Effect: core.TaintEffectNoExecute, TolerationSeconds: secs(600)}}, EvictNow, 0},
	}
	for _, c := range cases {
		d := Decide(0, nil, maint, c.tols, false)
		if d.Action != c.action || (c.action == Schedule && d.FireAt != c.fire) {
			t.Errorf("%s: got %+v, want action %d at %v", c.name, d, c.action, c.fire)
		}
	}
}

func TestExistingTimerKept(t *testing.T) {
	taints := []core.Taint{{Key: "a", Effect: core.TaintEffectNoExecute}}
	tols := []core.Toleration{{Operator: core.TolerationOpExists, TolerationSeconds: secs(10)}}
	old := &Timer{Created: 5 * time.Second, FireAt: 305 * time.Second}
	if d := Decide(65*time.Second, old, taints, tols, false); d.Action != Keep || d.FireAt != 305*time.Second {
		t.Fatalf("existing timer moved: %+v", d)
	}
	same := &Timer{Created: 65 * time.Second, FireAt: 365 * time.Second}
	if d := Decide(65*time.Second, same, taints, tols, false); d.Action != Schedule || d.FireAt != 75*time.Second {
		t.Fatalf("a timer set this instant is replaced: %+v", d)
	}
	if d := Decide(70*time.Second, old, nil, tols, false); d.Action != Cancel {
		t.Fatalf("no taint left: %+v", d)
	}
	if d := Decide(70*time.Second, old, append(taints, core.Taint{Key: "b", Effect: core.TaintEffectNoExecute}), []core.Toleration{{Key: "a", Operator: core.TolerationOpExists, TolerationSeconds: secs(10)}}, false); d.Action != EvictNow {
		t.Fatalf("untolerated taint evicts at once: %+v", d)
	}
	if MarkingMessage("default", "b") != "Marking for deletion Pod default/b" || CancellingMessage("default", "b") != "Cancelling deletion of Pod default/b" {
		t.Fatal("messages")
	}
}
