package scenario

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	yamlv2 "go.yaml.in/yaml/v2"
	"sigs.k8s.io/yaml"

	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/core/scenario/scengen"
)

// streamSeeds are files where reading every document with one decoder
// could part ways with reading each on its own: a bad document after good
// ones, document markers and directives the splitter keeps, byte order
// marks, other line breaks, a top-level block scalar, values that
// toJSONValue refuses, keys that might match kind.
var streamSeeds = []string{
	"kind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: b, name: c}\n",
	"kind: Node\nmetadata: {name: a}\n--- \nkind: Node\nmetadata: {name: b}\n...\n---\nkind: Node\nmetadata: {name: c}",
	"kind: Node\nmetadata: {name: a}\n... # end\nkind: Node\nmetadata: {name: b}\n---\nkind: Node\nmetadata: {name: c}\n",
	"kind: Node\nmetadata: {name: a}\n...x\n---\nkind: Node\nmetadata: {name: c}\n",
	"%YAML 1.1\n---\nkind: Node\nmetadata: {name: a}\n---\n%TAG ! tag:x,2000:\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: a}\n---\n%YAML 1.1\nkind: Node\nmetadata: {name: b}\n",
	"\uFEFFkind: Node\nmetadata: {name: a}\n---\n\uFEFFkind: Node\nmetadata: {name: b}\n",
	"kind: Node\r\nmetadata: {name: a}\r\n---\r\nkind: Node\r\nmetadata: {name: b}\r\n",
	"kind: Node\rmetadata: {name: a}\r---\rkind: Node\rmetadata: {name: b}\n---\nkind: Node\nmetadata: {name: c}\n",
	"kind: Node\u0085metadata: {name: a}\n---\nkind: Node\u2028metadata: {name: b}\n",
	"|\n  block\n---\nkind: Node\nmetadata: {name: b}\n",
	"|\nblock at column 0\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: a, annotations: {x: |\n  text\n}}\n---\nkind: Node\nmetadata: {name: b, annotations: {y: |\n    text\n  }}",
	"kind: Node\nmetadata:\n  name: a\n  annotations:\n    x: |\n      text\n---\nkind: Node\nmetadata:\n  name: b\n  annotations:\n    y: |-\n      text",
	"kind: Node\nmetadata:\n  name: a\n  annotations:\n    y: |\n      text",
	"kind: Node\nmetadata: &m {name: a}\n---\nkind: Node\nmetadata: *m\n",
	"kind: Node\nmetadata: {name: a, labels: {1: x, true: y, 1.5: z, null: w}}\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: a, annotations: {a: 9007199254740993, b: 1e3, c: .nan, d: .inf, e: 0x1F, f: 0o17, g: 017, h: yes, i: ~, j: 2001-12-14, k: !!binary aGVsbG8=, l: 18446744073709551616, m: -9223372036854775808}}\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: a, annotations: {a: 9007199254740991, b: -9007199254740991, c: 1.5, d: -0.0, e: 1e21, f: 1e-7, g: 123456789012345678}}\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: \"\\xff\"}\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: !!binary /w==}\n---\nkind: Node\nmetadata: {name: b, labels: {!!binary /w==: x}}\n",
	"kind: Node\nmetadata: {name: a, annotations: {a: 18446744073709551615, b: 18446744073709551616}}\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: \"a\\u2028<&>\\t\\u0001\", labels: {\"\\xfe\": x}}\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: b\n",
	"kind: Node\nmetadata: {name: a\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: 'a\n---\nb'}\n",
	"\x00kind: Node\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: a}\n---\n\tkind: Node\n",
	"kind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: \xff}\n",
	"\u212Aind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nKind: Pod\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\napiVersion: null\nmetadata: {name: a}\n---\nkind: null\n---\napiVersion: 2\nkind: Node\n",
	"kind: Scenario\nname: s\n---\nkind: Node\nmetadata: {name: a}\n---\nkind: NodeList\nitems: [{metadata: {name: b}}]\n",
	"null\n---\n~\n",
	"kind: Node\nmetadata: {name: a}\n---\n- a\n- b\n",
	"kind: Node\nmetadata: {name: a}\n---\n---\n# only a comment\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {<<: {name: b}, labels: {a: b}}\n",
	"kind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: b}\nstatus: {allocatable: {cpu: 1e400, memory: 1Gi}}\n",
	"kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i, resources: {requests: {cpu: 500m, memory: \"1Gi\"}}}]}\n---\nkind: Pod\nmetadata: {name: q}\nspec: {containers: [{name: c, image: i, resources: {requests: {cpu: 0.5, memory: 1073741824}}}]}\n",
	"kind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i, resources: {requests: {cpu: \" 5m\", memory: \"1Ki\\u0020\"}}}]}\n",
	"kind: List\nitems: [{kind: Node, metadata: {name: a}}, null]\n---\nkind: Node\nmetadata: {name: b}\n",
	"kind: List\nitems: null\n---\nkind: NodeList\nitems: []\n---\nkind: PodList\n",
	"kind: List\nitems: [{kind: Node, metadata: {name: a}}]\nItems: [{kind: Node, metadata: {name: b}}]\n",
	"kind: List\nitems: [{kind: Node, Kind: Pod, metadata: {name: a}}, {kind: 1, apiVersion: v1}, {apiVersion: 2}]\n",
	"kind: NodeList\nitems: [{metadata: {name: a}}, {kind: Pod, metadata: {name: p}, spec: {containers: [{name: c, image: i}]}}]\n---\nkind: PodList\nitems: {a: b}\n",
}

