package upstream

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/store"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	api "k8s.io/kubernetes/pkg/apis/core"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
)

// TestGracePeriodMatchesUpstream compares store.GracePeriod with the pod
// registry's CheckGracefulDelete (then rest.BeforeDelete's rule that a
// negative period is 1 s) on random pods and DeleteOptions: bound or
// not, Running or Failed, with or without terminationGracePeriodSeconds
// and gracePeriodSeconds.
func TestGracePeriodMatchesUpstream(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	opt := func() *int64 {
		if rng.IntN(3) == 0 {
			return nil
		}
		v := int64(rng.IntN(50) - 5)
		return &v
	}
	for i := 0; i < 3000; i++ {
		tgps, override := opt(), opt()
		bound, failed := rng.IntN(4) != 0, rng.IntN(4) == 0
		up := &api.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: "default"}}
		up.Spec.TerminationGracePeriodSeconds = tgps
		up.Status.Phase = api.PodRunning
		ours := &store.Pod{Object: &core.Pod{}, Phase: store.PhaseRunning}
		ours.Object.Spec.TerminationGracePeriodSeconds = tgps
		if bound {
			up.Spec.NodeName, ours.Node = "n1", "n1"
		} else {
			up.Status.Phase, ours.Phase = api.PodPending, store.PhasePending
		}
		if failed {
			up.Status.Phase = api.PodFailed
			ours.Failed, ours.Phase = true, store.PhaseEvicted
		}
		opts := &metav1.DeleteOptions{GracePeriodSeconds: override}
		require.True(t, podregistry.Strategy.CheckGracefulDelete(context.Background(), up, opts))
		want := *opts.GracePeriodSeconds
		if want < 0 {
			want = 1
		}
		require.Equal(t, want, store.GracePeriod(ours, override), "case %d: tgps %v override %v bound %v failed %v", i, tgps, override, bound, failed)
	}
}
