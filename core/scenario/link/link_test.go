package link

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
)

var writeLinks = flag.Bool("write-links", false, "write testdata/links samples that do not exist yet (never overwrites)")

const linksDir = "../testdata/links"

// regionalNetwork is the lesson's nine-node preset (nine nodes, three set
// aside, eighteen general and six batch pods).
func regionalNetwork(t testing.TB) []byte {
	t.Helper()
	p, ok := presets.Get("regional-network")
	require.True(t, ok, "no regional-network preset")
	return []byte(p.YAML)
}

// regionalFixture is a wordier version of it (zones, images, labels, a
// longer description), written before the preset existed.
func regionalFixture(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/regional-network.yaml")
	require.NoError(t, err)
	return b
}

// samples are the scenarios every test round-trips.
func samples(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, p := range presets.List() {
		out[p.Name] = []byte(p.YAML)
	}
	out["regional-network-fixture"] = regionalFixture(t)
	// Every scenario file shipped (lessons too).
	files, _ := filepath.Glob("../../presets/scenarios/*.yaml")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		if _, ok := out[name]; ok {
			continue
		}
		if b, err := os.ReadFile(f); err == nil {
			out["file-"+name] = b
		}
	}
	return out
}

func parsed(t testing.TB, text []byte) string {
	t.Helper()
	s, err := scenario.Parse(text, "x")
	require.NoError(t, err, "parse:\n%s", text)
	// apiVersion is implied by the kind (Parse accepts only that one), and
	// the canonical form leaves it out.
	for _, o := range s.Nodes {
		o.APIVersion = ""
	}
	for _, o := range s.Pods {
		o.APIVersion = ""
	}
	for _, o := range s.Deployments {
		o.APIVersion = ""
	}
	for _, o := range s.ReplicaSets {
		o.APIVersion = ""
	}
	for _, o := range s.DaemonSets {
		o.APIVersion = ""
	}
	for _, o := range s.PodDisruptionBudgets {
		o.APIVersion = ""
	}
	for _, o := range s.PriorityClasses {
		o.APIVersion = ""
	}
	for _, o := range s.RuntimeClasses {
		o.APIVersion = ""
	}
	for _, o := range s.Namespaces {
		o.APIVersion = ""
	}
	j, err := json.Marshal(s)
	require.NoError(t, err)
	return string(j)
}

func TestRoundTripSamples(t *testing.T) {
	for name, y := range samples(t) {
		t.Run(name, func(t *testing.T) {
			l, err := Encode(y)
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(l, "1."), "link %.10q lacks the version prefix", l)
			back, err := Decode(l)
			require.NoError(t, err)
			require.Equal(t, parsed(t, y), parsed(t, back), "scenario changed through the link")
			// The fragment and a whole address decode the same.
			for _, in := range []string{"#" + Fragment(l), Fragment(l) + "&lang=hi", "https://example.org/play#lang=en&" + Fragment(l)} {
				b2, err := Decode(in)
				require.NoError(t, err, "Decode(%.40q…)", in)
				require.Equal(t, back, b2, "Decode(%.40q…)", in)
			}
			// Verbatim keeps the text byte for byte.
			v, err := EncodeVerbatim(y)
			require.NoError(t, err)
			b3, err := Decode(v)
			require.NoError(t, err, "verbatim round trip")
			require.Equal(t, y, b3, "verbatim round trip")
		})
	}
}

