package sim

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
)

// Expected values in these tests come from upstream behaviour as written in
// shared/reference/SCHEDULER.md and EXAMPLES.md, not from this code's output.

func run(t *testing.T, yaml string) *Result {
	t.Helper()
	s, err := scenario.Parse([]byte(yaml), "test.yaml")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	res, err := Run(s)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return res
}

func runFile(t *testing.T, name string) *Result {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return run(t, string(b))
}

func final(res *Result) map[string]*PodState {
	out := map[string]*PodState{}
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		out[p.Name] = p
	}
	return out
}

func eventsFor(res *Result, object string) []Event {
	var out []Event
	for _, e := range res.Events {
		if e.Object == object {
			e.Source = ""
			out = append(out, e)
		}
	}
	return out
}

func at(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}

// want describes a pod's final state; times -1 mean "never".
type want struct {
	phase     string
	node      string
	scheduled float64
	evicted   float64
}

func checkPods(t *testing.T, res *Result, wants map[string]want) {
	t.Helper()
	got := final(res)
	for name, w := range wants {
		p, ok := got[name]
		if !ok {
			t.Errorf("pod %s missing from the final frame", name)
			continue
		}
		if p.Phase != w.phase || p.Node != w.node || at(p.ScheduledAt) != w.scheduled || at(p.EvictedAt) != w.evicted {
			t.Errorf("pod %s = %s on %q scheduled %v evicted %v; want %s on %q scheduled %v evicted %v",
				name, p.Phase, p.Node, at(p.ScheduledAt), at(p.EvictedAt), w.phase, w.node, w.scheduled, w.evicted)
		}
	}
}

const (
	marking    = "Marking for deletion Pod default/"
	cancelling = "Cancelling deletion of Pod default/"
)

func TestS8NoExecuteVariants(t *testing.T) {
	res := runFile(t, "s8-noexecute-variants.yaml")
	checkPods(t, res, map[string]want{
		"a": {PhaseEvicted, "n1", 0, 0},
		"b": {PhaseEvicted, "n1", 0, 60},
		"c": {PhaseRunning, "n1", 0, -1},
		"d": {PhaseEvicted, "n1", 0, 0},
		"e": {PhaseEvicted, "n1", 0, 0},
		"f": {PhaseRunning, "n1", 0, -1},
		"g": {PhaseEvicted, "n1", 0, 30},
		"h": {PhaseRunning, "n1", 0, -1},
		"i": {PhaseEvicted, "n1", 0, 0},
	})
	// The marking event, then the kubelet's Killing as the pod starts
	// terminating (kuberuntime killContainer: "Stopping container c").
	for _, name := range []string{"a", "b", "d", "e", "g", "i"} {
		ev := eventsFor(res, "pod/default/"+name)
		mark, kill := ev[len(ev)-2], ev[len(ev)-1]
		if mark.Type != EventNormal || mark.Reason != ReasonTaintManagerEviction || mark.Message != marking+name {
			t.Errorf("%s: event %+v, want Normal TaintManagerEviction %q", name, mark, marking+name)
		}
		if kill.Reason != "Killing" || kill.Message != "Stopping container c" || kill.At != mark.At {
			t.Errorf("%s: last event %+v, want Killing at %v", name, kill, mark.At)
		}
	}
}

// s8Base is the S8 cluster with pods a, b and c only.
const s8Base = `
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: a}
spec: {containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata: {name: b}
spec:
  tolerations: [{key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: c}
spec:
  tolerations: [{key: maint, operator: Exists, effect: NoExecute}]
  containers: [{name: c, image: x}]
`

func TestS8TaintRemovedCancels(t *testing.T) {
	res := run(t, s8Base+`---
kind: Scenario
name: s8-cancel
until: 200s
steps:
- {at: 0s, run: kubectl taint nodes n1 maint=true:NoExecute}
- {at: 45s, run: kubectl taint nodes n1 maint-}
`)
	checkPods(t, res, map[string]want{
		"a": {PhaseEvicted, "n1", 0, 0},
		"b": {PhaseRunning, "n1", 0, -1},
		"c": {PhaseRunning, "n1", 0, -1},
	})
	ev := eventsFor(res, "pod/default/b")
	last := ev[len(ev)-1]
	if last.At != 45 || last.Reason != ReasonTaintManagerEviction || last.Message != cancelling+"b" {
		t.Errorf("b's last event = %+v, want the cancellation at 45", last)
	}
	// c was never scheduled for deletion, so it gets no cancel event.
	for _, e := range eventsFor(res, "pod/default/c") {
		if e.Reason == ReasonTaintManagerEviction {
			t.Errorf("c got %+v", e)
		}
	}
}

func TestS8TaintReaddedStartsNewTimer(t *testing.T) {
	res := run(t, s8Base+`---
kind: Scenario
name: s8-readd
until: 200s
steps:
- {at: 0s, run: kubectl taint nodes n1 maint=true:NoExecute}
- {at: 45s, run: kubectl taint nodes n1 maint-}
- {at: 50s, run: kubectl taint nodes n1 maint=true:NoExecute}
`)
	checkPods(t, res, map[string]want{
		"b": {PhaseEvicted, "n1", 0, 110},
		"c": {PhaseRunning, "n1", 0, -1},
	})
}

