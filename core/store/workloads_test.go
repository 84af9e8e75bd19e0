package store

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
)

func replicas(n int32) *int32 { return &n }

func TestWorkloadEvents(t *testing.T) {
	s := New()
	var evs []WorkloadEvent
	s.WatchWorkloads(func(ev WorkloadEvent) { evs = append(evs, ev) })

	d := &core.Deployment{}
	d.Name, d.Namespace = "web", "default"
	s.CreateDeployment(d)
	rs := &core.ReplicaSet{}
	rs.Name, rs.Namespace = "web-abc", "default"
	r := s.CreateReplicaSet(rs, d)
	ds := &core.DaemonSet{}
	ds.Name = "agent"
	s.CreateDaemonSet(ds)
	s.ScaleReplicaSet(r, 3)
	s.ScaleDeployment(d, 5)

	require.Len(t, evs, 5)
	assert.True(t, evs[0].Added)
	assert.Same(t, d, evs[0].Deployment)
	assert.True(t, evs[1].Added)
	assert.Same(t, r, evs[1].ReplicaSet)
	assert.Same(t, ds, evs[2].DaemonSet)
	assert.False(t, evs[3].Added)
	assert.Equal(t, int32(1), evs[3].OldReplicas, "spec.replicas defaults to 1")
	assert.Equal(t, int32(3), r.Replicas())
	assert.Equal(t, int32(1), evs[4].OldReplicas)
	assert.Equal(t, int32(5), *d.Spec.Replicas)

	assert.Same(t, r, s.DeploymentReplicaSet(d))
	assert.Nil(t, s.DeploymentReplicaSet(&core.Deployment{}))
	assert.Same(t, d, s.Deployment("default", "web"))
	assert.Nil(t, s.Deployment("other", "web"))
	assert.Equal(t, uint64(5), s.ResourceVersion())
}

func TestReplicaSetIndexAndReplicas(t *testing.T) {
	s := New()
	a := s.CreateReplicaSet(&core.ReplicaSet{}, nil)
	b := s.CreateReplicaSet(&core.ReplicaSet{Spec: core.ReplicaSetSpec{Replicas: replicas(0)}}, nil)
	assert.Equal(t, 0, a.Index)
	assert.Equal(t, 1, b.Index)
	assert.Equal(t, int32(1), a.Replicas())
	assert.Equal(t, int32(0), b.Replicas())
	assert.Equal(t, []*ReplicaSet{a, b}, s.ReplicaSets())
}

// Put* create or replace by name (budgets by namespace and name) and
// return what they replaced.
func TestPutReplaces(t *testing.T) {
	s := New()
	ns := &core.Namespace{}
	ns.Name = "team"
	assert.Nil(t, s.PutNamespace(ns))
	ns2 := &core.Namespace{}
	ns2.Name = "team"
	assert.Same(t, ns, s.PutNamespace(ns2))
	assert.Same(t, ns2, s.Namespace("team"))

	pc := &core.PriorityClass{Value: 10}
	pc.Name = "high"
	assert.Nil(t, s.PutPriorityClass(pc))
	pc2 := &core.PriorityClass{Value: 20}
	pc2.Name = "high"
	assert.Same(t, pc, s.PutPriorityClass(pc2))
	assert.Equal(t, []*core.PriorityClass{pc2}, s.PriorityClasses())

	rc := &core.RuntimeClass{Handler: "runsc"}
	rc.Name = "gvisor"
	other := &core.RuntimeClass{Handler: "kata"}
	other.Name = "kata"
	assert.Nil(t, s.PutRuntimeClass(rc))
	assert.Nil(t, s.PutRuntimeClass(other))
	rc2 := &core.RuntimeClass{Handler: "runsc-debug"}
	rc2.Name = "gvisor"
	assert.Same(t, rc, s.PutRuntimeClass(rc2))
	assert.Equal(t, []*core.RuntimeClass{rc2, other}, s.RuntimeClasses(), "replaced in place, creation order kept")

	b1 := &core.PodDisruptionBudget{}
	b1.Name, b1.Namespace = "pdb", "a"
	b2 := &core.PodDisruptionBudget{}
	b2.Name, b2.Namespace = "pdb", "b"
	assert.Nil(t, s.PutPodDisruptionBudget(b1))
	assert.Nil(t, s.PutPodDisruptionBudget(b2), "same name, other namespace: a new budget")
	b3 := &core.PodDisruptionBudget{}
	b3.Name, b3.Namespace = "pdb", "a"
	assert.Same(t, b1, s.PutPodDisruptionBudget(b3))
	assert.Equal(t, []*core.PodDisruptionBudget{b3, b2}, s.PodDisruptionBudgets())
}

func TestOwner(t *testing.T) {
	yes, no := true, false
	p := newPod("default", "p")
	assert.Equal(t, "", p.Owner())
	p.Object.OwnerReferences = []core.OwnerReference{{Kind: "StatefulSet", Name: "db", Controller: &no}}
	assert.Equal(t, "", p.Owner(), "only a controller reference names the owner")
	p.Object.OwnerReferences = append(p.Object.OwnerReferences, core.OwnerReference{Kind: "Job", Name: "batch", Controller: &yes})
	assert.Equal(t, "Job/batch", p.Owner())
	ds := &core.DaemonSet{}
	ds.Name = "agent"
	p.DS = ds
	assert.Equal(t, "DaemonSet/agent", p.Owner())
	rs := &core.ReplicaSet{}
	rs.Name = "web-7d4b9c8f6"
	p.RS = &ReplicaSet{Object: rs}
	assert.Equal(t, "ReplicaSet/web-7d4b9c8f6", p.Owner())
	assert.Equal(t, "default/p", p.Ref())
}

// Requests is the scheduler's effective request: the containers' sum, at
// least the largest init container, plus the overhead (SCHEDULER.md §1.4);
// cpu in millicores, the rest in whole units.
func TestPodRequests(t *testing.T) {
	q := core.MustParseQuantity
	p := &core.Pod{Spec: core.PodSpec{
		Containers: []core.Container{
			{Resources: core.ResourceRequirements{Requests: core.ResourceList{core.ResourceCPU: q("250m"), core.ResourceMemory: q("1Gi")}}},
			{Resources: core.ResourceRequirements{Requests: core.ResourceList{core.ResourceCPU: q("250m"), "nvidia.com/gpu": q("1")}}},
		},
		InitContainers: []core.Container{
			{Resources: core.ResourceRequirements{Requests: core.ResourceList{core.ResourceCPU: q("2"), core.ResourceMemory: q("512Mi")}}},
		},
		Overhead: core.ResourceList{core.ResourceCPU: q("100m")},
	}}
	rec := &Pod{Object: p}
	assert.Equal(t, map[core.ResourceName]int64{
		core.ResourceCPU:    2100, // max(500m, 2) + 100m
		core.ResourceMemory: 1 << 30,
		"nvidia.com/gpu":    1,
	}, rec.Requests())
	// A new object (records never change Object in place) is recomputed.
	cp := p.DeepCopy()
	cp.Spec.Overhead = nil
	rec.Object = cp
	assert.Equal(t, int64(2000), rec.Requests()[core.ResourceCPU])
}

func TestQueueStateNames(t *testing.T) {
	assert.Equal(t, "", QueueNone.String())
	assert.Equal(t, "activeQ", QueueActive.String())
	assert.Equal(t, "backoffQ", QueueBackoff.String())
	assert.Equal(t, "unschedulablePods", QueueUnschedulable.String())
}
