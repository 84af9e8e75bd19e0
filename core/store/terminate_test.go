package store

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

func ptr[T any](v T) *T { return &v }

// boundPod is a running pod on n1 with the given
// spec.terminationGracePeriodSeconds (nil: unset).
func boundPod(st *Store, tgps *int64) *Pod {
	obj := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "web", Namespace: "default"}}
	obj.Spec.TerminationGracePeriodSeconds = tgps
	p := &Pod{Object: obj, Node: "n1", Phase: PhaseRunning}
	st.AddPod(p, "test")
	return p
}

// The grace period of a deletion: podStrategy.CheckGracefulDelete and
// rest.BeforeDelete, v1.37.
func TestGracePeriod(t *testing.T) {
	for _, tc := range []struct {
		name     string
		tgps     *int64
		override *int64
		edit     func(p *Pod)
		want     int64
	}{
		{"the pod's own", ptr(int64(30)), nil, nil, 30},
		{"DeleteOptions win", ptr(int64(30)), ptr(int64(5)), nil, 5},
		{"unset and no options: 0", nil, nil, nil, 0},
		{"zero allowed", ptr(int64(0)), nil, nil, 0},
		{"negative is 1", ptr(int64(30)), ptr(int64(-3)), nil, 1},
		{"unscheduled: at once", ptr(int64(30)), nil, func(p *Pod) { p.Node, p.Phase = "", PhasePending }, 0},
		{"terminal (Failed): at once", ptr(int64(30)), nil, func(p *Pod) { p.Failed, p.Phase = true, PhaseEvicted }, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := boundPod(New(), tc.tgps)
			if tc.edit != nil {
				tc.edit(p)
			}
			assert.Equal(t, tc.want, GracePeriod(p, tc.override))
		})
	}
}

// A graceful deletion: Terminating with deletionTimestamp = now + grace
// and deletionGracePeriodSeconds; FinishTermination removes it; a second
// deletion may only shorten the period (rest.BeforeDelete).
func TestDeletePod(t *testing.T) {
	for _, tc := range []struct {
		name      string
		evict     bool
		second    *int64 // a second deletion at 10 s
		wantEnd   time.Duration
		wantStamp time.Duration
		wantGrace int64
		finished  bool
	}{
		{name: "delete", wantEnd: 130 * time.Second, wantStamp: 130 * time.Second, wantGrace: 30},
		{name: "evict", evict: true, wantEnd: 130 * time.Second, wantStamp: 130 * time.Second, wantGrace: 30},
		{name: "second delete, same period: pending", second: ptr(int64(30)), wantEnd: 130 * time.Second, wantStamp: 130 * time.Second, wantGrace: 30},
		{name: "second delete, shorter", second: ptr(int64(25)), wantEnd: 125 * time.Second, wantStamp: 125 * time.Second, wantGrace: 25},
		{name: "shorter but already over: now, 1 s", second: ptr(int64(5)), wantEnd: 111 * time.Second, wantStamp: 110 * time.Second, wantGrace: 1},
		{name: "second delete, 0: gone", second: ptr(int64(0)), finished: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := New()
			p := boundPod(st, ptr(int64(30)))
			got := st.DeletePod(p, "test", Deletion{Now: 100 * time.Second, Evict: tc.evict}, nil)
			assert.Equal(t, int64(30), got)
			require.True(t, p.IsTerminating())
			assert.False(t, p.Running())
			assert.True(t, p.Holds())
			if tc.second != nil {
				st.DeletePod(p, "test", Deletion{Now: 110 * time.Second, GracePeriod: tc.second}, nil)
			}
			if tc.finished {
				assert.False(t, p.IsTerminating())
				assert.True(t, p.Deleted)
				assert.False(t, p.Holds())
				return
			}
			assert.Equal(t, tc.wantEnd, p.GraceEnd)
			assert.Equal(t, core.Epoch.Add(tc.wantStamp), p.Object.DeletionTimestamp.Time)
			assert.Equal(t, tc.wantGrace, *p.Object.DeletionGracePeriodSeconds)
			assert.Equal(t, []*Pod{p}, st.HoldingOn("n1"))
			st.FinishTermination(p, "kubelet")
			assert.False(t, p.IsTerminating())
			assert.Empty(t, st.HoldingOn("n1"))
			assert.Equal(t, !tc.evict, p.Deleted, "a delete removes the record, an eviction leaves it Evicted")
			assert.Equal(t, PhaseEvicted, p.Phase)
		})
	}
}

// Grace 0 (a pod without a period, or an unbound one) is gone at once:
// the registry deletes the object without a deletionTimestamp.
func TestDeletePodImmediate(t *testing.T) {
	st := New()
	p := boundPod(st, ptr(int64(0)))
	var freed bool
	st.WatchPods(func(ev PodEvent) { freed = freed || Freed(&ev.Old, &ev.New) })
	assert.Equal(t, int64(0), st.DeletePod(p, "test", Deletion{Now: time.Second}, nil))
	assert.True(t, p.Deleted)
	assert.False(t, p.IsTerminating())
	assert.Nil(t, p.Object.DeletionTimestamp)
	assert.True(t, freed)
}

// Freed is the scheduler's pod delete event: not when a graceful
// deletion starts, when it finishes.
func TestFreedAtFinish(t *testing.T) {
	st := New()
	p := boundPod(st, ptr(int64(30)))
	var at []bool
	st.WatchPods(func(ev PodEvent) { at = append(at, Freed(&ev.Old, &ev.New)) })
	st.DeletePod(p, "test", Deletion{}, nil)
	st.FinishTermination(p, "kubelet")
	assert.Equal(t, []bool{false, true}, at)
}
