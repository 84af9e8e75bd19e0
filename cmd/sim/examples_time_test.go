package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// Worked scenarios of EXAMPLES.md about time and controllers (S7, S8, S11,
// S12, S17, S19) and the node-failure preset, run through `sim run --json`.
// Expected seconds are the document's (upstream v1.37.2 behaviour).

// runDetail is runExample with --detail.
func runDetail(t *testing.T, file string) Output {
	t.Helper()
	args := []string{"run", filepath.Join("..", "..", "core", "sim", "testdata", file), "--json", "--detail"}
	code, out, errs := runArgs(t, "", args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", file, code, errs)
	}
	var o Output
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return o
}

func pods(o Output) map[string]OutputPod {
	out := map[string]OutputPod{}
	for _, p := range o.Pods {
		out[p.Name] = p
	}
	return out
}

func evictedAt(p OutputPod) float64 {
	if p.EvictedAt == nil {
		return -1
	}
	return *p.EvictedAt
}

func checkEvictions(t *testing.T, o Output, want map[string]float64) {
	t.Helper()
	got := pods(o)
	for name, w := range want {
		p, ok := got[name]
		if !ok {
			t.Errorf("%s missing", name)
			continue
		}
		if evictedAt(p) != w {
			t.Errorf("%s evicted at %v, want %v (-1: never)", name, evictedAt(p), w)
		}
	}
}

func TestExampleS7(t *testing.T) {
	o := runDetail(t, "examples/s7.yaml")
	var agents []OutputPod
	for _, p := range o.Pods {
		if p.Owner == "DaemonSet/agent" {
			agents = append(agents, p)
		}
	}
	if len(agents) != 2 {
		t.Fatalf("%d daemon pods, want 2 (n1, n2)", len(agents))
	}
	for _, p := range agents {
		switch p.Node {
		case "n1":
			if p.Phase != "Running" {
				t.Errorf("n1 agent %s", p.Phase)
			}
		case "n2":
			if evictedAt(p) != 200 {
				t.Errorf("n2 agent evicted at %v", evictedAt(p))
			}
		default:
			t.Errorf("agent on %s", p.Node)
		}
		if len(p.TolerationSources) != 6 || p.TolerationSources[0] != "DaemonSet controller" {
			t.Errorf("sources %v", p.TolerationSources)
		}
	}
	for _, e := range o.Events {
		if e.Reason == "FailedScheduling" && !strings.HasSuffix(e.Object, "/pinned") {
			t.Errorf("unexpected %+v", e)
		}
		if e.Reason == "TaintManagerEviction" && !strings.HasPrefix(e.Message, "Marking for deletion Pod kube-system/agent-") {
			t.Errorf("event %+v", e)
		}
	}
	if msg := pods(o)["pinned"].FailedSchedulingMessage; msg != "0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling." {
		t.Errorf("pinned: %s", msg)
	}
}

func TestExampleS8(t *testing.T) {
	o := runDetail(t, "s8-noexecute-variants.yaml")
	checkEvictions(t, o, map[string]float64{"a": 0, "b": 60, "c": -1, "d": 0, "e": 0, "f": -1, "g": 30, "h": -1, "i": 0})
	for _, p := range o.Pods {
		if p.EvictedAt != nil && (p.DisruptionTarget == nil || p.DisruptionTarget.Reason != "DeletionByTaintManager" || p.DisruptionTarget.Message != "Taint manager: deleting due to NoExecute taint") {
			t.Errorf("%s disruption target %+v", p.Name, p.DisruptionTarget)
		}
	}
}

func TestExampleS11(t *testing.T) {
	o := runExample(t, "s11-unreachable-recovery.yaml", "")
	checkEvictions(t, o, map[string]float64{"fast": 85, "web": -1, "agent": -1, "all": -1})
	var cancels []float64
	for _, e := range o.Events {
		if e.Message == "Cancelling deletion of Pod default/web" {
			cancels = append(cancels, e.At)
		}
	}
	if len(cancels) != 1 || cancels[0] != 205 {
		t.Errorf("web cancellations %v, want [205]", cancels)
	}
}

func TestExampleS12(t *testing.T) {
	o := runExample(t, "s12-notready-then-unreachable.yaml", "")
	checkEvictions(t, o, map[string]float64{"web": 305, "quick": 305})
}

