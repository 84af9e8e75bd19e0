package kubectl

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

var labelFlags = append(append([]flagSpec(nil), nodeWriteFlags...), []flagSpec{
	{name: "list", bool: true},
	{name: "resource-version"},
	{name: "help", short: "h", bool: true},
}...)

// Label runs `kubectl label` on nodes (k8s.io/kubectl pkg/cmd/label:
// Complete, parseLabels, Validate, RunLabel, labelFunc,
// updateDataChangeMsg). args are everything after "kubectl label":
// "nodes NAME... k=v k2- [--overwrite] [--all] [-l sel] [--dry-run=…]
// [-o name]", or "node/NAME" forms.
//
// Output per node is "node/<name> labeled", "node/<name> unlabeled" (the
// object got shorter without --overwrite) or "node/<name> not labeled"
// (nothing changed), preceded by `label "k" not found.` for each removal of
// a missing label. Errors use kubectl's texts, e.g.
// "error: 'k' already has a value (v), and --overwrite is false",
// "error: invalid label value: \"k=v v\": …", and, for a key the API server
// rejects, `The Node "n1" is invalid: metadata.labels: Invalid value: …`.
// Only nodes exist in the playground: other resource types fail with
// kubectl's "the server doesn't have a resource type" for unknown names and
// an explicit playground error for known non-node kinds.
func Label(nodes Nodes, args []string) (string, error) {
	p, help, err := parseNodeCommand(nodes, "label", "label [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version]", args, labelFlags)
	if err != nil || help != "" {
		return help, err
	}
	o, err := completeLabel(p)
	if err != nil {
		return "", err
	}
	targets, errs, fatal := selectNodes(nodes, o.all, o.selector, o.names)
	if fatal != nil {
		return "", fatal
	}
	var out strings.Builder
	for _, n := range targets {
		if o.list {
			o.listLabels(&out, n)
			continue
		}
		if err := o.labelNode(nodes, n, &out); err != nil {
			errs = append(errs, err)
		}
	}
	return out.String(), checkErr(errs)
}

// labelOptions is a `kubectl label` command line, completed and
// validated.
type labelOptions struct {
	output       string
	dry          dryRun
	list, all    bool
	overwrite    bool
	selector     string
	names        []string
	newLabels    map[string]string
	removeLabels []string
}

// completeLabel is kubectl label's Complete and Validate, in their order:
// the flags, the split of resources and label changes, then the resource
// arguments.
func completeLabel(p *parsedFlags) (*labelOptions, error) {
	o := &labelOptions{output: p.str("output"), list: p.boolean("list"), all: p.boolean("all"),
		overwrite: p.boolean("overwrite"), selector: p.str("selector")}
	var msg string
	if o.dry, msg = dryRunStrategy(p); msg != "" {
		return nil, plainError(msg)
	}
	resources, pairs, err := resourcesAndPairs(p.positional)
	if err != nil {
		return nil, err
	}
	if o.newLabels, o.removeLabels, err = parseLabels(pairs); err != nil {
		return nil, plainError(err.Error())
	}
	if o.list && o.output != "" {
		return nil, plainError("--list and --output may not be specified together")
	}
	if _, msg := outputFormat(p); msg != "" {
		return nil, plainError(msg)
	}
	if o.all && o.selector != "" {
		return nil, plainError("cannot set --all and --selector at the same time")
	}
	if len(resources) < 1 {
		return nil, plainError("one or more resources must be specified as <resource> <name> or <resource>/<name>")
	}
	if len(o.newLabels) < 1 && len(o.removeLabels) < 1 && !o.list {
		return nil, plainError("at least one label update is required")
	}
	if o.names, err = nodeNames(resources, o.all || o.selector != ""); err != nil {
		return nil, err
	}
	return o, nil
}

// resourcesAndPairs is cmdutil.GetResourcesAndPairs: resources first,
// then the label changes (k=v, k-).
func resourcesAndPairs(args []string) (resources, pairs []string, err error) {
	foundPair := false
	for _, s := range args {
		isPair := (strings.Contains(s, "=") && s[0] != '=') || (strings.HasSuffix(s, "-") && s != "-")
		switch {
		case isPair:
			foundPair = true
			pairs = append(pairs, s)
		case foundPair:
			return nil, nil, plainError("all resources must be specified before label changes: " + s)
		default:
			resources = append(resources, s)
		}
	}
	return resources, pairs, nil
}

