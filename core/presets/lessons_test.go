package presets

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/scenario/link"
	"github.com/taints-playground/playground/core/sim"
)

// The outcomes asserted here are upstream v1.37 behaviour as the shared
// reference describes it (SCHEDULER.md and MATCHING.md sections cited per
// lesson), not this simulator's output.

const (
	unschedulable1 = "0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
	// A request above allocatable is UnschedulableAndUnresolvable, so the
	// preemption part says "not helpful" (SCHEDULER.md §2.2).
	insufficientCPU1 = "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
	untolerated3     = "0/3 nodes are available: 3 node(s) had untolerated taint(s). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	braces           = "0/2 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: }, 1 node(s) had untolerated taint {team: db}. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."
	marking          = "Marking for deletion Pod default/"
	cancelling       = "Cancelling deletion of Pod default/"
)

func TestLessonsMetadata(t *testing.T) {
	list := Lessons()
	require.GreaterOrEqual(t, len(list), 12, "lessons")
	seen := map[int]bool{}
	var names []string
	for _, p := range list {
		names = append(names, p.Name)
		t.Run(p.Name, func(t *testing.T) {
			assert.False(t, seen[p.Misconception], "misconception row %d is a duplicate", p.Misconception)
			seen[p.Misconception] = true
			checkLessonMetadata(t, p)
		})
	}
	assert.Equal(t, names, LessonNames(), "LessonNames()")
	// Every mc-*.yaml file is a lesson, and the presets of List are not.
	entries, err := files.ReadDir("scenarios")
	require.NoError(t, err)
	var filesMC []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "mc-") {
			filesMC = append(filesMC, strings.TrimSuffix(e.Name(), ".yaml"))
		}
	}
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	assert.Equal(t, sorted, filesMC, "mc-*.yaml files, lessons")
	for _, p := range List() {
		assert.Empty(t, p.Category, "%s: a List preset has lesson fields", p.Name)
		assert.Empty(t, p.Question, "%s: a List preset has lesson fields", p.Name)
	}
}

// checkLessonMetadata checks one lesson's fields and steps.
func checkLessonMetadata(t *testing.T, p Preset) {
	t.Helper()
	assert.True(t, strings.HasPrefix(p.Name, "mc-"), "name")
	assert.Equal(t, CategoryMisconception, p.Category, "category")
	assert.True(t, p.Misconception >= 1 && p.Misconception <= 23, "misconception row %d out of §6", p.Misconception)
	assert.True(t, strings.HasPrefix(p.Title, "Misconception: "), "title %q", p.Title)
	oneParagraph := len(p.Description) >= 100 && !strings.Contains(p.Description, "\n") &&
		strings.Contains(p.Description, "Predict, then run: ") && strings.HasSuffix(p.Description, "?")
	assert.True(t, oneParagraph, "description must be one paragraph ending with the predict-then-run question: %q", p.Description)
	assert.True(t, strings.HasSuffix(p.Question, "?"), "question %q", p.Question)
	assert.NotEmpty(t, p.Answer, "answer")
	assert.LessOrEqual(t, len(p.YAML), 4000, "bytes; keep lessons compact for share links")
	s, err := scenario.Parse([]byte(p.YAML), p.Name)
	require.NoError(t, err)
	for i, st := range s.Steps {
		assert.NotEmpty(t, st.Caption, "steps[%d] has no caption", i)
	}
	require.NotEmpty(t, s.Steps, "the last step's caption must reveal the answer")
	assert.True(t, strings.HasPrefix(s.Steps[len(s.Steps)-1].Caption, "Answer: "), "the last step's caption must reveal the answer")
	got, ok := Get(p.Name)
	assert.True(t, ok, "Get(%s)", p.Name)
	assert.Equal(t, p, got, "Get(%s)", p.Name)
}

// TestLessonsShareLinks: every lesson fits a share link well under the
// 2,000 characters chat bookmarks keep (PEERS.md §4), and the link opens
// to a scenario that simulates exactly like the lesson.
func TestLessonsShareLinks(t *testing.T) {
	const budget = 1200
	for _, p := range Lessons() {
		t.Run(p.Name, func(t *testing.T) {
			l, err := link.Encode([]byte(p.YAML))
			require.NoError(t, err)
			assert.LessOrEqual(t, len(l), budget, "link characters")
			s, err := link.DecodeScenario(l)
			require.NoError(t, err)
			orig, err := scenario.Parse([]byte(p.YAML), p.Name)
			require.NoError(t, err)
			a, _ := sim.Run(orig)
			b, _ := sim.Run(s)
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			assert.True(t, string(ja) == string(jb), "the shared link simulates differently")
		})
	}
}

