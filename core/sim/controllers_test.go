package sim

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/admission/priority"
)

// nodes returns n Node documents named prefix1…prefixN with optional zone.
func nodeDocs(prefix string, n int, zone string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: %s%d\n", prefix, i)
		if zone != "" {
			fmt.Fprintf(&b, "  labels: {topology.kubernetes.io/zone: %s}\n", zone)
		}
		b.WriteString("status: {allocatable: {cpu: \"4\", memory: 8Gi, pods: \"110\"}}\n")
	}
	return b.String()
}

const webDeployment = `---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: %d
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]
`

// byPrefix returns the final pods whose name starts with prefix.
func byPrefix(res *Result, prefix string) []*PodState {
	var out []*PodState
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		if strings.HasPrefix(p.Name, prefix) {
			out = append(out, p)
		}
	}
	return out
}

func count(ps []*PodState, phase string) int {
	n := 0
	for _, p := range ps {
		if p.Phase == phase {
			n++
		}
	}
	return n
}

// An evicted ReplicaSet pod is replaced at once by a new Pending pod that
// the scheduler places again (evict → recreate → Pending → Scheduled).
func TestReplicaSetRecreatesEvictedPod(t *testing.T) {
	doc := `kind: Scenario
name: rs
steps:
- {at: 10s, run: "kubectl taint nodes n1 maint=true:NoExecute"}
` + nodeDocs("n", 3, "") + fmt.Sprintf(webDeployment, 3)
	res := run(t, doc)
	pods := byPrefix(res, "web-")
	if count(pods, PhaseRunning) != 3 || count(pods, PhaseEvicted) != 1 {
		t.Fatalf("pods %+v", pods)
	}
	var evicted, replacement PodState
	for _, p := range pods {
		if p.Phase == PhaseEvicted {
			evicted = *p
		} else if at(p.ScheduledAt) == 10 {
			replacement = *p
		}
	}
	if evicted.Node != "n1" || at(evicted.EvictedAt) != 10 || replacement.Name == "" || replacement.Node == "n1" {
		t.Fatalf("evicted %+v replacement %+v", evicted, replacement)
	}
	if !strings.HasPrefix(replacement.Owner, "ReplicaSet/web-") || evicted.DisruptionTarget == nil || evicted.DisruptionTarget.Reason != "DeletionByTaintManager" {
		t.Fatalf("owner %q disruption %+v", replacement.Owner, evicted.DisruptionTarget)
	}
	rsName := strings.TrimPrefix(replacement.Owner, "ReplicaSet/")
	var creates []string
	for _, e := range res.Events {
		if e.Object == "replicaset/default/"+rsName && e.Reason == "SuccessfulCreate" {
			creates = append(creates, fmt.Sprintf("%g %s", e.At, e.Message))
			if e.Source != "replicaset-controller" {
				t.Errorf("source %q", e.Source)
			}
		}
	}
	if len(creates) != 4 || creates[3] != "10 Created pod: "+replacement.Name {
		t.Fatalf("SuccessfulCreate events %v", creates)
	}
	// The frames show the loop: the step's frame has the replacement
	// Pending, the next frame (same instant) has it bound.
	f := res.Frames[1]
	if f.Step == "" || f.At != 10 || !strings.Contains(f.Summary, "created "+replacement.Name+" (Pending)") || podIn(f, replacement.Name).Phase != PhasePending {
		t.Fatalf("frame 1: step %q summary %q", f.Step, f.Summary)
	}
	if g := res.Frames[2]; g.At != 10 || g.Step != "" || !strings.Contains(g.Summary, replacement.Name+" scheduled to") || podIn(g, replacement.Name).Phase != PhaseRunning {
		t.Fatalf("frame 2: %q", g.Summary)
	}
	// Same scenario, same names.
	again := run(t, doc)
	if !reflect.DeepEqual(names(res), names(again)) {
		t.Fatal("pod names differ between runs")
	}
}

func names(res *Result) []string {
	var out []string
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		out = append(out, p.Name)
	}
	return out
}

