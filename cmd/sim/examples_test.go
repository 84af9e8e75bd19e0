package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Worked scenarios of shared/reference/EXAMPLES.md (S1–S6, S21) run through
// `sim run --json`. Expected placements and messages are the document's
// (upstream v1.37.2 behaviour) and its cross-version summary: for 1.34–1.36
// "no new claims to deallocate, " precedes "preemption:"; up to 1.33 the
// taint reason is "node(s) had untolerated taint {key: value}"; only 1.37
// appends the successful-preemption text. BalancedAllocation scores the
// change of balance from 1.36 (S5). When scores tie, any tied node is
// accepted.

func runExample(t *testing.T, file, version string) Output {
	t.Helper()
	args := []string{"run", filepath.Join("..", "..", "core", "sim", "testdata", file), "--json"}
	if version != "" {
		args = append(args, "--kubernetes-version", version)
	}
	code, out, errs := runArgs(t, "", args...)
	if code != 0 && code != exitFailed {
		t.Fatalf("%s %s: exit %d: %s", file, version, code, errs)
	}
	var o Output
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	// Exit 1 exactly when a step command failed.
	failed := false
	for _, st := range o.Steps {
		failed = failed || st.Failed
	}
	if failed != (code == exitFailed) {
		t.Fatalf("%s %s: exit %d with failed steps %v: %s", file, version, code, failed, errs)
	}
	return o
}

// placed maps each pod to the node named by its last Scheduled event, so
// pods deleted later in the scenario still count.
func placed(o Output) map[string]string {
	out := map[string]string{}
	for _, e := range o.Events {
		if e.Reason != "Scheduled" {
			continue
		}
		_, rest, _ := strings.Cut(e.Message, "Successfully assigned ")
		ref, node, ok := strings.Cut(rest, " to ")
		if !ok {
			continue
		}
		_, name, _ := strings.Cut(ref, "/")
		out[name] = node
	}
	return out
}

// failed lists the FailedScheduling messages of one pod in order.
func failed(o Output, pod string) []string {
	var out []string
	for _, e := range o.Events {
		if e.Reason == "FailedScheduling" && e.Object == "pod/default/"+pod {
			out = append(out, e.Message)
		}
	}
	return out
}

func oneOf(node string, nodes ...string) bool {
	for _, n := range nodes {
		if n == node {
			return true
		}
	}
	return false
}

const (
	s1Msg137 = "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
	s1Msg136 = "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. no new claims to deallocate, preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
	s1Msg133 = "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
	// SCHEDULER.md §2.1: releases up to 1.27 ended the preemption part with
	// a double period.
	s1Msg126 = s1Msg133 + "."
)

func TestExampleS1(t *testing.T) {
	for _, c := range []struct{ version, msg string }{{"", s1Msg137}, {"1.37", s1Msg137}, {"1.36", s1Msg136}, {"1.35", s1Msg136}, {"1.33", s1Msg133}, {"1.26", s1Msg126}} {
		o := runExample(t, "examples/s1.yaml", c.version)
		if got := failed(o, "p"); len(got) != 1 || got[0] != c.msg {
			t.Errorf("S1 %s: FailedScheduling %q\nwant [%q]", c.version, got, c.msg)
		}
		if p := placed(o); p["p"] != "n1" {
			t.Errorf("S1 %s: p on %q, want n1", c.version, p["p"])
		}
		for _, e := range o.Events {
			if e.Reason == "Scheduled" && e.Object == "pod/default/p" && (e.At != 60 || e.Message != "Successfully assigned default/p to n1") {
				t.Errorf("S1 %s: %+v", c.version, e)
			}
		}
	}
	o := runExample(t, "examples/s1-uncordon.yaml", "")
	if p := placed(o); p["p"] != "n2" {
		t.Errorf("S1 uncordon: p on %q, want n2", p["p"])
	}
}

func TestExampleS2(t *testing.T) {
	for _, c := range []struct{ file, version, msg string }{
		{"examples/s2a.yaml", "", "0/3 nodes are available: 1 Insufficient memory, 1 Too many pods, 2 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."},
		{"examples/s2a.yaml", "1.36", "0/3 nodes are available: 1 Insufficient memory, 1 Too many pods, 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod."},
		{"examples/s2b.yaml", "", "0/12 nodes are available: 10 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/12 nodes are available: 10 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."},
		{"examples/s2b.yaml", "1.33", "0/12 nodes are available: 10 node(s) had untolerated taint {team: a}, 2 Insufficient cpu. preemption: 0/12 nodes are available: 10 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."},
	} {
		o := runExample(t, c.file, c.version)
		if got := failed(o, "p"); len(got) != 1 || got[0] != c.msg {
			t.Errorf("%s %s: FailedScheduling %q\nwant [%q]", c.file, c.version, got, c.msg)
		}
	}
}

func TestExampleS3(t *testing.T) {
	want := map[string][]string{"p1": {"n3"}, "p2": {"n3"}, "p3": {"n2", "n3"}, "p4": {"n1", "n2", "n3"}, "p5": {"n3"}, "p6": {"n2"}}
	seen := map[string]map[string]bool{}
	// Several seeds: every placement must be one of the tied nodes, and
	// over the seeds the 50/50 tie of p3 should show both nodes.
	for _, seed := range []string{"1", "2", "3", "4", "5", "6", "7", "8"} {
		o := runExampleSeed(t, "examples/s3.yaml", seed)
		got := placed(o)
		for pod, nodes := range want {
			if !oneOf(got[pod], nodes...) {
				t.Errorf("S3 seed %s: %s on %q, want one of %v", seed, pod, got[pod], nodes)
			}
			if seen[pod] == nil {
				seen[pod] = map[string]bool{}
			}
			seen[pod][got[pod]] = true
		}
	}
	if len(seen["p3"]) != 2 {
		t.Errorf("S3: p3 over 8 seeds landed on %v; a 50/50 tie should show both n2 and n3", seen["p3"])
	}
}

