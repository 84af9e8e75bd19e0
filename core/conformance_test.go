package core_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// vectorRunner checks one vector (its raw JSON), failing t when the
// vector does not pass.
type vectorRunner func(t *testing.T, raw json.RawMessage)

// conformanceRunners maps each shipped vector file to its checker; the
// schemas are in testdata/conformance/README.md.
var conformanceRunners = map[string]vectorRunner{
	"tolerates.json":                   runTolerates,
	"compare_numeric.json":             runCompareNumeric,
	"decimal_integer.json":             runDecimalInteger,
	"label_strings.json":               runLabelStrings,
	"taint_tostring.json":              runTaintToString,
	"match_taint.json":                 runMatchTaint,
	"match_toleration.json":            runMatchToleration,
	"find_untolerated.json":            runFindUntolerated,
	"matching_tolerations.json":        runMatchingTolerations,
	"min_toleration_time.json":         runMinTolerationTime,
	"eviction.json":                    runEviction,
	"validate_tolerations.json":        runValidateTolerations,
	"validate_toleration_updates.json": runValidateTolerationUpdates,
	"validate_taints.json":             runValidateTaints,
	"kubelet_register_taints.json":     runKubeletRegisterTaints,
	"kubectl_parse.json":               runKubectlParse,
	"kubectl_reorganize.json":          runKubectlReorganize,
	"kubectl_taint.json":               runKubectlTaint,
	"describe_format.json":             runDescribeFormat,
}

// checkedElsewhere names the vector files whose code lives in a package
// that imports core, so package core's tests cannot run it: their vectors
// are checked there, against the real code, and skipped here.
var checkedElsewhere = map[string]string{
	"scheduler_filter.json": "core/sched/plugins/tainttoleration",
	"scheduler_score.json":  "core/sched/plugins/tainttoleration",
}

// TestConformance runs every vector of every file in CONFORMANCE_DIR
// (default testdata/conformance) against package core and core/kubectl,
// except the files of checkedElsewhere.
func TestConformance(t *testing.T) {
	dir := os.Getenv("CONFORMANCE_DIR")
	if dir == "" {
		dir = filepath.Join("testdata", "conformance")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no vector files in %s", dir)
	sort.Strings(files)
	checked := 0
	var failures, elsewhere []string
	for _, path := range files {
		base := filepath.Base(path)
		if pkg, ok := checkedElsewhere[base]; ok {
			elsewhere = append(elsewhere, base+" in "+pkg)
			continue
		}
		run, ok := conformanceRunners[base]
		if !assert.True(t, ok, "%s: unknown vector file (no runner for it)", base) {
			continue
		}
		stem := strings.TrimSuffix(base, ".json")
		for i, raw := range readVectors(t, path) {
			var head struct {
				Name string `json:"name"`
			}
			if err := json.Unmarshal(raw, &head); err != nil || head.Name == "" {
				head.Name = "#" + strconv.Itoa(i)
			}
			id := stem + "/" + head.Name
			checked++
			if !t.Run(id, func(t *testing.T) { run(t, raw) }) {
				failures = append(failures, id)
			}
		}
	}
	fmt.Printf("conformance: %d vectors checked, %d failed\n", checked, len(failures))
	if len(elsewhere) > 0 {
		fmt.Printf("conformance: checked by other packages: %s\n", strings.Join(elsewhere, ", "))
	}
	assert.Empty(t, failures, "failing vectors")
}

// readVectors returns the vectors of one file, a non-empty JSON array; on
// any problem it fails t and returns none.
func readVectors(t *testing.T, path string) []json.RawMessage {
	t.Helper()
	base := filepath.Base(path)
	data, err := os.ReadFile(path)
	if !assert.NoError(t, err, base) {
		return nil
	}
	var vectors []json.RawMessage
	if !assert.NoError(t, json.Unmarshal(data, &vectors), "%s: not a JSON array", base) {
		return nil
	}
	assert.NotEmpty(t, vectors, "%s: zero vectors", base)
	return vectors
}

func decode(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	require.NoError(t, json.Unmarshal(raw, v), "cannot decode vector")
}

func taintsEqual(a, b []core.Taint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Value != b[i].Value || a[i].Effect != b[i].Effect {
			return false
		}
		ta, tb := a[i].TimeAdded, b[i].TimeAdded
		if (ta == nil) != (tb == nil) || (ta != nil && !ta.Equal(tb.Time)) {
			return false
		}
	}
	return true
}

