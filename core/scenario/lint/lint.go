package lint

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
	"github.com/taints-playground/playground/core/scenario"
)

// Severity says how sure Lint is that something is wrong.
type Severity string

// The severities, from most to least serious.
const (
	// Error: the API server (and scenario.Parse) rejects the object.
	Error Severity = "error"
	// Warning: accepted, but almost certainly not what was meant.
	Warning Severity = "warning"
	// Info: worth knowing; often intended.
	Info Severity = "info"
)

// Finding is one problem Lint found.
type Finding struct {
	Severity Severity
	// Code is a stable identifier of the check, e.g. "toleration-under-container".
	Code string
	// Document is the 1-based number of the document among the file's
	// non-empty documents (as scenario.Parse counts them); Line is the
	// line where that document starts.
	Document int
	Line     int
	// Object is "Kind/name" of the object the finding is about ("" for the file).
	Object string
	// Path is the field path inside the document, e.g.
	// "spec.containers[0].tolerations" or "items[2].spec.taints[0].key".
	Path string
	// Message says what is wrong; Fix says what to write instead.
	Message string
	Fix     string
}

// String formats the finding on one line: "document 2 (Pod/web)
// spec.tolerations[0].effect: error: … Fix: …".
func (f Finding) String() string {
	var b strings.Builder
	if f.Document > 0 {
		fmt.Fprintf(&b, "document %d", f.Document)
		if f.Object != "" {
			fmt.Fprintf(&b, " (%s)", f.Object)
		}
		b.WriteString(" ")
	}
	if f.Path != "" {
		b.WriteString(f.Path)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%s: %s", f.Severity, f.Message)
	if f.Fix != "" {
		b.WriteString(" Fix: ")
		b.WriteString(f.Fix)
	}
	return b.String()
}

// object is one Kubernetes object of the file.
type object struct {
	doc, line int
	prefix    string // "items[2]." or "steps[0].manifest: " or ""
	kind      string
	name      string
	raw       map[string]any
}

// podSpecAt is where a kind keeps its pod spec.
var podSpecAt = map[string][]string{
	"Pod":                   {"spec"},
	"Deployment":            {"spec", "template", "spec"},
	"ReplicaSet":            {"spec", "template", "spec"},
	"DaemonSet":             {"spec", "template", "spec"},
	"StatefulSet":           {"spec", "template", "spec"},
	"Job":                   {"spec", "template", "spec"},
	"ReplicationController": {"spec", "template", "spec"},
	"CronJob":               {"spec", "jobTemplate", "spec", "template", "spec"},
}

type linter struct {
	findings []Finding
	objects  []object
	// steps' taints and labels, by node
	stepTaints []nodeTaint
	stepLabels map[string]map[string]string
	gate       bool
	// gapFinding indexes the not-modelled findings by field pattern and
	// explanation (as gapCount and gapAt do, by order of appearance):
	// gapAt[i] is the finding's index, gapCount[i] the other objects.
	gapFinding map[string]int
	gapCount   []int
	gapAt      []int
}

type nodeTaint struct {
	node      string
	taint     core.Taint
	doc, line int
	path      string
}

func (l *linter) add(o *object, sev Severity, code, path, msg, fix string) {
	f := Finding{Severity: sev, Code: code, Message: msg, Fix: fix}
	if o != nil {
		f.Document, f.Line, f.Object = o.doc, o.line, o.kind+"/"+o.name
		f.Path = o.prefix + path
	}
	l.findings = append(l.findings, f)
}

// Lint checks a scenario file (or any manifest file) and returns its
// findings in document order.
func Lint(data []byte) (out []Finding) {
	l := &linter{stepLabels: map[string]map[string]string{}}
	defer func() {
		if r := recover(); r != nil {
			out = append(l.findings, Finding{Severity: Error, Code: "unreadable", Message: fmt.Sprintf("the file cannot be checked: %v", r)})
		}
	}()
	for _, d := range scenario.SplitDocuments(data) {
		l.document(d, "")
	}
	for i := range l.objects {
		l.checkObject(&l.objects[i])
	}
	l.countNotModelled()
	l.checkCluster()
	l.checkAdmission(data)
	sort.SliceStable(l.findings, func(i, j int) bool { return l.findings[i].Document < l.findings[j].Document })
	return l.findings
}

func (l *linter) document(d scenario.Document, prefix string) {
	var raw any
	if err := yaml.Unmarshal(d.Text, &raw); err != nil {
		l.findings = append(l.findings, Finding{Severity: Error, Code: "invalid-yaml", Document: d.Num, Line: d.Line, Path: strings.TrimSuffix(prefix, ": "),
			Message: "invalid YAML: " + strings.TrimPrefix(err.Error(), "error converting YAML to JSON: "), Fix: "check the indentation (spaces, not tabs) and quoting near that line"})
		return
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return
	}
	kind, _ := m["kind"].(string)
	switch kind {
	case "Scenario":
		l.scenario(d, m)
	case "List", "NodeList", "PodList":
		items, _ := m["items"].([]any)
		for i, it := range items {
			im, ok := it.(map[string]any)
			if !ok {
				continue
			}
			k, _ := im["kind"].(string)
			if k == "" {
				k = strings.TrimSuffix(kind, "List")
			}
			l.addObject(d, fmt.Sprintf("%sitems[%d].", prefix, i), k, im)
		}
	default:
		l.addObject(d, prefix, kind, m)
	}
}

func (l *linter) addObject(d scenario.Document, prefix, kind string, m map[string]any) {
	if kind == "" {
		return
	}
	name, _ := get(m, "metadata", "name").(string)
	l.objects = append(l.objects, object{doc: d.Num, line: d.Line, prefix: prefix, kind: kind, name: name, raw: m})
}

// scenario reads the steps: taints and labels they add, manifests they apply.
func (l *linter) scenario(d scenario.Document, m map[string]any) {
	if g, ok := get(m, "options", "featureGates", "TaintTolerationComparisonOperators").(bool); ok && g {
		l.gate = true
	}
	steps, _ := m["steps"].([]any)
	for i, st := range steps {
		sm, ok := st.(map[string]any)
		if !ok {
			continue
		}
		run, _ := sm["run"].(string)
		manifest, _ := sm["manifest"].(string)
		if first, rest, ok := strings.Cut(strings.TrimLeft(run, "\n"), "\n"); ok && strings.TrimSpace(rest) != "" {
			run, manifest = first, rest
		}
		f := strings.Fields(run)
		switch {
		case len(f) >= 4 && f[0] == "kubectl" && f[1] == "taint" && (f[2] == "nodes" || f[2] == "node" || f[2] == "no"):
			var specs []string
			for _, a := range f[4:] {
				if !strings.HasPrefix(a, "-") {
					specs = append(specs, a)
				}
			}
			node := f[3]
			if strings.HasPrefix(node, "-") {
				node, specs = "(the selected nodes)", nil
				for _, a := range f[3:] {
					if !strings.HasPrefix(a, "-") && strings.Contains(a, ":") {
						specs = append(specs, a)
					}
				}
			}
			add, _, err := kubectl.ParseTaints(specs)
			if err != nil {
				fix := "write KEY[=VALUE]:EFFECT with EFFECT one of NoSchedule, PreferNoSchedule, NoExecute (case-sensitive); end with - to remove"
				for _, sp := range specs {
					if _, eff, ok := strings.Cut(strings.TrimSuffix(sp, "-"), ":"); ok {
						if c, ok := canonicalCase(eff, effects); ok && c != eff {
							fix = fmt.Sprintf("write the effect as %s", c)
						}
					}
				}
				l.findings = append(l.findings, Finding{Severity: Error, Code: "taint-command", Document: d.Num, Line: d.Line, Object: "Scenario", Path: fmt.Sprintf("steps[%d].run", i),
					Message: "kubectl taint fails when this step runs: error: " + err.Error(), Fix: fix})
			}
			for _, t := range add {
				l.stepTaints = append(l.stepTaints, nodeTaint{node: node, taint: t, doc: d.Num, line: d.Line, path: fmt.Sprintf("steps[%d].run", i)})
			}
		case len(f) >= 5 && f[0] == "kubectl" && f[1] == "label" && (f[2] == "nodes" || f[2] == "node" || f[2] == "no"):
			for _, a := range f[4:] {
				if k, v, ok := strings.Cut(a, "="); ok {
					if l.stepLabels[f[3]] == nil {
						l.stepLabels[f[3]] = map[string]string{}
					}
					l.stepLabels[f[3]][k] = v
				}
			}
		}
		if strings.TrimSpace(manifest) != "" {
			for _, md := range scenario.SplitDocuments([]byte(manifest)) {
				md.Num, md.Line = d.Num, d.Line
				l.document(md, fmt.Sprintf("steps[%d].manifest: ", i))
			}
		}
	}
}

// get walks nested maps.
func get(m map[string]any, path ...string) any {
	var cur any = m
	for _, p := range path {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[p]
	}
	return cur
}

func decode[T any](v any) (T, bool) {
	var out T
	b, err := json.Marshal(v)
	if err != nil {
		return out, false
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return out, false
	}
	return out, true
}