func TestExampleS17(t *testing.T) {
	o := runExample(t, "examples/s17-not-ready.yaml", "")
	checkEvictions(t, o, map[string]float64{"row1": 305, "row2": 305, "row3": 305, "row4": -1, "row5": 35, "row6": 5, "row7": -1, "row8": 305})
	o = runDetail(t, "examples/s17-unreachable.yaml")
	checkEvictions(t, o, map[string]float64{"row1": 355, "row2": 6055, "row3": 355, "row4": -1, "row5": 85, "row6": 355, "row7": 355, "row8": 355})
	for _, p := range o.Pods {
		if strings.HasPrefix(p.Name, "row9-") && p.EvictedAt != nil {
			t.Errorf("daemon pod %s evicted", p.Name)
		}
	}
	row1 := pods(o)["row1"]
	if len(row1.TolerationSources) != 2 || row1.TolerationSources[0] != "DefaultTolerationSeconds" {
		t.Errorf("row1 sources %v", row1.TolerationSources)
	}
}

func TestExampleS19(t *testing.T) {
	o := runExample(t, "examples/s19.yaml", "")
	if len(o.Steps) != 4 {
		t.Fatalf("steps %+v", o.Steps)
	}
	if !o.Steps[0].Failed || o.Steps[1].Failed || o.Steps[2].Failed || o.Steps[3].Failed {
		t.Errorf("only the first drain fails: %+v", o.Steps)
	}
	if !strings.HasPrefix(o.Steps[0].Output, "node/n1 cordoned\nerror: unable to drain node \"n1\" due to error: [cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-x9z, ") {
		t.Errorf("first drain:\n%s", o.Steps[0].Output)
	}
	// The evicted pods are Terminating for 30 s: drain reports them
	// evicted, and the node drained, only when they are gone (at 50 s,
	// after the file's last step).
	if !strings.HasSuffix(o.Steps[1].Output, "evicting pod default/bare") || strings.Contains(o.Steps[1].Output, "drained") || !strings.Contains(o.Steps[1].Output, "Warning: ignoring DaemonSet-managed Pods: kube-system/agent-x9z; deleting Pods that declare no controller: default/bare") {
		t.Errorf("second drain:\n%s", o.Steps[1].Output)
	}
	if !strings.Contains(o.Steps[2].Output, "Taints:             node.kubernetes.io/unschedulable:NoSchedule\nUnschedulable:      true") {
		t.Errorf("describe:\n%s", o.Steps[2].Output)
	}
	checkEvictions(t, o, map[string]float64{"web-7d9f8-abcde": 20, "cache-5c4-fghij": 20, "bare": 20, "agent-x9z": -1, "etcd-n1": -1})
	for _, n := range o.Nodes {
		for _, x := range n.Taints {
			if x.Effect == "NoExecute" {
				t.Errorf("drain added %s", x.Key)
			}
		}
	}
}

// The node-failure preset: n1's kubelet stops at 10 s; Unknown at the 65 s
// pass (first pass strictly after 10+50) with unreachable:NoExecute in that
// pass; the web pod on n1 goes at 365 (default 300 s) and its ReplicaSet's
// replacement runs elsewhere.
func TestPresetNodeFailure(t *testing.T) {
	code, out, errs := runArgs(t, "", "run", "--preset", "node-failure", "--json", "--detail")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var o Output
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatal(err)
	}
	running, evicted := 0, 0
	for _, p := range o.Pods {
		if !strings.HasPrefix(p.Owner, "ReplicaSet/web-") {
			continue
		}
		switch p.Phase {
		case "Running":
			running++
			if p.Node == "n1" {
				t.Errorf("%s still on n1", p.Name)
			}
		case "Evicted":
			evicted++
			if p.Node != "n1" || evictedAt(p) != 365 {
				t.Errorf("%s evicted from %s at %v", p.Name, p.Node, evictedAt(p))
			}
		}
	}
	if running != 3 || evicted != 1 {
		t.Fatalf("running %d evicted %d", running, evicted)
	}
	var created bool
	for _, e := range o.Events {
		created = created || (e.At == 365 && e.Reason == "SuccessfulCreate")
	}
	if !created {
		t.Error("no SuccessfulCreate at 365")
	}
}