func TestExistingDeadlineNotMoved(t *testing.T) {
	// SCHEDULER.md §3.2 step 4: a second tolerated NoExecute taint with a
	// shorter tolerationSeconds does not move b's deadline (issue #102993).
	res := run(t, s8Base+`---
kind: Scenario
name: keep-deadline
until: 200s
steps:
- {at: 0s, run: kubectl taint nodes n1 maint=true:NoExecute}
- {at: 10s, run: kubectl taint nodes n1 other=x:NoExecute}
`)
	// b and c do not tolerate "other": deleted at 10 (b's timer cancelled first).
	checkPods(t, res, map[string]want{
		"b": {PhaseEvicted, "n1", 0, 10},
		"c": {PhaseEvicted, "n1", 0, 10},
	})
	var msgs []string
	for _, e := range eventsFor(res, "pod/default/b") {
		if e.Reason == ReasonTaintManagerEviction {
			msgs = append(msgs, e.Message)
		}
	}
	if want := []string{cancelling + "b", marking + "b"}; !reflect.DeepEqual(msgs, want) {
		t.Errorf("b's eviction events = %q, want %q", msgs, want)
	}

	res = run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: b}
spec:
  tolerations:
  - {key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
  - {key: other, operator: Exists, effect: NoExecute, tolerationSeconds: 10}
  containers: [{name: c, image: x}]
---
kind: Scenario
name: keep-deadline-2
until: 200s
steps:
- {at: 0s, run: kubectl taint nodes n1 maint=true:NoExecute}
- {at: 20s, run: kubectl taint nodes n1 other=x:NoExecute}
`)
	// The timer set at 0 for 60 s stays: deleted at 60, not at 30.
	checkPods(t, res, map[string]want{"b": {PhaseEvicted, "n1", 0, 60}})
}

func TestTolerationSecondsOnScheduling(t *testing.T) {
	// The scheduler ignores tolerationSeconds: a pod tolerating the NoExecute
	// taint for 60 s lands on the tainted node and is evicted 60 s later.
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints: [{key: maint, value: "true", effect: NoExecute}]
---
apiVersion: v1
kind: Pod
metadata: {name: brief}
spec:
  tolerations: [{key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: forever}
spec:
  tolerations: [{key: maint, operator: Exists}]
  containers: [{name: c, image: x}]
---
kind: Scenario
name: toleration-seconds
until: 100s
`)
	checkPods(t, res, map[string]want{
		"brief":   {PhaseEvicted, "n1", 0, 60},
		"forever": {PhaseRunning, "n1", 0, -1},
	})
	// A frame at 60 records the eviction; before it the deadline shows.
	if f := res.Frames[0]; at(podIn(f, "brief").EvictAt) != 60 {
		t.Errorf("frame 0: brief.evictAt = %v, want 60", at(podIn(f, "brief").EvictAt))
	}
	found := false
	for _, f := range res.Frames {
		if f.At == 60 && podIn(f, "brief").Phase == PhaseEvicted {
			found = true
		}
	}
	if !found {
		t.Error("no frame at t=60 with brief evicted")
	}
}

func podIn(f Frame, name string) PodState {
	for _, p := range f.Pods {
		if p.Name == name {
			return *p
		}
	}
	return PodState{}
}

func TestS1MessageAndRequeue(t *testing.T) {
	res := runFile(t, "s1-taint-cordon-full.yaml")
	const msg = "0/3 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 1 node(s) were unschedulable. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling."
	ev := eventsFor(res, "pod/default/p")
	want := []Event{
		{At: 0, Type: EventWarning, Reason: ReasonFailedScheduling, Object: "pod/default/p", Message: msg},
		{At: 60, Type: EventNormal, Reason: ReasonScheduled, Object: "pod/default/p", Message: "Successfully assigned default/p to n1"},
	}
	if !reflect.DeepEqual(ev, want) {
		t.Errorf("events of p:\n got %+v\nwant %+v", ev, want)
	}
	if got := podIn(res.Frames[0], "p"); got.FailedSchedulingMessage != msg || got.Phase != PhasePending {
		t.Errorf("frame 0: p = %+v", got)
	}
	// n2 was cordoned in the file: the node-lifecycle controller added the
	// unschedulable taint.
	n2 := res.Frames[0].Nodes[1]
	if len(n2.Taints) != 1 || n2.Taints[0].ToString() != "node.kubernetes.io/unschedulable:NoSchedule" || !n2.Unschedulable {
		t.Errorf("n2 = %+v", n2)
	}
}

