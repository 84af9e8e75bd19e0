package scenario

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"sigs.k8s.io/yaml"

	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/core"
)

// documentStepwise is parser.document as it was before it decoded each
// document once: it decodes the text again for every question (is it an
// object, its kind, strict decoding, the typed object). Tests check that
// document answers every input the same way.
func documentStepwise(p *parser, d document) error {
	var raw any
	if err := yaml.Unmarshal(d.text, &raw); err != nil {
		return p.errf(d, "invalid YAML: %s", cleanYAMLError(err))
	}
	if raw == nil {
		return nil
	}
	p.read++
	if _, ok := raw.(map[string]any); !ok {
		return p.errf(d, "expected an object with apiVersion and kind, found %s", describeValue(raw))
	}
	var tm typeMeta
	if err := yaml.Unmarshal(d.text, &tm); err != nil {
		return p.errf(d, "invalid YAML: %s", cleanYAMLError(err))
	}
	switch tm.Kind {
	case "":
		return p.errf(d, "Object 'Kind' is missing: every document needs a kind (Node, Pod, List or Scenario)")
	case Kind:
		if p.inline {
			return p.errf(d, "kind Scenario belongs in the scenario file, not in a step's manifest")
		}
		if tm.APIVersion != "" && tm.APIVersion != APIVersion {
			return p.errf(d, "Scenario apiVersion %q is not supported: use %s (or leave apiVersion out)", tm.APIVersion, APIVersion)
		}
		if p.scen != nil {
			return p.errf(d, "a second kind: Scenario document (the first is document %d): a file holds at most one", p.scenRef.num)
		}
		var sd scenarioDoc
		if err := yaml.UnmarshalStrict(d.text, &sd); err != nil {
			return p.errf(d, "Scenario: %s", cleanYAMLError(err))
		}
		p.scen = &sd
		p.scenRef = d
		return nil
	case "List", "NodeList", "PodList":
		if tm.APIVersion != "" && tm.APIVersion != "v1" {
			return p.errf(d, "no matches for kind %q in version %q", tm.Kind, tm.APIVersion)
		}
		if err := strictYAML(d.text); err != nil {
			return p.errf(d, "%s in version %q cannot be handled as a %s: strict decoding error: %s", tm.Kind, "v1", tm.Kind, err)
		}
		var list struct {
			Items []map[string]any `json:"items"`
		}
		if err := yaml.Unmarshal(d.text, &list); err != nil {
			return p.errf(d, "%s: %s", tm.Kind, cleanYAMLError(err))
		}
		for i, item := range list.Items {
			b, err := json.Marshal(item)
			if err != nil {
				return p.errf(d, "items[%d]: %v", i, err)
			}
			var itm typeMeta
			_ = json.Unmarshal(b, &itm)
			if itm.Kind == "" {
				switch tm.Kind {
				case "NodeList":
					itm.Kind = "Node"
				case "PodList":
					itm.Kind = "Pod"
				}
			}
			if err := p.object(d, fmt.Sprintf("items[%d]: ", i), itm, b, nil); err != nil {
				return err
			}
		}
		return nil
	}
	j, err := yaml.YAMLToJSONStrict(d.text)
	if err != nil {
		if _, lax := yaml.YAMLToJSON(d.text); lax != nil {
			return p.errf(d, "invalid YAML: %s", cleanYAMLError(lax))
		}
		// Valid YAML that strict decoding refuses: a duplicate key.
		return p.errf(d, "%s in version %q cannot be handled as a %s: strict decoding error: %s", tm.Kind, versionOf(tm.APIVersion), tm.Kind, cleanYAMLError(err))
	}
	return p.object(d, "", tm, j, nil)
}

// strictYAML reports a document that only strict YAML decoding refuses
// (a key given twice in one mapping), in sigs.k8s.io/yaml's words.
func strictYAML(text []byte) error {
	if _, err := yaml.YAMLToJSONStrict(text); err != nil {
		if _, lax := yaml.YAMLToJSON(text); lax == nil {
			return errors.New(cleanYAMLError(err))
		}
	}
	return nil
}

// parseStepwise is Parse with every document of the file decoded by
// documentStepwise (a step's manifest is read by ParseManifest).
func parseStepwise(data []byte, filename string) (s *Scenario, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, &Error{File: filename, Message: fmt.Sprintf("cannot read scenario: %v", r)}
		}
	}()
	p := &parser{file: filename}
	if err := checkSize(data); err != nil {
		return nil, &Error{File: p.file, Message: err.Error()}
	}
	docs := splitDocuments(data)
	if len(docs) == 0 {
		return nil, &Error{File: p.file, Message: noDocuments}
	}
	for _, d := range docs {
		if err := documentStepwise(p, d); err != nil {
			return nil, err
		}
	}
	if p.read == 0 {
		return nil, &Error{File: p.file, Message: noDocuments}
	}
	s = &Scenario{Options: Options{Seed: DefaultSeed, FeatureGates: map[string]bool{}}}
	if p.scen != nil {
		if err := p.applyScenario(s); err != nil {
			return nil, err
		}
	}
	if err := p.validateObjects(s); err != nil {
		return nil, err
	}
	if err := p.validateWorkloads(s.Options.ComparisonOperators()); err != nil {
		return nil, err
	}
	s.Nodes = p.nodes
	s.Pods = p.pods
	s.Deployments = p.objs.Deployments
	s.ReplicaSets = p.objs.ReplicaSets
	s.DaemonSets = p.objs.DaemonSets
	s.PodDisruptionBudgets = p.objs.PodDisruptionBudgets
	s.PriorityClasses = p.objs.PriorityClasses
	s.Namespaces = p.objs.Namespaces
	if err := s.CheckCaps(); err != nil {
		return nil, &Error{File: p.file, Message: err.Error()}
	}
	return s, nil
}