// node-failure: the kubelet of n1 stops; Unknown at 55 with
// unreachable:NoExecute in the same pass (1.37), the web pod is deleted at
// 355 (default 300 s toleration) and replaced on another node.
func TestNodeFailureRecreatesElsewhere(t *testing.T) {
	doc := `kind: Scenario
name: nf
until: 400s
steps:
- {at: 0s, run: "node n1 stop"}
` + nodeDocs("n", 3, "") + fmt.Sprintf(webDeployment, 3)
	res := run(t, doc)
	pods := byPrefix(res, "web-")
	var gone []*PodState
	for _, p := range pods {
		if p.Phase == PhaseEvicted {
			gone = append(gone, p)
		}
	}
	if len(gone) != 1 || gone[0].Node != "n1" || at(gone[0].EvictedAt) != 355 {
		t.Fatalf("evicted %+v", gone)
	}
	for _, p := range pods {
		if p.Phase == PhaseRunning && p.Node == "n1" {
			t.Fatalf("%s still on n1", p.Name)
		}
	}
	if count(pods, PhaseRunning) != 3 {
		t.Fatalf("running %d", count(pods, PhaseRunning))
	}
	// The deadline is visible on the board from 55 on.
	for _, f := range res.Frames {
		if f.At == 55 {
			for _, p := range f.Pods {
				if p.Node == "n1" && (p.EvictAt == nil || *p.EvictAt != 355) {
					t.Fatalf("frame at 55: %s evictAt %v", p.Name, p.EvictAt)
				}
			}
			if f.Nodes[0].ZoneState != "Normal" {
				t.Fatalf("zone state %q", f.Nodes[0].ZoneState)
			}
		}
	}
}

// SCHEDULER.md §4.4, staggered: n1–n5 get unreachable:NoExecute in the pass
// that marks them Unknown (55, 75, 95, 115, 135); n6 flips at 155, the zone
// is 6/10 not ready → PartialDisruption with ≤ 50 nodes → rate 0 → no taint.
// When n1 comes back at 200 the zone is Normal again; the swap from the
// blocked limiter drains the fresh token, so n6 is tainted 10 s later.
func TestZonePartialDisruptionStaggered(t *testing.T) {
	var steps strings.Builder
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&steps, "- {at: %ds, run: \"node n%d stop\"}\n", (i-1)*20, i)
	}
	steps.WriteString("- {at: 200s, run: \"node n1 start\"}\n")
	var pods strings.Builder
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&pods, "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%d}\nspec: {nodeName: n%d, containers: [{name: c, image: x}]}\n", i, i)
	}
	doc := "kind: Scenario\nname: z\nuntil: 600s\nsteps:\n" + steps.String() + nodeDocs("n", 10, "a") + pods.String()
	res := run(t, doc)
	noExecAt := map[string]float64{}
	for _, f := range res.Frames {
		for _, n := range f.Nodes {
			for _, x := range n.Taints {
				if x.Key == "node.kubernetes.io/unreachable" && x.Effect == "NoExecute" {
					if _, seen := noExecAt[n.Name]; !seen {
						noExecAt[n.Name] = f.At
					}
				}
			}
		}
	}
	want := map[string]float64{"n1": 55, "n2": 75, "n3": 95, "n4": 115, "n5": 135, "n6": 210}
	if !reflect.DeepEqual(noExecAt, want) {
		t.Fatalf("unreachable:NoExecute first seen %v, want %v", noExecAt, want)
	}
	fin := final(res)
	// n1's recovery at 200 removes its NoExecute taint: p1's deletion (due
	// 355) is cancelled.
	if p := fin["p1"]; p.Phase != PhaseRunning || p.EvictAt != nil {
		t.Errorf("p1 %s evictAt %v", p.Phase, p.EvictAt)
	}
	for name, ev := range map[string]float64{"p2": 375, "p3": 395, "p4": 415, "p5": 435, "p6": 510} {
		if at(fin[name].EvictedAt) != ev {
			t.Errorf("%s evicted at %v, want %v", name, at(fin[name].EvictedAt), ev)
		}
	}
	for _, f := range res.Frames {
		if f.At == 155 && f.Nodes[0].ZoneState != "PartialDisruption" {
			t.Errorf("zone state at 155: %q", f.Nodes[0].ZoneState)
		}
		if f.At == 155 && !f.Nodes[5].NoExecuteQueued {
			t.Errorf("n6 not shown as queued at 155")
		}
	}
}

// §4.4, all six at once: the pass at 55 marks all Unknown, the zone is
// PartialDisruption before the tainter runs → no NoExecute taint at all.
func TestZonePartialDisruptionAllAtOnce(t *testing.T) {
	var steps, pods strings.Builder
	for i := 1; i <= 6; i++ {
		fmt.Fprintf(&steps, "- {at: 0s, run: \"node n%d stop\"}\n", i)
		fmt.Fprintf(&pods, "---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%d}\nspec: {nodeName: n%d, containers: [{name: c, image: x}]}\n", i, i)
	}
	res := run(t, "kind: Scenario\nname: z\nuntil: 600s\nsteps:\n"+steps.String()+nodeDocs("n", 10, "")+pods.String())
	for name, p := range final(res) {
		if p.Phase != PhaseRunning || p.EvictAt != nil {
			t.Errorf("%s: %s evictAt %v", name, p.Phase, p.EvictAt)
		}
	}
	last := res.Frames[len(res.Frames)-1]
	for _, n := range last.Nodes[:6] {
		for _, x := range n.Taints {
			if x.Effect == "NoExecute" {
				t.Errorf("%s has %s", n.Name, x.ToString())
			}
		}
	}
}