func TestS1UncordonInstead(t *testing.T) {
	b, err := os.ReadFile("testdata/s1-taint-cordon-full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	y := strings.Replace(string(b), "kubectl taint node n1 dedicated=gpu:NoSchedule-", "kubectl uncordon n2", 1)
	res := run(t, y)
	checkPods(t, res, map[string]want{"p": {PhaseRunning, "n2", 60, -1}})
	var nodeEvents []string
	for _, e := range eventsFor(res, "node/n2") {
		nodeEvents = append(nodeEvents, e.Reason+": "+e.Message)
	}
	if want := []string{"NodeSchedulable: Node n2 status is now: NodeSchedulable"}; !reflect.DeepEqual(nodeEvents, want) {
		t.Errorf("n2 events = %q, want %q", nodeEvents, want)
	}
	last := res.Frames[len(res.Frames)-1]
	if len(last.Nodes[1].Taints) != 0 || last.Nodes[1].Unschedulable {
		t.Errorf("n2 after uncordon = %+v", last.Nodes[1])
	}
}

func TestCordonAddsTaintAndEvent(t *testing.T) {
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
---
kind: Scenario
name: cordon
steps:
- {at: 5s, run: kubectl cordon n1}
`)
	last := res.Frames[len(res.Frames)-1]
	if last.Output != "node/n1 cordoned" {
		t.Errorf("output = %q", last.Output)
	}
	n := last.Nodes[0]
	if !n.Unschedulable || len(n.Taints) != 1 || n.Taints[0].ToString() != "node.kubernetes.io/unschedulable:NoSchedule" {
		t.Errorf("node = %+v", n)
	}
	want := []Event{{At: 5, Type: EventNormal, Reason: "NodeNotSchedulable", Object: "node/n1", Message: "Node n1 status is now: NodeNotSchedulable"}}
	if !reflect.DeepEqual(noSource(res.Events), want) {
		t.Errorf("events = %+v", res.Events)
	}
}

func TestS11UnreachableAndRecovery(t *testing.T) {
	res := runFile(t, "s11-unreachable-recovery.yaml")
	checkPods(t, res, map[string]want{
		"web":   {PhaseRunning, "n1", 0, -1},
		"fast":  {PhaseEvicted, "n1", 0, 85},
		"agent": {PhaseRunning, "n1", 0, -1},
		"all":   {PhaseRunning, "n1", 0, -1},
	})
	var web []Event
	for _, e := range eventsFor(res, "pod/default/web") {
		web = append(web, e)
	}
	if len(web) != 1 || web[0].At != 205 || web[0].Message != cancelling+"web" {
		t.Errorf("web events = %+v, want one cancellation at 205", web)
	}
	// Between 201 and 205 only the NoExecute taint is left.
	for _, f := range res.Frames {
		if f.At == 201 {
			var ts []string
			for _, x := range f.Nodes[0].Taints {
				ts = append(ts, x.ToString())
			}
			if want := []string{"node.kubernetes.io/unreachable:NoExecute"}; !reflect.DeepEqual(ts, want) {
				t.Errorf("taints at 201 = %q, want %q", ts, want)
			}
		}
	}
	// Without the recovery, web goes at 55+300.
	b, _ := os.ReadFile("testdata/s11-unreachable-recovery.yaml")
	y := strings.Replace(string(b), "- at: 201s\n  run: node n1 ready\n", "", 1)
	res = run(t, y)
	checkPods(t, res, map[string]want{"web": {PhaseEvicted, "n1", 0, 355}, "fast": {PhaseEvicted, "n1", 0, 85}})
}

func TestS12TaintSwapKeepsTimers(t *testing.T) {
	res := runFile(t, "s12-notready-then-unreachable.yaml")
	checkPods(t, res, map[string]want{
		"web":   {PhaseEvicted, "n1", 0, 305},
		"quick": {PhaseEvicted, "n1", 0, 305},
	})
	// The NoExecute taint arrives at the t=5 pass, not at 2.
	for _, f := range res.Frames {
		hasNoExecute := false
		for _, x := range f.Nodes[0].Taints {
			hasNoExecute = hasNoExecute || x.Effect == core.TaintEffectNoExecute
		}
		if f.At == 2 && hasNoExecute {
			t.Error("NoExecute taint already at t=2")
		}
		if f.At == 5 && !hasNoExecute {
			t.Error("no NoExecute taint at t=5")
		}
	}
}

func TestS17NotReadyOutcomes(t *testing.T) {
	// S17 rows 5 and 6 with the node going NotReady at t=2 (NoExecute at 5).
	// n2 and n3 are healthy but cordoned: the zone stays Normal (a zone
	// with every node down would stop evictions), the pods all land on n1.
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
spec: {unschedulable: true}
---
apiVersion: v1
kind: Node
metadata: {name: n3}
spec: {unschedulable: true}
---
apiVersion: v1
kind: Pod
metadata: {name: row1}
spec: {containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata: {name: row5}
spec:
  tolerations: [{operator: Exists, effect: NoExecute, tolerationSeconds: 30}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: row6}
spec:
  tolerations: [{key: node.kubernetes.io/not-ready, operator: Equal, value: "x", effect: NoExecute}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: row7}
spec:
  tolerations: [{key: node.kubernetes.io/not-ready, operator: Exists}]
  containers: [{name: c, image: x}]
---
kind: Scenario
name: s17
until: 400s
steps:
- {at: 2s, run: node n1 not-ready}
`)
	checkPods(t, res, map[string]want{
		"row1": {PhaseEvicted, "n1", 0, 305},
		"row5": {PhaseEvicted, "n1", 0, 35},
		"row6": {PhaseEvicted, "n1", 0, 5},
		"row7": {PhaseRunning, "n1", 0, -1},
	})
}

