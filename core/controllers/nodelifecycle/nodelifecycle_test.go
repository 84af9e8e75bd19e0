package nodelifecycle

import (
	"testing"
	"time"

	"github.com/taints-playground/playground/core"
)

func statuses(ready, notReady int) []core.ConditionStatus {
	var out []core.ConditionStatus
	for i := 0; i < ready; i++ {
		out = append(out, core.ConditionTrue)
	}
	for i := 0; i < notReady; i++ {
		out = append(out, core.ConditionUnknown)
	}
	return out
}

// SCHEDULER.md §4.3 and the §4.4 example (10 nodes).
func TestComputeZoneState(t *testing.T) {
	cases := []struct {
		ready, notReady int
		want            ZoneState
	}{
		{10, 0, StateNormal},
		{5, 5, StateNormal}, // 0.5 < 0.55
		{4, 6, StatePartialDisruption},
		{1, 2, StateNormal},            // 2 not ready is never partial
		{2, 3, StatePartialDisruption}, // 0.6
		{0, 1, StateFullDisruption},
		{0, 0, StateNormal},
	}
	for _, c := range cases {
		if _, got := ComputeZoneState(statuses(c.ready, c.notReady)); got != c.want {
			t.Errorf("%d ready %d not: %s, want %s", c.ready, c.notReady, got, c.want)
		}
	}
}

func TestQPS(t *testing.T) {
	if QPS(StateNormal, 10, false) != 0.1 || QPS(StateFullDisruption, 10, false) != 0.1 {
		t.Fatal("normal/full rate is 0.1")
	}
	if QPS(StatePartialDisruption, 50, false) != 0 || QPS(StatePartialDisruption, 51, false) != 0.01 {
		t.Fatal("partial rate: 0 up to 50 nodes, 0.01 above")
	}
	if QPS(StateNormal, 10, true) != 0 {
		t.Fatal("master disruption mode stops tainting")
	}
}

func TestLimiter(t *testing.T) {
	l := NewLimiter(0.1)
	if !l.TryAccept(55 * time.Second) {
		t.Fatal("a fresh bucket holds one token")
	}
	if l.TryAccept(60 * time.Second) {
		t.Fatal("burst is 1")
	}
	if next, _ := l.NextToken(60 * time.Second); next != 65*time.Second {
		t.Fatalf("next token at %v, want 65s", next)
	}
	// Blocked zone recovers: the fresh bucket is drained, first taint 10 s later.
	z := NewLimiter(0)
	if z.TryAccept(0) {
		t.Fatal("rate 0 never accepts")
	}
	z.Swap(200*time.Second, 0.1)
	if z.TryAccept(200 * time.Second) {
		t.Fatal("swap from a blocked limiter drains the new token")
	}
	if !z.TryAccept(210 * time.Second) {
		t.Fatal("token 10 s after the swap")
	}
	// Swapping from a limiter that still had its token keeps a full bucket.
	f := NewLimiter(0.1)
	f.Swap(5*time.Second, 0.01)
	if !f.TryAccept(5 * time.Second) {
		t.Fatal("the new bucket starts full when the old one had a token")
	}
}

func TestZoneKey(t *testing.T) {
	n := &core.Node{}
	n.Labels = map[string]string{LabelZone: "a"}
	if ZoneName(ZoneKey(n)) != "a" || ZoneKey(&core.Node{}) != "" {
		t.Fatal("zone key")
	}
	n.Labels[LabelRegion] = "r"
	if ZoneName(ZoneKey(n)) != "r/a" {
		t.Fatal(ZoneName(ZoneKey(n)))
	}
}

// SCHEDULER.md §4.1 and §4.2.
func TestConditionTaintsAndTiming(t *testing.T) {
	n := &core.Node{}
	n.Spec.Unschedulable = true
	n.Status.Conditions = []core.NodeCondition{
		{Type: core.NodeReady, Status: core.ConditionUnknown},
		{Type: core.NodeMemoryPressure, Status: core.ConditionTrue},
		{Type: core.NodeDiskPressure, Status: core.ConditionFalse},
		{Type: core.NodeNetworkUnavailable, Status: core.ConditionTrue},
	}
	got := NoScheduleTaintKeys(n)
	want := []string{core.TaintNodeUnreachable, core.TaintNodeMemoryPressure, core.TaintNodeNetworkUnavailable, core.TaintNodeUnschedulable}
	if len(got) != len(want) {
		t.Fatalf("%v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%v, want %v", got, want)
		}
	}
	if NoExecuteTaintKey(n) != core.TaintNodeUnreachable || !ManagedNoScheduleKeys()[core.TaintNodePIDPressure] {
		t.Fatal("NoExecute key / managed keys")
	}
	if GracePeriod(37) != 50*time.Second || GracePeriod(31) != 40*time.Second {
		t.Fatal("grace period")
	}
	// S11: last heartbeat at 0 → Unknown at the 55 s pass (50 s is not > 50).
	if UnknownAt(0, GracePeriod(37)) != 55*time.Second || UnknownAt(10*time.Second, GracePeriod(37)) != 65*time.Second || UnknownAt(0, GracePeriod(31)) != 45*time.Second {
		t.Fatal("UnknownAt")
	}
}
