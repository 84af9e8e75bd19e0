package core_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// vectorRunner checks one vector (its raw JSON) and returns the problems
// found, empty when the vector passes.
type vectorRunner func(raw json.RawMessage) []string

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
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no vector files in %s", dir)
	}
	sort.Strings(files)
	checked, failed := 0, 0
	var failures, elsewhere []string
	for _, path := range files {
		base := filepath.Base(path)
		if pkg, ok := checkedElsewhere[base]; ok {
			elsewhere = append(elsewhere, base+" in "+pkg)
			continue
		}
		run, ok := conformanceRunners[base]
		if !ok {
			t.Errorf("%s: unknown vector file (no runner for it)", base)
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v", base, err)
			continue
		}
		var vectors []json.RawMessage
		if err := json.Unmarshal(data, &vectors); err != nil {
			t.Errorf("%s: not a JSON array: %v", base, err)
			continue
		}
		if len(vectors) == 0 {
			t.Errorf("%s: zero vectors", base)
			continue
		}
		stem := strings.TrimSuffix(base, ".json")
		for i, raw := range vectors {
			var head struct {
				Name string `json:"name"`
			}
			if err := json.Unmarshal(raw, &head); err != nil || head.Name == "" {
				head.Name = "#" + strconv.Itoa(i)
			}
			id := stem + "/" + head.Name
			checked++
			problems := run(raw)
			t.Run(id, func(t *testing.T) {
				for _, p := range problems {
					t.Error(p)
				}
			})
			if len(problems) > 0 {
				failed++
				failures = append(failures, id)
			}
		}
	}
	fmt.Printf("conformance: %d vectors checked, %d failed\n", checked, failed)
	if len(elsewhere) > 0 {
		fmt.Printf("conformance: checked by other packages: %s\n", strings.Join(elsewhere, ", "))
	}
	for _, f := range failures {
		t.Errorf("failing vector: %s", f)
	}
}

func decode(raw json.RawMessage, v any) []string {
	if err := json.Unmarshal(raw, v); err != nil {
		return []string{"cannot decode vector: " + err.Error()}
	}
	return nil
}