// TestLinkLengths measures every preset's link; the lesson's nine-node
// scenario must stay under 600 characters.
func TestLinkLengths(t *testing.T) {
	names := []string{}
	all := samples(t)
	for n := range all {
		names = append(names, n)
	}
	for _, n := range names {
		y := all[n]
		l, _ := Encode(y)
		v, _ := EncodeVerbatim(y)
		legacy := legacyLink(y)
		t.Logf("%-26s yaml %5d B  link %5d chars  verbatim %5d  format-0 %5d", n, len(y), len(l), len(v), len(legacy))
		assert.Less(t, len(l), len(legacy), "%s: the link is not shorter than the format-0 link", n)
	}
	// The bound is for the lesson's preset: under 600 characters.
	// The wordier fixture's 700 guards against regressions (its objects
	// alone take about 430 characters, its description and caption the
	// rest).
	l, _ := Encode(regionalNetwork(t))
	assert.Less(t, len(l), 600, "regional-network link characters")
	l, _ = Encode(regionalFixture(t))
	assert.LessOrEqual(t, len(l), 700, "regional-network fixture link characters")
}

func BenchmarkEncodeRegional(b *testing.B) {
	y := regionalNetwork(b)
	var l string
	for b.Loop() {
		l, _ = Encode(y)
	}
	b.ReportMetric(float64(len(l)), "chars")
}

func BenchmarkDecodeRegional(b *testing.B) {
	l, _ := Encode(regionalNetwork(b))
	for b.Loop() {
		if _, err := Decode(l); err != nil {
			b.Fatal(err)
		}
	}
}

// legacyLink is the playground's first link form: base64url of raw DEFLATE.
func legacyLink(y []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	_, _ = w.Write(y)
	_ = w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestWrappedLink(t *testing.T) {
	y := samples(t)["gpu-node"]
	l, _ := Encode(y)
	wrapped := "  " + l[:40] + "\r\n" + l[40:80] + "\n  " + l[80:] + "\n"
	got, err := Decode(wrapped)
	require.NoError(t, err, "wrapped link")
	require.Equal(t, parsed(t, y), parsed(t, got), "wrapped link")
}

func TestLegacyFormat0(t *testing.T) {
	y := samples(t)["gpu-node"]
	for _, in := range []string{legacyLink(y), "#s=" + legacyLink(y), "s=" + legacyLink(y) + "=="} {
		got, err := Decode(in)
		require.NoError(t, err)
		require.Equal(t, y, got, "format-0 link does not decode to its text")
	}
}

// TestStoredLinks decodes every stored link and compares the text with the
// scenario it must give; new samples are written with -write-links.
func TestStoredLinks(t *testing.T) {
	if *writeLinks {
		writeSamples(t)
	}
	files, err := filepath.Glob(filepath.Join(linksDir, "*.link"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 6, "stored links")
	versions := map[string]int{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".link")
		t.Run(name, func(t *testing.T) {
			l, err := os.ReadFile(f)
			require.NoError(t, err)
			want, err := os.ReadFile(strings.TrimSuffix(f, ".link") + ".yaml")
			require.NoError(t, err)
			got, err := Decode(strings.TrimSpace(string(l)))
			require.NoError(t, err)
			require.Equal(t, string(want), string(got), "the stored link's text")
			parsed(t, got)
			v, _, _ := strings.Cut(name, "-")
			versions[v]++
		})
	}
	assert.NotZero(t, versions["v0"], "stored links by format: %v; want format 0 and 1", versions)
	assert.NotZero(t, versions["v1"], "stored links by format: %v; want format 0 and 1", versions)
}

func writeSamples(t *testing.T) {
	write := func(name, link string, text []byte) {
		p := filepath.Join(linksDir, name)
		if _, err := os.Stat(p + ".link"); err == nil {
			return
		}
		require.NoError(t, os.WriteFile(p+".link", []byte(link+"\n"), 0o644))
		require.NoError(t, os.WriteFile(p+".yaml", text, 0o644))
	}
	for name, y := range samples(t) {
		l, err := Encode(y)
		require.NoError(t, err)
		text, err := Decode(l)
		require.NoError(t, err)
		write("v1-"+name, l, text)
	}
	y := samples(t)["docs-three-taints"]
	v, _ := EncodeVerbatim(y)
	write("v1-verbatim-docs-three-taints", v, y)
	write("v0-gpu-node", legacyLink(samples(t)["gpu-node"]), samples(t)["gpu-node"])
}

func TestErrors(t *testing.T) {
	good, _ := Encode(samples(t)["gpu-node"])
	bomb := func() string {
		var buf bytes.Buffer
		buf.Write([]byte{1, 'y'})
		w, _ := flate.NewWriterDict(&buf, 9, dictionaries[1])
		_, _ = w.Write(bytes.Repeat([]byte("a"), 3<<20))
		_ = w.Close()
		return "1." + base64.RawURLEncoding.EncodeToString(buf.Bytes())
	}()
	legacyBomb := legacyLink(bytes.Repeat([]byte("kind: Pod\n"), 200000))
	for _, tc := range []struct{ in, want string }{
		{"7." + good[2:], "share link: version 7 is newer than this playground understands (1)"},
		{"#s=7.abc", "share link: version 7 is newer than this playground understands (1)"},
		{"1." + good[2:17] + "*" + good[18:], "share link: not valid base64url at character 18 ('*')"},
		{"#s=1.ab$", "share link: not valid base64url at character 8 ('$')"},
		{bomb, "share link: decoded scenario exceeds 1 MiB"},
		{legacyBomb, "share link: decoded scenario exceeds 1 MiB"},
		{"1." + strings.Repeat("A", MaxLinkChars), fmt.Sprintf("share link: the link is %d characters, over the limit of %d", MaxLinkChars+2, MaxLinkChars)},
		{"https://example.org/", "share link: the address carries no scenario"},
		{"#lang=hi", "share link: the address carries no scenario"},
		{"1.", "share link: the link is empty"},
		{"x1.abc", `share link: "x1" is not a version number: a link starts with a version such as 1.`},
		{good[:2+4*((len(good)-2)/8)], "share link: the data ends early (was the link cut short when copied?)"},
		{"1." + base64.RawURLEncoding.EncodeToString([]byte{2, 'y', 0}), "share link: the link says version 1 but its data is format 2"},
		{"1." + base64.RawURLEncoding.EncodeToString([]byte{1, 'z', 0}), `share link: unknown form 'z' in a version 1 link`},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, err := Decode(tc.in)
			assert.EqualError(t, err, tc.want, "Decode(%.30q…)", tc.in)
		})
	}
}