// A zone of more than 50 nodes evicts at 0.01/s while partially disrupted:
// one NoExecute taint every 100 s.
func TestLargeZoneSecondaryRate(t *testing.T) {
	var steps strings.Builder
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&steps, "- {at: 0s, run: \"node n%d unreachable\"}\n", i)
	}
	res := run(t, "kind: Scenario\nname: big\nuntil: 250s\nsteps:\n"+steps.String()+nodeDocs("n", 60, "a"))
	tainted := func(f Frame) int {
		c := 0
		for _, n := range f.Nodes {
			for _, x := range n.Taints {
				if x.Effect == "NoExecute" {
					c++
				}
			}
		}
		return c
	}
	got := map[float64]int{}
	for _, f := range res.Frames {
		got[f.At] = tainted(f)
	}
	// 40/60 ≥ 0.55: PartialDisruption from the first steps on. The first
	// unreachable node took the still-normal token at t=0 before the zone
	// turned; then 0.01/s: the next at 100 s, 200 s.
	last := res.Frames[len(res.Frames)-1]
	if tainted(last) != 3 || got[100] != 2 || got[200] != 3 {
		t.Fatalf("NoExecute-tainted nodes by time: %v (final %d)", got, tainted(last))
	}
}

// Every node down: master disruption mode, no NoExecute taint at all.
func TestAllZonesDownStopsEvictions(t *testing.T) {
	res := run(t, `kind: Scenario
name: down
until: 400s
steps:
- {at: 0s, run: "node n1 stop"}
- {at: 0s, run: "node n2 stop"}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {nodeName: n1, containers: [{name: c, image: x}]}
`+nodeDocs("n", 2, ""))
	p := final(res)["p"]
	if p.Phase != PhaseRunning || p.EvictAt != nil {
		t.Fatalf("p %s evictAt %v", p.Phase, p.EvictAt)
	}
	if z := res.Frames[len(res.Frames)-1].Nodes[0].ZoneState; z != "AllZonesDown" {
		t.Fatalf("zone state %q", z)
	}
}

// EXAMPLES.md S7 with a real DaemonSet.
func TestDaemonSetS7(t *testing.T) {
	res := run(t, `kind: Scenario
name: s7
steps:
- {at: 100s, run: "kubectl taint nodes n1 dedicated=db:NoSchedule"}
- {at: 200s, run: "kubectl taint nodes n2 maint=x:NoExecute"}
---
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
spec: {taints: [{key: dedicated, value: db, effect: NoSchedule}]}
---
apiVersion: v1
kind: Node
metadata: {name: n4}
spec: {taints: [{key: maint, value: x, effect: NoExecute}]}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: kube-system}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: c, image: agent}]
`)
	on := map[string]*PodState{}
	for _, p := range res.Frames[0].Pods {
		on[p.Node] = p
	}
	if len(res.Frames[0].Pods) != 2 || on["n1"].Phase != PhaseRunning || on["n2"].Phase != PhaseRunning {
		t.Fatalf("initial daemon pods %+v", res.Frames[0].Pods)
	}
	p := on["n1"]
	if p.Owner != "DaemonSet/agent" || len(p.TolerationSources) != len(p.Tolerations) || p.TolerationSources[0] != admission.SourceDaemonSet || len(p.Tolerations) != 6 {
		t.Fatalf("tolerations %+v sources %v", p.Tolerations, p.TolerationSources)
	}
	for _, e := range res.Events {
		if e.Reason == "FailedScheduling" {
			t.Fatalf("unexpected %+v", e)
		}
	}
	fin := map[string]*PodState{}
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		fin[p.Node] = p
	}
	if fin["n1"].Phase != PhaseRunning {
		t.Fatal("the n1 agent must keep running under a NoSchedule taint")
	}
	if fin["n2"].Phase != PhaseEvicted || at(fin["n2"].EvictedAt) != 200 || len(res.Frames[len(res.Frames)-1].Pods) != 2 {
		t.Fatalf("n2 agent %+v, pods %d (no recreation)", fin["n2"], len(res.Frames[len(res.Frames)-1].Pods))
	}
}

