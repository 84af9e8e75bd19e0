package kubectl

import (
	"errors"
	"strings"
)

// Apply runs `kubectl apply -f -` with the manifest on stdin: each object
// is created or updated, kinds in this order — Namespaces,
// PriorityClasses, PodDisruptionBudgets, Nodes, Deployments, ReplicaSets,
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
	apply := func(prefix, name string, obj any) {
		verb, err := c.Apply(obj)
		if err != nil {
			errs = append(errs, err.Error())
			return
		}
		lines = append(lines, prefix+name+" "+verb)
	}
	for _, o := range m.Namespaces {
		apply("namespace/", o.Name, o)
	}
	for _, o := range m.PriorityClasses {
		apply("priorityclass.scheduling.k8s.io/", o.Name, o)
	}
	for _, o := range m.PodDisruptionBudgets {
		apply("poddisruptionbudget.policy/", o.Name, o)
	}
	for _, o := range m.Nodes {
		apply("node/", o.Name, o)
	}
	for _, o := range m.Deployments {
		apply("deployment.apps/", o.Name, o)
	}
	for _, o := range m.ReplicaSets {
		apply("replicaset.apps/", o.Name, o)
	}
	for _, o := range m.DaemonSets {
		apply("daemonset.apps/", o.Name, o)
	}
	for _, o := range m.Pods {
		apply("pod/", o.Name, o)
	}
	if len(errs) > 0 {
		return strings.Join(lines, "\n"), fail(strings.Join(errs, "\n"))
	}
	return strings.Join(lines, "\n"), nil
}