// parseManifestStepwise is ParseManifest with every document decoded by
// documentStepwise.
func parseManifestStepwise(data []byte, allowComparisonOperators bool) (m *Manifests, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("cannot read manifest: %v", r)
		}
	}()
	p := &parser{inline: true}
	docs := splitDocuments(data)
	if len(docs) == 0 {
		return nil, fmt.Errorf("error: no objects passed to apply")
	}
	for _, d := range docs {
		if err := documentStepwise(p, d); err != nil {
			return nil, err
		}
	}
	s := &Scenario{Options: Options{FeatureGates: map[string]bool{}}}
	if allowComparisonOperators {
		s.Options.FeatureGates[GateComparisonOperators] = true
		s.Options.KubernetesVersion = core.DefaultVersion
	}
	if err := p.validateObjects(s); err != nil {
		return nil, err
	}
	if err := p.validateWorkloads(allowComparisonOperators); err != nil {
		return nil, err
	}
	out := p.objs
	out.Nodes, out.Pods = p.nodes, p.pods
	return &out, nil
}

// sameParseSeeds are documents where decoding once and decoding stepwise
// could part ways: invalid YAML, duplicate keys, kinds that are not plain
// strings or are spelled in other letter case, odd Lists, null documents.
var sameParseSeeds = []string{
	full,
	"",
	"null\n",
	"~\n---\n# only a comment\n",
	"- a\n- b\n",
	"just text\n",
	"42\n",
	"true\n",
	"kind: Pod\nkind: Node\n",
	"kind: Pod\nmetadata: {name: a, name: b}\nspec: {containers: [{name: c, image: i}]}\n",
	"kind: Pod\nmetadata: {name: a}\nspec: {containers: [{name: c, image: i}]}\nKind: Node\n",
	"Kind: Pod\nmetadata: {name: a}\nspec: {containers: [{name: c, image: i}]}\n",
	"KIND: Node\nmetadata: {name: a}\n",
	"kind: Node\nApiVersion: v1\nmetadata: {name: a}\n",
	"kind: Node\napiversion: v2\nmetadata: {name: a}\n",
	"kind: Node\napiVersion: 1\nmetadata: {name: a}\n",
	"kind: 1\nmetadata: {name: a}\n",
	"kind: true\n",
	"kind: null\nmetadata: {name: a}\n",
	"kind: [Pod]\n",
	"kind: {a: b}\n",
	"kind: 1.5\n",
	"kind: Node\nmetadata: {name: 12}\n",
	"kind: Node\nmetadata: {name: n1, labels: {a: 1, b: true, 3: x}}\nspec: {taints: [{key: k, value: 1, effect: NoSchedule}]}\n",
	"kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}], tolerations: [{key: k, operator: Exists, tolerationSecond: 5}]}\n",
	"kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}], tolerations: [{key: k, value: true}]}\n",
	"kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\nstatus: {phase: Running, bogus: 1}\n",
	"kind: Pod\nmetadata: &m {name: p}\nspec: {containers: [{name: c, image: i}]}\n---\nkind: Pod\nmetadata: *m\nspec: {containers: [{name: c, image: i}]}\n",
	"base: &b {name: p}\nkind: Pod\nmetadata: {<<: *b, namespace: x}\nspec: {containers: [{name: c, image: i}]}\n",
	"kind: Pod\nmetadata: {name: p}\nspec:\n\tcontainers: []\n",
	"kind: Pod\nmetadata: {name: p\n",
	"kind: List\nitems: [{kind: Pod, metadata: {name: a}, spec: {containers: [{name: c, image: i}]}}, {kind: Node, metadata: {name: n}}]\n",
	"kind: List\nitems: 5\n",
	"kind: List\nitems: [1, 2]\n",
	"kind: List\nitems: [{kind: 1}]\n",
	"kind: List\nitems: [{metadata: {name: a}}]\n",
	"kind: NodeList\nitems: [{metadata: {name: a}}, {metadata: {name: a}}]\n",
	"kind: PodList\nitems: [{metadata: {name: a}, spec: {containers: [{name: c, image: i}]}}]\n",
	"kind: List\napiVersion: v2\nitems: []\n",
	"kind: List\nitems: []\nitems: []\n",
	"kind: List\nItems: [{kind: Node, metadata: {name: n}}]\n",
	"kind: List\nitems: [{kind: Node, metadata: {name: n, name: m}}]\n",
	"kind: Deployment\napiVersion: apps/v1\nmetadata: {name: d}\nspec: {replicas: 2, selector: {matchLabels: {a: b}}, template: {metadata: {labels: {a: b}}, spec: {containers: [{name: c, image: i}]}}}\n",
	"kind: Deployment\napiVersion: apps/v2\nmetadata: {name: d}\n",
	"kind: Deployment\napiVersion: apps/v1\nmetadata: {name: d}\nspec: {replicas: two}\n",
	"kind: PriorityClass\napiVersion: scheduling.k8s.io/v1\nmetadata: {name: high}\nvalue: 1000\n",
	"kind: Namespace\nmetadata: {name: Bad_Name}\n",
	"kind: Scenario\nname: s\n---\nkind: Scenario\nname: t\n",
	"kind: Scenario\nname: 5\ntitle: true\nsteps: [{at: 1, run: kubectl cordon n1}]\n---\nkind: Node\nmetadata: {name: n1}\n",
	"kind: Scenario\napiVersion: v1\nname: s\n",
	"kind: Scenario\nname: s\nstep: []\n",
	"kind: Scenario\nname: s\nname: t\n",
	"kind: Scenario\nname: s\nsteps:\n- at: 1s\n  run: |\n    kubectl apply -f -\n    kind: Pod\n    metadata: {name: p, name: q}\n",
	"kind: Scenario\nname: s\nsteps:\n- at: 1s\n  run: kubectl apply -f -\n  manifest: |\n    kind: Pod\n    Kind: Node\n    metadata: {name: p}\n",
	"kind: Scenario\nname: s\nsteps:\n- at: 1s\n  run: kubectl apply -f -\n  manifest: \"kind: Scenario\\nname: x\\n\"\n",
	"kind: Foo\n",
	"kind: Node\napiVersion: v1\nmetadata: {name: n}\n---\nkind: Node\nmetadata: {name: n}\n",
	"kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\nstatus: !!binary aGVsbG8=\n",
	"kind: Pod\nmetadata: {name: p, creationTimestamp: 2001-12-14}\nspec: {containers: [{name: c, image: i}]}\n",
	"kind: Node\nmetadata: {name: n}\nstatus: {allocatable: {cpu: 1e400}}\n",
	"? [a]\n: b\nkind: Node\n",
	"kind: \"Node\"\nmetadata: {name: \"\\xff\"}\n",
}

