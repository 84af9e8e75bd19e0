package kubectl

import (
	"errors"
	"strings"
)

var taintFlags = []flagSpec{
	{name: "overwrite", bool: true},
	{name: "all", bool: true},
	{name: "selector", short: "l"},
	{name: "dry-run", noOpt: "unchanged"},
	{name: "output", short: "o"},
	{name: "field-manager"},
	{name: "validate", noOpt: "strict"},
	{name: "allow-missing-template-keys", bool: true},
	{name: "show-managed-fields", bool: true},
	{name: "template"},
	{name: "help", short: "h", bool: true},
}

// TaintUsage is the usage line of `kubectl taint` (NewCmdTaint's Use).
const TaintUsage = "taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N"

// Taint runs `kubectl taint` (k8s.io/kubectl pkg/cmd/taint: Complete,
// Validate, validateFlags, RunTaint, updateTaints) with args being
// everything after "kubectl taint". Flags: --overwrite, --all,
// -l/--selector, --dry-run[=client|server|none], -o name, --field-manager.
//
// stdout holds one "node/<name> <tainted|untainted|modified>" line per node
// updated. err is a *CommandError whose text is exactly kubectl's stderr:
// plain errors with "error: ", parse errors with the
// "\nSee 'kubectl taint -h' for help and examples" hint, API errors as
// `Error from server (NotFound): nodes "x" not found`. Nodes are processed
// independently (kubectl's ContinueOnError): a failing node is not written,
// the others are, and stdout is returned along with the error. Each written
// node is one nodes.Update call; --dry-run writes nothing and prints the
// same word without "(dry run)", as kubectl does.
func Taint(nodes Nodes, args []string) (stdout string, err error) {
	const cmd = "taint"
	if nodes == nil {
		return "", plainError("no cluster")
	}
	p, msg := parseFlags(args, taintFlags)
	if msg != "" {
		return "", flagError(cmd, msg)
	}
	if p.boolean("help") {
		return "Usage:\n  kubectl " + TaintUsage + " [options]\n", nil
	}
	dry, msg := dryRunStrategy(p)
	if msg != "" {
		return "", plainError(msg)
	}
	output, msg := outputFormat(p)
	if msg != "" {
		return "", plainError(msg)
	}

	// Complete: resources first, then taint specs.
	var resources, taintArgs []string
	metTaint := false
	for _, s := range p.positional {
		isTaint := strings.Contains(s, "=") || strings.Contains(s, ":") || strings.HasSuffix(s, "-")
		switch {
		case isTaint:
			metTaint = true
			taintArgs = append(taintArgs, s)
		case metTaint:
			return "", plainError("all resources must be specified before taint changes: " + s)
		default:
			resources = append(resources, s)
		}
	}
	if len(resources) < 1 {
		return "", plainError("one or more resources must be specified as <resource> <name>")
	}
	if len(taintArgs) < 1 {
		return "", plainError("at least one taint update is required")
	}
	add, remove, perr := ParseTaints(taintArgs)
	if perr != nil {
		return "", usageError(cmd, perr.Error())
	}

	// Validate: the resource type, add/remove conflicts, then the flags.
	resourceType := strings.ToLower(resources[0])
	kind, known := kindFor(resourceType)
	if !known {
		return "", noResourceType(resourceType)
	}
	if kind != "Node" {
		return "", plainError("invalid resource type " + resourceType + ", only node types are supported")
	}
	var conflicts []string
	for _, a := range add {
		for _, r := range remove {
			if a.Key != r.Key {
				continue
			}
			if r.Effect == "" || a.Effect == r.Effect {
				conflicts = append(conflicts, r.Key+"="+string(r.Effect))
			}
		}
	}
	if len(conflicts) > 0 {
		return "", plainError("can not both modify and remove the following taint(s) in the same command: " + strings.Join(conflicts, ", "))
	}
	all, selector := p.boolean("all"), p.str("selector")
	if all && selector != "" {
		return "", plainError("setting 'all' parameter with a non empty selector is prohibited")
	}
	if !all && selector == "" && len(resources) < 2 {
		return "", plainError("at least one resource name must be specified since 'all' parameter is not set")
	}

	// As in kubectl's Complete, names reach the resource builder only when
	// neither --selector nor --all is set: with either, names are ignored
	// (so the builder's "name cannot be provided when a selector is
	// specified" never fires for taint).
	targets, errs, fatal := selectNodes(nodes, all, selector, resources[1:])
	if fatal != nil {
		return "", fatal
	}
	overwrite := p.boolean("overwrite")
	var out strings.Builder
	for _, n := range targets {
		c := copyNode(n)
		if !overwrite {
			if exists := CheckIfTaintsAlreadyExists(c.Spec.Taints, add); exists != "" {
				errs = append(errs, errors.New("node "+c.Name+" already has "+exists+" taint(s) with same effect(s) and --overwrite is false"))
				continue
			}
		}
		op, newTaints, rerr := ReorganizeTaints(c.Spec.Taints, overwrite, add, remove)
		if rerr != nil {
			errs = append(errs, rerr)
			continue
		}
		c.Spec.Taints = newTaints
		if dry == dryRunNone {
			if uerr := nodes.Update(c); uerr != nil {
				errs = append(errs, uerr)
				continue
			}
		}
		out.WriteString(printObj(c.Name, op, output))
	}
	return out.String(), checkErr(errs)
}