func TestDirectBindingAndKubeletAdmission(t *testing.T) {
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  unschedulable: true
  taints:
  - {key: dedicated, value: x, effect: NoSchedule}
  - {key: maint, value: "true", effect: NoExecute}
---
apiVersion: v1
kind: Pod
metadata: {name: pinned}
spec:
  nodeName: n1
  tolerations: [{key: maint, operator: Exists, effect: NoExecute}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: rejected}
spec:
  nodeName: n1
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: lost}
spec:
  nodeName: nowhere
  containers: [{name: c, image: x}]
`)
	// spec.nodeName bypasses NoSchedule and cordon; the kubelet only checks
	// NoExecute (SCHEDULER.md §0.3, §9).
	checkPods(t, res, map[string]want{
		"pinned":   {PhaseRunning, "n1", 0, -1},
		"rejected": {PhaseEvicted, "n1", 0, 0},
		"lost":     {PhasePending, "", -1, -1},
	})
	want := []Event{
		{At: 0, Type: EventWarning, Reason: "TaintToleration", Object: "pod/default/rejected", Message: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"},
		{At: 0, Type: EventNormal, Reason: ReasonTaintManagerEviction, Object: "pod/default/rejected", Message: marking + "rejected"},
	}
	if !reflect.DeepEqual(noSource(res.Events), want) {
		t.Errorf("events = %+v", res.Events)
	}
}

func TestPriorityOrderAndDeleteRequeue(t *testing.T) {
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: low}
spec: {containers: [{name: c, image: x, resources: {requests: {cpu: 600m}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: high}
spec:
  priority: 1000
  preemptionPolicy: Never
  containers: [{name: c, image: x, resources: {requests: {cpu: 600m}}}]
---
kind: Scenario
name: priority
steps:
- {at: 30s, run: kubectl delete pod high}
- {at: 60s, run: wait 1s}
`)
	// high is scheduled first although it comes later in the file; low waits
	// for the CPU and lands when high is gone: deleted at 30 s, Terminating
	// for its 30 s grace period.
	checkPods(t, res, map[string]want{"low": {PhaseRunning, "n1", 60, -1}})
	if _, ok := final(res)["high"]; ok {
		t.Error("deleted pod still on the board")
	}
	if p := podIn(res.Frames[0], "high"); p.Phase != PhaseRunning || p.Node != "n1" {
		t.Errorf("frame 0: high = %+v", p)
	}
	if out := res.Frames[1].Output; out != `pod "high" deleted from default namespace` {
		t.Errorf("delete output = %q", out)
	}
	const msg = "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
	if ev := eventsFor(res, "pod/default/low"); len(ev) != 2 || ev[0].Message != msg || ev[1].At != 60 || ev[1].Reason != ReasonScheduled {
		t.Errorf("low events = %+v", ev)
	}
}

func TestLabelRequeuesAffinity(t *testing.T) {
	// EXAMPLES.md S6's last step, reduced: a label change that makes the
	// node match re-queues the pod at once.
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {disk: hdd}}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  nodeSelector: {disk: ssd}
  containers: [{name: c, image: x}]
---
kind: Scenario
name: label
steps:
- {at: 10s, run: kubectl label nodes n1 unrelated=yes}
- {at: 30s, run: kubectl label nodes n1 disk=ssd --overwrite}
`)
	checkPods(t, res, map[string]want{"p": {PhaseRunning, "n1", 30, -1}})
	ev := eventsFor(res, "pod/default/p")
	// The unrelated label does not re-queue the pod: one failure, then success.
	if len(ev) != 2 || ev[0].Message != "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling." {
		t.Errorf("events = %+v", ev)
	}
}

func TestRemovingOneOfTwoTaintsDoesNotRequeue(t *testing.T) {
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints: [{key: a, effect: NoSchedule}, {key: b, effect: NoSchedule}]
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {containers: [{name: c, image: x}]}
---
kind: Scenario
name: two-taints
steps:
- {at: 10s, run: "kubectl taint nodes n1 a:NoSchedule-"}
- {at: 20s, run: "kubectl taint nodes n1 b:NoSchedule-"}
`)
	checkPods(t, res, map[string]want{"p": {PhaseRunning, "n1", 20, -1}})
	if ev := eventsFor(res, "pod/default/p"); len(ev) != 2 {
		t.Errorf("want one FailedScheduling (t=0) and one Scheduled (t=20), got %+v", ev)
	}
}

