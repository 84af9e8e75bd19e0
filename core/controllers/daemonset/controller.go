package daemonset

import "github.com/taints-playground/playground/core"

// Event reasons of the DaemonSet controller (with the ReplicaSet
// controller's texts: "Created pod: NAME", "Deleted pod: NAME").
const (
	ReasonSuccessfulCreate = "SuccessfulCreate"
	ReasonSuccessfulDelete = "SuccessfulDelete"
	ControllerName         = "daemonset-controller"
)

// TemplatePod is the DaemonSet's pod template as a Pod in its namespace,
// owned by it (controller ownerReference), for NodeShouldRunDaemonPod and
// NewDaemonPod. The spec is a deep copy.
func TemplatePod(ds *core.DaemonSet) *core.Pod {
	p := &core.Pod{TypeMeta: core.TypeMeta{APIVersion: "v1", Kind: "Pod"}}
	p.Namespace = ds.Namespace
	p.GenerateName = ds.Name + "-"
	t := ds.Spec.Template.DeepCopy()
	p.Labels, p.Annotations, p.Spec = t.Labels, t.Annotations, t.Spec
	yes := true
	p.OwnerReferences = []core.OwnerReference{{APIVersion: "apps/v1", Kind: "DaemonSet", Name: ds.Name, UID: ds.UID, Controller: &yes}}
	return p
}

// IsControlledBy reports whether the pod's controller is the DaemonSet.
func IsControlledBy(p *core.Pod, ds *core.DaemonSet) bool {
	if p.Namespace != ds.Namespace {
		return false
	}
	for _, o := range p.OwnerReferences {
		if o.Kind == "DaemonSet" && o.Name == ds.Name && (o.Controller == nil || *o.Controller) {
			return true
		}
	}
	return false
}

// Plan is one sync of the DaemonSet (manage): for each node in order,
// create a daemon pod where NodeShouldRunDaemonPod says shouldRun and none
// runs (has[node] false); delete the running one where
// shouldContinueRunning is false.
func Plan(nodes []*core.Node, template *core.Pod, has map[string]bool, gate bool) (create, remove []string) {
	for _, n := range nodes {
		run, cont := NodeShouldRunDaemonPod(n, template, gate)
		switch {
		case run && !has[n.Name]:
			create = append(create, n.Name)
		case !cont && has[n.Name]:
			remove = append(remove, n.Name)
		}
	}
	return create, remove
}