func tolerationsEqual(a, b []core.Toleration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].MatchToleration(&b[i]) {
			return false
		}
		sa, sb := a[i].TolerationSeconds, b[i].TolerationSeconds
		if (sa == nil) != (sb == nil) || (sa != nil && *sa != *sb) {
			return false
		}
	}
	return true
}

func nz(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func runTolerates(t *testing.T, raw json.RawMessage) {
	var v struct {
		Toleration core.Toleration `json:"toleration"`
		Taint      core.Taint      `json:"taint"`
		Gate       bool            `json:"comparisonOperatorsEnabled"`
		Want       bool            `json:"want"`
	}
	decode(t, raw, &v)
	assert.Equal(t, v.Want, v.Toleration.ToleratesTaint(&v.Taint, v.Gate), "ToleratesTaint")
}

func runCompareNumeric(t *testing.T, raw json.RawMessage) {
	var v struct {
		Operator        core.TolerationOperator `json:"operator"`
		TolerationValue string                  `json:"tolerationValue"`
		TaintValue      string                  `json:"taintValue"`
		Want            bool                    `json:"want"`
	}
	decode(t, raw, &v)
	assert.Equal(t, v.Want, core.CompareNumericValues(v.Operator, v.TolerationValue, v.TaintValue), "compareNumericValues")
}

func runDecimalInteger(t *testing.T, raw json.RawMessage) {
	var v struct {
		Input         string   `json:"input"`
		WantCanonical bool     `json:"wantCanonical"`
		WantInt64     bool     `json:"wantInt64"`
		WantUsable    bool     `json:"wantUsableForGtLt"`
		WantMessages  []string `json:"wantMessages"`
	}
	decode(t, raw, &v)
	assert.Equal(t, v.WantCanonical, core.IsDecimalInteger(v.Input), "IsDecimalInteger")
	_, err := strconv.ParseInt(v.Input, 10, 64)
	assert.Equal(t, v.WantInt64, err == nil, "ParseInt ok (the rule ValidateTolerations applies)")
	_, usable := core.ParseCanonicalInt64(v.Input)
	assert.Equal(t, v.WantUsable, usable, "ParseCanonicalInt64 ok")
	assert.Equal(t, nz(v.WantMessages), nz(core.DecimalIntegerErrors(v.Input)), "DecimalIntegerErrors")
}

func runLabelStrings(t *testing.T, raw json.RawMessage) {
	var v struct {
		Kind         string   `json:"kind"`
		Input        string   `json:"input"`
		WantValid    bool     `json:"wantValid"`
		WantMessages []string `json:"wantMessages"`
	}
	decode(t, raw, &v)
	var msgs []string
	switch v.Kind {
	case "key":
		msgs = core.IsQualifiedName(v.Input)
	case "value":
		msgs = core.IsValidLabelValue(v.Input)
	default:
		require.Fail(t, "unknown kind "+v.Kind)
	}
	assert.Equal(t, v.WantValid, len(msgs) == 0, "valid")
	assert.Equal(t, nz(v.WantMessages), nz(msgs), "messages")
}

func runTaintToString(t *testing.T, raw json.RawMessage) {
	var v struct {
		Taint core.Taint `json:"taint"`
		Want  string     `json:"want"`
	}
	decode(t, raw, &v)
	assert.Equal(t, v.Want, v.Taint.ToString(), "ToString")
}

func runMatchTaint(t *testing.T, raw json.RawMessage) {
	var v struct {
		Taint        core.Taint `json:"taint"`
		TaintToMatch core.Taint `json:"taintToMatch"`
		Want         bool       `json:"want"`
	}
	decode(t, raw, &v)
	assert.Equal(t, v.Want, v.Taint.MatchTaint(&v.TaintToMatch), "MatchTaint")
}

func runMatchToleration(t *testing.T, raw json.RawMessage) {
	var v struct {
		Toleration        core.Toleration `json:"toleration"`
		TolerationToMatch core.Toleration `json:"tolerationToMatch"`
		Want              bool            `json:"want"`
	}
	decode(t, raw, &v)
	assert.Equal(t, v.Want, v.Toleration.MatchToleration(&v.TolerationToMatch), "MatchToleration")
}

var namedFilters = map[string]core.TaintFilter{
	"nil":                   nil,
	"all":                   func(*core.Taint) bool { return true },
	"none":                  func(*core.Taint) bool { return false },
	"NoExecute":             core.NoExecuteTaintsFilter,
	"NoScheduleOrNoExecute": core.DoNotScheduleTaintsFilter,
}

func runFindUntolerated(t *testing.T, raw json.RawMessage) {
	var v struct {
		Tolerations     []core.Toleration `json:"tolerations"`
		Taints          []core.Taint      `json:"taints"`
		Filter          string            `json:"filter"`
		Gate            bool              `json:"comparisonOperatorsEnabled"`
		WantUntolerated bool              `json:"wantUntolerated"`
		WantTaint       *core.Taint       `json:"wantTaint"`
	}
	decode(t, raw, &v)
	filter, ok := namedFilters[v.Filter]
	if !ok {
		require.Fail(t, "unknown filter "+v.Filter)
	}
	got, untolerated := core.FindMatchingUntoleratedTaint(v.Taints, v.Tolerations, filter, v.Gate)
	assert.Equal(t, v.WantUntolerated, untolerated, "untolerated")
	want := core.Taint{}
	if v.WantTaint != nil {
		want = *v.WantTaint
	}
	assert.True(t, taintsEqual([]core.Taint{got}, []core.Taint{want}), "taint: got %q, want %q", got.ToString(), want.ToString())
}

func runMatchingTolerations(t *testing.T, raw json.RawMessage) {
	var v struct {
		NodeTaints      []core.Taint      `json:"taints"`
		Tolerations     []core.Toleration `json:"tolerations"`
		Gate            bool              `json:"comparisonOperatorsEnabled"`
		WantAll         bool              `json:"wantAllTolerated"`
		WantTolerations []core.Toleration `json:"wantTolerations"`
	}
	decode(t, raw, &v)
	all, used := core.GetMatchingTolerations(v.NodeTaints, v.Tolerations, v.Gate)
	assert.Equal(t, v.WantAll, all, "allTolerated")
	assert.True(t, tolerationsEqual(used, v.WantTolerations), "tolerations: got %+v, want %+v", used, v.WantTolerations)
}

func runMinTolerationTime(t *testing.T, raw json.RawMessage) {
	var v struct {
		Tolerations  []core.Toleration `json:"tolerations"`
		WantSeconds  int64             `json:"wantSeconds"`
		WantDuration string            `json:"wantDuration"`
	}
	decode(t, raw, &v)
	assert.Equal(t, v.WantSeconds, core.MinTolerationTime(v.Tolerations), "MinTolerationTime")
	assert.Equal(t, v.WantDuration, core.MinTolerationDuration(v.Tolerations).String(), "MinTolerationDuration")
}

func runEviction(t *testing.T, raw json.RawMessage) {
	var v struct {
		NodeTaints       []core.Taint      `json:"nodeTaints"`
		Tolerations      []core.Toleration `json:"tolerations"`
		Gate             bool              `json:"comparisonOperatorsEnabled"`
		WantAction       string            `json:"wantAction"`
		WantAfterSeconds int64             `json:"wantAfterSeconds"`
		WantAfter        string            `json:"wantAfter"`
	}
	decode(t, raw, &v)
	action, after := core.EvictionDecision(v.NodeTaints, v.Tolerations, v.Gate)
	assert.Equal(t, v.WantAction, string(action), "action")
	assert.Equal(t, v.WantAfterSeconds, int64(after/time.Second), "after seconds")
	assert.Equal(t, v.WantAfter, after.String(), "after")
}

type wantFieldError struct {
	Field  string `json:"field"`
	Type   string `json:"type"`
	Detail string `json:"detail"`
	Error  string `json:"error"`
}

func compareErrors(t *testing.T, got core.ErrorList, want []wantFieldError) {
	t.Helper()
	if !assert.Len(t, got, len(want), "errors %q", got.Strings()) {
		return
	}
	for i, w := range want {
		g := got[i]
		assert.Equal(t, w.Field, g.Field, "error %d field", i)
		assert.Equal(t, w.Type, g.Type.ShortName(), "error %d type", i)
		assert.Equal(t, w.Detail, g.Detail, "error %d detail", i)
		assert.Equal(t, w.Error, g.Error(), "error %d text", i)
	}
}

func runValidateTolerations(t *testing.T, raw json.RawMessage) {
	var v struct {
		Context     string            `json:"context"`
		Tolerations []core.Toleration `json:"tolerations"`
		Allow       bool              `json:"allowComparisonOperators"`
		WantErrors  []wantFieldError  `json:"wantErrors"`
		Upstream    string            `json:"upstreamExpect"`
	}
	decode(t, raw, &v)
	var got core.ErrorList
	switch v.Context {
	case "pod":
		got = core.ValidateTolerations(v.Tolerations, "spec.tolerations", v.Allow)
	case "runtimeClass":
		got = core.ValidateRuntimeClassTolerations(v.Tolerations, "scheduling.tolerations")
	default:
		require.Fail(t, "unknown context "+v.Context)
	}
	compareErrors(t, got, v.WantErrors)
	if v.Upstream != "" {
		assert.Contains(t, strings.Join(got.Strings(), "\n"), v.Upstream, "the upstream test expects this substring")
	}
}

func runValidateTolerationUpdates(t *testing.T, raw json.RawMessage) {
	var v struct {
		Old        []core.Toleration `json:"oldTolerations"`
		New        []core.Toleration `json:"newTolerations"`
		Allow      bool              `json:"allowComparisonOperators"`
		WantErrors []wantFieldError  `json:"wantErrors"`
		Upstream   string            `json:"upstreamExpect"`
	}
	decode(t, raw, &v)
	got := core.ValidateTolerationsUpdate(v.Old, v.New, "spec.tolerations", v.Allow)
	compareErrors(t, got, v.WantErrors)
	if v.Upstream != "" {
		assert.Contains(t, strings.Join(got.Strings(), "\n"), v.Upstream, "the upstream test expects this substring")
	}
}

func runValidateTaints(t *testing.T, raw json.RawMessage) {
	var v struct {
		Taints     []core.Taint     `json:"taints"`
		WantErrors []wantFieldError `json:"wantErrors"`
	}
	decode(t, raw, &v)
	compareErrors(t, core.ValidateNodeTaints(v.Taints), v.WantErrors)
}

func runKubeletRegisterTaints(t *testing.T, raw json.RawMessage) {
	var v struct {
		Taint      core.Taint `json:"taint"`
		WantErr    bool       `json:"wantErr"`
		WantErrMsg string     `json:"wantErrMsg"`
	}
	decode(t, raw, &v)
	err := core.CheckTaintValidation(v.Taint)
	assert.Equal(t, v.WantErr, err != nil, "error?")
	if err != nil {
		assert.Equal(t, v.WantErrMsg, err.Error(), "error text")
	}
}

func runKubectlParse(t *testing.T, raw json.RawMessage) {
	var v struct {
		Args       []string     `json:"args"`
		WantAdd    []core.Taint `json:"wantAdd"`
		WantRemove []core.Taint `json:"wantRemove"`
		WantErr    bool         `json:"wantErr"`
		WantErrMsg string       `json:"wantErrMsg"`
	}
	decode(t, raw, &v)
	add, remove, err := kubectl.ParseTaints(v.Args)
	assert.Equal(t, v.WantErr, err != nil, "error?")
	if err != nil {
		assert.Equal(t, v.WantErrMsg, err.Error(), "error text")
	}
	assert.True(t, taintsEqual(add, v.WantAdd), "add: got %v, want %v", add, v.WantAdd)
	assert.True(t, taintsEqual(remove, v.WantRemove), "remove: got %v, want %v", remove, v.WantRemove)
}

func runKubectlReorganize(t *testing.T, raw json.RawMessage) {
	var v struct {
		Old               []core.Taint `json:"oldTaints"`
		Overwrite         bool         `json:"overwrite"`
		Add               []core.Taint `json:"taintsToAdd"`
		Remove            []core.Taint `json:"taintsToRemove"`
		WantAlreadyExists string       `json:"wantAlreadyExists"`
		WantOperation     string       `json:"wantOperation"`
		WantTaints        []core.Taint `json:"wantTaints"`
		WantErr           bool         `json:"wantErr"`
		WantErrMsg        string       `json:"wantErrMsg"`
	}
	decode(t, raw, &v)
	assert.Equal(t, v.WantAlreadyExists, kubectl.CheckIfTaintsAlreadyExists(v.Old, v.Add), "already exists")
	op, taints, err := kubectl.ReorganizeTaints(v.Old, v.Overwrite, v.Add, v.Remove)
	assert.Equal(t, v.WantOperation, op, "operation")
	assert.True(t, taintsEqual(taints, v.WantTaints), "taints: got %v, want %v", taints, v.WantTaints)
	assert.Equal(t, v.WantErr, err != nil, "error?")
	if err != nil {
		assert.Equal(t, v.WantErrMsg, err.Error(), "error text")
	}
}

// fakeNodes is an in-memory kubectl.Nodes that records every write as the
// request kubectl would send.
type fakeNodes struct {
	nodes  map[string]*core.Node
	writes []string
}

func newFakeNodes(nodes []*core.Node) *fakeNodes {
	f := &fakeNodes{nodes: map[string]*core.Node{}, writes: []string{}}
	for _, n := range nodes {
		f.nodes[n.Name] = n
	}
	return f
}

func (f *fakeNodes) List() []*core.Node {
	names := make([]string, 0, len(f.nodes))
	for n := range f.nodes {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]*core.Node, 0, len(names))
	for _, n := range names {
		out = append(out, f.nodes[n])
	}
	return out
}