func TestCommandErrorsAreOutput(t *testing.T) {
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
---
kind: Scenario
name: errors
steps:
- {at: 1s, run: kubectl taint nodes nope a=b:NoSchedule}
- {at: 2s, run: kubectl delete pod ghost}
- {at: 3s, run: node nope ready}
`)
	outs := []string{res.Frames[1].Output, res.Frames[2].Output, res.Frames[3].Output}
	want := []string{
		`Error from server (NotFound): nodes "nope" not found`,
		`Error from server (NotFound): pods "ghost" not found`,
		`Error from server (NotFound): nodes "nope" not found`,
	}
	if !reflect.DeepEqual(outs, want) {
		t.Errorf("outputs = %q, want %q", outs, want)
	}
}

func TestPressureAdmission(t *testing.T) {
	// SCHEDULER.md §9: under DiskPressure the kubelet rejects every
	// non-critical pod, even one the scheduler placed there.
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  conditions:
  - {type: Ready, status: "True"}
  - {type: DiskPressure, status: "True"}
---
apiVersion: v1
kind: Pod
metadata: {name: tolerant}
spec:
  tolerations: [{key: node.kubernetes.io/disk-pressure, operator: Exists, effect: NoSchedule}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: critical}
spec:
  priorityClassName: system-node-critical
  tolerations: [{operator: Exists}]
  containers: [{name: c, image: x}]
`)
	checkPods(t, res, map[string]want{
		"tolerant": {PhaseEvicted, "n1", 0, 0},
		"critical": {PhaseRunning, "n1", 0, -1},
	})
	ev := eventsFor(res, "pod/default/tolerant")
	if len(ev) != 2 || ev[1].Reason != "Evicted" || ev[1].Message != "The node had condition: [DiskPressure]. " {
		t.Errorf("events = %+v", ev)
	}
	// The why summary quotes the kubelet's message, which already ends
	// with a full stop: no second one is appended.
	for _, f := range res.Frames {
		if p := podIn(f, "tolerant"); p.Why != nil {
			if strings.Contains(p.Why.Summary, ". .") || strings.HasSuffix(p.Why.Summary, " ") {
				t.Errorf("frame %d: summary %q has a double full stop", f.Index, p.Why.Summary)
			}
		}
	}
	final := podIn(res.Frames[len(res.Frames)-1], "tolerant")
	if want := "Pod was rejected: The node had condition: [DiskPressure]."; final.Why == nil || !strings.HasSuffix(final.Why.Summary, want) {
		t.Errorf("final summary = %+v, want suffix %q", final, want)
	}
}

func TestWhyIsFilledEverywhere(t *testing.T) {
	res := runFile(t, "s1-taint-cordon-full.yaml")
	for _, f := range res.Frames {
		for _, p := range f.Pods {
			if p.Why == nil || p.Why.Summary == "" || len(p.Why.Nodes) != 3 {
				t.Fatalf("frame %d pod %s: why = %+v", f.Index, p.Name, p.Why)
			}
		}
	}
	why := podIn(res.Frames[0], "p").Why
	plugins := []string{why.Nodes[0].Plugin, why.Nodes[1].Plugin, why.Nodes[2].Plugin}
	if want := []string{"TaintToleration", "NodeUnschedulable", "NodeResourcesFit"}; !reflect.DeepEqual(plugins, want) {
		t.Errorf("plugins = %q, want %q", plugins, want)
	}
	tm := why.Nodes[0].Taints
	if len(tm) != 1 || tm[0].Tolerated || tm[0].Taint.Key != "dedicated" {
		t.Errorf("n1 taint matches = %+v", tm)
	}
	final := podIn(res.Frames[len(res.Frames)-1], "p").Why
	if !final.Nodes[0].Chosen || !strings.HasPrefix(final.Summary, "Running on n1") {
		t.Errorf("final why = %+v", final)
	}
}

func TestDeterministic(t *testing.T) {
	// Four identical empty nodes: the seeded tie-break decides, and the same
	// seed always decides the same way.
	y := `
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Node, metadata: {name: n1}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- {apiVersion: v1, kind: Node, metadata: {name: n2}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- {apiVersion: v1, kind: Node, metadata: {name: n3}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- {apiVersion: v1, kind: Node, metadata: {name: n4}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}
- {apiVersion: v1, kind: Pod, metadata: {name: p1}, spec: {containers: [{name: c, image: x}]}}
- {apiVersion: v1, kind: Pod, metadata: {name: p2}, spec: {containers: [{name: c, image: x}]}}
- {apiVersion: v1, kind: Pod, metadata: {name: p3}, spec: {containers: [{name: c, image: x}]}}
`
	a, _ := json.Marshal(run(t, y))
	for i := 0; i < 3; i++ {
		b, _ := json.Marshal(run(t, y))
		if string(a) != string(b) {
			t.Fatal("two runs of the same scenario differ")
		}
	}
}

func TestRunRejectsNil(t *testing.T) {
	if _, err := Run(nil); err == nil {
		t.Error("Run(nil) succeeded")
	}
}

func FuzzRun(f *testing.F) {
	for _, name := range []string{"s1-taint-cordon-full.yaml", "s8-noexecute-variants.yaml", "s11-unreachable-recovery.yaml", "s12-notready-then-unreachable.yaml",
		"examples/s7.yaml", "examples/s19.yaml", "examples/s17-not-ready.yaml"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := scenario.Parse(data, "fuzz.yaml")
		if err != nil {
			return
		}
		if _, err := Run(s); err != nil && strings.Contains(err.Error(), "simulation failed") {
			t.Fatalf("panic inside Run: %v", err)
		}
	})
}

