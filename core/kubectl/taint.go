package kubectl

import (
	"errors"
	"strings"

	"github.com/taints-playground/playground/core"
)

var taintFlags = append(append([]flagSpec(nil), nodeWriteFlags...), []flagSpec{
	{name: "validate", noOpt: "strict"},
	{name: "allow-missing-template-keys", bool: true},
	{name: "show-managed-fields", bool: true},
	{name: "template"},
	{name: "help", short: "h", bool: true},
}...)

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
	p, help, err := parseNodeCommand(nodes, "taint", TaintUsage, args, taintFlags)
	if err != nil || help != "" {
		return help, err
	}
	o, err := completeTaint(p)
	if err != nil {
		return "", err
	}
	// As in kubectl's Complete, names reach the resource builder only when
	// neither --selector nor --all is set: with either, names are ignored
	// (so the builder's "name cannot be provided when a selector is
	// specified" never fires for taint).
	targets, errs, fatal := selectNodes(nodes, o.all, o.selector, o.resources[1:])
	if fatal != nil {
		return "", fatal
	}
	var out strings.Builder
	for _, n := range targets {
		if err := o.taintNode(nodes, n, &out); err != nil {
			errs = append(errs, err)
		}
	}
	return out.String(), checkErr(errs)
}

// taintOptions is a `kubectl taint` command line, completed and
// validated.
type taintOptions struct {
	dry              dryRun
	output, selector string
	all, overwrite   bool
	resources        []string
	add, remove      []core.Taint
}

// completeTaint is kubectl taint's Complete (resources first, then taint
// specs), then Validate (the resource type, add/remove conflicts, then
// the flags).
func completeTaint(p *parsedFlags) (*taintOptions, error) {
	o := &taintOptions{all: p.boolean("all"), selector: p.str("selector"), overwrite: p.boolean("overwrite")}
	var msg string
	if o.dry, msg = dryRunStrategy(p); msg != "" {
		return nil, plainError(msg)
	}
	if o.output, msg = outputFormat(p); msg != "" {
		return nil, plainError(msg)
	}
	var taintArgs []string
	var err error
	if o.resources, taintArgs, err = resourcesAndTaints(p.positional); err != nil {
		return nil, err
	}
	if len(o.resources) < 1 {
		return nil, plainError("one or more resources must be specified as <resource> <name>")
	}
	if len(taintArgs) < 1 {
		return nil, plainError("at least one taint update is required")
	}
	var perr error
	if o.add, o.remove, perr = ParseTaints(taintArgs); perr != nil {
		return nil, usageError("taint", perr.Error())
	}
	return o, o.validate()
}

// resourcesAndTaints splits the words: resources, then taint specs (any
// word with '=' or ':', or ending in '-').
func resourcesAndTaints(args []string) (resources, taints []string, err error) {
	metTaint := false
	for _, s := range args {
		isTaint := strings.Contains(s, "=") || strings.Contains(s, ":") || strings.HasSuffix(s, "-")
		switch {
		case isTaint:
			metTaint = true
			taints = append(taints, s)
		case metTaint:
			return nil, nil, plainError("all resources must be specified before taint changes: " + s)
		default:
			resources = append(resources, s)
		}
	}
	return resources, taints, nil
}

// validate is kubectl taint's Validate: nodes only, no taint both added
// and removed, and --all, -l or names to pick the nodes.
func (o *taintOptions) validate() error {
	resourceType := strings.ToLower(o.resources[0])
	kind, known := kindFor(resourceType)
	if !known {
		return noResourceType(resourceType)
	}
	if kind != "Node" {
		return plainError("invalid resource type " + resourceType + ", only node types are supported")
	}
	var conflicts []string
	for _, a := range o.add {
		for _, r := range o.remove {
			if a.Key == r.Key && (r.Effect == "" || a.Effect == r.Effect) {
				conflicts = append(conflicts, r.Key+"="+string(r.Effect))
			}
		}
	}
	if len(conflicts) > 0 {
		return plainError("can not both modify and remove the following taint(s) in the same command: " + strings.Join(conflicts, ", "))
	}
	if o.all && o.selector != "" {
		return plainError("setting 'all' parameter with a non empty selector is prohibited")
	}
	if !o.all && o.selector == "" && len(o.resources) < 2 {
		return plainError("at least one resource name must be specified since 'all' parameter is not set")
	}
	return nil
}

// taintNode changes one node's taints, writes it (unless a dry run) and
// prints its line; the error is the node's failure.
func (o *taintOptions) taintNode(nodes Nodes, n *core.Node, out *strings.Builder) error {
	c := copyNode(n)
	if !o.overwrite {
		if exists := CheckIfTaintsAlreadyExists(c.Spec.Taints, o.add); exists != "" {
			return errors.New("node " + c.Name + " already has " + exists + " taint(s) with same effect(s) and --overwrite is false")
		}
	}
	op, newTaints, err := ReorganizeTaints(c.Spec.Taints, o.overwrite, o.add, o.remove)
	if err != nil {
		return err
	}
	c.Spec.Taints = newTaints
	if o.dry == dryRunNone {
		if err := nodes.Update(c); err != nil {
			return err
		}
	}
	out.WriteString(printObj(c.Name, op, o.output))
	return nil
}