const drainCluster = `---
apiVersion: v1
kind: Pod
metadata:
  name: web-7d9f8-abcde
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-7d9f8, controller: true}]
spec: {nodeName: n1, containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: agent-x9z
  namespace: kube-system
  ownerReferences: [{apiVersion: apps/v1, kind: DaemonSet, name: agent, controller: true}]
spec:
  nodeName: n1
  tolerations: [{key: node.kubernetes.io/unschedulable, operator: Exists, effect: NoSchedule}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata:
  name: cache-5c4-fghij
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: cache-5c4, controller: true}]
spec:
  nodeName: n1
  volumes: [{name: tmp, emptyDir: {}}]
  containers: [{name: c, image: x}]
---
apiVersion: v1
kind: Pod
metadata: {name: bare}
spec: {nodeName: n1, containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: etcd-n1
  namespace: kube-system
  annotations: {kubernetes.io/config.mirror: abc}
spec: {nodeName: n1, containers: [{name: c, image: x}]}
`

// EXAMPLES.md S19. The evicted pods are Terminating for their 30 s grace
// period: kubectl drain prints "pod/NAME evicted" for each when it is gone
// (waitForDelete, polling every second), then "node/n1 drained", at 50 s.
func TestDrainS19(t *testing.T) {
	res := run(t, `kind: Scenario
name: s19
until: 60s
steps:
- {at: 10s, run: "kubectl drain n1"}
- {at: 20s, run: "kubectl drain n1 --ignore-daemonsets --delete-emptydir-data --force"}
- {at: 30s, run: "kubectl describe node n1"}
- {at: 40s, run: "kubectl uncordon n1"}
`+nodeDocs("n", 1, "")+drainCluster)
	out := map[float64]string{}
	for _, f := range res.Frames {
		if f.Step != "" || f.At == 50 {
			out[f.At] = f.Output
		}
	}
	want10 := `node/n1 cordoned
error: unable to drain node "n1" due to error: [cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-x9z, cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-5c4-fghij, cannot delete Pods that declare no controller (use --force to override): default/bare], continuing command...
There are pending nodes to be drained:
 n1
cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/agent-x9z
cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache-5c4-fghij
cannot delete Pods that declare no controller (use --force to override): default/bare`
	if out[10] != want10 {
		t.Errorf("drain at 10:\n%s\nwant\n%s", out[10], want10)
	}
	want20 := `node/n1 already cordoned
Warning: ignoring DaemonSet-managed Pods: kube-system/agent-x9z; deleting Pods that declare no controller: default/bare
evicting pod default/web-7d9f8-abcde
evicting pod default/cache-5c4-fghij
evicting pod default/bare`
	if out[20] != want20 {
		t.Errorf("drain at 20:\n%s\nwant\n%s", out[20], want20)
	}
	want50 := `pod/web-7d9f8-abcde evicted
pod/cache-5c4-fghij evicted
pod/bare evicted
node/n1 drained`
	if out[50] != want50 {
		t.Errorf("drain at 50:\n%s\nwant\n%s", out[50], want50)
	}
	if !strings.Contains(out[30], "Taints:             node.kubernetes.io/unschedulable:NoSchedule\nUnschedulable:      true") {
		t.Errorf("describe after drain:\n%s", out[30])
	}
	if out[40] != "node/n1 uncordoned" {
		t.Errorf("uncordon: %q", out[40])
	}
	fin := final(res)
	if fin["agent-x9z"].Phase != PhaseRunning || fin["etcd-n1"].Phase != PhaseRunning || fin["web-7d9f8-abcde"].Phase != PhaseEvicted || at(fin["bare"].EvictedAt) != 20 {
		t.Fatalf("final %+v", fin)
	}
	// After the failed drain nothing was evicted and the node stayed cordoned.
	for _, f := range res.Frames {
		if f.At == 10 {
			if !f.Nodes[0].Unschedulable || count(f.Pods, PhaseEvicted) != 0 {
				t.Fatal("failed drain must evict nothing and leave n1 cordoned")
			}
		}
	}
}

