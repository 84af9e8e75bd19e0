package sim

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core/sched/queue"
)

// Expected values follow upstream v1.37.2 pkg/scheduler/backend/queue and
// the release notes summarised in SCHEDULER.md §1.9 and §8.

func TestBackoffDuration(t *testing.T) {
	// backoffQueue.calculateBackoffDuration: 1s << (n-1), capped at 10s.
	want := []time.Duration{0, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 10 * time.Second, 10 * time.Second}
	for n, w := range want {
		if got := queue.BackoffDuration(n); got != w {
			t.Errorf("queue.BackoffDuration(%d) = %v, want %v", n, got, w)
		}
	}
	if queue.BackoffDuration(1000) != queue.PodMaxBackoff {
		t.Errorf("huge attempt count must cap at 10s")
	}
}

func withVersion(yaml, version, until string) string {
	return yaml + "\n---\nkind: Scenario\nname: v\nuntil: " + until + "\noptions: {kubernetesVersion: \"" + version + "\"}\n"
}

func TestPreemptorWaitsForBackoffBefore133(t *testing.T) {
	// Before 1.33 a pod moved by the victim's deletion sits in backoffQ
	// until its 1 s backoff expires; from 1.33 (SchedulerPopFromBackoffQ)
	// an idle scheduler pops it at once.
	b, err := os.ReadFile("testdata/preemption.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		version string
		at      float64
	}{{"1.32", 1}, {"1.33", 0}, {"1.37", 0}} {
		// The victim terminates at once, so that its delete event comes
		// in the preemption cycle (the subject here is the backoff).
		yaml := strings.Replace(string(b), "  nodeName: n1\n", "  nodeName: n1\n  terminationGracePeriodSeconds: 0\n", 1)
		res := run(t, withVersion(yaml, c.version, "5s"))
		p := final(res)["high"]
		if p.Phase != PhaseRunning || p.Node != "n1" || at(p.ScheduledAt) != c.at {
			t.Errorf("%s: high %s on %q at %v, want Running on n1 at %v", c.version, p.Phase, p.Node, at(p.ScheduledAt), c.at)
		}
		first := res.Frames[0]
		for _, fp := range first.Pods {
			if fp.Name != "high" {
				continue
			}
			if c.at > 0 && (fp.NominatedNodeName != "n1" || fp.Queue != "backoffQ" || fp.Attempts != 1) {
				t.Errorf("%s: at t=0 high nominated %q in %q after %d attempts; want n1, backoffQ, 1", c.version, fp.NominatedNodeName, fp.Queue, fp.Attempts)
			}
		}
	}
}

const flushCluster = `apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints: [{key: a, value: "1", effect: NoSchedule}, {key: b, value: "1", effect: NoSchedule}]
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x}]
`

func failedAt(res *Result, pod string) []float64 {
	var out []float64
	for _, e := range eventsFor(res, "pod/default/"+pod) {
		if e.Reason == ReasonFailedScheduling {
			out = append(out, e.At)
		}
	}
	return out
}

func TestPeriodicFlush(t *testing.T) {
	// flushUnschedulableEntitiesLeftover runs every 30 s from t=0 and moves
	// pods whose last attempt is strictly more than 5 min old: a pod that
	// failed at 0 is retried at 330 (300 is not > 300), then at 660.
	res := run(t, flushCluster+"---\nkind: Scenario\nname: f\nuntil: 700s\n")
	if got, want := failedAt(res, "p"), []float64{0, 330, 660}; !reflect.DeepEqual(got, want) {
		t.Errorf("FailedScheduling at %v, want %v", got, want)
	}
}

func TestQueueingHintsSkipStillUntolerated(t *testing.T) {
	// Removing one of two untolerated NoSchedule taints: with QueueingHints
	// (1.32+) TaintToleration says QueueSkip (the node is still
	// untolerated); before 1.32 the event is registered but preCheckForNode
	// fails on the remaining NoSchedule taint. No new attempt either way.
	steps := `---
kind: Scenario
name: h
until: 20s
options: {kubernetesVersion: "%s"}
steps:
- {at: 10s, run: "kubectl taint nodes n1 a-"}
`
	for _, v := range []string{"1.37", "1.32", "1.31", "1.26"} {
		res := run(t, flushCluster+strings.Replace(steps, "%s", v, 1))
		if got := failedAt(res, "p"); !reflect.DeepEqual(got, []float64{0}) {
			t.Errorf("%s: FailedScheduling at %v, want [0]", v, got)
		}
	}
}