// final: the pods of the last frame by name.
func final(res *sim.Result) map[string]*sim.PodState {
	out := map[string]*sim.PodState{}
	for _, p := range res.Frames[len(res.Frames)-1].Pods {
		out[p.Name] = p
	}
	return out
}

// checkFinal compares the last frame's pods (phase, node, scheduled,
// evicted, FailedScheduling message) with want, exactly.
func checkFinal(t *testing.T, res *sim.Result, want map[string]podWant) {
	t.Helper()
	checkFrame(t, res.Frames[len(res.Frames)-1], want)
}

// podEvents lists "at reason message" for one object.
func podEvents(res *sim.Result, obj string) []ev {
	var out []ev
	for _, e := range res.Events {
		if e.Object == obj {
			out = append(out, ev{e.At, e.Type, e.Reason, e.Object, e.Message})
		}
	}
	return out
}

func TestLessonOutcomes(t *testing.T) {
	type tc struct {
		name string
		pods map[string]podWant
		// events, when set, are every event of the run in order.
		events []ev
	}
	cases := []tc{
		// §6 #1 (SCHEDULER.md §1, §5): the toleration passes the filter on
		// both nodes; LeastAllocated/BalancedAllocation favour the bigger,
		// emptier plain-1. The nodeSelector leaves only gpu-1.
		{"mc-toleration-attracts", map[string]podWant{
			"ml-job":        {"Running", "plain-1", 0, -1, ""},
			"ml-job-pinned": {"Running", "gpu-1", 20, -1, ""},
		}, nil},
		// §6 #2 (MATCHING.md: a node without taints has nothing to
		// tolerate).
		{"mc-untainted-node", map[string]podWant{
			"batch-job": {"Running", "plain-1", 0, -1, ""},
		}, []ev{{0, "Normal", "Scheduled", "pod/default/batch-job", "Successfully assigned default/batch-job to plain-1"}}},
		// §6 #3 (SCHEDULER.md §3.1–3.3): NoSchedule never re-evaluates bound
		// pods; the untolerated NoExecute taint deletes at once.
		{"mc-noschedule-evicts", map[string]podWant{
			"web":     {"Evicted", "node-1", 0, 40, ""},
			"web-new": {"Pending", "", -1, -1, untolerated1},
		}, []ev{
			{0, "Normal", "Scheduled", "pod/default/web", "Successfully assigned default/web to node-1"},
			{20, "Warning", "FailedScheduling", "pod/default/web-new", untolerated1},
			{40, "Normal", "TaintManagerEviction", "pod/default/web", marking + "web"},
		}},
		// §6 #5 (SCHEDULER.md §3.2 step 2: tolerationSeconds ≤ 0 → now; the
		// timer starts when the controller sees the bound pod; the filter
		// ignores tolerationSeconds).
		{"mc-tolerationseconds-scheduling", map[string]podWant{
			"timed": {"Evicted", "db-1", 0, 60, ""},
			"zero":  {"Evicted", "db-1", 0, 0, ""},
		}, []ev{
			{0, "Normal", "Scheduled", "pod/default/timed", "Successfully assigned default/timed to db-1"},
			{0, "Normal", "Scheduled", "pod/default/zero", "Successfully assigned default/zero to db-1"},
			{0, "Normal", "TaintManagerEviction", "pod/default/zero", marking + "zero"},
			{60, "Normal", "TaintManagerEviction", "pod/default/timed", marking + "timed"},
		}},
		// §6 #6 (SCHEDULER.md §4: 50 s grace from 1.32, passes every 5 s,
		// unreachable NoExecute in the same pass from 1.34;
		// DefaultTolerationSeconds 300 s). Stop at 10 → Unknown at 65.
		{"mc-node-death-timing", map[string]podWant{
			"api":           {"Evicted", "n1", 0, 365, ""},
			"fast-failover": {"Evicted", "n1", 0, 95, ""},
		}, []ev{
			{65, "Normal", "NodeNotReady", "node/n1", "Node n1 status is now: NodeNotReady"},
			{95, "Normal", "TaintManagerEviction", "pod/default/fast-failover", marking + "fast-failover"},
			{365, "Normal", "TaintManagerEviction", "pod/default/api", marking + "api"},
		}},
		// §6 #7 (SCHEDULER.md §3.2 step 4: an existing timer is kept, c + d <
		// now + d whenever c < now — neither extension nor shortening moves
		// it; issues #102993, #108982).
		{"mc-extend-tolerationseconds", map[string]podWant{
			"worker": {"Evicted", "n1", 0, 70, ""},
			"hurry":  {"Evicted", "n1", 0, 70, ""},
		}, []ev{
			{70, "Normal", "TaintManagerEviction", "pod/default/worker", marking + "worker"},
			{70, "Normal", "TaintManagerEviction", "pod/default/hurry", marking + "hurry"},
		}},
		// §6 #8 (SCHEDULER.md §3.2 steps 3–4; PR #93722): forever on every
		// remaining taint cancels; a finite one keeps the existing timer.
		{"mc-remove-taint-cancels", map[string]podWant{
			"keeper": {"Running", "n1", 0, -1, ""},
			"leaver": {"Evicted", "n1", 0, 70, ""},
		}, []ev{
			{30, "Normal", "TaintManagerEviction", "pod/default/keeper", cancelling + "keeper"},
			{70, "Normal", "TaintManagerEviction", "pod/default/leaver", marking + "leaver"},
		}},
		// §6 #9 (MATCHING.md: an empty key with Exists matches every key;
		// a key matches only that key).
		{"mc-exists-with-key", map[string]podWant{
			"gpu-any":  {"Pending", "", -1, -1, untolerated1},
			"anything": {"Running", "gpu-1", 0, -1, ""},
		}, nil},
		// §6 #10 (MATCHING.md: an empty effect matches all effects; the
		// filter covers NoSchedule and NoExecute).
		{"mc-empty-effect", map[string]podWant{
			"ns-only":    {"Pending", "", -1, -1, untolerated1},
			"any-effect": {"Running", "node-1", 0, -1, ""},
		}, nil},
		// §6 #11 (MATCHING.md: "" operator is Equal; values compared as
		// strings). The taint change to a tolerated one requeues key-only
		// through TaintToleration's hint (SCHEDULER.md queue).
		{"mc-operator-default", map[string]podWant{
			"key-only": {"Running", "ml-1", 30, -1, ""},
			"exists":   {"Running", "ml-1", 0, -1, ""},
		}, []ev{
			{0, "Warning", "FailedScheduling", "pod/default/key-only", untolerated1},
			{0, "Normal", "Scheduled", "pod/default/exists", "Successfully assigned default/exists to ml-1"},
			{30, "Normal", "Scheduled", "pod/default/key-only", "Successfully assigned default/key-only to ml-1"},
		}},
		// §6 #12 (SCHEDULER.md §4.1 condition → taint; TaintToleration
		// filter rejects on any untolerated NoSchedule/NoExecute taint).
		{"mc-one-toleration-enough", map[string]podWant{
			"trainer": {"Running", "gpu-1", 40, -1, ""},
		}, []ev{
			{0, "Normal", "NodeHasDiskPressure", "node/gpu-1", "Node gpu-1 status is now: NodeHasDiskPressure"},
			{10, "Warning", "FailedScheduling", "pod/default/trainer", untolerated1},
			{40, "Normal", "NodeHasNoDiskPressure", "node/gpu-1", "Node gpu-1 status is now: NodeHasNoDiskPressure"},
			{40, "Normal", "Scheduled", "pod/default/trainer", "Successfully assigned default/trainer to gpu-1"},
		}},
		// §6 #13 (SCHEDULER.md §5: PreferNoSchedule is scored, never
		// filtered; cases BH-008). No FailedScheduling at all.
		{"mc-prefer-blocks", map[string]podWant{
			"p1": {"Running", "plain-1", 1, -1, ""},
			"p2": {"Running", "plain-1", 2, -1, ""},
			"p3": {"Running", "soft-1", 3, -1, ""},
		}, []ev{
			{1, "Normal", "Scheduled", "pod/default/p1", "Successfully assigned default/p1 to plain-1"},
			{2, "Normal", "Scheduled", "pod/default/p2", "Successfully assigned default/p2 to plain-1"},
			{3, "Normal", "Scheduled", "pod/default/p3", "Successfully assigned default/p3 to soft-1"},
		}},
		// §6 #19 (kubeadm PR #110095: control-plane:NoSchedule, empty
		// value, no master taint; Equal compares "true" with "").
		{"mc-master-toleration", map[string]podWant{
			"legacy":     {"Pending", "", -1, -1, untolerated1},
			"equal-true": {"Pending", "", -1, -1, untolerated1},
			"current":    {"Running", "cp-1", 0, -1, ""},
		}, nil},
		// §6 #16 (SCHEDULER.md §4.1: conditions become NoSchedule taints;
		// the TaintToleration filter reads taints only; a Burstable pod
		// passes the kubelet's memory-pressure admission, §9).
		{"mc-conditions-taints", map[string]podWant{
			"tolerant": {"Running", "mem-1", 0, -1, ""},
			"plain":    {"Running", "mem-1", 30, -1, ""},
		}, []ev{
			{0, "Normal", "Scheduled", "pod/default/tolerant", "Successfully assigned default/tolerant to mem-1"},
			{0, "Warning", "FailedScheduling", "pod/default/plain", untolerated1},
			{30, "Normal", "NodeHasSufficientMemory", "node/mem-1", "Node mem-1 status is now: NodeHasSufficientMemory"},
			{30, "Normal", "Scheduled", "pod/default/plain", "Successfully assigned default/plain to mem-1"},
		}},
		// §6 #18 (SCHEDULER.md §2.1: before 1.35 the reason is "node(s) had
		// untolerated taint {key: value}", reasons string-sorted; 1.33 has
		// no DRA post-filter text and no pre-1.28 double period).
		{"mc-message-braces", map[string]podWant{
			"app": {"Pending", "", -1, -1, braces},
		}, []ev{{0, "Warning", "FailedScheduling", "pod/default/app", braces}}},
		// §6 #22 (MATCHING.md "Numeric comparison": Gt tolerates when the
		// taint's value is a canonical integer greater than the
		// toleration's; anything else is false; NoSchedule is not
		// re-checked for a running pod).
		{"mc-numeric-values", map[string]podWant{
			"picky":   {"Running", "n-999", 0, -1, ""},
			"picky-2": {"Pending", "", -1, -1, untolerated3},
		}, []ev{
			{0, "Normal", "Scheduled", "pod/default/picky", "Successfully assigned default/picky to n-999"},
			{40, "Warning", "FailedScheduling", "pod/default/picky-2", untolerated3},
		}},
		// §6 #17 (SCHEDULER.md §2: RunFilterPlugins stops at the first
		// failing filter; order NodeUnschedulable → TaintToleration → …
		// → NodeResourcesFit; uncordon and taint removal requeue through
		// the rejecting plugin's hint).
		{"mc-first-failure-only", map[string]podWant{
			"big": {"Pending", "", -1, -1, insufficientCPU1},
		}, []ev{
			{0, "Warning", "FailedScheduling", "pod/default/big", unschedulable1},
			{30, "Normal", "NodeSchedulable", "node/node-1", "Node node-1 status is now: NodeSchedulable"},
			{30, "Warning", "FailedScheduling", "pod/default/big", untolerated1},
			{60, "Warning", "FailedScheduling", "pod/default/big", insufficientCPU1},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := runPreset(t, c.name)
			checkFinal(t, res, c.pods)
			if c.events != nil {
				checkEvents(t, res, c.events)
			}
		})
	}
}