func TestCompactDirectivesHostile(t *testing.T) {
	enc := func(text string) string {
		l, err := encodeText([]byte(text), formCompact)
		require.NoError(t, err)
		return l
	}
	big := "kind: Pod\nmetadata:\n  name: p1\n" + strings.Repeat("x", 4000) + "\n"
	for _, tc := range []struct{ in, want string }{
		{`%["+",5]`, "share link: document 1 is not a valid repeat"},
		{"kind: Pod\n---\n%[\"c\",3]", "share link: document 2 copies document 4, which does not come before it"},
		{"kind: Pod\n---\n%[\"c\",0,\"\",\"x\"]", "share link: document 2: a replacement has an empty old text"},
		{"kind: Pod\n---\n%[\"c\",0,\"o\"]", "share link: document 2 has an odd number of replacement texts"},
		{"kind: Pod\n---\n%[\"+\",2]", "share link: document 2 repeats a document whose name has no number"},
		{"kind: Pod\n---\n%[\"q\",0]", `share link: document 2 has the unknown directive "q"`},
		{"kind: Pod\n---\n%nope", "share link: document 2 is not a valid directive"},
		{big + "---\n%[\"+\",10000]", "share link: decoded scenario exceeds 1 MiB"},
		{"a\n---\n%[\"c\",0,\"a\",\"" + strings.Repeat("b", 60000) + "\"]\n---\n%[\"c\",1,\"b\",\"" + strings.Repeat("c", 60000) + "\"]", "share link: document 3: decoded scenario exceeds 1 MiB"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, err := Decode(enc(tc.in))
			assert.EqualError(t, err, tc.want, "%.40q", tc.in)
		})
	}
}