// Drain respects PodDisruptionBudgets and retries every 5 s; the pod it
// evicts at 35 s is gone after its 30 s grace period, and drain reports
// it then.
func TestDrainPDBRetries(t *testing.T) {
	res := run(t, `kind: Scenario
name: pdb
until: 70s
steps:
- {at: 10s, run: "kubectl drain n1"}
- at: 32s
  run: kubectl apply -f -
  manifest: |
    apiVersion: policy/v1
    kind: PodDisruptionBudget
    metadata: {name: web}
    spec:
      minAvailable: 1
      selector: {matchLabels: {app: web}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web}
spec:
  minAvailable: 2
  selector: {matchLabels: {app: web}}
`+nodeDocs("n", 2, "")+fmt.Sprintf(webDeployment, 2))
	var drainOut string
	var evictedAt float64 = -1
	for _, f := range res.Frames {
		if f.Step == "kubectl drain n1" {
			drainOut = f.Output
		}
		if f.Step == "kubectl apply -f -" && f.Output != "poddisruptionbudget.policy/web configured" {
			t.Errorf("apply output %q", f.Output)
		}
	}
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		if p.Phase == PhaseEvicted {
			evictedAt = at(p.EvictedAt)
		}
	}
	if !strings.Contains(drainOut, `(will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`) || strings.Contains(drainOut, "drained") {
		t.Fatalf("drain output:\n%s", drainOut)
	}
	// Retries at 15, 20, …; the budget allows one disruption from 32 on → 35.
	if evictedAt != 35 {
		t.Fatalf("evicted at %v, want 35", evictedAt)
	}
	var sawDrained bool
	for _, f := range res.Frames {
		sawDrained = sawDrained || (f.At == 65 && strings.Contains(f.Summary, "node/n1 drained") && strings.HasSuffix(f.Output, "evicted\nnode/n1 drained"))
	}
	if !sawDrained {
		t.Fatal("no drained note at 65")
	}
}

func TestScaleAndWait(t *testing.T) {
	res := run(t, `kind: Scenario
name: scale
steps:
- {at: 10s, run: "kubectl scale deployment web --replicas=4"}
- {at: 20s, run: "kubectl scale deployment/web --replicas=1"}
- {at: 30s, run: "wait 30s"}
`+nodeDocs("n", 2, "")+fmt.Sprintf(webDeployment, 2))
	if res.Until != 60 {
		t.Fatalf("until %v", res.Until)
	}
	var outs []string
	counts := map[float64]int{}
	for _, f := range res.Frames {
		if strings.HasPrefix(f.Step, "kubectl scale") {
			outs = append(outs, f.Output)
		}
		counts[f.At] = count(f.Pods, PhaseRunning)
	}
	if !reflect.DeepEqual(outs, []string{"deployment.apps/web scaled", "deployment.apps/web scaled"}) {
		t.Fatalf("outputs %v", outs)
	}
	if counts[0] != 2 || counts[10] != 4 || counts[20] != 1 {
		t.Fatalf("running counts %v", counts)
	}
	if last := res.Frames[len(res.Frames)-1]; last.At != 60 || !strings.Contains(last.Summary, "waited 30s") {
		t.Fatalf("last frame %v %q", last.At, last.Summary)
	}
	var scaled []string
	for _, e := range res.Events {
		if e.Reason == "ScalingReplicaSet" {
			scaled = append(scaled, e.Message)
		}
		if e.Reason == "SuccessfulDelete" && !strings.HasPrefix(e.Message, "Deleted pod: web-") {
			t.Errorf("delete event %q", e.Message)
		}
	}
	if len(scaled) != 3 || !strings.HasSuffix(scaled[1], "from 2 to 4") || !strings.HasPrefix(scaled[2], "Scaled down replica set web-") {
		t.Fatalf("ScalingReplicaSet %v", scaled)
	}
}

func TestApplyDeploymentAndPriorityClass(t *testing.T) {
	res := run(t, `kind: Scenario
name: apply
steps:
- at: 5s
  run: |
    kubectl apply -f -
    apiVersion: scheduling.k8s.io/v1
    kind: PriorityClass
    metadata: {name: high}
    value: 1000
    globalDefault: true
    ---
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: api}
    spec:
      replicas: 1
      selector: {matchLabels: {app: api}}
      template:
        metadata: {labels: {app: api}}
        spec:
          containers: [{name: c, image: x}]
`+nodeDocs("n", 1, ""))
	f := res.Frames[1]
	if f.Output != "priorityclass.scheduling.k8s.io/high created\ndeployment.apps/api created" || len(f.Pods) != 1 || f.Pods[0].Phase != PhasePending {
		t.Fatalf("output %q pods %d", f.Output, len(f.Pods))
	}
	f = res.Frames[2]
	if len(f.Pods) != 1 || f.Pods[0].Priority != 1000 || f.Pods[0].Phase != PhaseRunning {
		t.Fatalf("pods %+v", f.Pods)
	}
}

