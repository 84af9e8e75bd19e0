package store

import "github.com/taints-playground/playground/core"

// workloads are the objects beside nodes and pods.
type workloads struct {
	namespaces      map[string]*core.Namespace
	priorityClasses []*core.PriorityClass
	runtimeClasses  []*core.RuntimeClass
	budgets         []*core.PodDisruptionBudget
	deployments     []*core.Deployment
	replicaSets     []*ReplicaSet
	daemonSets      []*core.DaemonSet
	workloadWatch   []func(WorkloadEvent)
}

// ReplicaSet is a stored ReplicaSet and the Deployment that owns it (nil
// for a ReplicaSet of its own).
type ReplicaSet struct {
	Object     *core.ReplicaSet
	Deployment *core.Deployment
	// Index is the record's position in ReplicaSets.
	Index int
}

// Replicas is spec.replicas with its default of 1.
func (r *ReplicaSet) Replicas() int32 {
	if r.Object.Spec.Replicas == nil {
		return 1
	}
	return *r.Object.Spec.Replicas
}

// WorkloadEvent is a Deployment, ReplicaSet or DaemonSet added or scaled:
// exactly one of the three is set. OldReplicas is spec.replicas before a
// scale (Added false).
type WorkloadEvent struct {
	Added       bool
	Deployment  *core.Deployment
	ReplicaSet  *ReplicaSet
	DaemonSet   *core.DaemonSet
	OldReplicas int32
}

// WatchWorkloads registers fn for every Deployment, ReplicaSet and
// DaemonSet write.
func (s *Store) WatchWorkloads(fn func(WorkloadEvent)) {
	s.workloadWatch = append(s.workloadWatch, fn)
}

func (s *Store) notifyWorkload(ev WorkloadEvent) {
	s.rv++
	for _, fn := range s.workloadWatch {
		fn(ev)
	}
}

// Namespace returns the namespace called name, or nil.
func (s *Store) Namespace(name string) *core.Namespace { return s.namespaces[name] }

// PutNamespace creates or replaces a namespace and returns the one it
// replaced (nil when created).
func (s *Store) PutNamespace(ns *core.Namespace) *core.Namespace {
	s.rv++
	old := s.namespaces[ns.Name]
	s.namespaces[ns.Name] = ns
	return old
}

// PriorityClasses lists the PriorityClass objects in creation order.
func (s *Store) PriorityClasses() []*core.PriorityClass { return s.priorityClasses }

// PutPriorityClass creates or replaces (by name) a PriorityClass and
// returns the one it replaced.
func (s *Store) PutPriorityClass(pc *core.PriorityClass) *core.PriorityClass {
	s.rv++
	return putNamed(&s.priorityClasses, pc)
}

// RuntimeClasses lists the RuntimeClass objects in creation order.
func (s *Store) RuntimeClasses() []*core.RuntimeClass { return s.runtimeClasses }

// PutRuntimeClass creates or replaces (by name) a RuntimeClass and
// returns the one it replaced.
func (s *Store) PutRuntimeClass(rc *core.RuntimeClass) *core.RuntimeClass {
	s.rv++
	return putNamed(&s.runtimeClasses, rc)
}

// putNamed replaces the object of list with obj's name by obj, or appends
// obj, and returns the one it replaced (the zero T when none).
func putNamed[T interface{ GetName() string }](list *[]T, obj T) T {
	for i, old := range *list {
		if old.GetName() == obj.GetName() {
			(*list)[i] = obj
			return old
		}
	}
	*list = append(*list, obj)
	var none T
	return none
}

// PodDisruptionBudgets lists the budgets in creation order.
func (s *Store) PodDisruptionBudgets() []*core.PodDisruptionBudget { return s.budgets }

// PutPodDisruptionBudget creates or replaces (by namespace and name) a
// budget and returns the one it replaced.
func (s *Store) PutPodDisruptionBudget(pdb *core.PodDisruptionBudget) *core.PodDisruptionBudget {
	s.rv++
	for i, old := range s.budgets {
		if old.Name == pdb.Name && old.Namespace == pdb.Namespace {
			s.budgets[i] = pdb
			return old
		}
	}
	s.budgets = append(s.budgets, pdb)
	return nil
}

// Deployments lists the Deployments in creation order.
func (s *Store) Deployments() []*core.Deployment { return s.deployments }

// Deployment returns namespace/name, or nil.
func (s *Store) Deployment(namespace, name string) *core.Deployment {
	for _, d := range s.deployments {
		if d.Name == name && d.Namespace == namespace {
			return d
		}
	}
	return nil
}

// CreateDeployment stores a Deployment (a copy the store owns).
func (s *Store) CreateDeployment(d *core.Deployment) {
	s.deployments = append(s.deployments, d)
	s.notifyWorkload(WorkloadEvent{Added: true, Deployment: d})
}

// ScaleDeployment sets a stored Deployment's spec.replicas.
func (s *Store) ScaleDeployment(d *core.Deployment, replicas int32) {
	old := int32(1)
	if d.Spec.Replicas != nil {
		old = *d.Spec.Replicas
	}
	d.Spec.Replicas = &replicas
	s.notifyWorkload(WorkloadEvent{Deployment: d, OldReplicas: old})
}

// ReplicaSets lists the ReplicaSets in creation order.
func (s *Store) ReplicaSets() []*ReplicaSet { return s.replicaSets }

// CreateReplicaSet stores a ReplicaSet (owned by deployment, or nil).
func (s *Store) CreateReplicaSet(rs *core.ReplicaSet, deployment *core.Deployment) *ReplicaSet {
	r := &ReplicaSet{Object: rs, Deployment: deployment, Index: len(s.replicaSets)}
	s.replicaSets = append(s.replicaSets, r)
	s.notifyWorkload(WorkloadEvent{Added: true, ReplicaSet: r})
	return r
}

// ScaleReplicaSet sets a stored ReplicaSet's spec.replicas.
func (s *Store) ScaleReplicaSet(r *ReplicaSet, replicas int32) {
	old := r.Replicas()
	r.Object.Spec.Replicas = &replicas
	s.notifyWorkload(WorkloadEvent{ReplicaSet: r, OldReplicas: old})
}

// DaemonSets lists the DaemonSets in creation order.
func (s *Store) DaemonSets() []*core.DaemonSet { return s.daemonSets }

// CreateDaemonSet stores a DaemonSet.
func (s *Store) CreateDaemonSet(ds *core.DaemonSet) {
	s.daemonSets = append(s.daemonSets, ds)
	s.notifyWorkload(WorkloadEvent{Added: true, DaemonSet: ds})
}

// DeploymentReplicaSet is the ReplicaSet the Deployment owns (nil when it
// has none).
func (s *Store) DeploymentReplicaSet(d *core.Deployment) *ReplicaSet {
	for _, r := range s.replicaSets {
		if r.Deployment == d {
			return r
		}
	}
	return nil
}