func TestCompactForm(t *testing.T) {
	y := regionalFixture(t)
	s, err := scenario.Parse(y, "")
	require.NoError(t, err)
	c, err := Canonical(s)
	require.NoError(t, err)
	compact := string(compactDocs(c))
	assert.Equal(t, 2, strings.Count(compact, "kind: Pod\n"), "pods the compact form writes out (the rest are copies)")
	assert.Contains(t, compact, `%["+",8]`, "the run of 8 reading-collector copies")
	back, err := expandDocs([]byte(compact))
	require.NoError(t, err, "expand")
	require.Equal(t, string(c), string(back), "expand")
	n, _ := nextName("d09")
	assert.Equal(t, "d10", n, "nextName(d09)")
	n, _ = nextName("web-099")
	assert.Equal(t, "web-100", n, "nextName(web-099)")
}

// TestRoundTripRandom varies the presets: renamed and added nodes and pods,
// more taints and tolerations, other seeds and versions.
func TestRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	base := samples(t)
	names := []string{"animated-card", "docs-three-taints", "gpu-node", "node-failure", "regional-network-fixture"}
	effects := []string{"NoSchedule", "PreferNoSchedule", "NoExecute"}
	for i := 0; i < 60; i++ {
		y := string(base[names[i%len(names)]])
		var extra strings.Builder
		for k := 0; k < rng.Intn(12); k++ {
			fmt.Fprintf(&extra, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: extra-%d\n  labels: {zone: z%d}\nspec:\n  taints:\n  - {key: k%d, value: v%d, effect: %s}\nstatus:\n  allocatable: {cpu: \"%d\", pods: \"110\"}\n",
				k, rng.Intn(3), rng.Intn(4), rng.Intn(9), effects[rng.Intn(3)], 1+rng.Intn(8))
		}
		for k := 0; k < rng.Intn(20); k++ {
			var tol string
			if rng.Intn(2) == 0 {
				tol = fmt.Sprintf("  tolerations:\n  - {key: k%d, operator: Exists, effect: NoExecute, tolerationSeconds: %d}\n", rng.Intn(4), rng.Intn(600))
			}
			fmt.Fprintf(&extra, "---\nkind: Pod\nmetadata:\n  name: rnd-%d\n  namespace: ns%d\nspec:\n%s  containers: [{name: c, resources: {requests: {cpu: %dm}}}]\n",
				k, rng.Intn(2), tol, 100*(1+rng.Intn(9)))
		}
		text := []byte(y + "\n" + extra.String())
		l, err := Encode(text)
		require.NoError(t, err)
		back, err := Decode(l)
		require.NoError(t, err)
		require.Equal(t, parsed(t, text), parsed(t, back), "variation %d changed", i)
	}
}

func TestEncodeLimits(t *testing.T) {
	_, err := Encode(bytes.Repeat([]byte("a"), MaxDecodedBytes+1))
	assert.EqualError(t, err, "share link: the scenario is 1048577 bytes, over the limit of 1 MiB", "oversized")
	_, err = Encode([]byte{0xff, 0xfe})
	assert.EqualError(t, err, "share link: the scenario is not UTF-8 text", "not UTF-8")
	// Incompressible text over the link cap.
	rng := rand.New(rand.NewSource(1))
	var b strings.Builder
	for b.Len() < 120000 {
		b.WriteByte(byte('a' + rng.Intn(26)))
	}
	_, err = Encode([]byte(b.String()))
	assert.ErrorContains(t, err, "over the limit of 65536", "long link")
	// A draft that does not parse is still shared, as written.
	draft := []byte("kind: Pod\nmetadata: {name: half-typed\n")
	l, err := Encode(draft)
	require.NoError(t, err)
	back, err := Decode(l)
	assert.NoError(t, err, "draft")
	assert.Equal(t, draft, back, "draft")
}