// runExampleSeed runs a testdata file with options.seed replaced.
func runExampleSeed(t *testing.T, file, seed string) Output {
	t.Helper()
	b, err := readTestdata(file)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Replace(b, "kind: Scenario\n", "kind: Scenario\noptions: {seed: "+seed+"}\n", 1)
	code, out, errs := runArgs(t, doc, "run", "-", "--json")
	if code != 0 {
		t.Fatalf("%s seed %s: exit %d: %s", file, seed, code, errs)
	}
	var o Output
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatal(err)
	}
	return o
}

func TestExampleS4(t *testing.T) {
	o := runExample(t, "examples/s4.yaml", "")
	got := placed(o)
	for pod, node := range map[string]string{"q": "n2", "q2": "n1", "q3": "n1"} {
		if got[pod] != node {
			t.Errorf("S4: %s on %q, want %s", pod, got[pod], node)
		}
	}
}

func TestExampleS5(t *testing.T) {
	for _, c := range []struct{ version, node string }{{"", "n1"}, {"1.37", "n1"}, {"1.36", "n1"}, {"1.35", "n2"}, {"1.33", "n2"}} {
		o := runExample(t, "examples/s5.yaml", c.version)
		if got := placed(o)["p"]; got != c.node {
			t.Errorf("S5 %s: p on %q, want %s", c.version, got, c.node)
		}
	}
}

func TestExampleS6(t *testing.T) {
	for _, c := range []struct{ version, msg string }{
		{"", "0/4 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling."},
		{"1.36", "0/4 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector. no new claims to deallocate, preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling."},
		{"1.33", "0/4 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {gpu: true}, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling."},
	} {
		o := runExample(t, "examples/s6.yaml", c.version)
		if got := failed(o, "p"); len(got) != 1 || got[0] != c.msg {
			t.Errorf("S6 %s: FailedScheduling %q\nwant [%q]", c.version, got, c.msg)
		}
		if got := placed(o)["p"]; got != "n1" {
			t.Errorf("S6 %s: p on %q, want n1 after the label", c.version, got)
		}
	}
}

func TestExampleS21(t *testing.T) {
	for _, c := range []struct{ version, train, tolerating string }{
		{"", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint(s). preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
			"0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."},
		{"1.36", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
			"0/2 nodes are available: 2 Insufficient nvidia.com/gpu. no new claims to deallocate, preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."},
		{"1.33", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint {nvidia.com/gpu: present}. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
			"0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."},
	} {
		o := runExample(t, "examples/s21.yaml", c.version)
		if got := failed(o, "train"); len(got) != 1 || got[0] != c.train {
			t.Errorf("S21 %s train: %q\nwant [%q]", c.version, got, c.train)
		}
		if got := failed(o, "train-tolerating"); len(got) != 1 || got[0] != c.tolerating {
			t.Errorf("S21 %s train-tolerating: %q\nwant [%q]", c.version, got, c.tolerating)
		}
		if got := placed(o)["web"]; got != "cpu1" {
			t.Errorf("S21 %s: web on %q, want cpu1", c.version, got)
		}
	}
}

func TestExamplePreemptionByVersion(t *testing.T) {
	// SCHEDULER.md §2.4 example 7: the successful-preemption post part only
	// exists in 1.37; before, the message ends after the filter part.
	for _, c := range []struct{ version, msg string }{
		{"1.37", "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims"},
		{"1.36", "0/1 nodes are available: 1 Insufficient cpu."},
		{"1.33", "0/1 nodes are available: 1 Insufficient cpu."},
	} {
		// The victim terminates for its 30 s grace period: run to 40 s.
		b, err := readTestdata("preemption.yaml")
		if err != nil {
			t.Fatal(err)
		}
		code, out, errs := runArgs(t, b+"---\nkind: Scenario\nname: p\nuntil: 40s\n", "run", "-", "--json", "--kubernetes-version", c.version)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.version, code, errs)
		}
		var o Output
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatal(err)
		}
		if got := failed(o, "high"); len(got) != 1 || got[0] != c.msg {
			t.Errorf("%s: %q\nwant [%q]", c.version, got, c.msg)
		}
		if p := placed(o)["high"]; p != "n1" {
			t.Errorf("%s: high on %q, want n1 once the victim is gone", c.version, p)
		}
		var preempted []string
		for _, e := range o.Events {
			if e.Reason == "Preempted" {
				preempted = append(preempted, e.Object+": "+e.Message)
			}
		}
		if len(preempted) != 1 || preempted[0] != "pod/default/low: Preempted by pod uid-1 on node n1" {
			t.Errorf("%s: Preempted events %q", c.version, preempted)
		}
	}
}

func readTestdata(file string) (string, error) {
	b, err := os.ReadFile(filepath.Join("..", "..", "core", "sim", "testdata", file))
	return string(b), err
}
