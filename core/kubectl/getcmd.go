package kubectl

import (
	"sort"
	"strings"

	"github.com/taints-playground/playground/core"
)

// getFlags are the flags of kubectl get the playground reads.
var getFlags = []flagSpec{
	{name: "output", short: "o"},
	{name: "all-namespaces", short: "A", bool: true},
	{name: "selector", short: "l"},
	{name: "field-selector"},
	{name: "no-headers", bool: true},
	{name: "help", short: "h", bool: true},
}

// getRequest is one kubectl get: what to list and how to print it.
type getRequest struct {
	kind      string // Pod, Node or Event
	names     []string
	namespace string
	all       bool // -A
	output    string
	noHeaders bool
	labels    Selector
	fields    fieldSelector
	// rawLabels and rawFields are -l and --field-selector as kubectl
	// sends them (trimmed).
	rawLabels, rawFields string
}

// single reports whether exactly one object was asked for by name:
// kubectl then prints the object itself rather than a List.
func (r *getRequest) single() bool { return len(r.names) == 1 }

// requiredResource is what kubectl get prints without a resource type.
const requiredResource = `You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.

error: Required resource not specified.
Use "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).
See 'kubectl get -h' for help and examples`

// parseGet reads kubectl get's words and flags (get.NewCmdGet and the
// resource builder's checks, v1.37).
func parseGet(args []string) (*getRequest, error) {
	p, msg := parseFlags(args, getFlags)
	if msg != "" {
		return nil, flagError("get", msg)
	}
	r := &getRequest{namespace: p.str("namespace"), all: p.boolean("all-namespaces"),
		output: p.str("output"), noHeaders: p.boolean("no-headers")}
	if r.namespace == "" {
		r.namespace = "default"
	}
	words := p.positional
	if len(words) == 0 {
		return nil, fail(requiredResource)
	}
	resource, tuples := words[0], false
	if typ, name, ok := strings.Cut(words[0], "/"); ok {
		resource, tuples = typ, true
		r.names = append(r.names, name)
		for _, w := range words[1:] {
			typ2, name2, ok := strings.Cut(w, "/")
			if !ok {
				return nil, plainError("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
			}
			if Kind(typ2) != Kind(typ) {
				return nil, plainError("the playground gets one resource type at a time, not " + quote(typ) + " and " + quote(typ2))
			}
			r.names = append(r.names, name2)
		}
	} else {
		r.names = words[1:]
	}
	kind, ok := kindFor(resource)
	if !ok {
		return nil, noResourceType(strings.ToLower(resource))
	}
	r.kind = kind
	return r, r.selectors(p.str("selector"), p.str("field-selector"), tuples)
}

// selectors parses -l and --field-selector and checks them against the
// names (Builder.visitBySelector).
func (r *getRequest) selectors(labels, fields string, tuples bool) error {
	if strings.TrimSpace(labels) == "" && strings.TrimSpace(fields) == "" {
		if r.all && len(r.names) > 0 && r.kind != "Node" {
			return plainError("a resource cannot be retrieved by name across all namespaces")
		}
		return nil
	}
	switch {
	case tuples:
		return plainError("selectors and the all flag cannot be used when passing resource/name arguments")
	case len(r.names) > 0:
		return plainError("name cannot be provided when a selector is specified")
	}
	r.rawLabels, r.rawFields = strings.TrimSpace(labels), strings.TrimSpace(fields)
	var err error
	if r.labels, err = ParseSelector(r.rawLabels); err != nil {
		return r.listError(err)
	}
	if r.fields, err = parseFieldSelector(r.rawFields); err != nil {
		return r.listError(err)
	}
	return nil
}

// listError reports an error of the list call (see listError).
func (r *getRequest) listError(err error) error {
	return listError(strings.ToLower(r.kind)+"s", r.rawLabels, r.rawFields, err)
}

// Get runs `kubectl get` for nodes and pods (every output format) and
// events (the table). Like every command here, it returns what kubectl
// prints on stdout without the final newline.
func Get(c Cluster, args []string) (string, error) {
	r, err := parseGet(args)
	if err != nil {
		return "", err
	}
	switch r.kind {
	case "Event":
		return getEvents(c, r)
	case "Node", "Pod":
	default:
		return "", plainError("the playground lists nodes, pods and events, not " + quote(strings.ToLower(r.kind)))
	}
	objs, errs, err := r.fetch(c)
	if err != nil {
		return "", err
	}
	if r.output == "" || r.output == "wide" {
		return strings.TrimRight(r.table(c, objs, errs), "\n"), checkErr(errs)
	}
	if r.single() && len(errs) > 0 {
		return "", checkErr(errs)
	}
	pr, err := newPrinter(r.output, r.noHeaders)
	if err != nil {
		return "", err
	}
	items := make([]map[string]any, 0, len(objs))
	for _, o := range objs {
		u, err := toUnstructured(o)
		if err != nil {
			return "", plainError(err.Error())
		}
		addDeletion(u, o)
		items = append(items, u)
	}
	obj := listOf(items)
	if r.single() {
		obj = items[0]
	}
	out, err := pr.print(obj)
	if err != nil {
		return strings.TrimRight(out, "\n"), err
	}
	return strings.TrimRight(out, "\n"), checkErr(errs)
}

// fetch lists the objects as the API server returns them (kind and
// apiVersion set; a node without a creation time, or with one after the
// epoch, was created at the epoch, as describe prints it): the named ones in argument order, with
// NotFound errors for the missing, or those the selectors match, sorted
// by namespace and name.
func (r *getRequest) fetch(c Cluster) (objs []any, errs []error, err error) {
	if r.kind == "Node" {
		nodes, errs, err := r.nodes(c)
		for _, n := range nodes {
			cp := *n
			cp.TypeMeta = core.TypeMeta{APIVersion: "v1", Kind: "Node"}
			if cp.CreationTimestamp == nil || cp.CreationTimestamp.After(DescribeEpoch) {
				// A node the scenario gives (a pasted `kubectl get nodes`
				// dump, created whenever the dump was taken) exists from
				// the virtual t=0, as describe node says; a later time
				// would print as <invalid>.
				cp.CreationTimestamp = &core.Time{Time: DescribeEpoch}
			}
			objs = append(objs, &cp)
		}
		return objs, errs, err
	}
	pods, errs, err := r.pods(c)
	for _, p := range pods {
		cp := *p
		cp.TypeMeta = core.TypeMeta{APIVersion: "v1", Kind: "Pod"}
		objs = append(objs, &cp)
	}
	return objs, errs, err
}

func (r *getRequest) nodes(c Cluster) ([]*core.Node, []error, error) {
	if len(r.names) > 0 {
		var out []*core.Node
		var errs []error
		for _, name := range r.names {
			if n, ok := c.Get(name); ok && n != nil {
				out = append(out, n)
			} else {
				errs = append(errs, notFound(name))
			}
		}
		return out, errs, nil
	}
	if err := r.fields.check(nodeFields(&core.Node{})); err != nil {
		return nil, nil, r.listError(err)
	}
	var out []*core.Node
	for _, n := range c.List() {
		if n != nil && r.labels.Matches(n.Labels) && r.fields.matches(nodeFields(n)) {
			out = append(out, n)
		}
	}
	return out, nil, nil
}

func (r *getRequest) pods(c Cluster) ([]*core.Pod, []error, error) {
	if err := r.fields.check(podFields(&core.Pod{})); err != nil {
		return nil, nil, r.listError(err)
	}
	if len(r.names) > 0 {
		var out []*core.Pod
		var errs []error
		for _, name := range r.names {
			if p, ok := c.Pod(r.namespace, name); ok {
				out = append(out, p)
			} else {
				errs = append(errs, &apiError{reason: "NotFound", msg: "pods " + quote(name) + " not found"})
			}
		}
		return out, errs, nil
	}
	ns := r.namespace
	if r.all {
		ns = ""
	}
	var out []*core.Pod
	for _, p := range c.Pods(ns) {
		if r.labels.Matches(p.Labels) && r.fields.matches(podFields(p)) {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Namespace != out[j].Namespace {
			return out[i].Namespace < out[j].Namespace
		}
		return out[i].Name < out[j].Name
	})
	return out, nil, nil
}

// table prints the human-readable table; with nothing to print and no
// errors, kubectl's "No resources found" (in the namespace, unless the
// kind is cluster-scoped or -A is set).
func (r *getRequest) table(c Cluster, objs []any, errs []error) string {
	if len(objs) == 0 {
		switch {
		case len(errs) > 0:
			return ""
		case r.kind == "Node" || r.all:
			return "No resources found"
		}
		return "No resources found in " + r.namespace + " namespace."
	}
	wide := r.output == "wide"
	if r.kind == "Node" {
		nodes := make([]*core.Node, len(objs))
		for i, o := range objs {
			nodes[i] = o.(*core.Node)
		}
		return nodeTable(nodes, wide, r.noHeaders, c.Now())
	}
	rows := make([]PodRow, len(objs))
	for i, o := range objs {
		p := o.(*core.Pod)
		rows[i] = PodRow{Pod: p, Created: created(p), Deleting: p.DeletionTimestamp != nil}
	}
	return podTable(rows, wide, r.all, r.noHeaders, c.Now())
}

// getEvents prints `kubectl get events` of one namespace.
func getEvents(c Cluster, r *getRequest) (string, error) {
	switch {
	case r.output != "" && r.output != "wide":
		return "", plainError("the playground prints events as a table only, not -o " + r.output)
	case r.all:
		return "", plainError("the playground lists the events of one namespace at a time; use -n NAMESPACE")
	case len(r.names) > 0 || len(r.labels) > 0 || len(r.fields) > 0:
		return "", plainError("the playground lists all events of a namespace, without names or selectors")
	}
	evs := Series(c.Events(), func(e *core.Event) bool { return eventNamespace(e) == r.namespace })
	return GetEvents(evs, r.namespace, c.Now()), nil
}

// addDeletion writes a Terminating pod's metadata.deletionTimestamp and
// deletionGracePeriodSeconds into its unstructured form, as the API
// server returns them. The typed fields do not marshal (core.ObjectMeta
// reads neither from manifests: a scenario starts from live objects).
func addDeletion(u map[string]any, obj any) {
	p, ok := obj.(*core.Pod)
	if !ok || p.DeletionTimestamp == nil {
		return
	}
	meta, ok := u["metadata"].(map[string]any)
	if !ok {
		return
	}
	ts, err := p.DeletionTimestamp.MarshalJSON()
	if err != nil {
		return
	}
	meta["deletionTimestamp"] = strings.Trim(string(ts), `"`)
	if g := p.DeletionGracePeriodSeconds; g != nil {
		meta["deletionGracePeriodSeconds"] = *g
	}
}