func FuzzDecode(f *testing.F) {
	for _, y := range samples(f) {
		l, _ := Encode(y)
		f.Add(l)
		f.Add(legacyLink(y))
	}
	f.Add("1.")
	f.Add("#s=1.AQ")
	f.Add("9999999999999999999999.x")
	f.Add("1." + base64.RawURLEncoding.EncodeToString([]byte{1, 'c'}))
	f.Fuzz(func(t *testing.T, in string) {
		text, err := Decode(in)
		if err != nil {
			if err != ErrNoScenario {
				require.True(t, strings.HasPrefix(err.Error(), "share link: "), "error without prefix: %v", err)
			}
			return
		}
		require.LessOrEqual(t, len(text), MaxDecodedBytes, "decoded bytes")
	})
}

func TestSeparatorsInsideValues(t *testing.T) {
	y := []byte(`kind: Scenario
name: dashes
description: "ends with---\n---\n%[\"+\",3]\nkind: Pod"
steps:
- at: 1s
  run: kubectl get pods
  caption: |
    ---
    %["c",0]
    text---
---
kind: Node
metadata: {name: n-1}
---
kind: Node
metadata: {name: n-2}
---
kind: Node
metadata: {name: n-3}
`)
	l, err := Encode(y)
	require.NoError(t, err)
	back, err := Decode(l)
	require.NoError(t, err)
	require.Equal(t, parsed(t, y), parsed(t, back), "changed")
	s, err := scenario.Parse(y, "")
	require.NoError(t, err)
	for _, l := range canonicalLinks(s) {
		b, err := Decode(l)
		require.NoError(t, err, "canonical link %.12q", l)
		require.Equal(t, parsed(t, y), parsed(t, b), "canonical link %.12q", l)
	}
}

func TestCompactUnicode(t *testing.T) {
	var b strings.Builder
	b.WriteString("kind: Scenario\nname: unicode\ntitle: Knoten ä\n")
	for i, label := range []string{"é", "è", "ü", "ü", "日本", "日本語"} {
		fmt.Fprintf(&b, "---\nkind: Node\nmetadata:\n  name: n-%d\n  annotations: {note: \"%s x\"}\n", i+1, label)
	}
	y := []byte(b.String())
	s, err := scenario.Parse(y, "")
	require.NoError(t, err)
	for _, l := range canonicalLinks(s) {
		back, err := Decode(l)
		require.NoError(t, err, "link %.12q…", l)
		require.Equal(t, parsed(t, y), parsed(t, back), "link %.12q…", l)
	}
}

// FuzzRoundTrip: whatever the text, its link decodes to the same text
// (a file that does not parse) or to an equal scenario.
func FuzzRoundTrip(f *testing.F) {
	for _, y := range samples(f) {
		f.Add(string(y))
	}
	f.Add("kind: Pod\nmetadata: {name: a-1}\n---\nkind: Pod\nmetadata: {name: a-2}\n")
	f.Fuzz(func(t *testing.T, in string) {
		l, err := Encode([]byte(in))
		if err != nil {
			return
		}
		back, err := Decode(l)
		require.NoError(t, err, "Decode(Encode(x))")
		if _, err := scenario.Parse([]byte(in), "x"); err != nil {
			require.Equal(t, in, string(back), "a file that does not parse came back changed")
			return
		}
		_, err = scenario.Parse(back, "x")
		require.NoError(t, err, "decoded text does not parse:\n%s", back)
		require.Equal(t, parsed(t, []byte(in)), parsed(t, back), "scenario changed")
	})
}

// EncodeParsed without a scenario is Encode of a file that does not parse:
// the text as written.
func TestEncodeParsedUnparsed(t *testing.T) {
	draft := []byte("kind: Scenario\nname: draft\nsteps: [\n")
	want, err := Encode(draft)
	require.NoError(t, err)
	got, err := EncodeParsed(draft, nil)
	require.NoError(t, err, "EncodeParsed(draft, nil)")
	require.Equal(t, want, got, "EncodeParsed(draft, nil)")
	back, err := Decode(got)
	require.NoError(t, err)
	require.Equal(t, string(draft), string(back))
}