func TestPodTolerationRestriction(t *testing.T) {
	res := run(t, `kind: Scenario
name: ptr
options: {enableAdmissionPlugins: [PodTolerationRestriction]}
steps:
- {at: 1s, run: "create pod bad"}
---
apiVersion: v1
kind: Namespace
metadata:
  name: team
  annotations:
    scheduler.alpha.kubernetes.io/defaultTolerations: '[{"key": "dedicated", "operator": "Equal", "value": "team", "effect": "NoSchedule"}]'
    scheduler.alpha.kubernetes.io/tolerationsWhitelist: '[{"key": "dedicated", "operator": "Exists"}, {"key": "node.kubernetes.io", "operator": "Exists"}, {"operator": "Exists", "effect": "NoExecute"}, {"key": "node.kubernetes.io/memory-pressure", "operator": "Exists"}]'
---
apiVersion: v1
kind: Pod
metadata: {name: good, namespace: team}
spec: {containers: [{name: c, image: x, resources: {requests: {cpu: 100m}}}]}
---
apiVersion: v1
kind: Pod
metadata: {name: bad}
spec: {containers: [{name: c, image: x}]}
`+nodeDocs("n", 1, "")+`---
apiVersion: v1
kind: Namespace
metadata:
  name: default
  annotations: {scheduler.alpha.kubernetes.io/tolerationsWhitelist: '[{"key": "x", "operator": "Exists"}]'}
`)
	good := final(res)["good"]
	wantSrc := []string{admission.SourceDefaultTolerationSeconds, admission.SourceDefaultTolerationSeconds, admission.SourcePodTolerationRestriction, admission.SourcePodTolerationRestriction}
	if !reflect.DeepEqual(good.TolerationSources, wantSrc) || good.Tolerations[2].Key != "dedicated" || good.Tolerations[3].Key != "node.kubernetes.io/memory-pressure" {
		t.Fatalf("good: %+v %v", good.Tolerations, good.TolerationSources)
	}
	if _, ok := final(res)["bad"]; ok {
		t.Fatal("bad was admitted")
	}
	if out := res.Frames[1].Output; out != `Error from server: error when creating "STDIN": pod tolerations (possibly merged with namespace default tolerations) conflict with its namespace whitelist` {
		t.Fatalf("output %q", out)
	}
}

func TestDefaultTolerationSecondsFlagsAndSources(t *testing.T) {
	res := run(t, `kind: Scenario
name: dts
options: {defaultNotReadyTolerationSeconds: 60}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  tolerations: [{key: a, operator: Exists}]
  containers: [{name: c, image: x}]
`+nodeDocs("n", 1, ""))
	p := final(res)["p"]
	if !reflect.DeepEqual(p.TolerationSources, []string{admission.SourceUser, admission.SourceDefaultTolerationSeconds, admission.SourceDefaultTolerationSeconds}) ||
		*p.Tolerations[1].TolerationSeconds != 60 || *p.Tolerations[2].TolerationSeconds != 300 {
		t.Fatalf("%+v %v", p.Tolerations, p.TolerationSources)
	}
	res = run(t, `kind: Scenario
name: off
options: {disableAdmissionPlugins: [DefaultTolerationSeconds]}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {containers: [{name: c, image: x}]}
`+nodeDocs("n", 1, ""))
	if n := len(final(res)["p"].Tolerations); n != 0 {
		t.Fatalf("%d tolerations with the plugin off", n)
	}
}

// Pods of the file that name a ReplicaSet of the file as controller count
// toward its replicas.
func TestReplicaSetAdoptsFilePods(t *testing.T) {
	res := run(t, `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: api-5c4}
spec:
  replicas: 2
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec: {containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata:
  name: api-5c4-aaaaa
  labels: {app: api}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: api-5c4, controller: true}]
spec: {containers: [{name: c, image: x}]}
`+nodeDocs("n", 1, ""))
	pods := byPrefix(res, "api-5c4-")
	if len(pods) != 2 || pods[0].Name != "api-5c4-aaaaa" || pods[0].Owner != "ReplicaSet/api-5c4" {
		t.Fatalf("pods %+v", pods)
	}
}

