package kubectl

import (
	"strconv"
	"strings"
)

// deleteFlags are kubectl delete's flags; all are accepted, and --now,
// --force and --grace-period set the deletion's grace period (pods are
// named one by one).
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
// delete node NAME…` (also pod/NAME, node/NAME): `pod "NAME" deleted from NAMESPACE
// namespace` or `node "NAME" deleted` (`force deleted` with grace 0) per
// object, stopping at the first that does not
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
	grace, warning, err := gracePeriod(p)
	if err != nil {
		return "", err
	}
	var out []string
	if warning != "" {
		out = append(out, warning)
	}
	verb := "deleted"
	var opt *int64
	if grace >= 0 {
		opt = &grace
	}
	if grace == 0 {
		verb = "force deleted"
	}
	for _, t := range targets {
		if t.kind == "Node" {
			d, ok := c.(NodeDeleter)
			if !ok {
				return strings.Join(out, "\n"), plainError("this cluster cannot delete nodes")
			}
			if err := d.DeleteNode(t.name); err != nil {
				return strings.Join(out, "\n"), fail(messageFor(err))
			}
			out = append(out, "node "+quote(t.name)+" "+verb)
			continue
		}
		if err := c.DeletePod(ns, t.name, opt); err != nil {
			return strings.Join(out, "\n"), fail(messageFor(err))
		}
		// PrintObj names a namespaced object's namespace (kubectl ≥ 1.34).
		out = append(out, "pod "+quote(t.name)+" "+verb+" from "+ns+" namespace")
	}
	return strings.Join(out, "\n"), nil
}

// ForceWarning is what kubectl delete --force --grace-period=0 prints.
const ForceWarning = "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely."

// gracePeriod is the grace period kubectl delete asks for (-1: the pod's
// own) and its warning, with kubectl's rules (DeleteOptions.Complete and
// Validate, k8s.io/kubectl v0.37.2 pkg/cmd/delete): --now is 1 s;
// --grace-period=0 without --force becomes 1 s; --force alone is 0;
// --force with 0 warns; --force with a positive period is an error.
func gracePeriod(p *parsedFlags) (int64, string, error) {
	grace := int64(-1)
	if p.has("grace-period") {
		v, err := strconv.ParseInt(p.str("grace-period"), 0, 64)
		if err != nil {
			return 0, "", flagError("delete", "invalid argument "+quote(p.str("grace-period"))+" for \"--grace-period\" flag: "+err.Error())
		}
		grace = v
	}
	force := p.boolean("force")
	if p.boolean("now") {
		if grace != -1 {
			return 0, "", plainError("--now and --grace-period cannot be specified together")
		}
		grace = 1
	}
	if grace == 0 && !force {
		grace = 1
	}
	if force && grace < 0 {
		grace = 0
	}
	switch {
	case grace == 0 && force:
		return 0, ForceWarning, nil
	case grace > 0 && force:
		return 0, "", plainError("--force and --grace-period greater than 0 cannot be specified together")
	}
	return grace, "", nil
}

// deletable is the kind of a resource word kubectl delete accepts here:
// Pod or Node.
func deletable(resource string) (string, error) {
	if k, _ := kindFor(resource); k == "Pod" || k == "Node" {
		return k, nil
	}
	return "", plainError("the playground deletes pods and nodes only, not " + quote(resource))
}
