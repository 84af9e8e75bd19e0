package export

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	goyaml "go.yaml.in/yaml/v2"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
)

// item is one object to write.
type item struct {
	apiVersion, kind string
	namespace, name  string
	obj              any
	later            bool // created by a step, not at t=0
}

func items(s *scenario.Scenario) []item {
	var out []item
	declared := map[string]bool{scenario.DefaultNamespace: true}
	for _, o := range s.Namespaces {
		out = append(out, item{"v1", "Namespace", "", o.Name, o, false})
		declared[o.Name] = true
	}
	// Namespaces the objects use but the file does not declare: a real
	// cluster needs them before anything is created in them.
	var used []string
	use := func(ns string) {
		if ns != "" && !declared[ns] {
			declared[ns] = true
			used = append(used, ns)
		}
	}
	for _, o := range s.Deployments {
		use(o.Namespace)
	}
	for _, o := range s.ReplicaSets {
		use(o.Namespace)
	}
	for _, o := range s.DaemonSets {
		use(o.Namespace)
	}
	for _, o := range s.PodDisruptionBudgets {
		use(o.Namespace)
	}
	for _, o := range s.Pods {
		use(o.Namespace)
	}
	for _, ns := range used {
		out = append(out, item{"v1", "Namespace", "", ns, &core.Namespace{ObjectMeta: core.ObjectMeta{Name: ns}}, false})
	}
	for _, o := range s.PriorityClasses {
		out = append(out, item{"scheduling.k8s.io/v1", "PriorityClass", "", o.Name, o, false})
	}
	for _, o := range s.RuntimeClasses {
		out = append(out, item{"node.k8s.io/v1", "RuntimeClass", "", o.Name, o, false})
	}
	for _, o := range s.Nodes {
		out = append(out, item{"v1", "Node", "", o.Name, o, s.NodeCreatedLater(o.Name)})
	}
	for _, o := range s.Deployments {
		out = append(out, item{"apps/v1", "Deployment", o.Namespace, o.Name, o, false})
	}
	for _, o := range s.ReplicaSets {
		out = append(out, item{"apps/v1", "ReplicaSet", o.Namespace, o.Name, o, false})
	}
	for _, o := range s.DaemonSets {
		out = append(out, item{"apps/v1", "DaemonSet", o.Namespace, o.Name, o, false})
	}
	for _, o := range s.PodDisruptionBudgets {
		out = append(out, item{"policy/v1", "PodDisruptionBudget", o.Namespace, o.Name, o, false})
	}
	for _, o := range s.Pods {
		out = append(out, item{"v1", "Pod", o.Namespace, o.Name, o, s.CreatedLater(o.Namespace, o.Name)})
	}
	return out
}

// statusNote explains the Node status the manifests keep.
const statusNote = `# Node status (capacity, allocatable, conditions) is kept because the
# simulation schedules against it. A real kubelet reports its own: read it
# with  kubectl get node NAME -o jsonpath='{.status.allocatable}'  and
# kubectl describe node NAME. KWOK keeps the capacity and allocatable of an
# applied Node manifest (its stages manage the conditions); on kind the
# kubelet overwrites all of it.
`

// Manifests returns the scenario's objects as multi-document YAML, with a
// header comment; objects that a step creates later say so in a comment.
func Manifests(s *scenario.Scenario) ([]byte, error) {
	return write(s, func(b *strings.Builder) error { return manifests(b, s) })
}

// write runs one of the writers for s, reporting a missing scenario and
// any panic as an export error.
func write(s *scenario.Scenario, fn func(*strings.Builder) error) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("export: %v", r)
		}
	}()
	if s == nil {
		return nil, fmt.Errorf("export: no scenario")
	}
	var b strings.Builder
	if err := fn(&b); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

func manifests(b *strings.Builder, s *scenario.Scenario) error {
	fmt.Fprintf(b, "# Objects of the playground scenario %s", oneLine(s.Name))
	if s.Title != "" {
		fmt.Fprintf(b, ": %s", oneLine(s.Title))
	}
	b.WriteString("\n")
	b.WriteString(statusNote)
	for _, it := range items(s) {
		y, err := objectYAML(it)
		if err != nil {
			return err
		}
		b.WriteString("---\n")
		if it.later {
			fmt.Fprintf(b, "# Created at %s by the step `create %s %s`.\n", laterAt(s, it), strings.ToLower(it.kind), oneLine(it.name))
		}
		b.Write(y)
	}
	return nil
}

func laterAt(s *scenario.Scenario, it item) string {
	for _, st := range s.Steps {
		if n, ok := scenario.CreatePodName(st.Run); ok && it.kind == "Pod" && n == it.name {
			return "t=" + seconds(st.At) + "s"
		}
		if n, ok := scenario.CreateNodeName(st.Run); ok && it.kind == "Node" && n == it.name {
			return "t=" + seconds(st.At) + "s"
		}
	}
	return "a later step"
}

// objectYAML renders one object: apiVersion and kind first, empty values
// and status pruned (a Node keeps capacity, allocatable and conditions).
func objectYAML(it item) ([]byte, error) {
	j, err := json.Marshal(it.obj)
	if err != nil {
		return nil, fmt.Errorf("export: %s %s: %v", it.kind, it.name, err)
	}
	var m goyaml.MapSlice
	if err := goyaml.Unmarshal(j, &m); err != nil {
		return nil, fmt.Errorf("export: %s %s: %v", it.kind, it.name, err)
	}
	out := goyaml.MapSlice{{Key: "apiVersion", Value: it.apiVersion}, {Key: "kind", Value: it.kind}}
	for _, kv := range m {
		switch kv.Key {
		case "apiVersion", "kind":
			continue
		case "metadata":
			// Fields the API server sets: uid, creationTimestamp, and
			// ownerReferences (their uid would not exist; a ReplicaSet or
			// DaemonSet adopts the orphan pods its selector matches anyway).
			md, _ := kv.Value.(goyaml.MapSlice)
			var keep goyaml.MapSlice
			for _, f := range md {
				if f.Key != "uid" && f.Key != "creationTimestamp" && f.Key != "ownerReferences" && f.Key != "resourceVersion" {
					keep = append(keep, f)
				}
			}
			kv.Value = keep
		case "status":
			if it.kind != "Node" {
				continue
			}
			st, _ := kv.Value.(goyaml.MapSlice)
			var keep goyaml.MapSlice
			for _, f := range st {
				if f.Key == "capacity" || f.Key == "allocatable" || f.Key == "conditions" {
					keep = append(keep, f)
				}
			}
			kv.Value = keep
		}
		if v, empty := prune(kv.Value); !empty {
			out = append(out, goyaml.MapItem{Key: kv.Key, Value: v})
		}
	}
	return goyaml.Marshal(out)
}

func prune(v any) (any, bool) {
	switch t := v.(type) {
	case nil:
		return nil, true
	case goyaml.MapSlice:
		var out goyaml.MapSlice
		for _, kv := range t {
			if pv, empty := prune(kv.Value); !empty {
				out = append(out, goyaml.MapItem{Key: kv.Key, Value: pv})
			}
		}
		return out, len(out) == 0
	case []any:
		for i := range t {
			if pv, _ := prune(t[i]); pv != nil {
				t[i] = pv
			}
		}
		return t, len(t) == 0
	}
	return v, false
}

// seconds prints a duration in plain seconds ("30", "1.5").
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// oneLine keeps a text on one line (for comments and messages).
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 {
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(s)
}
