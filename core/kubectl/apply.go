package kubectl

import (
	"errors"
	"strings"
)

// Apply runs `kubectl apply -f -` with the manifest on stdin: each object
// is created or updated, kinds in this order — Namespaces,
// PriorityClasses, RuntimeClasses, PodDisruptionBudgets, Nodes, Deployments, ReplicaSets,
// DaemonSets, Pods — each kind in document order, with kubectl's
// "kind/name created|configured|unchanged" lines. Objects the cluster
// refuses are reported together after the others are applied.
func Apply(c Cluster, args []string, stdin string) (string, error) {
	if len(args) != 2 || args[0] != "-f" || args[1] != "-" {
		return "", plainError("the playground applies only -f - (the step's manifest)")
	}
	if strings.TrimSpace(stdin) == "" {
		return "", plainError("no objects passed to apply")
	}
	m, err := c.Decode(stdin)
	if err != nil {
		var cmd *CommandError
		if errors.As(err, &cmd) {
			return "", cmd
		}
		return "", plainError("error parsing STDIN: " + err.Error())
	}
	var lines, errs []string
	for _, o := range m.objects() {
		verb, err := c.Apply(o.obj)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		lines = append(lines, o.resource+"/"+o.name+" "+verb)
	}
	if len(errs) > 0 {
		return strings.Join(lines, "\n"), fail(strings.Join(errs, "\n"))
	}
	return strings.Join(lines, "\n"), nil
}

// applied is one object of a manifest as apply reports it.
type applied struct {
	resource, name string
	obj            any
}

// objects lists the manifest's objects in the order apply takes them.
func (m *Manifest) objects() []applied {
	var out []applied
	out = appendObjects(out, "namespace", m.Namespaces)
	out = appendObjects(out, "priorityclass.scheduling.k8s.io", m.PriorityClasses)
	out = appendObjects(out, "runtimeclass.node.k8s.io", m.RuntimeClasses)
	out = appendObjects(out, "poddisruptionbudget.policy", m.PodDisruptionBudgets)
	out = appendObjects(out, "node", m.Nodes)
	out = appendObjects(out, "deployment.apps", m.Deployments)
	out = appendObjects(out, "replicaset.apps", m.ReplicaSets)
	out = appendObjects(out, "daemonset.apps", m.DaemonSets)
	return appendObjects(out, "pod", m.Pods)
}

func appendObjects[T interface{ GetName() string }](out []applied, resource string, list []T) []applied {
	for _, o := range list {
		out = append(out, applied{resource, o.GetName(), o})
	}
	return out
}