func TestLabelChangeRequeuesOnlyWithoutHints(t *testing.T) {
	// n1's only taint is an untolerated NoExecute one. A label change on n1:
	// from 1.32 TaintToleration did not register UpdateNodeLabel, so the pod
	// stays put; before 1.32 every plugin registering Node Add also
	// registered UpdateNodeLabel (issue #109437) and preCheckForNode only
	// looks at NoSchedule taints, so the pod is retried and fails again.
	doc := `apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints: [{key: maint, value: "1", effect: NoExecute}]
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: c, image: x}]
---
kind: Scenario
name: l
until: 20s
options: {kubernetesVersion: "%s"}
steps:
- {at: 10s, run: "kubectl label nodes n1 team=a"}
`
	for _, c := range []struct {
		version string
		want    []float64
	}{{"1.37", []float64{0}}, {"1.32", []float64{0}}, {"1.31", []float64{0, 10}}, {"1.26", []float64{0, 10}}} {
		res := run(t, strings.Replace(doc, "%s", c.version, 1))
		if got := failedAt(res, "p"); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: FailedScheduling at %v, want %v", c.version, got, c.want)
		}
	}
}

func TestTaintRemovalRequeuesWithinBackoff(t *testing.T) {
	// The last untolerated taint goes at t=0.5, while the pod's 1 s backoff
	// (failure at 0) is still running: from 1.33 the idle queue pops it from
	// backoffQ at once; in 1.32 it waits until t=1.
	steps := `---
kind: Scenario
name: b
until: 5s
options: {kubernetesVersion: "%s"}
steps:
- {at: 0.5s, run: "kubectl taint nodes n1 a- b-"}
`
	for _, c := range []struct {
		version string
		at      float64
	}{{"1.37", 0.5}, {"1.33", 0.5}, {"1.32", 1}} {
		res := run(t, flushCluster+strings.Replace(steps, "%s", c.version, 1))
		p := final(res)["p"]
		if p.Phase != PhaseRunning || at(p.ScheduledAt) != c.at {
			t.Errorf("%s: p %s scheduled at %v, want Running at %v", c.version, p.Phase, at(p.ScheduledAt), c.at)
		}
	}
}

const stopCluster = `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
---
apiVersion: v1
kind: Node
metadata: {name: n3}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: n1
  containers: [{name: c, image: x}]
---
kind: Scenario
name: stop
until: 400s
options: {kubernetesVersion: "%s"}
steps:
- {at: 0s, run: "node n1 stop"}
`

func TestKubeletStopsGracePeriodByVersion(t *testing.T) {
	// S11: last heartbeat at t=0; Unknown at the first 5 s pass strictly
	// after 0 + node-monitor-grace-period (50 s from 1.32, 40 s before);
	// unreachable:NoExecute in the same pass from 1.34, one pass (5 s) later
	// before; web (default 300 s toleration) is deleted 300 s after that.
	for _, c := range []struct {
		version string
		evicted float64
	}{{"1.37", 355}, {"1.34", 355}, {"1.33", 360}, {"1.32", 360}, {"1.31", 350}} {
		res := run(t, strings.Replace(stopCluster, "%s", c.version, 1))
		p := final(res)["web"]
		if p.Phase != PhaseEvicted || at(p.EvictedAt) != c.evicted {
			t.Errorf("%s: web %s evicted at %v, want %v", c.version, p.Phase, at(p.EvictedAt), c.evicted)
		}
	}
}

