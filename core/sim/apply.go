package sim

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/controllers/deployment"
	"github.com/taints-playground/playground/core/controllers/replicaset"
	"github.com/taints-playground/playground/core/store"
)

// Apply creates one object of a manifest or updates the existing one. Of
// an existing object only what the playground models changes: a
// Deployment's or ReplicaSet's replicas, a pod's added tolerations,
// budgets, priority and runtime classes and namespaces (replaced); nodes are refused
// (kubectl taint, label and cordon change them).
func (a *apiServer) Apply(obj any) (string, error) {
	a.flush()
	st := a.s.st
	switch o := obj.(type) {
	case *core.Namespace:
		if old := st.PutNamespace(o); old != nil {
			return changed(old, o), nil
		}
	case *core.PriorityClass:
		if old := st.PutPriorityClass(o); old != nil {
			return changed(old, o), nil
		}
	case *core.RuntimeClass:
		if old := st.PutRuntimeClass(o); old != nil {
			return changed(old, o), nil
		}
	case *core.PodDisruptionBudget:
		if old := st.PutPodDisruptionBudget(o); old != nil {
			return changed(old, o), nil
		}
	case *core.Node:
		if st.Node(o.Name) != nil {
			return "", fmt.Errorf("the playground does not update nodes with apply: use kubectl taint, label or cordon for node %q", o.Name)
		}
		a.s.addNode(o.DeepCopy())
	case *core.Deployment:
		return a.applyDeployment(o)
	case *core.ReplicaSet:
		return a.applyReplicaSet(o), nil
	case *core.DaemonSet:
		for _, old := range st.DaemonSets() {
			if old.Name == o.Name && old.Namespace == o.Namespace {
				return "unchanged", nil
			}
		}
		st.CreateDaemonSet(o)
	case *core.Pod:
		return a.applyPod(o)
	}
	return "created", nil
}

// changed is apply's verb for an existing object: unchanged when the new
// manifest equals the stored one, configured otherwise.
func changed(old, cur any) string {
	x, errX := json.Marshal(old)
	y, errY := json.Marshal(cur)
	if errX == nil && errY == nil && string(x) == string(y) {
		return "unchanged"
	}
	return "configured"
}

// applyDeployment creates a Deployment, or scales an existing one (only
// spec.replicas is applied: rolling updates are not simulated).
func (a *apiServer) applyDeployment(d *core.Deployment) (string, error) {
	old := a.s.st.Deployment(d.Namespace, d.Name)
	if old == nil {
		a.s.st.CreateDeployment(d)
		return "created", nil
	}
	if r := a.s.st.DeploymentReplicaSet(old); r != nil && r.Replicas() == deployment.Replicas(d) {
		return "unchanged", nil
	}
	if err := a.Scale("deployment", d.Namespace, d.Name, deployment.Replicas(d)); err != nil {
		return "", err
	}
	return "configured", nil
}

// applyReplicaSet creates a ReplicaSet, or sets the replicas of existing
// ones of that name.
func (a *apiServer) applyReplicaSet(rs *core.ReplicaSet) string {
	exists, configured := false, false
	for _, r := range a.s.st.ReplicaSets() {
		if r.Object.Name == rs.Name && r.Object.Namespace == rs.Namespace {
			exists = true
			if n := replicaset.Replicas(rs); r.Replicas() != n {
				configured = true
				a.s.st.ScaleReplicaSet(r, n)
			}
		}
	}
	switch {
	case !exists:
		a.s.st.CreateReplicaSet(rs, nil)
		return "created"
	case configured:
		return "configured"
	}
	return "unchanged"
}

// applyPod creates a pod through admission, or updates a live one's
// tolerations.
func (a *apiServer) applyPod(p *core.Pod) (string, error) {
	if live := a.s.st.LivePod(p.Namespace, p.Name); live != nil {
		return a.updatePod(live, p.DeepCopy())
	}
	rec := a.s.env.NewPod(p.DeepCopy(), nil)
	if rec.AdmitErr != "" {
		return "", fmt.Errorf("%s", admissionErrorText(rec))
	}
	a.s.note("pod %s created", p.Name)
	a.s.st.AddPod(rec, kubectlWriter)
	return "created", nil
}

