package kubectl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"sigs.k8s.io/yaml"

	"github.com/taints-playground/playground/core"
)

// allowedFormats is the list kubectl get's NoCompatiblePrinterError names,
// sorted (get.PrintFlags.AllowedFormats, v1.37).
const allowedFormats = "custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,wide,yaml"

// printer prints objects (as JSON decodes them) for one -o format.
type printer struct {
	format    string // json, yaml, name, jsonpath, custom-columns
	jsonpath  *jpTemplate
	columns   []customColumn
	noHeaders bool
}

// newPrinter picks the printer of a non-table -o value, mirroring
// get.PrintFlags.ToPrinter: templates first, then json/yaml, custom
// columns, name; anything else is NoCompatiblePrinterError.
func newPrinter(output string, noHeaders bool) (*printer, error) {
	format, arg, hasArg := strings.Cut(output, "=")
	switch format {
	case "jsonpath", "jsonpath-as-json":
		if !hasArg || arg == "" {
			return nil, plainError("template format specified but no template given")
		}
		if format == "jsonpath-as-json" {
			break
		}
		t, err := parseJSONPath(arg)
		if err != nil {
			return nil, plainError(fmt.Sprintf("error parsing jsonpath %s, %v", arg, err))
		}
		return &printer{format: format, jsonpath: t}, nil
	case "custom-columns":
		if !hasArg || arg == "" {
			return nil, plainError("custom-columns format specified but no custom columns given")
		}
		cols, err := parseCustomColumns(arg)
		if err != nil {
			return nil, plainError(err.Error())
		}
		return &printer{format: format, columns: cols, noHeaders: noHeaders}, nil
	}
	// JSONYamlPrintFlags and NamePrintFlags ignore case.
	switch lower := strings.ToLower(output); lower {
	case "json", "yaml", "name":
		return &printer{format: lower}, nil
	case "kyaml":
		return nil, plainError("the playground prints -o json, yaml, name, wide, jsonpath=… and custom-columns=…, not -o " + output)
	}
	switch output {
	case "go-template", "go-template-file", "template", "templatefile", "jsonpath-file", "custom-columns-file":
		return nil, plainError("the playground prints -o json, yaml, name, wide, jsonpath=… and custom-columns=…, not -o " + output)
	}
	if strings.HasPrefix(output, "go-template=") || strings.HasPrefix(output, "template=") || strings.HasPrefix(output, "jsonpath-as-json=") {
		return nil, plainError("the playground prints -o json, yaml, name, wide, jsonpath=… and custom-columns=…, not -o " + format)
	}
	return nil, plainError("unable to match a printer suitable for the output format " + strconv.Quote(output) + ", allowed formats are: " + allowedFormats)
}

// print prints obj, a single object or a List.
func (p *printer) print(obj map[string]any) (string, error) {
	var buf bytes.Buffer
	switch p.format {
	case "json":
		data, err := json.MarshalIndent(obj, "", "    ")
		if err != nil {
			return "", err
		}
		buf.Write(data)
		buf.WriteByte('\n')
	case "yaml":
		data, err := yaml.Marshal(obj)
		if err != nil {
			return "", err
		}
		buf.Write(data)
	case "name":
		for _, item := range listItems(obj) {
			kind, _ := item["kind"].(string)
			meta, _ := item["metadata"].(map[string]any)
			name, _ := meta["name"].(string)
			fmt.Fprintf(&buf, "%s/%s\n", strings.ToLower(kind), name)
		}
	case "jsonpath":
		if err := p.jsonpath.execute(&buf, obj); err != nil {
			return "", plainError(fmt.Sprintf("error executing jsonpath %q: Error executing template: %v. Printing more information for debugging the template:\n\ttemplate was:\n\t\t%v\n\tobject given to jsonpath engine was:\n\t\t%#v\n\n\n", p.jsonpath.raw, err, p.jsonpath.raw, obj))
		}
	case "custom-columns":
		return printCustomColumns(p.columns, listItems(obj), p.noHeaders)
	}
	return buf.String(), nil
}

// listItems is the objects of a List, or the object itself.
func listItems(obj map[string]any) []map[string]any {
	if obj["kind"] != "List" {
		return []map[string]any{obj}
	}
	items, _ := obj["items"].([]any)
	out := make([]map[string]any, 0, len(items))
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// listOf is the List kubectl get prints for several objects (or none):
// apiVersion v1, kind List, the items and an empty resourceVersion
// (get.(*GetOptions).printGeneric).
func listOf(items []map[string]any) map[string]any {
	list := make([]any, len(items))
	for i, it := range items {
		list[i] = it
	}
	return map[string]any{"apiVersion": "v1", "kind": "List", "items": list,
		"metadata": map[string]any{"resourceVersion": ""}}
}

// toUnstructured is obj as kubectl's unstructured decoding sees it: JSON
// objects, lists, strings, booleans, int64 for integers and float64 for
// other numbers.
func toUnstructured(obj any) (map[string]any, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	return numbersOf(m).(map[string]any), nil
}

func numbersOf(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = numbersOf(e)
		}
	case []any:
		for i, e := range x {
			x[i] = numbersOf(e)
		}
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	}
	return v
}