func TestPreemptionDeletesVictims(t *testing.T) {
	// SCHEDULER.md §2.4 example 7 and §7: the 1.37 message names the node
	// and the victim count; the victim gets a Preempted event.
	b, err := os.ReadFile("testdata/preemption.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The victim terminates for its 30 s grace period (DeleteOptions{}:
	// the pod's own), holding its CPU; the preemptor binds when it is gone.
	res := run(t, string(b)+"---\nkind: Scenario\nname: p\nuntil: 40s\n")
	checkPods(t, res, map[string]want{
		"low":  {PhaseEvicted, "n1", 0, 0},
		"high": {PhaseRunning, "n1", 30, -1},
	})
	want := []Event{
		{At: 0, Type: EventWarning, Reason: ReasonFailedScheduling, Object: "pod/default/high", Message: "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims"},
		{At: 0, Type: EventNormal, Reason: "Preempted", Object: "pod/default/low", Message: "Preempted by pod uid-1 on node n1"}, // high's UID: the second pod
		{At: 0, Type: EventNormal, Reason: "Killing", Object: "pod/default/low", Message: "Stopping container c"},
		{At: 30, Type: EventNormal, Reason: ReasonScheduled, Object: "pod/default/high", Message: "Successfully assigned default/high to n1"},
	}
	if !reflect.DeepEqual(noSource(res.Events), want) {
		t.Errorf("events:\n got %+v\nwant %+v", res.Events, want)
	}
}

func TestDeletingPodWithPendingEviction(t *testing.T) {
	// The taint-eviction controller notices the pod is gone and cancels the
	// timer with its event (handlePodUpdate → cancelWorkWithEvent): when
	// its termination ends at 40 s, not at the deletion (PodUpdated ignores
	// the deletionTimestamp update).
	res := run(t, s8Base+`---
kind: Scenario
name: delete-timer
until: 100s
steps:
- {at: 0s, run: kubectl taint nodes n1 maint=true:NoExecute}
- {at: 10s, run: kubectl delete pod b}
`)
	ev := eventsFor(res, "pod/default/b")
	last := ev[len(ev)-1]
	if last.At != 40 || last.Message != cancelling+"b" {
		t.Errorf("b's events = %+v", ev)
	}
	if _, ok := final(res)["b"]; ok {
		t.Error("b still on the board")
	}
	// The end of a's and b's terminations and the closing frame at until
	// follow the deletion: the timer is gone.
	if n := len(res.Frames); n != 6 || res.Frames[n-1].At != 100 || res.Frames[n-2].At != 40 || res.Frames[n-4].At != 10 {
		for _, f := range res.Frames {
			t.Logf("frame at %v: %s", f.At, f.Summary)
		}
		t.Error("unexpected frames")
	}
}

func TestNodeConditions(t *testing.T) {
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
---
kind: Scenario
name: conditions
until: 20s
steps:
- {at: 1s, run: node n1 condition MemoryPressure=True}
- {at: 2s, run: node n1 not-ready}
- {at: 3s, run: node n1 ready}
`)
	taints := func(f Frame) string {
		var ts []string
		for _, x := range f.Nodes[0].Taints {
			ts = append(ts, x.ToString())
		}
		return strings.Join(ts, ",")
	}
	want := []string{
		"",
		"node.kubernetes.io/memory-pressure:NoSchedule",
		"node.kubernetes.io/memory-pressure:NoSchedule,node.kubernetes.io/not-ready:NoSchedule",
		"node.kubernetes.io/memory-pressure:NoSchedule",
		"node.kubernetes.io/memory-pressure:NoSchedule", // the closing frame at until
	}
	var got []string
	for _, f := range res.Frames {
		got = append(got, taints(f))
	}
	// Ready again before the t=5 pass: no NoExecute taint ever, no pass frame.
	if !reflect.DeepEqual(got, want) {
		t.Errorf("taints per frame:\n got %q\nwant %q", got, want)
	}
	var reasons []string
	for _, e := range res.Events {
		reasons = append(reasons, e.Reason)
	}
	if w := []string{"NodeHasInsufficientMemory", "NodeNotReady", "NodeReady"}; !reflect.DeepEqual(reasons, w) {
		t.Errorf("events = %q, want %q", reasons, w)
	}
}

func TestEvictionTimingTable(t *testing.T) {
	// SCHEDULER.md §3.2: deadlines count from the moment the controller sees
	// the taint (here t=20), are cancelled when the NoExecute taint goes, and
	// are not moved by later re-evaluations.
	pod := func(tol string) string {
		return "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  tolerations: " + tol + "\n  containers: [{name: c, image: x}]\n"
	}
	const t60 = "[{key: maint, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]"
	cases := []struct {
		name    string
		tol     string
		steps   string
		evicted float64 // -1: still running at until
		cancel  float64 // time of the cancel event, -1: none
	}{
		{"60 s after the taint", t60, "- {at: 20s, run: kubectl taint nodes n1 maint=true:NoExecute}\n", 80, -1},
		{"removed at +30 cancels", t60, "- {at: 20s, run: kubectl taint nodes n1 maint=true:NoExecute}\n- {at: 50s, run: kubectl taint nodes n1 maint:NoExecute-}\n", -1, 50},
		{"tolerated forever stays", "[{key: maint, operator: Exists}]", "- {at: 20s, run: kubectl taint nodes n1 maint=true:NoExecute}\n", -1, -1},
		{"overwrite keeps the deadline", t60, "- {at: 20s, run: kubectl taint nodes n1 maint=true:NoExecute}\n- {at: 50s, run: kubectl taint nodes n1 maint=false:NoExecute --overwrite}\n", 80, -1},
		{"NoSchedule only: nothing", "[]", "- {at: 20s, run: kubectl taint nodes n1 maint=true:NoSchedule}\n", -1, -1},
		{"untolerated: at once", "[]", "- {at: 20s, run: kubectl taint nodes n1 maint=true:NoExecute}\n", 20, -1},
		{"cordon does not evict", "[]", "- {at: 20s, run: kubectl cordon n1}\n", -1, -1},
	}
	for _, c := range cases {
		res := run(t, pod(c.tol)+"---\nkind: Scenario\nname: x\nuntil: 200s\nsteps:\n"+c.steps)
		p := final(res)["p"]
		if at(p.EvictedAt) != c.evicted {
			t.Errorf("%s: evicted at %v, want %v", c.name, at(p.EvictedAt), c.evicted)
		}
		cancel := -1.0
		for _, e := range eventsFor(res, "pod/default/p") {
			if e.Message == cancelling+"p" {
				cancel = e.At
			}
		}
		if cancel != c.cancel {
			t.Errorf("%s: cancel event at %v, want %v", c.name, cancel, c.cancel)
		}
	}
}

func TestOtherSchedulerName(t *testing.T) {
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  schedulerName: my-scheduler
  containers: [{name: c, image: x}]
---
kind: Scenario
name: other
steps:
- {at: 10s, run: kubectl label nodes n1 a=b}
`)
	checkPods(t, res, map[string]want{"p": {PhasePending, "", -1, -1}})
	if len(res.Events) != 0 {
		t.Errorf("events = %+v", res.Events)
	}
	if why := podIn(res.Frames[1], "p").Why.Summary; !strings.Contains(why, `"my-scheduler"`) {
		t.Errorf("why = %q", why)
	}
}

