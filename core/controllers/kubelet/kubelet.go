// Package kubelet is the part of each node's kubelet the playground
// simulates: registering the node, admitting the pods bound to it
// (pkg/kubelet/lifecycle: the eviction manager's pressure check, then the
// resource and NoExecute-taint predicates), starting the pods that name
// the node in spec.nodeName, reporting node conditions, and finishing the
// deletion of pods it was not there to stop (Terminating until it
// returns). One Kubelet stands for the kubelets of every node. Start with
// New.
package kubelet

import (
	"fmt"
	"sort"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/controllers/nodelifecycle"
	"github.com/taints-playground/playground/core/store"
)

// Source is the kubelet's event source.
const Source = "kubelet"

// DefaultAllocatable is what a node gets when its manifest lists neither
// status.allocatable nor status.capacity (a real kubelet always reports
// them): 4 CPUs, 16Gi of memory, 110 pods.
var DefaultAllocatable = map[core.ResourceName]string{core.ResourceCPU: "4", core.ResourceMemory: "16Gi", core.ResourcePods: "110"}

// Kubelet is the kubelets of the simulated nodes.
type Kubelet struct {
	env     *controllers.Env
	started bool
}

// New starts the kubelets: they watch pods bound to their node and their
// node's conditions and spec. Register it before the taint-eviction
// controller, which looks at a newly bound pod after admission.
func New(env *controllers.Env) *Kubelet {
	k := &Kubelet{env: env}
	env.Store.WatchPods(k.podChanged)
	env.Store.WatchNodes(k.nodeChanged)
	return k
}

// Register fills in what a kubelet reports of a node it registers:
// allocatable (a copy of capacity when only capacity is given,
// DefaultAllocatable when neither is, pods 110 when pods is missing) and a
// Ready condition (Ready=True when the manifest has none). n is a node
// not stored yet.
func Register(n *core.Node) {
	if len(n.Status.Allocatable) == 0 {
		n.Status.Allocatable = core.ResourceList{}
		for k, v := range n.Status.Capacity {
			n.Status.Allocatable[k] = v
		}
		if len(n.Status.Capacity) == 0 {
			for k, v := range DefaultAllocatable {
				n.Status.Allocatable[k] = core.MustParseQuantity(v)
			}
		}
	}
	if _, ok := n.Status.Allocatable[core.ResourcePods]; !ok {
		n.Status.Allocatable[core.ResourcePods] = core.MustParseQuantity("110")
	}
	if n.Condition(core.NodeReady) == nil {
		n.Status.Conditions = append(n.Status.Conditions, core.NodeCondition{Type: core.NodeReady, Status: core.ConditionTrue, Reason: "KubeletReady", Message: "kubelet is posting ready status"})
	}
}

// Start is the kubelets' first list of pods: those that name their node
// in spec.nodeName start, in creation order (as the simulator always did,
// a pod admission refused is among them).
func (k *Kubelet) Start() {
	k.started = true
	for _, p := range k.env.Store.Pods() {
		if p.Direct && !p.Reserved {
			k.BindDirect(p)
		}
	}
}

// BindDirect starts a pod created with spec.nodeName: no scheduler, only
// the kubelet's admission (which runs as the binding is stored). A pod
// whose node does not exist stays Pending (Missing).
func (k *Kubelet) BindDirect(p *store.Pod) {
	name := p.Object.Spec.NodeName
	if k.env.Store.Node(name) == nil {
		k.env.Store.UpdatePod(p, Source, func(p *store.Pod) { p.Missing = true })
		k.env.Note("%s stays Pending: spec.nodeName %q names no node, and the scheduler ignores pods that set spec.nodeName", p.Name(), name)
		return
	}
	k.env.Note("%s bound to %s by spec.nodeName (no scheduler)", p.Name(), name)
	now := k.env.Now()
	k.env.Store.UpdatePod(p, Source, func(p *store.Pod) {
		p.Missing = false
		p.Node, p.Phase, p.ScheduledAt = name, store.PhaseRunning, &now
	})
}

// NodeJoined is a node's kubelet starting: it runs the pods waiting for
// it (spec.nodeName named it before it existed).
func (k *Kubelet) NodeJoined(name string) {
	for _, p := range k.env.Store.Pods() {
		if p.Missing && !p.Deleted && !p.Reserved && p.Object.Spec.NodeName == name {
			k.BindDirect(p)
		}
	}
}

