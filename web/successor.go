package web

import (
	"strings"

	"github.com/taints-playground/playground/core/sim"
)

// SuccessorOf is the controller whose pods replace a pod when "Fix it"
// changed target — scenario.AddTolerations's "Deployment default/web (pod
// template)" — as ViewQuery.Successor wants it ("Deployment default/web");
// "" for a bare pod's own manifest ("Pod default/p"), which keeps its name.
func SuccessorOf(target string) string {
	f := strings.Fields(target)
	if len(f) < 2 {
		return ""
	}
	switch f[0] {
	case "Deployment", "ReplicaSet", "DaemonSet", "StatefulSet", "Job":
		return f[0] + " " + f[1]
	}
	return ""
}

// ControlledBy reports whether controller ("Kind namespace/name", see
// ViewQuery.Successor) made pod p: p's controller (sim.PodState.Owner,
// "Kind/name") is it, or, for a Deployment, one of its ReplicaSets, which
// the Deployment controller names NAME-<pod-template-hash>.
func ControlledBy(p *sim.PodState, controller string) bool {
	kind, ref, ok := strings.Cut(controller, " ")
	if !ok || p == nil {
		return false
	}
	ns, name, ok := strings.Cut(ref, "/")
	if !ok || ns != podNamespace(p) {
		return false
	}
	okind, oname, ok := strings.Cut(p.Owner, "/")
	if !ok {
		return false
	}
	if kind == "Deployment" {
		hash, ok := strings.CutPrefix(oname, name+"-")
		return okind == "ReplicaSet" && ok && hash != "" && !strings.Contains(hash, "-")
	}
	return okind == kind && oname == name
}

// podNamespace is p's namespace ("default" when unset).
func podNamespace(p *sim.PodState) string {
	ns, _, _ := strings.Cut(PodKey(p), "/")
	return ns
}