// TestLessonNoExecutePDB: §6 #4 (SCHEDULER.md §3.3: a plain DELETE, no
// PodDisruptionBudget check; DisruptionTarget DeletionByTaintManager). The
// default spreading puts one replica per node; the replacement can only go
// to n2.
func TestLessonNoExecutePDB(t *testing.T) {
	res := runPreset(t, "mc-noexecute-pdb")
	var evicted, running []*sim.PodState
	for _, p := range final(res) {
		switch p.Phase {
		case "Evicted":
			evicted = append(evicted, p)
		case "Running":
			running = append(running, p)
		}
	}
	require.Len(t, evicted, 1, "evicted: want one pod from n1 at 30")
	require.Equal(t, "n1", evicted[0].Node, "evicted: want one pod from n1 at 30")
	require.Equal(t, 30.0, val(evicted[0].EvictedAt), "evicted: want one pod from n1 at 30")
	if dt := evicted[0].DisruptionTarget; assert.NotNil(t, dt, "DisruptionTarget") {
		assert.Equal(t, "DeletionByTaintManager", dt.Reason, "DisruptionTarget")
	}
	if assert.Len(t, running, 2, "running: want both on n2") {
		assert.Equal(t, "n2", running[0].Node, "running: want both on n2")
		assert.Equal(t, "n2", running[1].Node, "running: want both on n2")
	}
	ev := podEvents(res, "pod/default/"+evicted[0].Name)
	if assert.Len(t, ev, 2, "events of %s", evicted[0].Name) {
		assert.Equal(t, 30.0, ev[1].at, "events of %s", evicted[0].Name)
		assert.Equal(t, "TaintManagerEviction", ev[1].reason, "events of %s", evicted[0].Name)
		assert.Equal(t, marking+evicted[0].Name, ev[1].msg, "events of %s", evicted[0].Name)
	}
}