// TestCases runs scenario files made from shared/cases/cases.json and checks
// the outcomes that file gives (controllers that recreate pods are not
// simulated, so replacements are left out).
func TestCases(t *testing.T) {
	cases := []struct {
		file string
		pods map[string]want
	}{
		{"bh-001-controller-taints.yaml", map[string]want{
			"job-1": {PhaseRunning, "worker-b", 120, -1},
		}},
		{"bh-008-prefer-no-schedule.yaml", map[string]want{
			"p1": {PhaseRunning, "plain-1", 0, -1},
			"p2": {PhaseRunning, "plain-1", 1, -1},
			"p3": {PhaseRunning, "soft-1", 2, -1},
			"p4": {PhaseRunning, "soft-1", 3, -1},
		}},
		{"bh-009-noschedule-then-noexecute.yaml", map[string]want{
			"api":            {PhaseEvicted, "worker-1", 0, 30},
			"b-forever":      {PhaseRunning, "worker-1", 0, -1},
			"c-timed":        {PhaseEvicted, "worker-1", 0, 150},
			"d-wrong-effect": {PhaseEvicted, "worker-1", 0, 30},
			"e-new":          {PhaseRunning, "worker-2", 15, -1},
		}},
		{"bh-010-taint-removal.yaml", map[string]want{
			"trainer": {PhaseRunning, "worker-1", 0, -1},
			"web":     {PhaseRunning, "worker-1", 60, -1},
		}},
		{"bh-012-control-plane.yaml", map[string]want{
			"apache":            {PhaseRunning, "cp-1", 60, -1},
			"legacy-master-tol": {PhaseRunning, "cp-1", 60, -1},
			"equal-true":        {PhaseRunning, "cp-1", 60, -1},
			"equal-empty":       {PhaseRunning, "cp-1", 0, -1},
			"exists":            {PhaseRunning, "cp-1", 0, -1},
		}},
		{"bh-016-first-matching-toleration.yaml", map[string]want{
			"ctrl-a": {PhaseEvicted, "db-1", 0, 300},
			"ctrl-b": {PhaseEvicted, "db-1", 0, 330},
			"ctrl-c": {PhaseEvicted, "db-1", 0, 150},
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			checkPods(t, runFile(t, c.file), c.pods)
		})
	}
	// BH-001's message (v1.35+ wording) and BH-008's "no FailedScheduling".
	res := runFile(t, "bh-001-controller-taints.yaml")
	if ev := eventsFor(res, "pod/default/job-1"); len(ev) != 2 || ev[0].At != 5 || ev[0].Message != "0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) had untolerated taint(s). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling." {
		t.Errorf("job-1 events = %+v", ev)
	}
	for _, e := range runFile(t, "bh-008-prefer-no-schedule.yaml").Events {
		if e.Reason != ReasonScheduled {
			t.Errorf("bh-008: unexpected event %+v", e)
		}
	}
	// BH-010's command outputs: removal ignores the value; re-adding needs
	// --overwrite and changes nothing (the text is kubectl's, as in
	// conformance/kubectl_taint.json: "node", lower case).
	res = runFile(t, "bh-010-taint-removal.yaml")
	outs := map[float64]string{}
	for _, f := range res.Frames {
		outs[f.At] = f.Output
	}
	if outs[20] != "node/worker-1 untainted" {
		t.Errorf("t=20 output = %q", outs[20])
	}
	if outs[40] != "error: node worker-1 already has gpu taint(s) with same effect(s) and --overwrite is false" {
		t.Errorf("t=40 output = %q", outs[40])
	}
	// The trainer's timer (set at 0 for 100 s) is cancelled at 60.
	if ev := eventsFor(res, "pod/default/trainer"); len(ev) != 1 || ev[0].At != 60 || ev[0].Message != cancelling+"trainer" {
		t.Errorf("trainer events = %+v", ev)
	}
}

