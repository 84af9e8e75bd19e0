package kubectl

import (
	"strings"

	"github.com/taints-playground/playground/core"
)

// kindFor maps a resource argument (lower-cased, as kubectl does) to its
// kind, for the core resource names, short names and group-qualified
// names kubectl's discovery knows: the one alias table of every command
// (and of the scenario's step grammar, through Kind). ok is false for
// names the server would not know.
func kindFor(resource string) (kind string, ok bool) {
	switch strings.ToLower(resource) {
	case "node", "nodes", "no":
		return "Node", true
	case "pod", "pods", "po":
		return "Pod", true
	case "service", "services", "svc":
		return "Service", true
	case "deployment", "deployments", "deploy", "deployment.apps", "deployments.apps":
		return "Deployment", true
	case "replicaset", "replicasets", "rs", "replicaset.apps", "replicasets.apps":
		return "ReplicaSet", true
	case "daemonset", "daemonsets", "ds", "daemonset.apps", "daemonsets.apps":
		return "DaemonSet", true
	case "statefulset", "statefulsets", "sts":
		return "StatefulSet", true
	case "job", "jobs":
		return "Job", true
	case "cronjob", "cronjobs", "cj":
		return "CronJob", true
	case "namespace", "namespaces", "ns":
		return "Namespace", true
	case "configmap", "configmaps", "cm":
		return "ConfigMap", true
	case "secret", "secrets":
		return "Secret", true
	case "event", "events", "ev":
		return "Event", true
	case "runtimeclass", "runtimeclasses":
		return "RuntimeClass", true
	case "priorityclass", "priorityclasses", "pc":
		return "PriorityClass", true
	case "persistentvolume", "persistentvolumes", "pv":
		return "PersistentVolume", true
	case "persistentvolumeclaim", "persistentvolumeclaims", "pvc":
		return "PersistentVolumeClaim", true
	case "serviceaccount", "serviceaccounts", "sa":
		return "ServiceAccount", true
	case "poddisruptionbudget", "poddisruptionbudgets", "pdb":
		return "PodDisruptionBudget", true
	}
	return "", false
}

// Kind is kindFor for other packages: the kind a resource argument names
// ("Pod" for pod, pods, po, Pod …), "" when the server would not know it.
func Kind(resource string) string {
	k, _ := kindFor(resource)
	return k
}

// noResourceType is kubectl's message for a resource type discovery does
// not know (meta.NoResourceMatchError); kubectl prints it without "error: ".
func noResourceType(resource string) error {
	return fail("the server doesn't have a resource type \"" + resource + "\"")
}

// copyNode returns a copy of n whose labels, annotations and taints can be
// changed without touching the stored node.
func copyNode(n *core.Node) *core.Node {
	c := *n
	if n.Labels != nil {
		c.Labels = make(map[string]string, len(n.Labels))
		for k, v := range n.Labels {
			c.Labels[k] = v
		}
	}
	if n.Annotations != nil {
		c.Annotations = make(map[string]string, len(n.Annotations))
		for k, v := range n.Annotations {
			c.Annotations[k] = v
		}
	}
	if n.Spec.Taints != nil {
		c.Spec.Taints = append([]core.Taint{}, n.Spec.Taints...)
	}
	return &c
}

// selectNodes returns the nodes a command operates on: all of them, those
// matching the selector, or the named ones in argument order (a missing
// name gives a NotFound error in errs and is skipped).
func selectNodes(nodes Nodes, all bool, selector string, names []string) (out []*core.Node, errs []error, fatal error) {
	switch {
	case all:
		for _, n := range nodes.List() {
			if n != nil {
				out = append(out, n)
			}
		}
		if selector == "" {
			return out, nil, nil
		}
		fallthrough
	case selector != "":
		sel, err := ParseSelector(strings.TrimSpace(selector))
		if err != nil {
			return nil, nil, listError("nodes", strings.TrimSpace(selector), "", err)
		}
		var pool []*core.Node
		if all {
			pool = out
		} else {
			pool = nodes.List()
		}
		out = nil
		for _, n := range pool {
			if n != nil && sel.Matches(n.Labels) {
				out = append(out, n)
			}
		}
		return out, nil, nil
	}
	for _, name := range names {
		n, ok := nodes.Get(name)
		if !ok || n == nil {
			errs = append(errs, notFound(name))
			continue
		}
		out = append(out, n)
	}
	return out, errs, nil
}

func printObj(name, operation, output string) string {
	if output == "name" {
		return "node/" + name + "\n"
	}
	return "node/" + name + " " + operation + "\n"
}