// podChanged starts a new pod that names its node, admits a pod just
// bound to a node, and marks a pod removed
// from a node that is not Ready as Terminating.
func (k *Kubelet) podChanged(ev store.PodEvent) {
	was, is := &ev.Old, &ev.New
	if ev.Created && k.started && is.Direct && !is.Deleted {
		k.BindDirect(ev.Pod)
		return
	}
	if is.Node != "" && was.Node == "" && is.Phase == store.PhaseRunning {
		k.admit(ev.Pod)
	}
	if store.LeftNode(was, is) {
		k.removed(ev.Pod)
	}
}

// removed is a pod leaving its node (deleted, evicted, preempted): when
// the node is not Ready nobody can confirm the containers stopped, so the
// object stays Terminating until the kubelet returns (or a force delete).
// The kubelet's own rejections are excluded: it is there to finish them.
func (k *Kubelet) removed(p *store.Pod) {
	if p.Node == "" || p.StatusReason != "" || k.env.Store.Node(p.Node).Ready() {
		return
	}
	k.env.Store.UpdatePod(p, Source, func(p *store.Pod) { p.Terminating = true })
}

// nodeChanged reports spec.unschedulable changes (NodeSchedulable /
// NodeNotSchedulable) and finishes the deletions pending on a node whose
// Ready condition turned True (its kubelet is back).
func (k *Kubelet) nodeChanged(ev store.NodeEvent) {
	if ev.Old == nil {
		return
	}
	for _, c := range ev.New.Status.Conditions {
		if c.Type != core.NodeReady || c.Status != core.ConditionTrue {
			continue
		}
		if b := ev.Old.Condition(c.Type); b == nil || b.Status != c.Status {
			k.returned(ev.New.Name)
		}
	}
	if ev.Old.Spec.Unschedulable != ev.New.Spec.Unschedulable {
		status := "NodeSchedulable"
		if ev.New.Spec.Unschedulable {
			status = "NodeNotSchedulable"
		}
		k.env.Emit(Source, core.EventNormal, status, "node/"+ev.New.Name, fmt.Sprintf("Node %s status is now: %s", ev.New.Name, status))
	}
}

// returned finishes the deletions pending on node.
func (k *Kubelet) returned(node string) {
	for _, p := range k.env.Store.BoundTo(node) {
		if p.Terminating && p.Node == node {
			k.env.Store.UpdatePod(p, Source, func(p *store.Pod) { p.Terminating = false })
		}
	}
}

// ReportConditions is the kubelet posting its node's status: set changes
// a copy of the node (its conditions), which is stored, with the
// NodeReady / NodeNotReady event when readiness changed.
func (k *Kubelet) ReportConditions(name string, set func(n *core.Node)) (before, after *core.Node) {
	before = k.env.Store.Node(name)
	after = before.DeepCopy()
	set(after)
	k.env.Store.UpdateNode(after)
	nodelifecycle.ReadyEvent(k.env, before, after)
	return before, after
}

// PressureEvent emits the kubelet's pressure event when a pressure
// condition turns True or stops being True.
func (k *Kubelet) PressureEvent(before, after *core.Node, t core.NodeConditionType) {
	names := map[core.NodeConditionType][2]string{
		core.NodeMemoryPressure: {"NodeHasInsufficientMemory", "NodeHasSufficientMemory"},
		core.NodeDiskPressure:   {"NodeHasDiskPressure", "NodeHasNoDiskPressure"},
		core.NodePIDPressure:    {"NodeHasInsufficientPID", "NodeHasSufficientPID"},
	}
	pair, ok := names[t]
	if !ok {
		return
	}
	was, now := before.Condition(t), after.Condition(t)
	wasOn := was != nil && was.Status == core.ConditionTrue
	isOn := now != nil && now.Status == core.ConditionTrue
	if wasOn == isOn {
		return
	}
	status := pair[1]
	if isOn {
		status = pair[0]
	}
	k.env.Emit(Source, core.EventNormal, status, "node/"+after.Name, fmt.Sprintf("Node %s status is now: %s", after.Name, status))
}

// sortedExtended lists the request's extended resources by name.
func sortedExtended(req map[core.ResourceName]int64) []core.ResourceName {
	var extended []string
	for name := range req {
		switch name {
		case core.ResourcePods, core.ResourceCPU, core.ResourceMemory, core.ResourceEphemeralStorage:
		default:
			extended = append(extended, string(name))
		}
	}
	sort.Strings(extended)
	out := make([]core.ResourceName, len(extended))
	for i, e := range extended {
		out[i] = core.ResourceName(e)
	}
	return out
}

// critical reports whether the pod is critical: the kubelet admits it
// whatever its node's pressure.
func critical(p *store.Pod) bool { return admission.Critical(p.Priority) }
