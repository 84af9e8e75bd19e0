package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/taints-playground/playground/core/presets"
)

// The golden documents below are written from upstream v1.37 behaviour
// (shared/reference/EXAMPLES.md S1 and S8), not copied from this program.

func runArgs(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func assertJSON(t *testing.T, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("golden is not JSON: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("JSON differs.\n got: %s\nwant: %s", got, want)
	}
}

const s1Golden = `{
  "pods": [
    {"namespace": "default", "name": "filler", "node": "n3", "phase": "Running", "scheduledAt": 0, "evictedAt": null, "failedSchedulingMessage": ""},
    {"namespace": "default", "name": "p", "node": "n1", "phase": "Running", "scheduledAt": 60, "evictedAt": null, "failedSchedulingMessage": ""}
  ],
  "nodes": [
    {"name": "n1", "taints": [], "unschedulable": false},
    {"name": "n2", "taints": [{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"}], "unschedulable": true},
    {"name": "n3", "taints": [], "unschedulable": false}
  ],
  "events": [
    {"at": 0, "type": "Warning", "reason": "FailedScheduling", "object": "pod/default/p", "source": "default-scheduler",
     "message": "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."},
    {"at": 60, "type": "Normal", "reason": "Scheduled", "object": "pod/default/p", "message": "Successfully assigned default/p to n1", "source": "default-scheduler"}
  ],
  "steps": [{"at": 60, "run": "kubectl taint node n1 dedicated=gpu:NoSchedule-", "output": "node/n1 untainted"}]
}`

func TestRunS1JSON(t *testing.T) {
	code, out, errs := runArgs(t, "", "run", "--json", filepath.Join("..", "..", "core", "sim", "testdata", "s1-taint-cordon-full.yaml"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	assertJSON(t, out, s1Golden)
}

func s8Pod(name string, scheduled, evicted any) string {
	m := map[string]any{
		"namespace": "default", "name": name, "node": "n1",
		"phase":       map[bool]string{true: "Evicted", false: "Running"}[evicted != nil],
		"scheduledAt": scheduled, "evictedAt": evicted, "failedSchedulingMessage": "",
	}
	if evicted != nil {
		// The taint-eviction controller deleted it (its DisruptionTarget
		// condition's reason).
		m["reason"] = "DeletionByTaintManager"
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func TestRunS8JSON(t *testing.T) {
	code, out, errs := runArgs(t, "", "run", filepath.Join("..", "..", "core", "sim", "testdata", "s8-noexecute-variants.yaml"), "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	evicted := map[string]any{"a": 0, "b": 60, "c": nil, "d": 0, "e": 0, "f": nil, "g": 30, "h": nil, "i": 0}
	var pods []string
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"} {
		pods = append(pods, s8Pod(n, 0, evicted[n]))
	}
	var events []string
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"} {
		events = append(events, `{"at":0,"type":"Normal","reason":"Scheduled","object":"pod/default/`+n+`","message":"Successfully assigned default/`+n+` to n1","source":"default-scheduler"}`)
	}
	for _, e := range []struct {
		at  string
		pod string
	}{{"0", "a"}, {"0", "d"}, {"0", "e"}, {"0", "i"}, {"30", "g"}, {"60", "b"}} {
		events = append(events, `{"at":`+e.at+`,"type":"Normal","reason":"TaintManagerEviction","object":"pod/default/`+e.pod+`","message":"Marking for deletion Pod default/`+e.pod+`","source":"taint-eviction-controller"}`)
		// The kubelet starts the 30 s graceful termination (killContainer).
		events = append(events, `{"at":`+e.at+`,"type":"Normal","reason":"Killing","object":"pod/default/`+e.pod+`","message":"Stopping container c","source":"kubelet"}`)
	}
	golden := `{"pods":[` + strings.Join(pods, ",") + `],
	  "nodes":[{"name":"n1","taints":[{"key":"maint","value":"true","effect":"NoExecute"}],"unschedulable":false}],
	  "events":[` + strings.Join(events, ",") + `],
	  "steps":[{"at":0,"run":"kubectl taint nodes n1 maint=true:NoExecute","output":"node/n1 tainted"}]}`
	assertJSON(t, out, golden)
}

func TestRunTextBoard(t *testing.T) {
	code, out, errs := runArgs(t, "", "run", filepath.Join("..", "..", "core", "sim", "testdata", "s1-taint-cordon-full.yaml"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"n2             Ready,SchedulingDisabled   node.kubernetes.io/unschedulable:NoSchedule",
		"  pod/p        Running                    since 60s",
		"LAST SEEN   TYPE      REASON             OBJECT   MESSAGE",
		"60s         Normal    Scheduled          pod/p    Successfully assigned default/p to n1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestRunPendingBoard(t *testing.T) {
	code, out, _ := runArgs(t, "", "run", "--preset", "docs-three-taints")
	if code != 0 {
		t.Fatal(code)
	}
	if !strings.Contains(out, "PENDING\n  pod/new-pod: 0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.\n") {
		t.Errorf("no pending section:\n%s", out)
	}
}

func TestInvalidInputExits2(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "web.yaml")
	if err := os.WriteFile(bad, []byte("apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers: [{name: c}]\n  tolerations: [{key: k, operator: Foo}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runArgs(t, "", "run", bad)
	if code != 2 || out != "" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	want := bad + `: document 2: The Pod "web" is invalid: spec.tolerations[0].operator: Unsupported value: "Foo": supported values: "Equal", "Exists"` + "\n"
	if errs != want {
		t.Errorf("stderr = %q\n want %q", errs, want)
	}
	for _, args := range [][]string{
		{}, {"run"}, {"run", "a", "b"}, {"run", "--preset", "nope"}, {"run", "--bogus", "x"},
		{"run", filepath.Join(dir, "missing.yaml")}, {"frobnicate"}, {"presets", "x"},
	} {
		if code, _, errs := runArgs(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
	}
}

func TestStdin(t *testing.T) {
	code, out, errs := runArgs(t, "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n", "run", "-", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	assertJSON(t, out, `{"pods":[],"nodes":[{"name":"n1","taints":[],"unschedulable":false}],"events":[]}`)
	code, _, errs = runArgs(t, "kind: Nonsense\n", "run", "-")
	if code != 2 || !strings.HasPrefix(errs, "<stdin>: document 1: ") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestPresetsCommand(t *testing.T) {
	code, out, _ := runArgs(t, "", "presets")
	if code != 0 {
		t.Fatal(code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// The five presets, then every misconception lesson (the library's
	// order), each with its kind.
	if len(lines) != 1+len(presets.Catalog()) || len(lines) < 27 || !strings.HasPrefix(lines[1], "gpu-node ") || !strings.HasPrefix(lines[2], "docs-three-taints ") || !strings.HasPrefix(lines[3], "animated-card ") || !strings.HasPrefix(lines[4], "node-failure ") || !strings.HasPrefix(lines[5], "regional-network ") {
		t.Errorf("presets output:\n%s", out)
	}
	if !strings.Contains(out, "\nmc-edit-tolerations ") || !strings.Contains(lines[len(lines)-1], " misconception ") {
		t.Errorf("the misconception lessons are missing:\n%s", out)
	}
	for _, name := range []string{"gpu-node", "docs-three-taints", "animated-card", "node-failure"} {
		if code, out, errs := runArgs(t, "", "run", "--preset", name, "--json"); code != 0 || !strings.Contains(out, `"events"`) {
			t.Errorf("%s: exit %d %s", name, code, errs)
		}
	}
}
