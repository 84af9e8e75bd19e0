package kubectl_test

import (
	"reflect"
	"sort"
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// store is an in-memory kubectl.Nodes that records writes as PATCH requests.
type store struct {
	nodes  map[string]*core.Node
	writes []string
}

func newStore(nodes ...*core.Node) *store {
	s := &store{nodes: map[string]*core.Node{}}
	for _, n := range nodes {
		s.nodes[n.Name] = n
	}
	return s
}

func (s *store) List() []*core.Node {
	var names []string
	for n := range s.nodes {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []*core.Node
	for _, n := range names {
		out = append(out, s.nodes[n])
	}
	return out
}

func (s *store) Get(name string) (*core.Node, bool) { n, ok := s.nodes[name]; return n, ok }

func (s *store) Update(n *core.Node) error {
	s.writes = append(s.writes, "PATCH /nodes/"+n.Name)
	s.nodes[n.Name] = n
	return nil
}

func node(name string, labels map[string]string, unschedulable bool, taints ...core.Taint) *core.Node {
	n := &core.Node{}
	n.Name = name
	n.Labels = labels
	n.Spec.Unschedulable = unschedulable
	n.Spec.Taints = taints
	return n
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Expected texts below are kubectl v1.37's (pkg/cmd/drain RunCordonOrUncordon,
// pkg/cmd/label, cmdutil.CheckErr/UsageErrorf).
func TestCordonUncordon(t *testing.T) {
	tests := []struct {
		name       string
		uncordon   bool
		nodes      []*core.Node
		args       []string
		wantOut    string
		wantErr    string
		wantWrites []string
		wantUnsch  map[string]bool
	}{
		{name: "cordon", nodes: []*core.Node{node("n1", nil, false)}, args: []string{"n1"},
			wantOut: "node/n1 cordoned\n", wantWrites: []string{"PATCH /nodes/n1"}, wantUnsch: map[string]bool{"n1": true}},
		{name: "already cordoned", nodes: []*core.Node{node("n1", nil, true)}, args: []string{"n1"},
			wantOut: "node/n1 already cordoned\n", wantUnsch: map[string]bool{"n1": true}},
		{name: "uncordon", uncordon: true, nodes: []*core.Node{node("n1", nil, true)}, args: []string{"n1"},
			wantOut: "node/n1 uncordoned\n", wantWrites: []string{"PATCH /nodes/n1"}, wantUnsch: map[string]bool{"n1": false}},
		{name: "already uncordoned", uncordon: true, nodes: []*core.Node{node("n1", nil, false)}, args: []string{"n1"},
			wantOut: "node/n1 already uncordoned\n", wantUnsch: map[string]bool{"n1": false}},
		{name: "not found", nodes: []*core.Node{node("n1", nil, false)}, args: []string{"x"},
			wantErr: `Error from server (NotFound): nodes "x" not found`},
		{name: "one missing aborts all", nodes: []*core.Node{node("n1", nil, false)}, args: []string{"n1", "x"},
			wantErr: `Error from server (NotFound): nodes "x" not found`, wantUnsch: map[string]bool{"n1": false}},
		{name: "no node", args: nil,
			wantErr: "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples"},
		{name: "name and selector", nodes: []*core.Node{node("n1", nil, false)}, args: []string{"n1", "-l", "a=b"},
			wantErr: "error: cannot specify both a node name and a --selector option\nSee 'kubectl cordon -h' for help and examples"},
		{name: "selector", nodes: []*core.Node{node("a", map[string]string{"pool": "gpu"}, false), node("b", nil, false)}, args: []string{"-l", "pool=gpu"},
			wantOut: "node/a cordoned\n", wantWrites: []string{"PATCH /nodes/a"}, wantUnsch: map[string]bool{"a": true, "b": false}},
		{name: "dry run", nodes: []*core.Node{node("n1", nil, false)}, args: []string{"n1", "--dry-run=client"},
			wantOut: "node/n1 cordoned (dry run)\n", wantUnsch: map[string]bool{"n1": false}},
		{name: "two nodes", nodes: []*core.Node{node("n1", nil, false), node("n2", nil, true)}, args: []string{"n1", "n2"},
			wantOut: "node/n1 cordoned\nnode/n2 already cordoned\n", wantWrites: []string{"PATCH /nodes/n1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(tc.nodes...)
			run := kubectl.Cordon
			if tc.uncordon {
				run = kubectl.Uncordon
			}
			out, err := run(s, tc.args)
			if out != tc.wantOut || errText(err) != tc.wantErr {
				t.Errorf("got (%q, %q), want (%q, %q)", out, errText(err), tc.wantOut, tc.wantErr)
			}
			if !reflect.DeepEqual(s.writes, tc.wantWrites) {
				t.Errorf("writes %v, want %v", s.writes, tc.wantWrites)
			}
			for name, want := range tc.wantUnsch {
				if got := s.nodes[name].Spec.Unschedulable; got != want {
					t.Errorf("%s unschedulable = %v, want %v", name, got, want)
				}
			}
		})
	}
}

func TestLabel(t *testing.T) {
	const labelValueMsg = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
	const labelNameMsg = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	tests := []struct {
		name       string
		labels     map[string]string
		args       []string
		wantOut    string
		wantErr    string
		wantLabels map[string]string
		wantWrites int
	}{
		{name: "add", labels: map[string]string{"a": "1"}, args: []string{"nodes", "n1", "k=v"},
			wantOut: "node/n1 labeled\n", wantLabels: map[string]string{"a": "1", "k": "v"}, wantWrites: 1},
		{name: "type/name form", labels: map[string]string{"a": "1"}, args: []string{"node/n1", "k=v"},
			wantOut: "node/n1 labeled\n", wantLabels: map[string]string{"a": "1", "k": "v"}, wantWrites: 1},
		{name: "remove", labels: map[string]string{"a": "1", "k": "v"}, args: []string{"node", "n1", "k-"},
			wantOut: "node/n1 unlabeled\n", wantLabels: map[string]string{"a": "1"}, wantWrites: 1},
		{name: "remove missing", labels: map[string]string{"a": "1"}, args: []string{"node", "n1", "zz-"},
			wantOut: "label \"zz\" not found.\nnode/n1 not labeled\n", wantLabels: map[string]string{"a": "1"}, wantWrites: 1},
		{name: "existing without overwrite", labels: map[string]string{"k": "v"}, args: []string{"node", "n1", "k=w"},
			wantErr: "error: 'k' already has a value (v), and --overwrite is false", wantLabels: map[string]string{"k": "v"}},
		{name: "overwrite", labels: map[string]string{"k": "v"}, args: []string{"node", "n1", "k=w", "--overwrite"},
			wantOut: "node/n1 labeled\n", wantLabels: map[string]string{"k": "w"}, wantWrites: 1},
		{name: "overwrite same value", labels: map[string]string{"k": "v"}, args: []string{"node", "n1", "k=v", "--overwrite"},
			wantOut: "node/n1 not labeled\n", wantLabels: map[string]string{"k": "v"}, wantWrites: 1},
		{name: "bad value", labels: map[string]string{}, args: []string{"node", "n1", "k=-x"},
			wantErr: "error: invalid label value: \"k=-x\": " + labelValueMsg},
		{name: "bad key rejected by the API server", labels: map[string]string{"a": "1"}, args: []string{"node", "n1", "bad!key=v"},
			wantErr: "The Node \"n1\" is invalid: metadata.labels: Invalid value: \"bad!key\": " + labelNameMsg, wantLabels: map[string]string{"a": "1"}},
		{name: "no updates", args: []string{"node", "n1"}, wantErr: "error: at least one label update is required"},
		{name: "modify and remove", args: []string{"node", "n1", "k=v", "k-"}, wantErr: "error: can not both modify and remove a label in the same command"},
		{name: "resource after pair", args: []string{"node", "k=v", "n1"}, wantErr: "error: all resources must be specified before label changes: n1"},
		{name: "unknown node", args: []string{"node", "x", "k=v"}, wantErr: `Error from server (NotFound): nodes "x" not found`},
		{name: "two equals", args: []string{"node", "n1", "k=v=w"}, wantErr: "error: invalid label spec: k=v=w"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(node("n1", tc.labels, false))
			out, err := kubectl.Label(s, tc.args)
			if out != tc.wantOut || errText(err) != tc.wantErr {
				t.Errorf("got (%q, %q), want (%q, %q)", out, errText(err), tc.wantOut, tc.wantErr)
			}
			if len(s.writes) != tc.wantWrites {
				t.Errorf("writes %v, want %d", s.writes, tc.wantWrites)
			}
			if tc.wantLabels != nil && !reflect.DeepEqual(s.nodes["n1"].Labels, tc.wantLabels) {
				t.Errorf("labels %v, want %v", s.nodes["n1"].Labels, tc.wantLabels)
			}
		})
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr string
	}{
		{in: "kubectl taint nodes n1 a=b:NoSchedule", want: []string{"kubectl", "taint", "nodes", "n1", "a=b:NoSchedule"}},
		{in: "  a   b\t c ", want: []string{"a", "b", "c"}},
		{in: `k="a b" 'c d' e\ f`, want: []string{"k=a b", "c d", "e f"}},
		{in: `"" ''`, want: []string{"", ""}},
		{in: `"a\"b" 'a\b'`, want: []string{`a"b`, `a\b`}},
		{in: "", want: nil},
		{in: `"open`, wantErr: "unterminated quote"},
		{in: `'open`, wantErr: "unterminated quote"},
		{in: `a\`, wantErr: "trailing backslash"},
		{in: "kubectl describe node n1 | grep Taints", wantErr: `shell operator "|" is not supported: the playground runs one kubectl command per line (no pipes, redirections, ; or &); quote the character if it is part of an argument`},
		{in: "kubectl get pods > out.txt", wantErr: `shell operator ">" is not supported: the playground runs one kubectl command per line (no pipes, redirections, ; or &); quote the character if it is part of an argument`},
		{in: "kubectl cordon n1 && kubectl drain n1", wantErr: `shell operator "&" is not supported: the playground runs one kubectl command per line (no pipes, redirections, ; or &); quote the character if it is part of an argument`},
		{in: `kubectl label nodes n1 'a=b|c' "x;y" z\&`, want: []string{"kubectl", "label", "nodes", "n1", "a=b|c", "x;y", "z&"}},
	}
	for _, tc := range tests {
		got, err := kubectl.Split(tc.in)
		if errText(err) != tc.wantErr || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Split(%q) = %q, %q; want %q, %q", tc.in, got, errText(err), tc.want, tc.wantErr)
		}
	}
}

// Flag handling and kubectl's printing of several errors.
func TestTaintFlagsAndErrors(t *testing.T) {
	nodes := func() *store {
		return newStore(node("a", map[string]string{"pool": "gpu"}, false), node("b", nil, false))
	}
	tests := []struct {
		name    string
		args    []string
		wantOut string
		wantErr string
	}{
		{name: "unknown flag", args: []string{"node", "a", "x=1:NoSchedule", "--bogus"},
			wantErr: "error: unknown flag: --bogus\nSee 'kubectl taint --help' for usage."},
		{name: "-o name", args: []string{"node", "a", "x=1:NoSchedule", "-o", "name"}, wantOut: "node/a\n"},
		{name: "bad dry-run", args: []string{"node", "a", "x=1:NoSchedule", "--dry-run=maybe"},
			wantErr: `error: Invalid dry-run value (maybe). Must be "none", "server", or "client".`},
		{name: "pods", args: []string{"pods", "a", "x=1:NoSchedule"},
			wantErr: "error: invalid resource type pods, only node types are supported"},
		{name: "unknown type", args: []string{"widgets", "a", "x=1:NoSchedule"},
			wantErr: `the server doesn't have a resource type "widgets"`},
		{name: "no resources", args: []string{"x=1:NoSchedule"},
			wantErr: "error: one or more resources must be specified as <resource> <name>"},
		{name: "type only", args: []string{"node", "x=1:NoSchedule"},
			wantErr: "error: at least one resource name must be specified since 'all' parameter is not set"},
		{name: "two missing nodes print one line each", args: []string{"node", "x", "y", "k=1:NoSchedule"},
			wantErr: "Error from server (NotFound): nodes \"x\" not found\nError from server (NotFound): nodes \"y\" not found"},
		{name: "selector matching nothing", args: []string{"node", "k=1:NoSchedule", "-l", "pool=none"}},
		{name: "selector set-based", args: []string{"node", "k=1:NoSchedule", "-l", "pool in (gpu,cpu)"}, wantOut: "node/a tainted\n"},
		{name: "selector absent key", args: []string{"node", "k=1:NoSchedule", "-l", "!pool"}, wantOut: "node/b tainted\n"},
		// kubectl taint's Complete passes names to the builder only when
		// neither --selector nor --all is set, so names given with -l are
		// ignored (no "name cannot be provided when a selector is specified",
		// no NotFound for a missing name): the selector alone picks nodes.
		{name: "names with selector are ignored", args: []string{"node", "b", "nosuch", "k=1:NoSchedule", "-l", "pool=gpu"}, wantOut: "node/a tainted\n"},
		{name: "names with --all are ignored", args: []string{"node", "nosuch", "k=1:NoSchedule", "--all"}, wantOut: "node/a tainted\nnode/b tainted\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := kubectl.Taint(nodes(), tc.args)
			if out != tc.wantOut || errText(err) != tc.wantErr {
				t.Errorf("got (%q, %q), want (%q, %q)", out, errText(err), tc.wantOut, tc.wantErr)
			}
		})
	}
}

// Nothing may panic, whatever the arguments (the code runs in wasm).
func FuzzCommands(f *testing.F) {
	for _, s := range []string{"node n1 a=b:NoSchedule", "node n1 a- --all -l x", "-l", "--", "n1 -o", "-lx=y,z in (a", "node/n1 k=v", "-", "--dry-run"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args, err := kubectl.Split(line)
		if err != nil {
			return
		}
		for _, run := range []func(kubectl.Nodes, []string) (string, error){kubectl.Taint, kubectl.Cordon, kubectl.Uncordon, kubectl.Label} {
			s := newStore(node("n1", map[string]string{"a": "1"}, false, core.Taint{Key: "a", Value: "b", Effect: core.TaintEffectNoSchedule}))
			_, _ = run(s, args)
		}
	})
}