func TestKubeletRejectStatus(t *testing.T) {
	// SCHEDULER.md §9: phase Failed, reason TaintToleration, message
	// "Pod was rejected: Predicate TaintToleration failed: node(s) had
	// taints that the pod didn't tolerate"; Warning event, same note
	// without the prefix.
	res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints: [{key: maint, value: "true", effect: NoExecute}]
---
apiVersion: v1
kind: Pod
metadata: {name: pinned}
spec:
  nodeName: n1
  containers: [{name: c, image: x}]
`)
	p := final(res)["pinned"]
	if p.StatusPhase != "Failed" || p.Reason != "TaintToleration" ||
		p.Message != "Pod was rejected: Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate" {
		t.Errorf("status %q %q %q", p.StatusPhase, p.Reason, p.Message)
	}
	evs := eventsFor(res, "pod/default/pinned")
	if len(evs) == 0 || evs[0].Type != EventWarning || evs[0].Reason != "TaintToleration" ||
		evs[0].Message != "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate" {
		t.Errorf("events %+v", evs)
	}
}

func TestPreemptionNeverAndTaintedNode(t *testing.T) {
	b, err := os.ReadFile("testdata/preemption.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// preemptionPolicy: Never (SCHEDULER.md §2.2): no victims, the pod waits.
	never := strings.Replace(string(b), "  priority: 1000\n", "  priority: 1000\n  preemptionPolicy: Never\n", 1)
	res := run(t, never)
	got := final(res)
	if got["low"].Phase != PhaseRunning || got["high"].Phase != PhasePending {
		t.Errorf("Never: low %s, high %s", got["low"].Phase, got["high"].Phase)
	}
	if m := failedAt(res, "high"); len(m) != 1 {
		t.Errorf("Never: FailedScheduling at %v", m)
	}
	if ev := eventsFor(res, "pod/default/high"); len(ev) == 0 || ev[0].Message != "0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never." {
		t.Errorf("Never: %+v", ev)
	}
	// §7: an untolerated taint makes the node unresolvable; preemption never
	// evicts pods to get past a taint.
	tainted := strings.Replace(string(b), "metadata: {name: n1}\n", "metadata: {name: n1}\nspec: {taints: [{key: team, value: a, effect: NoSchedule}]}\n", 1)
	res = run(t, tainted)
	got = final(res)
	if got["low"].Phase != PhaseRunning || got["high"].Phase != PhasePending {
		t.Errorf("tainted: low %s, high %s", got["low"].Phase, got["high"].Phase)
	}
	if ev := eventsFor(res, "pod/default/high"); len(ev) == 0 || ev[0].Message != "0/1 nodes are available: 1 node(s) had untolerated taint(s). preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling." {
		t.Errorf("tainted: %+v", ev)
	}
}

func TestKubeletStopThenReadyCancelsUnknown(t *testing.T) {
	// The kubelet posts again before the grace period ends: the node never
	// becomes Unknown, no taint, no eviction.
	doc := strings.Replace(stopCluster, "%s", "1.37", 1) + "- {at: 30s, run: \"node n1 ready\"}\n"
	res := run(t, doc)
	p := final(res)["web"]
	if p.Phase != PhaseRunning {
		t.Errorf("web %s, want Running", p.Phase)
	}
	last := res.Frames[len(res.Frames)-1]
	for _, n := range last.Nodes {
		if len(n.Taints) != 0 {
			t.Errorf("%s taints %+v", n.Name, n.Taints)
		}
	}
}

func TestUnreachableNoExecuteTimingByVersion(t *testing.T) {
	// `node N unreachable` is the pass that marks the node Unknown: the
	// NoExecute taint follows in the same pass from 1.34, 5 s later before.
	doc := `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
---
apiVersion: v1
kind: Node
metadata: {name: n3}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: n1
  containers: [{name: c, image: x}]
---
kind: Scenario
name: u
until: 400s
options: {kubernetesVersion: "%s"}
steps:
- {at: 55s, run: "node n1 unreachable"}
`
	for _, c := range []struct {
		version string
		evicted float64
	}{{"1.37", 355}, {"1.34", 355}, {"1.33", 360}} {
		res := run(t, strings.Replace(doc, "%s", c.version, 1))
		if p := final(res)["web"]; at(p.EvictedAt) != c.evicted {
			t.Errorf("%s: web evicted at %v, want %v", c.version, at(p.EvictedAt), c.evicted)
		}
	}
}

func TestNodeAddRequeues(t *testing.T) {
	// A new node is a Node Add event: TaintToleration's hint queues the pod
	// when the new node's taints are tolerated (isSchedulableAfterNodeChange
	// with no old node); a pod bound by spec.nodeName to the node starts.
	doc := flushCluster + `---
apiVersion: v1
kind: Node
metadata: {name: n2}
---
apiVersion: v1
kind: Node
metadata: {name: n3}
spec:
  taints: [{key: a, value: "1", effect: NoSchedule}]
---
apiVersion: v1
kind: Pod
metadata: {name: pinned}
spec:
  nodeName: n2
  containers: [{name: c, image: x}]
---
kind: Scenario
name: add
steps:
- {at: 10s, run: "create node n3"}
- {at: 20s, run: "create node n2"}
`
	res := run(t, doc)
	if got := failedAt(res, "p"); !reflect.DeepEqual(got, []float64{0}) {
		t.Errorf("FailedScheduling at %v: the untolerated new node n3 must not requeue p", got)
	}
	checkPods(t, res, map[string]want{
		"p":      {PhaseRunning, "n2", 20, -1},
		"pinned": {PhaseRunning, "n2", 20, -1},
	})
	if len(res.Frames[0].Nodes) != 1 {
		t.Errorf("t=0 has %d nodes, want 1", len(res.Frames[0].Nodes))
	}
}
