package kubectl_test

import (
	"errors"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// store is an in-memory kubectl.Nodes that records writes as PATCH requests.
type store struct {
	nodes  map[string]*core.Node
	writes []string
	// fail makes Update of the named nodes fail with this error.
	fail map[string]error
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
	if err := s.fail[n.Name]; err != nil {
		return err
	}
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
			assert.Equal(t, tc.wantOut, out)
			assert.Equal(t, tc.wantErr, errText(err))
			assert.Equal(t, tc.wantWrites, s.writes)
			for name, want := range tc.wantUnsch {
				assert.Equal(t, want, s.nodes[name].Spec.Unschedulable, "%s unschedulable", name)
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
			assert.Equal(t, tc.wantOut, out)
			assert.Equal(t, tc.wantErr, errText(err))
			assert.Len(t, s.writes, tc.wantWrites)
			if tc.wantLabels != nil {
				assert.Equal(t, tc.wantLabels, s.nodes["n1"].Labels)
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
		assert.Equal(t, tc.want, got, "Split(%q)", tc.in)
		assert.Equal(t, tc.wantErr, errText(err), "Split(%q)", tc.in)
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
			assert.Equal(t, tc.wantOut, out)
			assert.Equal(t, tc.wantErr, errText(err))
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

// More of kubectl label (k8s.io/kubectl v0.37.2 pkg/cmd/label: Complete,
// Validate, RunLabel; cli-runtime's builder for the resource arguments).
func TestLabelListSelectAndErrors(t *testing.T) {
	boom := errors.New("boom")
	tests := []struct {
		name       string
		args       []string
		fail       map[string]error
		wantOut    string
		wantErr    string
		wantWrites []string
	}{
		// One named object: its labels only; otherwise a header per object.
		{name: "list one", args: []string{"nodes", "n1", "--list"}, wantOut: "a=1\n"},
		{name: "list all", args: []string{"nodes", "--all", "--list"},
			wantOut: "Listing labels for Node./n1:\n a=1\nListing labels for Node./n2:\n b=2\n"},
		{name: "list by selector", args: []string{"nodes", "-l", "a=1", "--list"}, wantOut: "Listing labels for Node./n1:\n a=1\n"},
		{name: "all", args: []string{"nodes", "--all", "k=v"}, wantOut: "node/n1 labeled\nnode/n2 labeled\n",
			wantWrites: []string{"PATCH /nodes/n1", "PATCH /nodes/n2"}},
		{name: "selector", args: []string{"nodes", "-l", "b=2", "k=v"}, wantOut: "node/n2 labeled\n", wantWrites: []string{"PATCH /nodes/n2"}},
		{name: "-o name", args: []string{"nodes", "n1", "k=v", "-o", "name"}, wantOut: "node/n1\n", wantWrites: []string{"PATCH /nodes/n1"}},
		{name: "dry run", args: []string{"nodes", "n1", "k=v", "--dry-run=client"}, wantOut: "node/n1 labeled (dry run)\n"},
		{name: "server dry run", args: []string{"nodes", "n1", "k=v", "--dry-run=server"}, wantOut: "node/n1 labeled (server dry run)\n"},
		{name: "a failed write does not stop the others", args: []string{"nodes", "--all", "k=v"}, fail: map[string]error{"n1": boom},
			wantOut: "node/n2 labeled\n", wantErr: "error: boom", wantWrites: []string{"PATCH /nodes/n2"}},
		{name: "bad dry-run", args: []string{"nodes", "n1", "k=v", "--dry-run=maybe"},
			wantErr: `error: Invalid dry-run value (maybe). Must be "none", "server", or "client".`},
		{name: "list and output", args: []string{"nodes", "n1", "--list", "-o", "name"}, wantErr: "error: --list and --output may not be specified together"},
		{name: "all and selector", args: []string{"nodes", "--all", "-l", "a=1", "k=v"}, wantErr: "error: cannot set --all and --selector at the same time"},
		{name: "no resource", args: []string{"k=v"}, wantErr: "error: one or more resources must be specified as <resource> <name> or <resource>/<name>"},
		{name: "no name", args: []string{"nodes", "k=v"}, wantErr: "error: resource(s) were provided, but no name was specified"},
		{name: "type/name then a bare type", args: []string{"node/n1", "nodes", "k=v"},
			wantErr: "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'"},
		{name: "unknown type", args: []string{"widgets", "x", "k=v"}, wantErr: `the server doesn't have a resource type "widgets"`},
		{name: "unknown type/name", args: []string{"widgets/x", "k=v"}, wantErr: `the server doesn't have a resource type "widgets"`},
		{name: "unknown flag", args: []string{"nodes", "n1", "k=v", "--bogus"}, wantErr: "error: unknown flag: --bogus\nSee 'kubectl label --help' for usage."},
		// The playground labels nodes only.
		{name: "pods", args: []string{"pods", "x", "k=v"}, wantErr: "error: the playground only simulates nodes; pods cannot be labeled here"},
		{name: "pod/name", args: []string{"pod/x", "k=v"}, wantErr: "error: the playground only simulates nodes; pod cannot be labeled here"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newStore(node("n1", map[string]string{"a": "1"}, false), node("n2", map[string]string{"b": "2"}, false))
			s.fail = tc.fail
			out, err := kubectl.Label(s, tc.args)
			assert.Equal(t, tc.wantOut, out)
			assert.Equal(t, tc.wantErr, errText(err))
			assert.Equal(t, tc.wantWrites, s.writes)
			if !slices.Contains(tc.wantWrites, "PATCH /nodes/n1") {
				assert.Equal(t, map[string]string{"a": "1"}, s.nodes["n1"].Labels, "n1 not written")
			}
		})
	}
	t.Run("bad selector", func(t *testing.T) {
		_, err := kubectl.Label(newStore(node("n1", nil, false)), []string{"nodes", "-l", "x in (", "k=v"})
		require.Error(t, err)
	})
	t.Run("no cluster", func(t *testing.T) {
		_, err := kubectl.Label(nil, []string{"nodes", "n1", "k=v"})
		assert.EqualError(t, err, "error: no cluster")
	})
}

func TestTaintWritesAndSelectors(t *testing.T) {
	s := newStore(node("a", nil, false), node("b", nil, false))
	s.fail = map[string]error{"a": errors.New("boom")}
	out, err := kubectl.Taint(s, []string{"node", "k=1:NoSchedule", "--all"})
	assert.Equal(t, "node/b tainted\n", out, "kubectl taint continues after a failed node")
	assert.EqualError(t, err, "error: boom")
	assert.Equal(t, []string{"PATCH /nodes/b"}, s.writes)

	s = newStore(node("a", nil, false))
	out, err = kubectl.Taint(s, []string{"node", "a", "k=1:NoSchedule", "--dry-run=server"})
	require.NoError(t, err)
	assert.Equal(t, "node/a tainted\n", out)
	assert.Empty(t, s.writes)
	assert.Empty(t, s.nodes["a"].Spec.Taints)

	_, err = kubectl.Taint(s, []string{"node", "k=1:NoSchedule", "-l", "x in ("})
	require.Error(t, err)
	_, err = kubectl.Taint(nil, []string{"node", "a", "k=1:NoSchedule"})
	assert.EqualError(t, err, "error: no cluster")
}

// pflag's grammar: "-lvalue", "-l=value", "--name value", "--" ends the
// flags; a flag that needs a value and has none.
func TestFlagForms(t *testing.T) {
	for _, tc := range []struct {
		args          []string
		wantOut, want string
	}{
		{args: []string{"-lpool=gpu"}, wantOut: "node/a cordoned\n"},
		{args: []string{"-l=pool=gpu"}, wantOut: "node/a cordoned\n"},
		{args: []string{"--selector", "pool=gpu"}, wantOut: "node/a cordoned\n"},
		{args: []string{"--", "b"}, wantOut: "node/b cordoned\n"},
		{args: []string{"--selector"}, want: "error: flag needs an argument: --selector\nSee 'kubectl cordon --help' for usage."},
		{args: []string{"b", "-l"}, want: "error: flag needs an argument: 'l' in -l\nSee 'kubectl cordon --help' for usage."},
		{args: []string{"b", "-q"}, want: "error: unknown shorthand flag: 'q' in -q\nSee 'kubectl cordon --help' for usage."},
	} {
		s := newStore(node("a", map[string]string{"pool": "gpu"}, false), node("b", nil, false))
		out, err := kubectl.Cordon(s, tc.args)
		assert.Equal(t, tc.wantOut, out, "%q", tc.args)
		assert.Equal(t, tc.want, errText(err), "%q", tc.args)
	}
}
