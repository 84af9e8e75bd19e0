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
	if !ok {
		t.Fatal("no regional-network preset")
	}
	return []byte(p.YAML)
}

// regionalFixture is a wordier version of it (zones, images, labels, a
// longer description), written before the preset existed.
func regionalFixture(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/regional-network.yaml")
	if err != nil {
		t.Fatal(err)
	}
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
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, text)
	}
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
	for _, o := range s.Namespaces {
		o.APIVersion = ""
	}
	j, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(j)
}

func TestRoundTripSamples(t *testing.T) {
	for name, y := range samples(t) {
		t.Run(name, func(t *testing.T) {
			l, err := Encode(y)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(l, "1.") {
				t.Fatalf("link %q lacks the version prefix", l[:10])
			}
			back, err := Decode(l)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := parsed(t, back), parsed(t, y); got != want {
				t.Fatalf("scenario changed through the link:\n got %s\nwant %s", got, want)
			}
			// The fragment and a whole address decode the same.
			for _, in := range []string{"#" + Fragment(l), Fragment(l) + "&lang=hi", "https://example.org/play#lang=en&" + Fragment(l)} {
				b2, err := Decode(in)
				if err != nil || !bytes.Equal(b2, back) {
					t.Fatalf("Decode(%.40q…) = %v", in, err)
				}
			}
			// Verbatim keeps the text byte for byte.
			v, err := EncodeVerbatim(y)
			if err != nil {
				t.Fatal(err)
			}
			if b3, err := Decode(v); err != nil || !bytes.Equal(b3, y) {
				t.Fatalf("verbatim round trip: %v", err)
			}
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
		if len(l) >= len(legacy) {
			t.Errorf("%s: link %d chars is not shorter than the format-0 link (%d)", n, len(l), len(legacy))
		}
	}
	// The bound is for the lesson's preset: under 600 characters.
	// The wordier fixture's 700 guards against regressions (its objects
	// alone take about 430 characters, its description and caption the
	// rest).
	if l, _ := Encode(regionalNetwork(t)); len(l) >= 600 {
		t.Errorf("regional-network link is %d characters, want under 600", len(l))
	}
	if l, _ := Encode(regionalFixture(t)); len(l) > 700 {
		t.Errorf("regional-network fixture link is %d characters, want at most 700", len(l))
	}
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
	if err != nil || parsed(t, got) != parsed(t, y) {
		t.Fatalf("wrapped link: %v", err)
	}
}

func TestLegacyFormat0(t *testing.T) {
	y := samples(t)["gpu-node"]
	for _, in := range []string{legacyLink(y), "#s=" + legacyLink(y), "s=" + legacyLink(y) + "=="} {
		got, err := Decode(in)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, y) {
			t.Fatal("format-0 link does not decode to its text")
		}
	}
}

// TestStoredLinks decodes every stored link and compares the text with the
// scenario it must give; new samples are written with -write-links.
func TestStoredLinks(t *testing.T) {
	if *writeLinks {
		writeSamples(t)
	}
	files, err := filepath.Glob(filepath.Join(linksDir, "*.link"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 6 {
		t.Fatalf("%d stored links, want at least 6", len(files))
	}
	versions := map[string]int{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".link")
		t.Run(name, func(t *testing.T) {
			l, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(f, ".link") + ".yaml")
			if err != nil {
				t.Fatal(err)
			}
			got, err := Decode(strings.TrimSpace(string(l)))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("stored link decodes to\n%s\nwant\n%s", got, want)
			}
			parsed(t, got)
			v, _, _ := strings.Cut(name, "-")
			versions[v]++
		})
	}
	if versions["v0"] == 0 || versions["v1"] == 0 {
		t.Errorf("stored links by format: %v; want format 0 and 1", versions)
	}
}