// TestLessonNodeNameBypass: §6 #14 (SCHEDULER.md §9: the kubelet admits a
// spec.nodeName pod unless a NoExecute taint is untolerated — reason
// TaintToleration, phase Failed — and the taint-eviction controller deletes
// the rejected pod; NoSchedule is only a scheduler filter).
func TestLessonNodeNameBypass(t *testing.T) {
	res := runPreset(t, "mc-nodename-bypass")
	pods := final(res)
	require.Contains(t, pods, "pinned-quiet")
	require.Contains(t, pods, "pinned-gone")
	quiet := pods["pinned-quiet"]
	assert.Equal(t, "Running", quiet.Phase, "pinned-quiet")
	assert.Equal(t, "quiet-1", quiet.Node, "pinned-quiet")
	p := pods["pinned-gone"]
	assert.Equal(t, "Evicted", p.Phase, "pinned-gone")
	assert.Equal(t, "gone-1", p.Node, "pinned-gone")
	assert.Equal(t, "Failed", p.StatusPhase, "pinned-gone")
	assert.Equal(t, "TaintToleration", p.Reason, "pinned-gone")
	assert.Equal(t, 0.0, val(p.EvictedAt), "pinned-gone evicted at")
	for _, e := range res.Events {
		assert.NotContains(t, []string{"Scheduled", "FailedScheduling"}, e.Reason, "a scheduler event for a spec.nodeName pod: %+v", e)
	}
}

