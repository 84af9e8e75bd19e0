package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/taints-playground/playground/bench"
	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/scengen"
	"github.com/taints-playground/playground/core/sim"
)

// item is one scenario of the corpus.
type item struct {
	name string
	yaml string
}

// corpus lists the scenarios record runs, in a stable order.
func corpus(root string, n int) ([]item, error) {
	var out []item
	for _, p := range presets.Catalog() {
		out = append(out, item{"preset-" + p.Name, p.YAML})
	}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git" || d.Name() == "dist") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".yaml") && strings.Contains(filepath.ToSlash(path), "/testdata/") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		name := "file-" + strings.NewReplacer("/", "_", ".yaml", "").Replace(filepath.ToSlash(f))
		out = append(out, item{name, string(b)})
	}
	out = append(out, item{"bench-storm-50x300", bench.Storm(50, 300, time.Hour)}, item{"bench-cluster-100x500", bench.Cluster(100, 500)})
	for i := 0; i < n; i++ {
		out = append(out, item{fmt.Sprintf("random-%05d", i), scengen.Generate(int64(i))})
	}
	return out, nil
}

func record(args []string) error {
	fl := flag.NewFlagSet("record", flag.ContinueOnError)
	bin := fl.String("sim", "", "a build of cmd/sim")
	out := fl.String("out", "", "the folder to write")
	n := fl.Int("n", 2000, "random scenarios")
	root := fl.String("root", ".", "the repository, for its testdata scenarios")
	only := fl.String("only", "", "record only the scenarios whose name matches this regular expression")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *bin == "" || *out == "" {
		return errors.New("record needs -sim and -out")
	}
	items, err := corpus(*root, *n)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	match, err := regexp.Compile(*only)
	if err != nil {
		return fmt.Errorf("-only: %w", err)
	}
	for _, it := range items {
		if !match.MatchString(it.name) {
			continue
		}
		if err := recordOne(*bin, *out, it); err != nil {
			return fmt.Errorf("%s: %w", it.name, err)
		}
	}
	fmt.Printf("recorded the scenarios matching %q of %d into %s\n", *only, len(items), *out)
	return nil
}

func recordOne(bin, dir string, it item) error {
	in := filepath.Join(dir, it.name+".yaml")
	if err := os.WriteFile(in, []byte(it.yaml), 0o644); err != nil {
		return err
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "run", in, "--json", "--detail")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return err
		}
		code = exit.ExitCode()
	}
	// stderr names the file; the folder differs between two recordings.
	errText := strings.ReplaceAll(stderr.String(), dir, "DIR")
	cli := fmt.Sprintf("exit %d\n--- stdout\n%s--- stderr\n%s", code, stdout.String(), errText)
	if err := os.WriteFile(filepath.Join(dir, it.name+".cli"), []byte(cli), 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, it.name+".result.json.gz"))
	if err != nil {
		return err
	}
	defer f.Close()
	// Deterministic: no name or time in the gzip header.
	z := gzip.NewWriter(f)
	if err := writeResult(z, it); err != nil {
		return err
	}
	return z.Close()
}

// writeResult writes the whole result of the scenario and a few on-demand
// answers (Explain, DescribeNode) for its middle frame.
func writeResult(w io.Writer, it item) error {
	s, err := scenario.Parse([]byte(it.yaml), it.name+".yaml")
	if err != nil {
		_, werr := fmt.Fprintf(w, "parse error: %v\n", err)
		return werr
	}
	res, err := sim.Run(s)
	if err != nil {
		_, werr := fmt.Fprintf(w, "run error: %v\n", firstLine(err.Error()))
		return werr
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := writeFrames(w, enc, res); err != nil {
		return err
	}
	mid := len(res.Frames) / 2
	f := res.Frames[mid]
	for i, p := range f.Pods {
		if i >= 3 {
			break
		}
		why, desc, err := res.Explain(mid, p.Namespace, p.Name)
		if err := enc.Encode(map[string]any{"explain": p.Namespace + "/" + p.Name, "why": why, "describe": desc, "err": errString(err)}); err != nil {
			return err
		}
	}
	for i, n := range f.Nodes {
		if i >= 2 {
			break
		}
		desc, err := res.DescribeNode(mid, n.Name)
		if err := enc.Encode(map[string]any{"describeNode": n.Name, "describe": desc, "err": errString(err)}); err != nil {
			return err
		}
	}
	return nil
}

// writeFrames writes the result's header and events whole and each frame
// as its SHA-256 (a churning scenario's frames hold gigabytes of JSON; a
// difference is looked at by running both builds on that scenario).
func writeFrames(w io.Writer, enc *json.Encoder, res *sim.Result) error {
	head := *res
	head.Frames = nil
	if err := enc.Encode(&head); err != nil {
		return err
	}
	for i := range res.Frames {
		b, err := json.Marshal(&res.Frames[i])
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "frame %d %x\n", i, sha256.Sum256(b)); err != nil {
			return err
		}
	}
	return nil
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return firstLine(err.Error())
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