// nodeNames reads the resource arguments (ResourceTypeOrNameArgs): "TYPE
// NAME..." or "TYPE/NAME...", nodes only; selecting says --all or a
// selector picks the nodes, so no name is needed.
func nodeNames(resources []string, selecting bool) ([]string, error) {
	if !strings.Contains(resources[0], "/") {
		if err := checkNodeType(resources[0]); err != nil {
			return nil, err
		}
		if len(resources) == 1 && !selecting {
			return nil, plainError("resource(s) were provided, but no name was specified")
		}
		return resources[1:], nil
	}
	var names []string
	for _, r := range resources {
		typ, name, ok := strings.Cut(r, "/")
		if !ok {
			return nil, plainError("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
		}
		if err := checkNodeType(typ); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	return names, nil
}

// listLabels is --list: the node's labels, with a header per object
// unless one object was named.
func (o *labelOptions) listLabels(out *strings.Builder, n *core.Node) {
	indent := ""
	if o.all || o.selector != "" || len(o.names) != 1 {
		indent = " "
		out.WriteString("Listing labels for Node./" + n.Name + ":\n")
	}
	for _, k := range slices.Sorted(maps.Keys(n.Labels)) {
		out.WriteString(indent + k + "=" + n.Labels[k] + "\n")
	}
}

// labelNode changes one node's labels, writes it (unless a dry run) and
// prints its line; the error is the node's failure.
func (o *labelOptions) labelNode(nodes Nodes, n *core.Node, out *strings.Builder) error {
	c := copyNode(n)
	oldSize := labelsJSONSize(n.Labels)
	if o.dry == dryRunNone {
		for _, k := range o.removeLabels {
			if _, ok := c.Labels[k]; !ok {
				out.WriteString("label " + strconv.Quote(k) + " not found.\n")
			}
		}
	}
	if !o.overwrite {
		var lerrs multiError
		for _, k := range slices.Sorted(maps.Keys(o.newLabels)) {
			if v, found := c.Labels[k]; found {
				lerrs = append(lerrs, errors.New("'"+k+"' already has a value ("+v+"), and --overwrite is false"))
			}
		}
		if len(lerrs) > 0 {
			return lerrs
		}
	}
	if c.Labels == nil {
		c.Labels = map[string]string{}
	}
	for k, v := range o.newLabels {
		c.Labels[k] = v
	}
	for _, k := range o.removeLabels {
		delete(c.Labels, k)
	}
	word := labelWord(n.Labels, c.Labels, oldSize, o.overwrite)
	if o.dry == dryRunNone {
		if verrs := validateLabels(c.Labels); len(verrs) > 0 {
			return fail(core.KubectlInvalidMessage("Node", c.Name, verrs))
		}
		if err := nodes.Update(c); err != nil {
			return err
		}
	}
	switch o.dry {
	case dryRunClient:
		word += " (dry run)"
	case dryRunServer:
		word += " (server dry run)"
	}
	out.WriteString(printObj(c.Name, word, o.output))
	return nil
}

// labelWord is what label prints for a node whose labels went from old
// (oldSize bytes of JSON) to now: kubectl compares the object's JSON
// before and after, and the server omits empty labels while the edited
// copy always carries them.
func labelWord(old, now map[string]string, oldSize int, overwrite bool) string {
	newSize := len(`"labels":,`) + len(marshalLabels(now))
	if sameLabels(old, now) && len(old) != 0 {
		return "not labeled"
	}
	if !overwrite && newSize < oldSize {
		return "unlabeled"
	}
	return "labeled"
}

func checkNodeType(typ string) error {
	kind, known := kindFor(typ)
	if !known {
		return noResourceType(strings.ToLower(typ))
	}
	if kind != "Node" {
		return plainError("the playground only simulates nodes; " + strings.ToLower(typ) + " cannot be labeled here")
	}
	return nil
}

// parseLabels mirrors kubectl label's parseLabels.
func parseLabels(spec []string) (map[string]string, []string, error) {
	labels := map[string]string{}
	var remove []string
	for _, s := range spec {
		switch {
		case strings.Contains(s, "="):
			parts := strings.Split(s, "=")
			if len(parts) != 2 {
				return nil, nil, errors.New("invalid label spec: " + s)
			}
			if ms := core.IsValidLabelValue(parts[1]); len(ms) != 0 {
				return nil, nil, errors.New("invalid label value: " + strconv.Quote(s) + ": " + strings.Join(ms, ";"))
			}
			labels[parts[0]] = parts[1]
		case strings.HasSuffix(s, "-"):
			remove = append(remove, s[:len(s)-1])
		default:
			return nil, nil, errors.New("unknown label spec: " + s)
		}
	}
	for _, r := range remove {
		if _, found := labels[r]; found {
			return nil, nil, errors.New("can not both modify and remove a label in the same command")
		}
	}
	return labels, remove, nil
}

// validateLabels is the API server's check of metadata.labels
// (apimachinery ValidateLabels), keys in sorted order.
func validateLabels(labels map[string]string) core.ErrorList {
	var errs core.ErrorList
	for _, k := range slices.Sorted(maps.Keys(labels)) {
		for _, m := range core.IsQualifiedName(k) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "metadata.labels", BadValue: k, Detail: m})
		}
		for _, m := range core.IsValidLabelValue(labels[k]) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "metadata.labels", BadValue: labels[k], Detail: m})
		}
	}
	return errs
}

func sameLabels(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// labelsJSONSize is the number of bytes the labels take in the object's
// JSON as the server returns it, which kubectl compares to choose "labeled"
// or "unlabeled"; the server omits an empty map.
func labelsJSONSize(m map[string]string) int {
	if len(m) == 0 {
		return 0
	}
	return len(`"labels":,`) + len(marshalLabels(m))
}

func marshalLabels(m map[string]string) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		return nil
	}
	return b
}
