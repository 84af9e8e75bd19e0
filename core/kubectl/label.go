package kubectl

import (
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/taints-playground/playground/core"
)

var labelFlags = []flagSpec{
	{name: "overwrite", bool: true},
	{name: "all", bool: true},
	{name: "selector", short: "l"},
	{name: "dry-run", noOpt: "unchanged"},
	{name: "output", short: "o"},
	{name: "field-manager"},
	{name: "list", bool: true},
	{name: "resource-version"},
	{name: "help", short: "h", bool: true},
}

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
	const cmd = "label"
	if nodes == nil {
		return "", plainError("no cluster")
	}
	p, msg := parseFlags(args, labelFlags)
	if msg != "" {
		return "", flagError(cmd, msg)
	}
	if p.boolean("help") {
		return "Usage:\n  kubectl label [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]\n", nil
	}
	output := p.str("output")
	dry, msg := dryRunStrategy(p)
	if msg != "" {
		return "", plainError(msg)
	}

	// cmdutil.GetResourcesAndPairs
	var resources, pairs []string
	foundPair := false
	for _, s := range p.positional {
		isPair := (strings.Contains(s, "=") && s[0] != '=') || (strings.HasSuffix(s, "-") && s != "-")
		switch {
		case isPair:
			foundPair = true
			pairs = append(pairs, s)
		case foundPair:
			return "", plainError("all resources must be specified before label changes: " + s)
		default:
			resources = append(resources, s)
		}
	}
	newLabels, removeLabels, err := parseLabels(pairs)
	if err != nil {
		return "", plainError(err.Error())
	}
	list := p.boolean("list")
	if list && output != "" {
		return "", plainError("--list and --output may not be specified together")
	}
	if _, msg := outputFormat(p); msg != "" {
		return "", plainError(msg)
	}
	all, selector := p.boolean("all"), p.str("selector")
	if all && selector != "" {
		return "", plainError("cannot set --all and --selector at the same time")
	}
	if len(resources) < 1 {
		return "", plainError("one or more resources must be specified as <resource> <name> or <resource>/<name>")
	}
	if len(newLabels) < 1 && len(removeLabels) < 1 && !list {
		return "", plainError("at least one label update is required")
	}

	// ResourceTypeOrNameArgs: "TYPE NAME..." or "TYPE/NAME...".
	var names []string
	if strings.Contains(resources[0], "/") {
		for _, r := range resources {
			typ, name, ok := strings.Cut(r, "/")
			if !ok {
				return "", plainError("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
			}
			if err := checkNodeType(typ); err != nil {
				return "", err
			}
			names = append(names, name)
		}
	} else {
		if err := checkNodeType(resources[0]); err != nil {
			return "", err
		}
		names = resources[1:]
		if len(names) == 0 && !all && selector == "" {
			return "", plainError("resource(s) were provided, but no name was specified")
		}
	}

	targets, errs, fatal := selectNodes(nodes, all, selector, names)
	if fatal != nil {
		return "", fatal
	}
	overwrite := p.boolean("overwrite")
	var out strings.Builder
	for _, n := range targets {
		c := copyNode(n)
		if list {
			// kubectl prints a header per object unless one object was named.
			indent := ""
			if all || selector != "" || len(names) != 1 {
				indent = " "
				out.WriteString("Listing labels for Node./" + c.Name + ":\n")
			}
			for _, k := range sortedKeys(c.Labels) {
				out.WriteString(indent + k + "=" + c.Labels[k] + "\n")
			}
			continue
		}
		oldSize := labelsJSONSize(n.Labels)
		if dry == dryRunNone {
			for _, k := range removeLabels {
				if _, ok := c.Labels[k]; !ok {
					out.WriteString("label " + strconv.Quote(k) + " not found.\n")
				}
			}
		}
		if !overwrite {
			var lerrs multiError
			for _, k := range sortedKeys(newLabels) {
				if v, found := c.Labels[k]; found {
					lerrs = append(lerrs, errors.New("'"+k+"' already has a value ("+v+"), and --overwrite is false"))
				}
			}
			if len(lerrs) > 0 {
				errs = append(errs, lerrs)
				continue
			}
		}
		if c.Labels == nil {
			c.Labels = map[string]string{}
		}
		for k, v := range newLabels {
			c.Labels[k] = v
		}
		for _, k := range removeLabels {
			delete(c.Labels, k)
		}
		// kubectl compares the object's JSON before and after: the server
		// omits empty labels, while the edited copy always carries them.
		newSize := len(`"labels":,`) + len(marshalLabels(c.Labels))
		changed := !sameLabels(n.Labels, c.Labels) || len(n.Labels) == 0
		word := "not labeled"
		if changed {
			word = "labeled"
			if !overwrite && newSize < oldSize {
				word = "unlabeled"
			}
		}
		if dry == dryRunNone {
			if verrs := validateLabels(c.Labels); len(verrs) > 0 {
				errs = append(errs, fail(core.KubectlInvalidMessage("Node", c.Name, verrs)))
				continue
			}
			if err := nodes.Update(c); err != nil {
				errs = append(errs, err)
				continue
			}
		}
		switch dry {
		case dryRunClient:
			word += " (dry run)"
		case dryRunServer:
			word += " (server dry run)"
		}
		out.WriteString(printObj(c.Name, word, output))
	}
	return out.String(), checkErr(errs)
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
	for _, k := range sortedKeys(labels) {
		for _, m := range core.IsQualifiedName(k) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "metadata.labels", BadValue: k, Detail: m})
		}
		for _, m := range core.IsValidLabelValue(labels[k]) {
			errs = append(errs, &core.FieldError{Type: core.ErrorTypeInvalid, Field: "metadata.labels", BadValue: labels[k], Detail: m})
		}
	}
	return errs
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
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
