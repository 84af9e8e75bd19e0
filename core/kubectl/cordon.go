package kubectl

import "strings"

var cordonFlags = []flagSpec{
	{name: "selector", short: "l"},
	{name: "dry-run", noOpt: "unchanged"},
	{name: "output", short: "o"},
	{name: "help", short: "h", bool: true},
}

// Cordon runs `kubectl cordon NODE...` (k8s.io/kubectl pkg/cmd/drain
// NewCmdCordon: DrainCmdOptions.Complete and RunCordonOrUncordon): it sets
// spec.unschedulable on each named node (or every node matching -l) and
// prints "node/<name> cordoned", or "node/<name> already cordoned" without a
// write when it already was. --dry-run=client|server appends " (dry run)" /
// " (server dry run)" and writes nothing. Every node is looked up before any
// is changed, so an unknown name fails the whole command with
// `Error from server (NotFound): nodes "x" not found`. With no name and no
// selector the error is kubectl's usage error
// "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples".
func Cordon(nodes Nodes, args []string) (string, error) {
	return cordonOrUncordon(nodes, args, true)
}

// Uncordon runs `kubectl uncordon NODE...`: like Cordon with
// spec.unschedulable cleared; prints "node/<name> uncordoned" or
// "node/<name> already uncordoned".
func Uncordon(nodes Nodes, args []string) (string, error) {
	return cordonOrUncordon(nodes, args, false)
}

func cordonOrUncordon(nodes Nodes, args []string, desired bool) (string, error) {
	cmd := "cordon"
	if !desired {
		cmd = "uncordon"
	}
	p, help, err := parseNodeCommand(nodes, cmd, cmd+" NODE", args, cordonFlags)
	if err != nil || help != "" {
		return help, err
	}
	selector := p.str("selector")
	if len(p.positional) == 0 && !p.has("selector") {
		return "", usageError(cmd, "USAGE: "+cmd+" NODE [flags]")
	}
	if len(p.positional) > 0 && selector != "" {
		return "", usageError(cmd, "error: cannot specify both a node name and a --selector option")
	}
	dry, msg := dryRunStrategy(p)
	if msg != "" {
		return "", plainError(msg)
	}
	output, msg := outputFormat(p)
	if msg != "" {
		return "", plainError(msg)
	}
	targets, errs, fatal := selectNodes(nodes, false, selector, p.positional)
	if fatal != nil {
		return "", fatal
	}
	if len(errs) > 0 {
		// The builder is not ContinueOnError here: the first failure aborts.
		return "", checkErr(errs[:1])
	}
	suffix := ""
	switch dry {
	case dryRunClient:
		suffix = " (dry run)"
	case dryRunServer:
		suffix = " (server dry run)"
	}
	var out strings.Builder
	var errOut []string
	for _, n := range targets {
		if n.Spec.Unschedulable == desired {
			out.WriteString(printObj(n.Name, "already "+cmd+"ed"+suffix, output))
			continue
		}
		if dry == dryRunNone {
			c := copyNode(n)
			c.Spec.Unschedulable = desired
			if err := nodes.Update(c); err != nil {
				// kubectl prints this and carries on with the next node.
				errOut = append(errOut, "error: unable to "+cmd+" node \""+n.Name+"\": "+err.Error())
				continue
			}
		}
		out.WriteString(printObj(n.Name, cmd+"ed"+suffix, output))
	}
	if len(errOut) > 0 {
		return out.String(), fail(strings.Join(errOut, "\n"))
	}
	return out.String(), nil
}