func TestPriorityClassResolution(t *testing.T) {
	res := run(t, `kind: Scenario
name: pc
steps:
- {at: 1s, run: "create pod lost"}
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: batch}
value: 100
preemptionPolicy: Never
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: normal}
value: 10
globalDefault: true
---
apiVersion: v1
kind: Pod
metadata: {name: b}
spec: {priorityClassName: batch, containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata: {name: d}
spec: {containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata: {name: crit}
spec: {priorityClassName: system-node-critical, containers: [{name: c, image: x}]}
---
apiVersion: v1
kind: Pod
metadata: {name: lost}
spec: {priorityClassName: nope, containers: [{name: c, image: x}]}
`+nodeDocs("n", 1, ""))
	fin := final(res)
	if fin["b"].Priority != 100 || fin["d"].Priority != 10 || fin["crit"].Priority != priority.SystemNodeCritical {
		t.Fatalf("priorities b=%d d=%d crit=%d", fin["b"].Priority, fin["d"].Priority, fin["crit"].Priority)
	}
	if _, ok := fin["lost"]; ok {
		t.Fatal("pod with an unknown PriorityClass was created")
	}
	if out := res.Frames[1].Output; out != `Error from server (Forbidden): error when creating "STDIN": pods "lost" is forbidden: no PriorityClass with name nope was found` {
		t.Fatalf("output %q", out)
	}
}

func TestApplyUnchangedAndConfigured(t *testing.T) {
	pdb := "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: web}\nspec: {minAvailable: 1, selector: {matchLabels: {app: web}}}\n"
	res := run(t, "kind: Scenario\nname: a\nsteps:\n- {at: 1s, run: kubectl apply -f -, manifest: \""+strings.ReplaceAll(pdb, "\n", "\\n")+"\"}\n"+
		"- {at: 2s, run: kubectl apply -f -, manifest: \""+strings.ReplaceAll(pdb, "\n", "\\n")+"\"}\n"+nodeDocs("n", 1, "")+fmt.Sprintf(webDeployment, 1))
	if res.Frames[1].Output != "poddisruptionbudget.policy/web created" || res.Frames[2].Output != "poddisruptionbudget.policy/web unchanged" {
		t.Fatalf("outputs %q %q", res.Frames[1].Output, res.Frames[2].Output)
	}
}

// A ReplicaSet whose pods the kubelet rejects (spec.nodeName on a node
// under DiskPressure) does not spin: at most a burst of pods per instant.
func TestReplicaSetRejectedPodsBounded(t *testing.T) {
	res := run(t, `kind: Scenario
name: loop
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  conditions: [{type: DiskPressure, status: "True"}]
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: r}
spec:
  replicas: 1
  selector: {matchLabels: {app: r}}
  template:
    metadata: {labels: {app: r}}
    spec: {nodeName: n1, containers: [{name: c, image: x}]}
`)
	if n := len(res.Frames[len(res.Frames)-1].Pods); n != 1 { // one rejected pod; the next would come at a later moment
		t.Fatalf("%d pods", n)
	}
}

// The DaemonSet controller reacts to node changes: a node that joins, a
// label that makes the nodeSelector match, a NoExecute taint removed.
func TestDaemonSetFollowsNodes(t *testing.T) {
	res := run(t, `kind: Scenario
name: dsnodes
steps:
- {at: 10s, run: "create node n2"}
- {at: 20s, run: "kubectl label nodes n3 role=edge"}
- {at: 30s, run: "kubectl taint nodes n4 maint:NoExecute-"}
---
apiVersion: v1
kind: Node
metadata: {name: n1, labels: {role: edge}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {role: edge}}
---
apiVersion: v1
kind: Node
metadata: {name: n3}
---
apiVersion: v1
kind: Node
metadata: {name: n4, labels: {role: edge}}
spec: {taints: [{key: maint, effect: NoExecute}]}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: edge, namespace: kube-system}
spec:
  selector: {matchLabels: {app: edge}}
  template:
    metadata: {labels: {app: edge}}
    spec:
      nodeSelector: {role: edge}
      containers: [{name: c, image: x}]
`)
	startedAt := map[string]float64{}
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		if p.Phase != PhaseRunning {
			t.Errorf("%s %s", p.Name, p.Phase)
		}
		startedAt[p.Node] = at(p.ScheduledAt)
	}
	want := map[string]float64{"n1": 0, "n2": 10, "n3": 20, "n4": 30}
	if !reflect.DeepEqual(startedAt, want) {
		t.Fatalf("daemon pods started %v, want %v", startedAt, want)
	}
}