// streamInputs are the files compared with and without the fast path:
// the seeds, the fuzz corpora, every scenario file of core, the bench
// generators and scengen's random scenarios.
func streamInputs(t *testing.T, random int) map[string][]byte {
	in := map[string][]byte{}
	for i, s := range append(append([]string{}, sameParseSeeds...), streamSeeds...) {
		in[fmt.Sprintf("seed %d", i)] = []byte(s)
	}
	for _, dir := range []string{"FuzzParse", "FuzzParseManifest", "FuzzParseCaps"} {
		for i, data := range readCorpus(t, filepath.Join("testdata", "fuzz", dir)) {
			in[fmt.Sprintf("%s %d", dir, i)] = data
		}
	}
	for _, pattern := range []string{"../*/*/*.yaml", "../*/*/*/*.yaml", "../*/*.yaml", "testdata/*/*.yaml"} {
		files, err := filepath.Glob(pattern)
		require.NoError(t, err)
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			in[f] = data
		}
	}
	in["bench.Cluster(50, 200)"] = []byte(bench.Cluster(50, 200))
	in["bench.Paste(50, 100)"] = []byte(bench.Paste(50, 100))
	in["bench.Storm(30, 60, 10m)"] = []byte(bench.Storm(30, 60, 10*time.Minute))
	for seed := range random {
		in[fmt.Sprintf("scengen %d", seed)] = []byte(scengen.Generate(int64(seed)))
	}
	return in
}

// checkSameAsOneByOne fails when Parse and ParseManifest answer data
// differently with the fast path and with every document read on its own.
func checkSameAsOneByOne(t *testing.T, data []byte) {
	t.Helper()
	s1, err1 := Parse(data, "f.yaml")
	useStream = false
	s2, err2 := Parse(data, "f.yaml")
	useStream = true
	require.Equal(t, errText(err2), errText(err1), "Parse(%q): the error, fast and one by one", data)
	require.Equal(t, s2, s1, "Parse(%q): the scenario, fast and one by one", data)
	if err1 != nil {
		require.Equal(t, *err2.(*Error), *err1.(*Error), "Parse(%q): the *Error, fast and one by one", data)
	}
	for _, gate := range []bool{false, true} {
		m1, err1 := ParseManifest(data, gate)
		useStream = false
		m2, err2 := ParseManifest(data, gate)
		useStream = true
		require.Equal(t, errText(err2), errText(err1), "ParseManifest(%q, %v): the error, fast and one by one", data, gate)
		require.Equal(t, m2, m1, "ParseManifest(%q, %v): the manifests, fast and one by one", data, gate)
	}
}

func TestStreamSameAsOneByOne(t *testing.T) {
	defer func() { useStream = true }()
	for name, data := range streamInputs(t, 2000) {
		t.Run(name, func(t *testing.T) { checkSameAsOneByOne(t, data) })
	}
}

