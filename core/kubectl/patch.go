package kubectl

import (
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"
)

// Patch types of `kubectl patch --type` (patch.go patchTypes).
const (
	PatchJSON      = "json"
	PatchMerge     = "merge"
	PatchStrategic = "strategic"
)

var patchFlags = []flagSpec{
	{name: "patch", short: "p"},
	{name: "patch-file"},
	{name: "type"},
	{name: "local", bool: true},
	{name: "subresource"},
	{name: "dry-run", noOpt: "unchanged"},
	{name: "output", short: "o"},
	{name: "field-manager"},
	{name: "help", short: "h", bool: true},
}

// Patch runs `kubectl patch pod NAME -p PATCH [--type
// strategic|merge|json] [-n NAMESPACE]` (also pod/NAME) on a live pod
// (k8s.io/kubectl pkg/cmd/patch: Validate, RunPatch, patchOperation):
// the patch, YAML or JSON, is sent to the API server, which applies it
// and validates the result as a pod update. It prints "pod/NAME patched",
// or "pod/NAME patched (no change)" when the pod stayed the same.
func Patch(c Cluster, args []string) (string, error) {
	p, msg := parseFlags(args, patchFlags)
	if msg != "" {
		return "", flagError("patch", msg)
	}
	if p.boolean("help") {
		return "Usage:\n  kubectl patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE] [options]\n", nil
	}
	switch {
	case p.has("patch") && p.has("patch-file"):
		return "", plainError("cannot specify --patch and --patch-file together")
	case p.str("patch") == "" && p.str("patch-file") == "":
		return "", plainError("must specify --patch or --patch-file containing the contents of the patch")
	case p.has("patch-file"):
		return "", plainError("the playground has no files: give the patch with -p")
	case p.boolean("local") || p.has("subresource"):
		return "", plainError("the playground patches live pods only (no --local or --subresource)")
	}
	typ := strings.ToLower(p.str("type"))
	switch typ {
	case "":
		typ = PatchStrategic
	case PatchJSON, PatchMerge, PatchStrategic:
	default:
		return "", plainError("--type must be one of [json merge strategic], not " + strconv.Quote(p.str("type")))
	}
	output, bad := outputFormat(p)
	if bad != "" {
		return "", plainError(bad)
	}
	dry, bad := dryRunStrategy(p)
	if bad != "" {
		return "", plainError(bad)
	}
	name, err := patchTarget(p.positional)
	if err != nil {
		return "", err
	}
	body, err := yaml.YAMLToJSON([]byte(p.str("patch")))
	if err != nil {
		return "", plainError("unable to parse " + strconv.Quote(p.str("patch")) + ": " + err.Error())
	}
	ns := p.str("namespace")
	if ns == "" {
		ns = "default"
	}
	if dry == dryRunClient {
		return "", plainError("the playground does not patch with --dry-run=client (it has no local copy of the pod)")
	}
	changed, err := c.PatchPod(ns, name, typ, body, dry == dryRunServer)
	if err != nil {
		return "", fail(messageFor(err))
	}
	if output == "name" {
		return "pod/" + name, nil
	}
	out := "pod/" + name + " patched"
	if !changed {
		out += " (no change)"
	}
	if dry == dryRunServer {
		out += " (server dry run)"
	}
	return out, nil
}

// patchTarget reads "pod NAME" or "pod/NAME": one pod.
func patchTarget(args []string) (string, error) {
	var kind, name string
	switch {
	case len(args) == 1 && strings.Contains(args[0], "/"):
		kind, name, _ = strings.Cut(args[0], "/")
	case len(args) == 2:
		kind, name = args[0], args[1]
	case len(args) == 1:
		return "", plainError("resource(s) were provided, but no name was specified")
	default:
		return "", plainError("the playground patches one pod: kubectl patch pod NAME -p PATCH")
	}
	if k, _ := kindFor(kind); k != "Pod" {
		return "", plainError("the playground patches pods only, not " + quote(kind))
	}
	return name, nil
}