func expect(problems *[]string, what string, got, want any) {
	if !reflect.DeepEqual(got, want) {
		*problems = append(*problems, fmt.Sprintf("%s: got %#v, want %#v", what, got, want))
	}
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

func runTolerates(raw json.RawMessage) []string {
	var v struct {
		Toleration core.Toleration `json:"toleration"`
		Taint      core.Taint      `json:"taint"`
		Gate       bool            `json:"comparisonOperatorsEnabled"`
		Want       bool            `json:"want"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	expect(&p, "ToleratesTaint", v.Toleration.ToleratesTaint(&v.Taint, v.Gate), v.Want)
	return p
}

func runCompareNumeric(raw json.RawMessage) []string {
	var v struct {
		Operator        core.TolerationOperator `json:"operator"`
		TolerationValue string                  `json:"tolerationValue"`
		TaintValue      string                  `json:"taintValue"`
		Want            bool                    `json:"want"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	expect(&p, "compareNumericValues", core.CompareNumericValues(v.Operator, v.TolerationValue, v.TaintValue), v.Want)
	return p
}

func runDecimalInteger(raw json.RawMessage) []string {
	var v struct {
		Input         string   `json:"input"`
		WantCanonical bool     `json:"wantCanonical"`
		WantInt64     bool     `json:"wantInt64"`
		WantUsable    bool     `json:"wantUsableForGtLt"`
		WantMessages  []string `json:"wantMessages"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	expect(&p, "IsDecimalInteger", core.IsDecimalInteger(v.Input), v.WantCanonical)
	_, err := strconv.ParseInt(v.Input, 10, 64)
	expect(&p, "ParseInt ok (the rule ValidateTolerations applies)", err == nil, v.WantInt64)
	_, usable := core.ParseCanonicalInt64(v.Input)
	expect(&p, "ParseCanonicalInt64 ok", usable, v.WantUsable)
	expect(&p, "DecimalIntegerErrors", nz(core.DecimalIntegerErrors(v.Input)), nz(v.WantMessages))
	return p
}

func runLabelStrings(raw json.RawMessage) []string {
	var v struct {
		Kind         string   `json:"kind"`
		Input        string   `json:"input"`
		WantValid    bool     `json:"wantValid"`
		WantMessages []string `json:"wantMessages"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var msgs []string
	switch v.Kind {
	case "key":
		msgs = core.IsQualifiedName(v.Input)
	case "value":
		msgs = core.IsValidLabelValue(v.Input)
	default:
		return []string{"unknown kind " + v.Kind}
	}
	var p []string
	expect(&p, "valid", len(msgs) == 0, v.WantValid)
	expect(&p, "messages", nz(msgs), nz(v.WantMessages))
	return p
}

func runTaintToString(raw json.RawMessage) []string {
	var v struct {
		Taint core.Taint `json:"taint"`
		Want  string     `json:"want"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	expect(&p, "ToString", v.Taint.ToString(), v.Want)
	return p
}

func runMatchTaint(raw json.RawMessage) []string {
	var v struct {
		Taint        core.Taint `json:"taint"`
		TaintToMatch core.Taint `json:"taintToMatch"`
		Want         bool       `json:"want"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	expect(&p, "MatchTaint", v.Taint.MatchTaint(&v.TaintToMatch), v.Want)
	return p
}

func runMatchToleration(raw json.RawMessage) []string {
	var v struct {
		Toleration        core.Toleration `json:"toleration"`
		TolerationToMatch core.Toleration `json:"tolerationToMatch"`
		Want              bool            `json:"want"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	expect(&p, "MatchToleration", v.Toleration.MatchToleration(&v.TolerationToMatch), v.Want)
	return p
}

var namedFilters = map[string]core.TaintFilter{
	"nil":                   nil,
	"all":                   func(*core.Taint) bool { return true },
	"none":                  func(*core.Taint) bool { return false },
	"NoExecute":             core.NoExecuteTaintsFilter,
	"NoScheduleOrNoExecute": core.DoNotScheduleTaintsFilter,
}

func runFindUntolerated(raw json.RawMessage) []string {
	var v struct {
		Tolerations     []core.Toleration `json:"tolerations"`
		Taints          []core.Taint      `json:"taints"`
		Filter          string            `json:"filter"`
		Gate            bool              `json:"comparisonOperatorsEnabled"`
		WantUntolerated bool              `json:"wantUntolerated"`
		WantTaint       *core.Taint       `json:"wantTaint"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	filter, ok := namedFilters[v.Filter]
	if !ok {
		return []string{"unknown filter " + v.Filter}
	}
	got, untolerated := core.FindMatchingUntoleratedTaint(v.Taints, v.Tolerations, filter, v.Gate)
	var p []string
	expect(&p, "untolerated", untolerated, v.WantUntolerated)
	want := core.Taint{}
	if v.WantTaint != nil {
		want = *v.WantTaint
	}
	if !taintsEqual([]core.Taint{got}, []core.Taint{want}) {
		p = append(p, fmt.Sprintf("taint: got %q, want %q", got.ToString(), want.ToString()))
	}
	return p
}

func runMatchingTolerations(raw json.RawMessage) []string {
	var v struct {
		NodeTaints      []core.Taint      `json:"taints"`
		Tolerations     []core.Toleration `json:"tolerations"`
		Gate            bool              `json:"comparisonOperatorsEnabled"`
		WantAll         bool              `json:"wantAllTolerated"`
		WantTolerations []core.Toleration `json:"wantTolerations"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	all, used := core.GetMatchingTolerations(v.NodeTaints, v.Tolerations, v.Gate)
	var p []string
	expect(&p, "allTolerated", all, v.WantAll)
	if !tolerationsEqual(used, v.WantTolerations) {
		p = append(p, fmt.Sprintf("tolerations: got %+v, want %+v", used, v.WantTolerations))
	}
	return p
}

func runMinTolerationTime(raw json.RawMessage) []string {
	var v struct {
		Tolerations  []core.Toleration `json:"tolerations"`
		WantSeconds  int64             `json:"wantSeconds"`
		WantDuration string            `json:"wantDuration"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	expect(&p, "MinTolerationTime", core.MinTolerationTime(v.Tolerations), v.WantSeconds)
	expect(&p, "MinTolerationDuration", core.MinTolerationDuration(v.Tolerations).String(), v.WantDuration)
	return p
}

func runEviction(raw json.RawMessage) []string {
	var v struct {
		NodeTaints       []core.Taint      `json:"nodeTaints"`
		Tolerations      []core.Toleration `json:"tolerations"`
		Gate             bool              `json:"comparisonOperatorsEnabled"`
		WantAction       string            `json:"wantAction"`
		WantAfterSeconds int64             `json:"wantAfterSeconds"`
		WantAfter        string            `json:"wantAfter"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	action, after := core.EvictionDecision(v.NodeTaints, v.Tolerations, v.Gate)
	var p []string
	expect(&p, "action", string(action), v.WantAction)
	expect(&p, "after seconds", int64(after/time.Second), v.WantAfterSeconds)
	expect(&p, "after", after.String(), v.WantAfter)
	return p
}

type wantFieldError struct {
	Field  string `json:"field"`
	Type   string `json:"type"`
	Detail string `json:"detail"`
	Error  string `json:"error"`
}

func compareErrors(got core.ErrorList, want []wantFieldError) []string {
	var p []string
	if len(got) != len(want) {
		return []string{fmt.Sprintf("got %d errors %q, want %d", len(got), got.Strings(), len(want))}
	}
	for i, w := range want {
		g := got[i]
		expect(&p, fmt.Sprintf("error %d field", i), g.Field, w.Field)
		expect(&p, fmt.Sprintf("error %d type", i), g.Type.ShortName(), w.Type)
		expect(&p, fmt.Sprintf("error %d detail", i), g.Detail, w.Detail)
		expect(&p, fmt.Sprintf("error %d text", i), g.Error(), w.Error)
	}
	return p
}

func runValidateTolerations(raw json.RawMessage) []string {
	var v struct {
		Context     string            `json:"context"`
		Tolerations []core.Toleration `json:"tolerations"`
		Allow       bool              `json:"allowComparisonOperators"`
		WantErrors  []wantFieldError  `json:"wantErrors"`
		Upstream    string            `json:"upstreamExpect"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var got core.ErrorList
	switch v.Context {
	case "pod":
		got = core.ValidateTolerations(v.Tolerations, "spec.tolerations", v.Allow)
	case "runtimeClass":
		got = core.ValidateRuntimeClassTolerations(v.Tolerations, "scheduling.tolerations")
	default:
		return []string{"unknown context " + v.Context}
	}
	p := compareErrors(got, v.WantErrors)
	if v.Upstream != "" && !strings.Contains(strings.Join(got.Strings(), "\n"), v.Upstream) {
		p = append(p, "upstream test expects substring "+strconv.Quote(v.Upstream))
	}
	return p
}

func runValidateTolerationUpdates(raw json.RawMessage) []string {
	var v struct {
		Old        []core.Toleration `json:"oldTolerations"`
		New        []core.Toleration `json:"newTolerations"`
		Allow      bool              `json:"allowComparisonOperators"`
		WantErrors []wantFieldError  `json:"wantErrors"`
		Upstream   string            `json:"upstreamExpect"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	got := core.ValidateTolerationsUpdate(v.Old, v.New, "spec.tolerations", v.Allow)
	p := compareErrors(got, v.WantErrors)
	if v.Upstream != "" && !strings.Contains(strings.Join(got.Strings(), "\n"), v.Upstream) {
		p = append(p, "upstream test expects substring "+strconv.Quote(v.Upstream))
	}
	return p
}

func runValidateTaints(raw json.RawMessage) []string {
	var v struct {
		Taints     []core.Taint     `json:"taints"`
		WantErrors []wantFieldError `json:"wantErrors"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	return compareErrors(core.ValidateNodeTaints(v.Taints), v.WantErrors)
}

func runKubeletRegisterTaints(raw json.RawMessage) []string {
	var v struct {
		Taint      core.Taint `json:"taint"`
		WantErr    bool       `json:"wantErr"`
		WantErrMsg string     `json:"wantErrMsg"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	err := core.CheckTaintValidation(v.Taint)
	var p []string
	expect(&p, "error?", err != nil, v.WantErr)
	if err != nil {
		expect(&p, "error text", err.Error(), v.WantErrMsg)
	}
	return p
}

func runKubectlParse(raw json.RawMessage) []string {
	var v struct {
		Args       []string     `json:"args"`
		WantAdd    []core.Taint `json:"wantAdd"`
		WantRemove []core.Taint `json:"wantRemove"`
		WantErr    bool         `json:"wantErr"`
		WantErrMsg string       `json:"wantErrMsg"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	add, remove, err := kubectl.ParseTaints(v.Args)
	var p []string
	expect(&p, "error?", err != nil, v.WantErr)
	if err != nil {
		expect(&p, "error text", err.Error(), v.WantErrMsg)
	}
	if !taintsEqual(add, v.WantAdd) {
		p = append(p, fmt.Sprintf("add: got %v, want %v", add, v.WantAdd))
	}
	if !taintsEqual(remove, v.WantRemove) {
		p = append(p, fmt.Sprintf("remove: got %v, want %v", remove, v.WantRemove))
	}
	return p
}

func runKubectlReorganize(raw json.RawMessage) []string {
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
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	expect(&p, "already exists", kubectl.CheckIfTaintsAlreadyExists(v.Old, v.Add), v.WantAlreadyExists)
	op, taints, err := kubectl.ReorganizeTaints(v.Old, v.Overwrite, v.Add, v.Remove)
	expect(&p, "operation", op, v.WantOperation)
	if !taintsEqual(taints, v.WantTaints) {
		p = append(p, fmt.Sprintf("taints: got %v, want %v", taints, v.WantTaints))
	}
	expect(&p, "error?", err != nil, v.WantErr)
	if err != nil {
		expect(&p, "error text", err.Error(), v.WantErrMsg)
	}
	return p
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

func runKubectlTaint(raw json.RawMessage) []string {
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
	if p := decode(raw, &v); p != nil {
		return p
	}
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
	var p []string
	fatal := ""
	if err != nil {
		fatal = err.Error()
	}
	expect(&p, "stderr", fatal, v.WantFatal)
	expect(&p, "stdout", stdout, v.WantStdout)
	expect(&p, "writes", f.writes, v.WantWrites)
	for _, w := range v.WantNodes {
		n, ok := f.Get(w.Name)
		if !ok {
			p = append(p, "node "+w.Name+" missing")
			continue
		}
		if !taintsEqual(n.Spec.Taints, w.Taints) {
			p = append(p, fmt.Sprintf("node %s taints: got %v, want %v", w.Name, n.Spec.Taints, w.Taints))
		}
	}
	return p
}

func runDescribeFormat(raw json.RawMessage) []string {
	var v struct {
		Kind        string            `json:"kind"`
		Taints      []core.Taint      `json:"taints"`
		Tolerations []core.Toleration `json:"tolerations"`
		Want        string            `json:"want"`
	}
	if p := decode(raw, &v); p != nil {
		return p
	}
	var p []string
	switch v.Kind {
	case "taints":
		before := append([]core.Taint(nil), v.Taints...)
		expect(&p, "Taints block", core.DescribeTaints(v.Taints), v.Want)
		if !taintsEqual(before, v.Taints) {
			p = append(p, "DescribeTaints reordered the caller's slice")
		}
	case "tolerations":
		before := append([]core.Toleration(nil), v.Tolerations...)
		expect(&p, "Tolerations block", core.DescribeTolerations(v.Tolerations), v.Want)
		if !tolerationsEqual(before, v.Tolerations) {
			p = append(p, "DescribeTolerations reordered the caller's slice")
		}
	default:
		p = append(p, "unknown kind "+v.Kind)
	}
	return p
}