// Master disruption mode ends when a node is Ready again: the still-down
// node is queued for its NoExecute taint, the fresh token of the swapped
// limiter is drained (taint 10 s later), and its pod goes 300 s after that.
func TestLeavingMasterDisruptionMode(t *testing.T) {
	res := run(t, `kind: Scenario
name: leave
until: 500s
steps:
- {at: 0s, run: "node n1 stop"}
- {at: 0s, run: "node n2 stop"}
- {at: 100s, run: "node n2 start"}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec: {nodeName: n1, containers: [{name: c, image: x}]}
`+nodeDocs("n", 2, ""))
	var taintAt float64 = -1
	for _, f := range res.Frames {
		for _, x := range f.Nodes[0].Taints {
			if x.Effect == "NoExecute" && taintAt < 0 {
				taintAt = f.At
			}
		}
		if f.At == 55 && f.Nodes[0].ZoneState != "AllZonesDown" {
			t.Errorf("zone state at 55: %q", f.Nodes[0].ZoneState)
		}
	}
	if taintAt != 110 {
		t.Fatalf("n1 NoExecute at %v, want 110", taintAt)
	}
	if p := final(res)["p"]; at(p.EvictedAt) != 410 {
		t.Fatalf("p evicted at %v, want 410", at(p.EvictedAt))
	}
}

// EXAMPLES.md S11: fast is deleted at 85 but stays Terminating while n1 is
// unreachable; after the kubelet returns (201) it is gone for good.
func TestTerminatingWhileUnreachable(t *testing.T) {
	res := runFile(t, "s11-unreachable-recovery.yaml")
	for _, f := range res.Frames {
		p := podIn(f, "fast")
		switch {
		case f.At >= 85 && f.At < 201:
			if !p.Terminating {
				t.Errorf("t=%v: fast not Terminating", f.At)
			}
		case f.At >= 201:
			if p.Terminating {
				t.Errorf("t=%v: fast still Terminating", f.At)
			}
		}
	}
}

// Toleration edits never move an existing deadline (issues #102993,
// #108982): b tolerates maint for 60 s from t=0; shortening it to 10 s at
// t=20 keeps the deadline at 60. Dropping tolerationSeconds (allowed on
// update) makes the toleration forever and cancels the deletion.
func TestTolerationEditKeepsDeadline(t *testing.T) {
	podB := func(seconds string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata: {name: b}\nspec:\n  nodeName: n1\n  tolerations: [{key: maint, operator: Exists, effect: NoExecute" + seconds + "}]\n  containers: [{name: c, image: x}]\n"
	}
	step := func(at, manifest string) string {
		return "- at: " + at + "\n  run: kubectl apply -f -\n  manifest: |\n    " + strings.ReplaceAll(strings.TrimSpace(manifest), "\n", "\n    ") + "\n"
	}
	doc := "kind: Scenario\nname: edit\nuntil: 100s\nsteps:\n- {at: 0s, run: \"kubectl taint nodes n1 maint=true:NoExecute\"}\n" +
		step("20s", podB(", tolerationSeconds: 10")) + "---\n" + podB(", tolerationSeconds: 60") + nodeDocs("n", 1, "")
	res := run(t, doc)
	b := final(res)["b"]
	if at(b.EvictedAt) != 60 {
		t.Fatalf("b evicted at %v, want 60 (deadline kept)", at(b.EvictedAt))
	}
	for _, f := range res.Frames {
		if f.Step == "kubectl apply -f -" && f.Output != "pod/b configured" {
			t.Fatalf("apply output %q", f.Output)
		}
	}
	doc = "kind: Scenario\nname: edit\nuntil: 100s\nsteps:\n- {at: 0s, run: \"kubectl taint nodes n1 maint=true:NoExecute\"}\n" +
		step("20s", podB("")) + "---\n" + podB(", tolerationSeconds: 60") + nodeDocs("n", 1, "")
	res = run(t, doc)
	if b := final(res)["b"]; b.Phase != PhaseRunning || b.EvictAt != nil {
		t.Fatalf("b %s evictAt %v, want Running without deadline", b.Phase, b.EvictAt)
	}
	var cancelled bool
	for _, e := range res.Events {
		cancelled = cancelled || (e.At == 20 && e.Message == "Cancelling deletion of Pod default/b")
	}
	if !cancelled {
		t.Fatal("no cancellation at 20")
	}
	// Removing a toleration is refused.
	doc = "kind: Scenario\nname: edit\nsteps:\n" + step("5s", "apiVersion: v1\nkind: Pod\nmetadata: {name: b}\nspec:\n  nodeName: n1\n  containers: [{name: c, image: x}]") +
		"---\n" + podB(", tolerationSeconds: 60") + nodeDocs("n", 1, "")
	res = run(t, doc)
	if out := res.Frames[1].Output; out != `The Pod "b" is invalid: spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds` {
		t.Fatalf("output %q", out)
	}
}