func TestKubeletResourceAdmission(t *testing.T) {
	// SCHEDULER.md §9: a pod bound by spec.nodeName that does not fit is
	// rejected by the kubelet with reason OutOf<resource>; resource checks
	// come before the taint check.
	res := run(t, `
apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints: [{key: maint, effect: NoExecute}]
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: big}
spec:
  nodeName: n1
  tolerations: [{operator: Exists}]
  containers: [{name: c, image: x, resources: {requests: {cpu: 3500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: late}
spec:
  nodeName: n1
  containers: [{name: c, image: x, resources: {requests: {cpu: "1"}}}]
`)
	checkPods(t, res, map[string]want{
		"big":  {PhaseRunning, "n1", 0, -1},
		"late": {PhaseEvicted, "n1", 0, 0},
	})
	// The Failed pod is also on a node with an untolerated NoExecute taint:
	// the taint-eviction controller deletes it.
	want := []Event{
		{At: 0, Type: EventWarning, Reason: "OutOfcpu", Object: "pod/default/late", Message: "Node didn't have enough resource: cpu, requested: 1000, used: 3500, capacity: 4000"},
		{At: 0, Type: EventNormal, Reason: ReasonTaintManagerEviction, Object: "pod/default/late", Message: marking + "late"},
	}
	if !reflect.DeepEqual(noSource(res.Events), want) {
		t.Errorf("events = %+v", res.Events)
	}
}

// noSource drops Event.Source (the reporting component, checked by
// TestEventSources) for comparisons written before it existed.
func noSource(evs []Event) []Event {
	out := make([]Event, len(evs))
	for i, e := range evs {
		e.Source = ""
		out[i] = e
	}
	return out
}

// TestEventSources runs a scenario in which every component reports and
// checks the From column of kubectl describe: the scheduler reports
// Scheduled/FailedScheduling/Preempted as default-scheduler, the
// taint-eviction controller TaintManagerEviction, the kubelet its
// admission rejections (TaintToleration, OutOfcpu), NodeNotSchedulable
// and NodeReady, the node-lifecycle controller NodeNotReady as
// node-controller.
func TestEventSources(t *testing.T) {
	res := run(t, `
kind: Scenario
name: sources
steps:
- {at: 1s, run: create pod direct-tainted}
- {at: 2s, run: create pod direct-big}
- {at: 3s, run: kubectl taint nodes n1 maint=now:NoExecute}
- {at: 4s, run: create pod high}
- {at: 5s, run: kubectl cordon n2}
- {at: 6s, run: node n2 not-ready}
- {at: 7s, run: node n2 ready}
---
kind: Node
metadata: {name: n1}
spec: {taints: [{key: gpu, effect: NoExecute}]}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
---
kind: Node
metadata: {name: n2}
status: {allocatable: {cpu: "1", memory: 1Gi, pods: "10"}}
---
kind: Pod
metadata: {name: low}
spec:
  priority: 1
  tolerations: [{key: gpu, operator: Exists}]
  containers: [{name: c, image: x, resources: {requests: {cpu: 800m}}}]
---
kind: Pod
metadata: {name: never}
spec:
  containers: [{name: c, image: x, resources: {requests: {cpu: "4"}}}]
---
kind: Pod
metadata: {name: direct-tainted}
spec:
  nodeName: n1
  containers: [{name: c, image: x}]
---
kind: Pod
metadata: {name: direct-big}
spec:
  nodeName: n2
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]
---
kind: Pod
metadata: {name: high}
spec:
  priority: 100
  tolerations: [{key: gpu, operator: Exists}]
  containers: [{name: c, image: x, resources: {requests: {cpu: 800m}}}]
`)
	want := map[string]string{
		ReasonScheduled: "default-scheduler", ReasonFailedScheduling: "default-scheduler", "Preempted": "default-scheduler",
		ReasonTaintManagerEviction: "taint-eviction-controller", "TaintToleration": "kubelet", "OutOfcpu": "kubelet",
		"NodeNotSchedulable": "kubelet", "NodeNotReady": "node-controller", "NodeReady": "kubelet",
	}
	seen := map[string]bool{}
	for _, e := range res.Events {
		if src, ok := want[e.Reason]; ok {
			seen[e.Reason] = true
			assert.Equal(t, src, e.Source, "source of %s %s", e.Reason, e.Object)
		}
	}
	for reason := range want {
		assert.True(t, seen[reason], "no %s event", reason)
	}
}
