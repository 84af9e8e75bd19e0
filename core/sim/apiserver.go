package sim

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers/podgc"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sched/queue"
	"github.com/taints-playground/playground/core/store"
)

// apiServer is the simulated cluster as kubectl sees it (kubectl.Cluster):
// API views of the store's objects, and the writes kubectl makes.
//
// A node kubectl writes is held: the writes of one command to it, the
// caption's note of its new taints or labels and the node-lifecycle
// controller's immediate reconcile of its NoSchedule taints are one change
// for the watchers, released (flush) when the command ends or before it
// does anything else.
type apiServer struct {
	s    *simulator
	verb string
	held []string // nodes written and not yet released, in write order
}

var _ kubectl.Cluster = (*apiServer)(nil)

// kubectlWriter is who writes through kubectl (a PodEvent's By).
const kubectlWriter = "kubectl"

// List returns copies of every node, sorted by name.
func (a *apiServer) List() []*core.Node {
	out := make([]*core.Node, 0, len(a.s.st.Nodes()))
	for _, n := range a.s.st.Nodes() {
		out = append(out, n.DeepCopy())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Get returns a copy of the node called name.
func (a *apiServer) Get(name string) (*core.Node, bool) {
	if n := a.s.st.Node(name); n != nil {
		return n.DeepCopy(), true
	}
	return nil, false
}

// Update stores a node kubectl changed (held until flush).
func (a *apiServer) Update(n *core.Node) error {
	if a.s.st.Node(n.Name) == nil {
		return fmt.Errorf("Error from server (NotFound): nodes %q not found", n.Name)
	}
	if !a.s.st.Held(n.Name) {
		a.s.st.Hold(n.Name)
		a.held = append(a.held, n.Name)
	}
	a.s.st.UpdateNode(n.DeepCopy())
	return nil
}

// flush releases the nodes kubectl wrote, each as one change: the note,
// the node-lifecycle controller's reaction to spec.unschedulable and the
// conditions at once, then the watchers.
func (a *apiServer) flush() {
	held := a.held
	a.held = nil
	for _, name := range held {
		n := a.s.st.Node(name)
		switch a.verb {
		case "taint":
			a.s.note("%s taints: %s", name, taintList(n.Spec.Taints))
		case "label":
			a.s.note("%s labels: %s", name, core.LabelsString(n.Labels))
		}
		a.s.nlc.ReconcileNoSchedule(name)
		a.s.nlc.TaintsWritten(name)
		a.s.st.Release(name)
	}
}

// taintList prints taints for captions: "a=b:NoSchedule, c:NoExecute" or
// "none".
func taintList(ts []core.Taint) string {
	if len(ts) == 0 {
		return "none"
	}
	out := make([]string, len(ts))
	for i := range ts {
		out[i] = ts[i].ToString()
	}
	return strings.Join(out, ", ")
}

// Pod returns the pod namespace/name: the live one, else a Terminating
// one.
func (a *apiServer) Pod(namespace, name string) (*core.Pod, bool) {
	a.flush()
	if p := a.apiPod(namespace, name); p != nil {
		return a.view(p), true
	}
	return nil, false
}

// apiPod is the record of the API object namespace/name: the newest live
// one, else a Terminating one (it is not Live, but its object exists).
func (a *apiServer) apiPod(namespace, name string) *store.Pod {
	var found *store.Pod
	for _, p := range a.s.st.Named(namespace, name) {
		if p.Live() || (found == nil && p.IsTerminating()) {
			found = p
		}
	}
	return found
}

// Pods lists a namespace's live and Terminating pods in creation order
// ("" lists every namespace's).
func (a *apiServer) Pods(namespace string) []*core.Pod {
	a.flush()
	var out []*core.Pod
	for _, p := range a.s.st.Pods() {
		if (namespace == "" || p.Namespace() == namespace) && (a.s.st.LivePod(p.Namespace(), p.Name()) == p || p.IsTerminating()) {
			out = append(out, a.view(p))
		}
	}
	return out
}

// NodePods lists the live and Terminating pods bound to node, in binding
// order.
func (a *apiServer) NodePods(node string) []*core.Pod {
	a.flush()
	var out []*core.Pod
	seen := map[*store.Pod]bool{}
	for _, p := range a.s.st.BoundTo(node) {
		if p.Node == node && (p.Live() || p.IsTerminating()) && !seen[p] {
			seen[p] = true
			out = append(out, a.view(p))
		}
	}
	return out
}

// DescribedNode is the node with its condition times and the pods counted
// on it (running, then Terminating).
func (a *apiServer) DescribedNode(name string) (*core.Node, []kubectl.NodePod, bool) {
	a.flush()
	n := a.s.st.Node(name)
	if n == nil {
		return nil, nil, false
	}
	var pods []kubectl.NodePod
	for _, p := range append(a.s.st.Running(name), a.s.st.TerminatingOn(name)...) {
		pods = append(pods, kubectl.NodePod{Namespace: p.Namespace(), Name: p.Name(),
			Requests: p.Requests(), Limits: core.PodLimitUnits(p.Object), Created: p.CreatedAt})
	}
	return a.s.nlc.WithConditionTimes(n, kubectl.DescribeEpoch), pods, true
}

// Events lists every event.
func (a *apiServer) Events() []core.Event { a.flush(); return a.s.st.Events() }

// EventsOf lists one object's events since a time (kubectl.EventIndex).
func (a *apiServer) EventsOf(object string, since float64) []core.Event {
	a.flush()
	return a.s.st.EventsOf(object, since)
}

// Now is the virtual time.
func (a *apiServer) Now() time.Duration { return a.s.clk.Now() }

// Narrate adds to the frame's summary.
func (a *apiServer) Narrate(msg string) { a.flush(); a.s.notes = append(a.s.notes, msg) }

// view is the pod as the API server returns it now.
func (a *apiServer) view(p *store.Pod) *core.Pod {
	out := p.Object.DeepCopy()
	out.UID = p.UID()
	created := core.Time{Time: kubectl.DescribeEpoch.Add(p.CreatedAt)}
	out.CreationTimestamp = &created
	setController(out, p)
	out.Status = core.PodStatus{NominatedNodeName: p.Object.Status.NominatedNodeName}
	switch {
	case p.IsTerminating():
		// Deleted, but its kubelet has not confirmed: the object stays as
		// the kubelet last reported it, Running, with the deletionTimestamp
		// and grace period store.DeletePod set.
		out.Spec.NodeName = p.Node
		out.Status.Phase = core.PodRunning
	case p.Phase == PhaseEvicted:
		out.Spec.NodeName = p.Node
		out.Status.Phase = core.PodFailed
		out.Status.Reason, out.Status.Message = p.StatusReason, p.StatusMessage
	case p.Phase == PhaseRunning:
		out.Spec.NodeName = p.Node
		out.Status.Phase = core.PodRunning
		ready := core.ConditionTrue
		if !a.s.st.Node(p.Node).Ready() {
			// The node-lifecycle controller's MarkPodsNotReady.
			ready = core.ConditionFalse
		}
		var conds []core.PodCondition
		if a.s.env.Version.AtLeast(podReadyToStartContainersSince) {
			conds = append(conds, core.PodCondition{Type: "PodReadyToStartContainers", Status: core.ConditionTrue})
		}
		out.Status.Conditions = append(conds,
			core.PodCondition{Type: "Initialized", Status: core.ConditionTrue},
			core.PodCondition{Type: "Ready", Status: ready},
			core.PodCondition{Type: "ContainersReady", Status: core.ConditionTrue},
			core.PodCondition{Type: "PodScheduled", Status: core.ConditionTrue})
	default:
		out.Status.Phase = core.PodPending
		switch {
		case p.Queue.Attempts > 0:
			out.Status.Conditions = []core.PodCondition{{Type: "PodScheduled", Status: core.ConditionFalse, Reason: "Unschedulable", Message: p.FailedMessage}}
		case queue.Gated(p.Object):
			// The pod strategy's applySchedulingGatedCondition, at create.
			out.Status.Conditions = []core.PodCondition{{Type: "PodScheduled", Status: core.ConditionFalse, Reason: core.PodReasonSchedulingGated, Message: core.PodMessageSchedulingGated}}
		}
	}
	if p.DisruptionTarget != nil {
		// Patched before the deletion (taint eviction, eviction API,
		// preemption), so a pod still Terminating shows it.
		out.Status.Conditions = append(out.Status.Conditions, *p.DisruptionTarget)
	}
	return out
}

// setController gives the view a controller ownerReference for the
// ReplicaSet or DaemonSet that manages the pod (adoption sets
// controller: true).
func setController(out *core.Pod, p *store.Pod) {
	kind, name := "", ""
	switch {
	case p.RS != nil:
		kind, name = "ReplicaSet", p.RS.Object.Name
	case p.DS != nil:
		kind, name = "DaemonSet", p.DS.Name
	default:
		return
	}
	yes := true
	for i := range out.OwnerReferences {
		if o := &out.OwnerReferences[i]; o.Kind == kind && o.Name == name {
			o.Controller = &yes
			return
		}
	}
	out.OwnerReferences = append(out.OwnerReferences, core.OwnerReference{APIVersion: "apps/v1", Kind: kind, Name: name, Controller: &yes})
}

// podReadyToStartContainersSince: the kubelet reports the
// PodReadyToStartContainers condition from 1.29 (beta, on by default).
const podReadyToStartContainersSince = 29

// DeletePod deletes the pod namespace/name (the newest live one, else a
// Terminating one, whose grace period a shorter one may cut) with
// DeleteOptions' grace period (nil: the pod's own).
func (a *apiServer) DeletePod(namespace, name string, grace *int64) error {
	a.flush()
	found := a.apiPod(namespace, name)
	if found == nil {
		return kubectl.APIError("NotFound", fmt.Sprintf("pods %q not found", name))
	}
	was := found.IsTerminating()
	period := a.s.st.DeletePod(found, kubectlWriter, store.Deletion{Now: a.s.clk.Now(), GracePeriod: grace}, func(p *store.Pod) {
		p.EvictReason = "kubectl delete deleted it"
	})
	switch {
	case period == 0:
		a.s.note("%s deleted", name)
	case !was:
		a.s.note("%s deleted: Terminating for its %ds grace period", name, period)
	}
	return nil
}

// DeleteNode deletes a node (kubectl delete node): it leaves the store;
// the pods bound to it stay, bound to the missing node, until the pod
// garbage collector deletes them as orphans.
func (a *apiServer) DeleteNode(name string) error {
	a.flush()
	if !a.s.st.DeleteNode(name) {
		return kubectl.APIError("NotFound", fmt.Sprintf("nodes %q not found", name))
	}
	n := 0
	for _, p := range a.s.st.BoundTo(name) {
		if p.Node == name && (p.Live() || p.IsTerminating()) {
			n++
		}
	}
	a.s.note("node %s deleted; %d pod(s) stay bound to it until the pod garbage collector finds the node gone for %s", name, n, podgc.QuarantineTime)
	return nil
}

// EvictPod is the eviction API: PodDisruptionBudgets checked (unless
// skipBudgets), then condition DisruptionTarget (reason
// EvictionByEvictionAPI) and the deletion. kubectl drain is its only
// client here.
func (a *apiServer) EvictPod(namespace, name, uid string, skipBudgets bool) error {
	a.flush()
	var p *store.Pod
	for _, q := range a.s.st.Named(namespace, name) {
		if q.UID() == uid && (q.Live() || q.IsTerminating()) {
			p = q
		}
	}
	if p == nil {
		return kubectl.ErrGone
	}
	if p.IsTerminating() {
		// canIgnorePDB: a pod already being deleted is deleted again, with
		// no budget check (pkg/registry/core/pod/storage/eviction.go,
		// v1.37); rest.BeforeDelete leaves its deletion as it is.
		a.s.st.DeletePod(p, kubectlWriter, store.Deletion{Now: a.s.clk.Now(), Evict: true}, nil)
		return nil
	}
	if !skipBudgets && !a.s.budgets.EvictionAllowed(p) {
		return kubectl.ErrDisruptionBudget
	}
	cond := core.PodCondition{Type: core.DisruptionTarget, Status: core.ConditionTrue, Reason: ReasonEvictionByEvictionAPI, Message: "Eviction API: evicting"}
	node := p.Node
	// kubectl drain's default --grace-period=-1 sends no gracePeriodSeconds.
	a.s.st.DeletePod(p, kubectlWriter, store.Deletion{Now: a.s.clk.Now(), Evict: true}, func(p *store.Pod) {
		p.DisruptionTarget = &cond
		p.EvictReason = "kubectl drain " + node + " evicted it through the eviction API"
	})
	a.s.note("%s evicted from %s by kubectl drain", name, node)
	return nil
}

// Scale is the scale subresource of a Deployment (through its
// ReplicaSet's owner) or a ReplicaSet.
func (a *apiServer) Scale(kind, namespace, name string, replicas int32) error {
	a.flush()
	if err := scenario.CheckReplicas(int64(replicas)); err != nil {
		return &kubectl.CommandError{Stderr: fmt.Sprintf("error: --replicas=%d: %v", replicas, err)}
	}
	for _, r := range a.s.st.ReplicaSets() {
		var match bool
		switch kind {
		case "deployment":
			match = r.Deployment != nil && r.Deployment.Name == name && r.Deployment.Namespace == namespace
		case "replicaset":
			match = r.Object.Name == name && r.Object.Namespace == namespace
		}
		if !match {
			continue
		}
		old := r.Replicas()
		if r.Deployment != nil {
			a.s.st.ScaleDeployment(r.Deployment, replicas)
		} else {
			a.s.st.ScaleReplicaSet(r, replicas)
		}
		a.s.note("%s %s scaled from %d to %d replicas", kind, name, old, replicas)
		return nil
	}
	return kubectl.APIError("NotFound", fmt.Sprintf("%ss.apps %q not found", kind, name))
}

// Decode reads the step's manifest, with the playground's replica cap.
func (a *apiServer) Decode(manifest string) (*kubectl.Manifest, error) {
	m, err := scenario.ParseManifest([]byte(manifest), a.s.env.Gate)
	if err != nil {
		return nil, err
	}
	for _, d := range m.Deployments {
		if err := scenario.CheckReplicas(int64(replicasOf(d.Spec.Replicas))); err != nil {
			return nil, &kubectl.CommandError{Stderr: fmt.Sprintf("error: deployment.apps/%s: %v", d.Name, err)}
		}
	}
	for _, rs := range m.ReplicaSets {
		if err := scenario.CheckReplicas(int64(replicasOf(rs.Spec.Replicas))); err != nil {
			return nil, &kubectl.CommandError{Stderr: fmt.Sprintf("error: replicaset.apps/%s: %v", rs.Name, err)}
		}
	}
	return &kubectl.Manifest{Namespaces: m.Namespaces, PriorityClasses: m.PriorityClasses, RuntimeClasses: m.RuntimeClasses, PodDisruptionBudgets: m.PodDisruptionBudgets,
		Nodes: m.Nodes, Deployments: m.Deployments, ReplicaSets: m.ReplicaSets, DaemonSets: m.DaemonSets, Pods: m.Pods}, nil
}

// replicasOf is spec.replicas with its default of 1.
func replicasOf(r *int32) int32 {
	if r == nil {
		return 1
	}
	return *r
}