func writeSamples(t *testing.T) {
	write := func(name, link string, text []byte) {
		p := filepath.Join(linksDir, name)
		if _, err := os.Stat(p + ".link"); err == nil {
			return
		}
		if err := os.WriteFile(p+".link", []byte(link+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p+".yaml", text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, y := range samples(t) {
		l, err := Encode(y)
		if err != nil {
			t.Fatal(err)
		}
		text, err := Decode(l)
		if err != nil {
			t.Fatal(err)
		}
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
		_, err := Decode(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Decode(%.30q…) = %v\nwant %s", tc.in, err, tc.want)
		}
	}
}

func TestCompactDirectivesHostile(t *testing.T) {
	enc := func(text string) string {
		l, err := encodeText([]byte(text), formCompact)
		if err != nil {
			t.Fatal(err)
		}
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
		_, err := Decode(enc(tc.in))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%.40q: %v\nwant %s", tc.in, err, tc.want)
		}
	}
}

func TestCompactForm(t *testing.T) {
	y := regionalFixture(t)
	s, err := scenario.Parse(y, "")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Canonical(s)
	if err != nil {
		t.Fatal(err)
	}
	compact := string(compactDocs(c))
	if n := strings.Count(compact, "kind: Pod\n"); n != 2 {
		t.Errorf("compact form writes %d pods out, want 2 (the rest are copies)", n)
	}
	if !strings.Contains(compact, `%["+",8]`) {
		t.Errorf("compact form lacks the run of 8 reading-collector copies:\n%s", compact)
	}
	back, err := expandDocs([]byte(compact))
	if err != nil || !bytes.Equal(back, c) {
		t.Fatalf("expand: %v", err)
	}
	if n, _ := nextName("d09"); n != "d10" {
		t.Errorf("nextName(d09) = %q", n)
	}
	if n, _ := nextName("web-099"); n != "web-100" {
		t.Errorf("nextName(web-099) = %q", n)
	}
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
		if err != nil {
			t.Fatal(err)
		}
		back, err := Decode(l)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := parsed(t, back), parsed(t, text); got != want {
			t.Fatalf("variation %d changed:\n got %s\nwant %s", i, got, want)
		}
	}
}

func TestEncodeLimits(t *testing.T) {
	if _, err := Encode(bytes.Repeat([]byte("a"), MaxDecodedBytes+1)); err == nil || err.Error() != "share link: the scenario is 1048577 bytes, over the limit of 1 MiB" {
		t.Errorf("oversized: %v", err)
	}
	if _, err := Encode([]byte{0xff, 0xfe}); err == nil || err.Error() != "share link: the scenario is not UTF-8 text" {
		t.Errorf("not UTF-8: %v", err)
	}
	// Incompressible text over the link cap.
	rng := rand.New(rand.NewSource(1))
	var b strings.Builder
	for b.Len() < 120000 {
		b.WriteByte(byte('a' + rng.Intn(26)))
	}
	_, err := Encode([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "over the limit of 65536") {
		t.Errorf("long link: %v", err)
	}
	// A draft that does not parse is still shared, as written.
	draft := []byte("kind: Pod\nmetadata: {name: half-typed\n")
	l, err := Encode(draft)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := Decode(l); err != nil || !bytes.Equal(back, draft) {
		t.Errorf("draft: %v", err)
	}
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
			if !strings.HasPrefix(err.Error(), "share link: ") && err != ErrNoScenario {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if len(text) > MaxDecodedBytes {
			t.Fatalf("decoded %d bytes", len(text))
		}
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
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(l)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := parsed(t, back), parsed(t, y); got != want {
		t.Fatalf("changed:\n%s\n%s", got, want)
	}
	s, _ := scenario.Parse(y, "")
	for _, l := range canonicalLinks(s) {
		b, err := Decode(l)
		if err != nil || parsed(t, b) != parsed(t, y) {
			t.Fatalf("canonical link %q: %v", l[:12], err)
		}
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
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range canonicalLinks(s) {
		back, err := Decode(l)
		if err != nil || parsed(t, back) != parsed(t, y) {
			t.Fatalf("link %.12q…: %v", l, err)
		}
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
		if err != nil {
			t.Fatalf("Decode(Encode(x)): %v", err)
		}
		s1, err1 := scenario.Parse([]byte(in), "x")
		if err1 != nil {
			if string(back) != in {
				t.Fatal("a file that does not parse came back changed")
			}
			return
		}
		s2, err2 := scenario.Parse(back, "x")
		if err2 != nil {
			t.Fatalf("decoded text does not parse: %v\n%s", err2, back)
		}
		_ = s1
		_ = s2
		if parsed(t, back) != parsed(t, []byte(in)) {
			t.Fatalf("scenario changed:\n%s\n---- became ----\n%s", in, back)
		}
	})
}

// EncodeParsed without a scenario is Encode of a file that does not parse:
// the text as written.
func TestEncodeParsedUnparsed(t *testing.T) {
	draft := []byte("kind: Scenario\nname: draft\nsteps: [\n")
	want, err := Encode(draft)
	if err != nil {
		t.Fatal(err)
	}
	got, err := EncodeParsed(draft, nil)
	if err != nil || got != want {
		t.Fatalf("EncodeParsed(draft, nil) = %q, %v; want %q", got, err, want)
	}
	back, err := Decode(got)
	if err != nil || string(back) != string(draft) {
		t.Fatalf("decoded %q, %v", back, err)
	}
}