// newTable is kubectl's table writer (printers.GetNewTabWriter: minwidth
// 6, tabwidth 4, padding 3, ' ').
func newTable(buf *bytes.Buffer) *tabwriter.Writer {
	return tabwriter.NewWriter(buf, 6, 4, 3, ' ', 0)
}

// nodeTable renders `kubectl get nodes` (printers.printNode, v1.37): NAME,
// STATUS (Ready, NotReady or Unknown from the Ready condition, then
// SchedulingDisabled when cordoned), ROLES (node-role.kubernetes.io/<role>
// labels and kubernetes.io/role, sorted, <none>), AGE, VERSION; wide adds
// INTERNAL-IP, EXTERNAL-IP (<none>), OS-IMAGE, KERNEL-VERSION (with the
// architecture) and CONTAINER-RUNTIME (<unknown>).
func nodeTable(nodes []*core.Node, wide, noHeaders bool, now time.Duration) string {
	var buf bytes.Buffer
	tw := newTable(&buf)
	if !noHeaders {
		fmt.Fprint(tw, "NAME\tSTATUS\tROLES\tAGE\tVERSION")
		if wide {
			fmt.Fprint(tw, "\tINTERNAL-IP\tEXTERNAL-IP\tOS-IMAGE\tKERNEL-VERSION\tCONTAINER-RUNTIME")
		}
		fmt.Fprintln(tw)
	}
	for _, n := range nodes {
		info := n.Status.NodeInfo
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s", n.Name, nodeStatus(n), orNone(strings.Join(nodeRoles(n), ",")), age(n.CreationTimestamp, now), info.KubeletVersion)
		if wide {
			kernel := orUnknown(info.KernelVersion)
			if info.Architecture != "" {
				kernel += " (" + info.Architecture + ")"
			}
			fmt.Fprintf(tw, "\t%s\t%s\t%s\t%s\t%s", nodeAddress(n, core.NodeInternalIP), nodeAddress(n, core.NodeExternalIP),
				orUnknown(info.OSImage), kernel, orUnknown(info.ContainerRuntimeVersion))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	return buf.String()
}

func nodeStatus(n *core.Node) string {
	status := "Unknown"
	for _, c := range n.Status.Conditions {
		if c.Type == core.NodeReady {
			status = "NotReady"
			if c.Status == core.ConditionTrue {
				status = "Ready"
			}
		}
	}
	if n.Spec.Unschedulable {
		status += ",SchedulingDisabled"
	}
	return status
}

// nodeAddress is the first address of the type, or <none>.
func nodeAddress(n *core.Node, t core.NodeAddressType) string {
	for _, a := range n.Status.Addresses {
		if a.Type == t {
			return a.Address
		}
	}
	return "<none>"
}

func orUnknown(s string) string {
	if s == "" {
		return "<unknown>"
	}
	return s
}

// age is translateTimestampSince: <unknown> without a timestamp.
func age(ts *core.Time, now time.Duration) string {
	if ts == nil || ts.IsZero() {
		return "<unknown>"
	}
	return HumanDuration(now - ts.Sub(DescribeEpoch))
}

// podTable renders `kubectl get pods` rows (see GetPods); withNamespace
// puts kubectl's NAMESPACE column first (-A).
func podTable(rows []PodRow, wide, withNamespace, noHeaders bool, now time.Duration) string {
	var buf bytes.Buffer
	tw := newTable(&buf)
	if !noHeaders {
		if withNamespace {
			fmt.Fprint(tw, "NAMESPACE\t")
		}
		fmt.Fprint(tw, "NAME\tREADY\tSTATUS\tRESTARTS\tAGE")
		if wide {
			fmt.Fprint(tw, "\tIP\tNODE\tNOMINATED NODE\tREADINESS GATES")
		}
		fmt.Fprintln(tw)
	}
	for _, r := range rows {
		p := r.Pod
		total := len(p.Spec.Containers)
		ready := 0
		if p.Status.Phase == core.PodRunning {
			ready = total
		}
		status := string(p.Status.Phase)
		if p.Status.Reason != "" {
			status = p.Status.Reason
		}
		for _, c := range p.Status.Conditions {
			if c.Type == "PodScheduled" && c.Reason == core.PodReasonSchedulingGated {
				// printPod: a gated pod's STATUS is SchedulingGated.
				status = core.PodReasonSchedulingGated
			}
		}
		switch {
		case r.Deleting && p.Status.Reason == "NodeLost":
			status = "Unknown"
		case r.Deleting && p.Status.Phase != core.PodSucceeded && p.Status.Phase != core.PodFailed:
			status = "Terminating"
		}
		if withNamespace {
			fmt.Fprintf(tw, "%s\t", p.Namespace)
		}
		fmt.Fprintf(tw, "%s\t%d/%d\t%s\t%d\t%s", p.Name, ready, total, status, 0, HumanDuration(now-r.Created))
		if wide {
			fmt.Fprintf(tw, "\t%s\t%s\t%s\t%s", "<none>", orNone(p.Spec.NodeName), orNone(p.Status.NominatedNodeName), "<none>")
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	return buf.String()
}