func (f *fakeNodes) Get(name string) (*core.Node, bool) {
	n, ok := f.nodes[name]
	return n, ok
}

func (f *fakeNodes) Update(n *core.Node) error {
	f.writes = append(f.writes, "PATCH /nodes/"+n.Name)
	f.nodes[n.Name] = n
	return nil
}

func runKubectlTaint(t *testing.T, raw json.RawMessage) {
	type vnode struct {
		Name   string            `json:"name"`
		Labels map[string]string `json:"labels"`
		Taints []core.Taint      `json:"taints"`
	}
	var v struct {
		Nodes      []vnode  `json:"nodes"`
		Args       []string `json:"args"`
		WantFatal  string   `json:"wantFatal"`
		WantStdout string   `json:"wantStdout"`
		WantNodes  []vnode  `json:"wantNodes"`
		WantWrites []string `json:"wantWrites"`
	}
	decode(t, raw, &v)
	var nodes []*core.Node
	for _, n := range v.Nodes {
		node := &core.Node{}
		node.Name = n.Name
		node.Labels = n.Labels
		node.Spec.Taints = n.Taints
		nodes = append(nodes, node)
	}
	f := newFakeNodes(nodes)
	stdout, err := kubectl.Taint(f, v.Args)
	fatal := ""
	if err != nil {
		fatal = err.Error()
	}
	assert.Equal(t, v.WantFatal, fatal, "stderr")
	assert.Equal(t, v.WantStdout, stdout, "stdout")
	assert.Equal(t, v.WantWrites, f.writes, "writes")
	for _, w := range v.WantNodes {
		n, ok := f.Get(w.Name)
		if !assert.True(t, ok, "node %s missing", w.Name) {
			continue
		}
		assert.True(t, taintsEqual(n.Spec.Taints, w.Taints), "node %s taints: got %v, want %v", w.Name, n.Spec.Taints, w.Taints)
	}
}

func runDescribeFormat(t *testing.T, raw json.RawMessage) {
	var v struct {
		Kind        string            `json:"kind"`
		Taints      []core.Taint      `json:"taints"`
		Tolerations []core.Toleration `json:"tolerations"`
		Want        string            `json:"want"`
	}
	decode(t, raw, &v)
	switch v.Kind {
	case "taints":
		before := append([]core.Taint(nil), v.Taints...)
		assert.Equal(t, v.Want, core.DescribeTaints(v.Taints), "Taints block")
		assert.True(t, taintsEqual(before, v.Taints), "DescribeTaints reordered the caller's slice")
	case "tolerations":
		before := append([]core.Toleration(nil), v.Tolerations...)
		assert.Equal(t, v.Want, core.DescribeTolerations(v.Tolerations), "Tolerations block")
		assert.True(t, tolerationsEqual(before, v.Tolerations), "DescribeTolerations reordered the caller's slice")
	default:
		assert.Fail(t, "unknown kind "+v.Kind)
	}
}
