package kubectl

import "strings"

// deleteFlags are kubectl delete's flags; all are accepted and none
// changes what the playground does (deletion takes no virtual time and
// pods are named one by one).
var deleteFlags = []flagSpec{
	{name: "now", bool: true},
	{name: "force", bool: true},
	{name: "grace-period"},
	{name: "wait", bool: true},
	{name: "ignore-not-found", bool: true},
	{name: "cascade", noOpt: "background"},
	{name: "timeout"},
	{name: "output", short: "o"},
	{name: "dry-run", noOpt: "unchanged"},
	{name: "help", short: "h", bool: true},
}

// NodeDeleter is a cluster that deletes nodes (the simulated cluster;
// a Cluster without it refuses `kubectl delete node`).
type NodeDeleter interface {
	// DeleteNode deletes the node called name.
	DeleteNode(name string) error
}

// Delete runs `kubectl delete pod NAME… [-n NAMESPACE]` and `kubectl
// delete node NAME…` (also pod/NAME, node/NAME): `pod "NAME" deleted` or
// `node "NAME" deleted` per object, stopping at the first that does not
// exist.
func Delete(c Cluster, args []string) (string, error) {
	p, msg := parseFlags(args, deleteFlags)
	if msg != "" {
		return "", flagError("delete", msg)
	}
	ns := p.str("namespace")
	if ns == "" {
		ns = "default"
	}
	type target struct{ kind, name string }
	var kind string
	var targets []target
	for _, a := range p.positional {
		switch {
		case kind == "" && strings.Contains(a, "/"):
			k, name, _ := strings.Cut(a, "/")
			kk, err := deletable(k)
			if err != nil {
				return "", err
			}
			targets = append(targets, target{kk, name})
		case kind == "":
			kk, err := deletable(a)
			if err != nil {
				return "", err
			}
			kind = kk
		default:
			targets = append(targets, target{kind, a})
		}
	}
	if len(targets) == 0 {
		return "", plainError("resource(s) were provided, but no name was specified")
	}
	var out []string
	for _, t := range targets {
		if t.kind == "Node" {
			d, ok := c.(NodeDeleter)
			if !ok {
				return strings.Join(out, "\n"), plainError("this cluster cannot delete nodes")
			}
			if err := d.DeleteNode(t.name); err != nil {
				return strings.Join(out, "\n"), fail(messageFor(err))
			}
			out = append(out, "node "+quote(t.name)+" deleted")
			continue
		}
		if err := c.DeletePod(ns, t.name); err != nil {
			return strings.Join(out, "\n"), fail(messageFor(err))
		}
		out = append(out, "pod "+quote(t.name)+" deleted")
	}
	return strings.Join(out, "\n"), nil
}

// deletable is the kind of a resource word kubectl delete accepts here:
// Pod or Node.
func deletable(resource string) (string, error) {
	if k, _ := kindFor(resource); k == "Pod" || k == "Node" {
		return k, nil
	}
	return "", plainError("the playground deletes pods and nodes only, not " + quote(resource))
}