// readCorpus returns the []byte arguments of the seed files in dir.
func readCorpus(t testing.TB, dir string) [][]byte {
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	require.NoError(t, err)
	var out [][]byte
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			line := sc.Text()
			if arg, ok := strings.CutPrefix(line, "[]byte("); ok {
				if s, err := strconv.Unquote(strings.TrimSuffix(arg, ")")); err == nil {
					out = append(out, []byte(s))
				}
			}
		}
		f.Close()
	}
	return out
}

// checkSameParse fails when Parse and ParseManifest answer data
// differently from their stepwise decoding.
func checkSameParse(t *testing.T, data []byte) {
	t.Helper()
	s1, err1 := Parse(data, "f.yaml")
	s2, err2 := parseStepwise(data, "f.yaml")
	require.Equal(t, errText(err2), errText(err1), "Parse(%q): the error, once and stepwise", data)
	require.Equal(t, s2, s1, "Parse(%q): the scenario, once and stepwise", data)
	if err1 != nil {
		require.Equal(t, *err2.(*Error), *err1.(*Error), "Parse(%q): the *Error, once and stepwise", data)
	}
	for _, gate := range []bool{false, true} {
		m1, err1 := ParseManifest(data, gate)
		m2, err2 := parseManifestStepwise(data, gate)
		require.Equal(t, errText(err2), errText(err1), "ParseManifest(%q, %v): the error, once and stepwise", data, gate)
		require.Equal(t, m2, m1, "ParseManifest(%q, %v): the manifests, once and stepwise", data, gate)
	}
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestParseSameAsStepwise checks that decoding each document once gives
// the stepwise decoding's results and messages on the seeds and on a
// large scenario.
func TestParseSameAsStepwise(t *testing.T) {
	for i, s := range sameParseSeeds {
		t.Run(fmt.Sprintf("seed %d", i), func(t *testing.T) { checkSameParse(t, []byte(s)) })
	}
	for _, dir := range []string{"FuzzParse", "FuzzParseManifest"} {
		for i, data := range readCorpus(t, filepath.Join("testdata", "fuzz", dir)) {
			t.Run(fmt.Sprintf("%s %d", dir, i), func(t *testing.T) { checkSameParse(t, data) })
		}
	}
	t.Run("bench.Cluster(50, 200)", func(t *testing.T) { checkSameParse(t, []byte(bench.Cluster(50, 200))) })
}

func FuzzParseSameAsStepwise(f *testing.F) {
	for _, s := range sameParseSeeds {
		f.Add([]byte(s))
	}
	for _, dir := range []string{"FuzzParse", "FuzzParseManifest"} {
		for _, data := range readCorpus(f, filepath.Join("testdata", "fuzz", dir)) {
			f.Add(data)
		}
	}
	f.Fuzz(checkSameParse)
}
