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

// Delete runs `kubectl delete pod NAME… [-n NAMESPACE]` (also pod/NAME):
// `pod "NAME" deleted` per pod, stopping at the first that does not
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
	var kind string
	var names []string
	for _, a := range p.positional {
		switch {
		case kind == "" && strings.Contains(a, "/"):
			k, name, _ := strings.Cut(a, "/")
			if kk, _ := kindFor(k); kk != "Pod" {
				return "", plainError("the playground deletes pods only, not " + quote(k))
			}
			names = append(names, name)
		case kind == "":
			if kk, _ := kindFor(a); kk != "Pod" {
				return "", plainError("the playground deletes pods only, not " + quote(a))
			}
			kind = a
		default:
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		return "", plainError("resource(s) were provided, but no name was specified")
	}
	var out []string
	for _, name := range names {
		if err := c.DeletePod(ns, name); err != nil {
			return strings.Join(out, "\n"), fail(messageFor(err))
		}
		out = append(out, "pod "+quote(name)+" deleted")
	}
	return strings.Join(out, "\n"), nil
}