// TestDecodeStreamValues checks the fast path's steps one by one: each
// value decodeStream gives is yaml v2's strict decoding of the document
// alone, and where toJSONValue takes it, its JSON is YAMLToJSONStrict's and
// its tree that JSON decoded, and typeMetaOf agrees with encoding/json.
func TestDecodeStreamValues(t *testing.T) {
	streamed := 0
	for name, data := range streamInputs(t, 200) {
		docs := splitDocuments(data)
		pre := decodeStream(docs)
		if pre == nil {
			continue
		}
		streamed++
		require.Len(t, pre, len(docs), name)
		for i, d := range docs {
			var want any
			require.NoError(t, yamlv2.UnmarshalStrict(d.text, &want), "%s: document %d", name, d.num)
			// Printed: NaN is not equal to itself.
			require.Equal(t, fmt.Sprintf("%#v", want), fmt.Sprintf("%#v", pre[i].v), "%s: document %d", name, d.num)
			tree, ok := toJSONValue(pre[i].v)
			if !ok {
				continue
			}
			data, err := json.Marshal(tree)
			require.NoError(t, err, "%s: document %d", name, d.num)
			j, err := yaml.YAMLToJSONStrict(d.text)
			require.NoError(t, err, "%s: document %d", name, d.num)
			require.Equal(t, string(j), string(data), "%s: document %d: the JSON", name, d.num)
			var raw any
			require.NoError(t, json.Unmarshal(j, &raw))
			require.Equal(t, raw, tree, "%s: document %d: the tree", name, d.num)
			if m, isMap := tree.(map[string]any); isMap {
				if tm, ok := typeMetaOf(m); ok {
					var want typeMeta
					require.NoError(t, json.Unmarshal(j, &want))
					require.Equal(t, want, tm, "%s: document %d: typeMeta", name, d.num)
				}
				if items, ok := listItems(m); ok {
					var want struct {
						Items []map[string]any `json:"items"`
					}
					require.NoError(t, json.Unmarshal(j, &want))
					require.Equal(t, len(want.Items), len(items), "%s: document %d: items", name, d.num)
					for k := range items {
						require.Equal(t, want.Items[k], items[k], "%s: document %d: items[%d]", name, d.num, k)
						if tm, ok := typeMetaOf(items[k]); ok {
							var wantTM typeMeta
							b, err := json.Marshal(items[k])
							require.NoError(t, err)
							require.NoError(t, json.Unmarshal(b, &wantTM))
							require.Equal(t, wantTM, tm, "%s: document %d: items[%d]: typeMeta", name, d.num, k)
						}
					}
				}
			}
		}
	}
	assert.Greater(t, streamed, 200, "files read by the fast path")
}

// TestDecodeStreamRefuses lists files the fast path must leave to the
// one-by-one reading.
func TestDecodeStreamRefuses(t *testing.T) {
	for _, s := range []string{
		"kind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: b, name: c}\n",
		"kind: Node\nmetadata: {name: a}\n... # end\nkind: Node\nmetadata: {name: b}\n",
		"%YAML 1.1\n---\nkind: Node\n",
		"\uFEFFkind: Node\n",
		"kind: Node\rmetadata: {name: a}\r---\rkind: Node\n",
		"kind: Node\u0085metadata: {name: a}\n",
		"|\nblock at column 0\n---\nkind: Node\nmetadata: {name: b}\n",
		"kind: Node\nmetadata: {name: a\n---\nkind: Node\n",
		"\x00kind: Node\n",
		"kind: \xff\n",
	} {
		assert.Nil(t, decodeStream(splitDocuments([]byte(s))), "%q", s)
	}
	for _, s := range []string{
		"metadata: {labels: {1: x}}",
		"metadata: {name: !!binary /w==}",
		"a: 9007199254740993",
		"a: .nan",
		"a: .inf",
		"a: 18446744073709551615",
	} {
		var v any
		require.NoError(t, yamlv2.Unmarshal([]byte(s), &v))
		_, ok := toJSONValue(v)
		assert.False(t, ok, "toJSONValue(%q)", s)
	}
}

func FuzzStreamSameAsOneByOne(f *testing.F) {
	for _, s := range append(append([]string{}, sameParseSeeds...), streamSeeds...) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer func() { useStream = true }()
		checkSameAsOneByOne(t, data)
	})
}
