package kubelet

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/store"
)

// Upstream's event for a container the kubelet stops
// (pkg/kubelet/events.KillingContainer; the message is
// kuberuntime's killContainer default, "Stopping container NAME").
const (
	ReasonKilling         = "Killing"
	StoppingMessagePrefix = "Stopping container "
)

// terminating is a pod deleted with a grace period (store.DeletePod): a
// live kubelet starts stopping its containers (the Killing event, once
// per container) and finishes the deletion when the grace period ends.
// The playground's containers ignore SIGTERM, so they use the whole
// period; upstream the pod goes as soon as its containers exit, and the
// kubelet's status manager deletes the object. A kubelet that is not
// there (node not Ready, stopped) leaves the pod Terminating until it
// returns (returned) or someone force-deletes it.
//
// A static pod's mirror is different: the kubelet does not stop the
// static pod; it replaces the mirror (mirrorGone).
func (k *Kubelet) terminating(p *store.Pod) {
	if !k.Alive(p.Node) {
		return
	}
	if IsMirrorPod(p.Object) {
		k.mirrorGone(p)
		return
	}
	k.kill(p)
	k.arm(p)
}

// Alive reports whether node's kubelet can stop containers and confirm
// it: the node exists, is Ready, and no step stopped its kubelet.
func (k *Kubelet) Alive(node string) bool {
	n := k.env.Store.Node(node)
	return n != nil && n.Ready() && !k.stopped[node]
}

// kill emits the Killing event of each of the pod's containers, the first
// time its kubelet stops them (kubeGenericRuntimeManager.killContainer,
// v1.37).
func (k *Kubelet) kill(p *store.Pod) {
	if k.killed[p] {
		return
	}
	k.killed[p] = true
	for _, c := range p.Object.Spec.Containers {
		k.env.Emit(Source, core.EventNormal, ReasonKilling, "pod/"+p.Ref(), StoppingMessagePrefix+c.Name)
	}
}

// arm sets the timer that finishes the pod's deletion at its grace
// period's end; a shortened period sets a new one and the old one finds
// the pod's GraceEnd changed and does nothing.
func (k *Kubelet) arm(p *store.Pod) {
	end := p.GraceEnd
	if at, ok := k.armed[p]; ok && at == end {
		return
	}
	k.armed[p] = end
	k.env.Clock.At(max(end, k.env.Now()), clock.Work, func() {
		if p.IsTerminating() && p.GraceEnd == end && k.Alive(p.Node) {
			k.finish(p)
		}
	})
}

// finish is the kubelet confirming the containers stopped: the status
// manager deletes the object (store.FinishTermination).
func (k *Kubelet) finish(p *store.Pod) {
	k.env.Store.FinishTermination(p, Source)
	k.env.Note("%s finished terminating on %s", p.Name(), p.Node)
}

// returned is node's kubelet back (Ready again, or started): it stops the
// containers of the pods deleted meanwhile and finishes those whose grace
// period is over at once, the others when it ends; it replaces the
// mirror pods deleted meanwhile.
func (k *Kubelet) returned(node string) {
	if !k.Alive(node) {
		return
	}
	for _, p := range k.env.Store.TerminatingOn(node) {
		if IsMirrorPod(p.Object) {
			k.mirrorGone(p)
			continue
		}
		k.kill(p)
		if p.GraceEnd <= k.env.Now() {
			k.finish(p)
			continue
		}
		k.arm(p)
	}
}

// Stop is a `node NAME stop` step: the kubelet stops, and Terminating
// pods on the node stay until it starts again.
func (k *Kubelet) Stop(node string) { k.stopped[node] = true }

// Resume is the node's kubelet posting again (`node NAME start`, `ready`,
// `not-ready`): when the node is Ready it finishes what it can
// (returned).
func (k *Kubelet) Resume(node string) {
	if !k.stopped[node] {
		return
	}
	delete(k.stopped, node)
	k.returned(node)
}