// updatePod applies a Pod manifest to an existing pod: only
// spec.tolerations may change, and only by additions or new
// tolerationSeconds (core.ValidateTolerationsUpdate), and
// spec.schedulingGates, only by removals; DefaultTolerationSeconds
// runs again on the update. The taint-eviction controller re-evaluates a
// running pod (an existing deadline is kept) and the scheduling queue
// moves an unschedulable one back.
func (a *apiServer) updatePod(p *store.Pod, np *core.Pod) (string, error) {
	old := p.Object
	// The update is decoded, and so defaulted, like a create.
	core.SetPodDefaults(np)
	tols := a.s.env.Admission.UpdateTolerations(np.Spec.Tolerations)
	// Everything but the tolerations and gates must stay as stored.
	x, y := old.DeepCopy(), np
	x.Spec.Tolerations, y.Spec.Tolerations = nil, nil
	gates := nonEmpty(y.Spec.SchedulingGates)
	x.Spec.SchedulingGates, y.Spec.SchedulingGates = nil, nil
	if y.Spec.NodeName == "" {
		y.Spec.NodeName = x.Spec.NodeName
	}
	if y.Spec.Priority == nil {
		y.Spec.Priority = x.Spec.Priority
	}
	if y.Spec.PriorityClassName == "" {
		y.Spec.PriorityClassName = x.Spec.PriorityClassName
	}
	if y.Spec.PreemptionPolicy == nil {
		y.Spec.PreemptionPolicy = x.Spec.PreemptionPolicy
	}
	jx, _ := json.Marshal(x.Spec)
	jy, _ := json.Marshal(y.Spec)
	if string(jx) != string(jy) {
		return "", fmt.Errorf("The Pod %q is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) (the playground changes only spec.tolerations)", old.Name)
	}
	errs := core.ValidateTolerationsUpdate(old.Spec.Tolerations, tols, "spec.tolerations", a.s.env.Gate)
	errs = append(errs, core.ValidateSchedulingGates(gates, "spec.schedulingGates")...)
	errs = append(errs, core.ValidateSchedulingGatesUpdate(gates, old.Spec.SchedulingGates, "spec.schedulingGates")...)
	if len(errs) > 0 {
		return "", fmt.Errorf("%s", core.KubectlInvalidMessage("Pod", old.Name, errs))
	}
	if reflect.DeepEqual(old.Spec.Tolerations, tols) && reflect.DeepEqual(old.Spec.SchedulingGates, gates) {
		return "unchanged", nil
	}
	sources := keptSources(old.Spec.Tolerations, p.TolerationSources, tols)
	if !reflect.DeepEqual(old.Spec.Tolerations, tols) {
		a.s.note("%s tolerations updated", old.Name)
	}
	if !reflect.DeepEqual(old.Spec.SchedulingGates, gates) {
		a.s.note("%s scheduling gates removed", old.Name)
	}
	cp := old.DeepCopy()
	cp.Spec.Tolerations, cp.Spec.SchedulingGates = tols, gates
	a.s.st.UpdatePod(p, kubectlWriter, func(p *store.Pod) { p.Object, p.TolerationSources = cp, sources })
	return "configured", nil
}

// keptSources is the sources of an updated toleration list: an old
// toleration (matched but for tolerationSeconds) keeps its source, the
// others are the user's.
func keptSources(old []core.Toleration, oldSources []string, tols []core.Toleration) []string {
	sources := make([]string, len(tols))
	for i := range sources {
		sources[i] = admission.SourceUser
	}
	for i, o := range old {
		for j, t := range tols {
			c := o
			c.TolerationSeconds = t.TolerationSeconds
			if reflect.DeepEqual(c, t) {
				if i < len(oldSources) {
					sources[j] = oldSources[i]
				}
				break
			}
		}
	}
	return sources
}

// nonEmpty is nil for an empty list (the API does not tell them apart).
func nonEmpty[T any](list []T) []T {
	if len(list) == 0 {
		return nil
	}
	return list
}