// TestLessonDaemonSetCordon: §6 #15 (controllers/daemonset: automatic
// unschedulable:NoSchedule toleration; NodeShouldRunDaemonPod refuses an
// untolerated NoSchedule taint but a later one does not stop a running
// daemon pod; cases BH-006).
func TestLessonDaemonSetCordon(t *testing.T) {
	res := runPreset(t, "mc-daemonset-cordon")
	for _, f := range res.Frames {
		nodes := map[string]int{}
		for _, p := range f.Pods {
			assert.Equal(t, "Running", p.Phase, "frame %d: %s", f.Index, p.Name)
			assert.Equal(t, "DaemonSet/log-agent", p.Owner, "frame %d: %s owner", f.Index, p.Name)
			nodes[p.Node]++
		}
		assert.Equal(t, map[string]int{"n1": 1, "n2": 1}, nodes, "frame %d at %v: daemon pods per node, want n1 and n2 only", f.Index, f.At)
	}
	var tolerated bool
	for _, p := range final(res) {
		for _, tol := range p.Tolerations {
			if tol.Key == "node.kubernetes.io/unschedulable" && tol.Effect == "NoSchedule" {
				tolerated = true
			}
		}
	}
	assert.True(t, tolerated, "no automatic unschedulable toleration on the daemon pods")
}

// TestLessonEditTolerations: §6 #21 (pod update validation,
// validateOnlyAddedTolerations: an existing toleration may only change its
// tolerationSeconds, additions are allowed; kubernetes/kubernetes PR
// #41818). The refused apply changes nothing; the added NoExecute
// toleration (no tolerationSeconds) tolerates the taint forever
// (SCHEDULER.md §3.2).
func TestLessonEditTolerations(t *testing.T) {
	res := runPreset(t, "mc-edit-tolerations")
	out := map[float64]string{}
	tols := map[float64][]string{}
	for _, f := range res.Frames {
		out[f.At] = f.Output
		for _, p := range f.Pods {
			var ts []string
			for i, x := range p.Tolerations {
				if p.TolerationSources[i] == "user" {
					ts = append(ts, x.Key+"="+x.Value+":"+string(x.Effect))
				}
			}
			tols[f.At] = ts
		}
	}
	assert.Equal(t, `The Pod "worker" is invalid: spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds`, out[10], "t=10 output")
	assert.Equal(t, "pod/worker configured", out[20], "t=20 output")
	assert.Equal(t, "maint=true:NoSchedule", strings.Join(tols[10], ","), "t=10 user tolerations")
	assert.Equal(t, "maint=true:NoSchedule,maint=true:NoExecute", strings.Join(tols[20], ","), "t=20 user tolerations")
	checkFinal(t, res, map[string]podWant{"worker": {"Running", "n1", 0, -1, ""}})
	assert.Empty(t, res.Events, "events")
}
