package cases

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/sim"
)

// Expected values come from each case's "expected" and "rationale" fields
// (upstream v1.37 behaviour; message wording per the version named).

const (
	marking    = "Marking for deletion Pod default/"
	cancelling = "Cancelling deletion of Pod default/"
)

var caseTests = map[string]func(*testing.T, caseJSON){
	"BH-001": bh001, "BH-002": bh002, "BH-003": bh003, "BH-004": bh004,
	"BH-006": bh006, "BH-008": bh008, "BH-009": bh009, "BH-010": bh010,
	"BH-012": bh012, "BH-014": bh014, "BH-016": bh016, "BH-017": bh017,
}

// TestCases runs every case of cases.json; a case without a test fails.
func TestCases(t *testing.T) {
	cases := loadCases(t)
	require.NotEmpty(t, cases, "no cases")
	for id, c := range cases {
		fn, ok := caseTests[id]
		if !assert.True(t, ok, "%s has no test", id) {
			continue
		}
		t.Run(id, func(t *testing.T) { fn(t, c) })
	}
	for id := range caseTests {
		assert.Contains(t, cases, id, "a test for %s, which cases.json does not have", id)
	}
}

func cmd(at float64, run string) step { return step{At: at, Run: run} }

func bh001(t *testing.T, c caseJSON) {
	b := build{steps: []step{
		cmd(0, "kubectl cordon worker-b"),
		cmd(120, "kubectl uncordon worker-b"),
	}}
	for _, v := range []struct{ version, msg string }{
		{"", c.Expected["FailedScheduling (v1.35, and branches that took the #134740 cherry-pick)"]},
		{"1.33", c.Expected["FailedScheduling (approx. v1.25-v1.33 wording)"]},
	} {
		b.version = v.version
		res := runCase(t, c, b)
		ev := events(res, "pod/default/job-1")
		if assert.Len(t, ev, 2, "version %q: job-1 events", v.version) {
			assert.Equal(t, 5.0, ev[0].At, "version %q: job-1's FailedScheduling", v.version)
			assert.Equal(t, "FailedScheduling", ev[0].Reason, "version %q: job-1's FailedScheduling", v.version)
			assert.Equal(t, v.msg, ev[0].Message, "version %q: job-1's FailedScheduling", v.version)
		}
		p, _ := pod(at(res, 119), "job-1")
		require.Equal(t, "Pending", p.Phase, "t=119: job-1")
		require.NotNil(t, p.Why, "t=119: job-1")
		reported := map[string]string{}
		for _, n := range p.Why.Nodes {
			reported[n.Node] = n.Plugin
		}
		assert.Equal(t, "TaintToleration", reported["cp-1"], "reported plugins %v", reported)
		assert.Equal(t, "TaintToleration", reported["worker-a"], "reported plugins %v", reported)
		assert.Equal(t, "NodeUnschedulable", reported["worker-b"], "reported plugins %v", reported)
		checkPod(t, at(res, 120), "job-1", want{"Running", "worker-b", 120, -1})
	}
}

// rejectedAlone checks that each pod in errs, alone in the case's
// cluster, makes the file invalid with a message containing errs[pod].
func rejectedAlone(t *testing.T, c caseJSON, errs map[string]string) {
	t.Helper()
	for name, msg := range errs {
		_, err := parseCase(c, build{only: map[string]bool{name: true}})
		assert.ErrorContains(t, err, msg, name)
	}
}

func bh002(t *testing.T, c caseJSON) {
	rejectedAlone(t, c, map[string]string{
		"p-exists-with-value":    `spec.tolerations[0].operator: Invalid value: "build": value must be empty when ` + "`operator`" + ` is 'Exists'`,
		"p-emptykey-equal":       `spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when ` + "`key`" + ` is empty, which means "match all values and all keys"`,
		"p-emptykey-no-operator": `spec.tolerations[0].operator: Invalid value: "": operator must be Exists when ` + "`key`" + ` is empty`,
	})
	res := runCase(t, c, build{only: map[string]bool{"p-no-operator": true, "p-no-operator-no-value": true, "p-exists": true}})
	f := at(res, 0)
	checkPod(t, f, "p-no-operator", want{"Running", "worker-1", 0, -1})
	checkPod(t, f, "p-no-operator-no-value", want{"Pending", "", -1, -1})
	checkPod(t, f, "p-exists", want{"Running", "worker-1", 0, -1})
	// The workload note: the same toleration in a Deployment's template
	// rejects the whole object.
	bad := c
	bad.Scenario.Pods = nil
	for _, p := range c.Scenario.Pods {
		if p.Name == "p-exists-with-value" {
			p.Controller = "Deployment"
			bad.Scenario.Pods = append(bad.Scenario.Pods, p)
		}
	}
	_, err := parseCase(bad, build{})
	assert.ErrorContains(t, err, "value must be empty when `operator` is 'Exists'", "Deployment with the bad toleration")
}

func bh003(t *testing.T, c caseJSON) {
	res := runCase(t, c, build{steps: []step{cmd(0, "node worker-1 unreachable")}, until: 700})
	defaults := func(p sim.PodState) int {
		n := 0
		for _, s := range p.TolerationSources {
			if s == "DefaultTolerationSeconds" {
				n++
			}
		}
		return n
	}
	f0 := at(res, 0)
	for name, n := range map[string]int{"app": 2, "ctrl": 0, "ctrl2": 0, "ctrl3": 2} {
		p, _ := pod(f0, name)
		assert.Equal(t, n, defaults(p), "%s: default tolerations (%+v)", name, p.Tolerations)
	}
	for _, name := range []string{"app", "ctrl", "ctrl2", "ctrl3"} {
		checkPod(t, at(res, 299), name, want{"Running", "worker-1", 0, -1})
	}
	// ctrl-new: every node passes the filters; scoring decides.
	p, _ := pod(at(res, 10), "ctrl-new")
	require.Equal(t, "Running", p.Phase, "ctrl-new")
	require.NotNil(t, p.Why, "ctrl-new")
	for _, n := range p.Why.Nodes {
		assert.True(t, n.Feasible, "ctrl-new: %s not feasible (%s %v)", n.Node, n.Plugin, n.Reasons)
	}
	f := at(res, 300)
	checkPod(t, f, "app", want{"Evicted", "worker-1", 0, 300})
	checkPod(t, f, "ctrl3", want{"Evicted", "worker-1", 0, 300})
	last := res.Frames[len(res.Frames)-1]
	for _, name := range []string{"ctrl", "ctrl2"} {
		checkPod(t, last, name, want{"Running", "worker-1", 0, -1})
		assert.Len(t, ownedBy(last, "ReplicaSet/"+name), 1, "%s: the ReplicaSet's pods (no replacement)", name)
	}
	// app's replacement stays Pending: cp-1's control-plane taint,
	// worker-1's unreachable:NoSchedule, worker-2's cordon (reported first).
	var repl []*sim.PodState
	for _, p := range ownedBy(last, "ReplicaSet/app") {
		if p.Name != "app" {
			repl = append(repl, p)
		}
	}
	const pend = "0/3 nodes are available: 1 node(s) were unschedulable, 2 node(s) had untolerated taint(s). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	if assert.Len(t, repl, 1, "app's replacement") {
		assert.Equal(t, "Pending", repl[0].Phase, "app's replacement")
		assert.Equal(t, pend, repl[0].FailedSchedulingMessage, "app's replacement")
	}
	// ctrl3's replacement is feasible everywhere; on worker-1 it is deleted
	// again 300 s after binding.
	for _, p := range ownedBy(last, "ReplicaSet/ctrl3") {
		if p.Name == "ctrl3" {
			continue
		}
		if p.Why != nil {
			for _, n := range p.Why.Nodes {
				assert.True(t, n.Feasible, "ctrl3 replacement %s: %s not feasible", p.Name, n.Node)
			}
		}
		if p.Node == "worker-1" && val(p.ScheduledAt) == 300 && p.Phase == "Evicted" {
			assert.Equal(t, 600.0, val(p.EvictedAt), "ctrl3 replacement on worker-1 evicted at")
		}
	}
}

func bh004(t *testing.T, c caseJSON) {
	const msg = "effect must be 'NoExecute' when `tolerationSeconds` is set"
	rejectedAlone(t, c, map[string]string{
		"p1-noschedule-secs": `spec.tolerations[0].effect: Invalid value: "NoSchedule": ` + msg,
		"p2-blanket-secs":    `spec.tolerations[0].effect: Invalid value: "": ` + msg,
		"p3-prefer-secs":     `spec.tolerations[0].effect: Invalid value: "PreferNoSchedule": ` + msg,
	})
	res := runCase(t, c, build{only: map[string]bool{"p4-ok": true, "p5-noexecute-only": true}})
	checkPod(t, at(res, 0), "p4-ok", want{"Running", "worker-1", 0, -1})
	checkPod(t, at(res, 0), "p5-noexecute-only", want{"Pending", "", -1, -1})
}

func bh006(t *testing.T, c caseJSON) {
	b := build{steps: []step{
		cmd(0, "kubectl cordon n2"),
		cmd(60, "kubectl taint nodes n4 maint=yes:NoSchedule"),
		cmd(90, "kubectl taint nodes n5 evict=now:NoExecute"),
		cmd(150, "kubectl taint nodes n4 maint:NoSchedule-"),
	}, until: 160}
	// The pod to delete at 120 has a generated name: find it first.
	res := runCase(t, c, b)
	agents := func(f sim.Frame) map[string]string {
		out := map[string]string{}
		for _, p := range ownedBy(f, "DaemonSet/log-agent") {
			if p.Phase == "Running" {
				out[p.Node] = p.Name
			}
		}
		return out
	}
	on4 := agents(at(res, 110))["n4"]
	require.NotEmpty(t, on4, "no log-agent on n4 at 110: %v", agents(at(res, 110)))
	b.steps = append(b.steps, cmd(120, "kubectl delete pod "+on4))
	res = runCase(t, c, b)
	nodesOf := func(sec float64) []string {
		var out []string
		for _, n := range []string{"n1", "n2", "n3", "n4", "n5"} {
			if agents(at(res, sec))[n] != "" {
				out = append(out, n)
			}
		}
		return out
	}
	for _, w := range []struct {
		at    float64
		nodes string
	}{
		{10, "n1 n2 n4 n5"}, // cordoned n2 gets one; n3 none (no pod at all)
		{60, "n1 n2 n4 n5"}, // NoSchedule added later evicts nothing
		{90, "n1 n2 n4"},    // n5's deleted at once, not recreated
		{120, "n1 n2"},      // n4's deleted by hand, not recreated
		{150, "n1 n2 n4"},   // recreated once the taint is gone
	} {
		assert.Equal(t, w.nodes, strings.Join(nodesOf(w.at), " "), "t=%v: the nodes with a log-agent", w.at)
	}
	// A created daemon pod has a frame of its own while still Pending; by
	// the end of each instant every one is bound (none for n3).
	for _, f := range res.Frames {
		for _, p := range ownedBy(at(res, f.At), "DaemonSet/log-agent") {
			assert.NotEqual(t, "n3", p.Node, "t=%v: log-agent pod %s", f.At, p.Name)
			assert.NotEqual(t, "Pending", p.Phase, "t=%v: log-agent pod %s", f.At, p.Name)
		}
	}
	p, _ := pod(at(res, 90), agents(at(res, 89))["n5"])
	assert.Equal(t, "Evicted", p.Phase, "n5's agent")
	assert.Equal(t, 90.0, val(p.EvictedAt), "n5's agent evicted at")
	var web []*sim.PodState
	for _, p := range at(res, 10).Pods {
		if strings.HasPrefix(p.Owner, "ReplicaSet/web-") {
			web = append(web, p)
		}
	}
	if assert.Len(t, web, 1, "web at 10") {
		assert.Equal(t, "Running", web[0].Phase, "web at 10")
		assert.Contains(t, []string{"n1", "n4", "n5"}, web[0].Node, "web at 10")
	}
}

func bh008(t *testing.T, c caseJSON) {
	res := runCase(t, c, build{})
	f := res.Frames[len(res.Frames)-1]
	checkPod(t, f, "p1", want{"Running", "plain-1", 0, -1})
	checkPod(t, f, "p2", want{"Running", "plain-1", 1, -1})
	checkPod(t, f, "p3", want{"Running", "soft-1", 2, -1})
	checkPod(t, f, "p4", want{"Running", "soft-1", 3, -1})
	for _, e := range res.Events {
		assert.Equal(t, "Scheduled", e.Reason, "unexpected event %+v", e)
	}
}

func bh009(t *testing.T, c caseJSON) {
	pdb := map[string]any{"apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
		"metadata": map[string]any{"name": "api"},
		"spec":     map[string]any{"minAvailable": 1, "selector": map[string]any{"matchLabels": map[string]string{"app": "api"}}}}
	res := runCase(t, c, build{steps: []step{
		cmd(10, "kubectl taint nodes worker-1 maint=soon:NoSchedule"),
		cmd(30, "kubectl taint nodes worker-1 maint=soon:NoExecute"),
	}, extra: []any{pdb}, until: 200})
	f := at(res, 29)
	for _, n := range []string{"api", "b-forever", "c-timed", "d-wrong-effect"} {
		checkPod(t, f, n, want{"Running", "worker-1", 0, -1})
	}
	checkPod(t, f, "e-new", want{"Running", "worker-2", 15, -1})
	f = at(res, 30)
	checkPod(t, f, "api", want{"Evicted", "worker-1", 0, 30})
	checkPod(t, f, "d-wrong-effect", want{"Evicted", "worker-1", 0, 30})
	var repl []*sim.PodState
	for _, p := range ownedBy(f, "ReplicaSet/api") {
		if p.Name != "api" {
			repl = append(repl, p)
		}
	}
	if assert.Len(t, repl, 1, "api's replacement") {
		assert.Equal(t, "worker-2", repl[0].Node, "api's replacement")
		assert.Equal(t, 30.0, val(repl[0].ScheduledAt), "api's replacement scheduled at")
	}
	last := res.Frames[len(res.Frames)-1]
	checkPod(t, last, "c-timed", want{"Evicted", "worker-1", 0, 150})
	checkPod(t, last, "b-forever", want{"Running", "worker-1", 0, -1})
}

func bh010(t *testing.T, c caseJSON) {
	res := runCase(t, c, build{steps: []step{
		cmd(0, "kubectl taint nodes worker-1 gpu=nvidia:NoSchedule gpu=nvidia:NoExecute"),
		cmd(20, "kubectl taint nodes worker-1 gpu=amd:NoSchedule-"),
		cmd(40, "kubectl taint nodes worker-1 gpu=other:NoExecute"),
		cmd(60, "kubectl taint nodes worker-1 gpu-"),
	}, until: 120})
	p, _ := pod(at(res, 0), "trainer")
	assert.Equal(t, 100.0, val(p.EvictAt), "trainer's deadline at 0")
	checkPod(t, at(res, 1), "web", want{"Pending", "", -1, -1})
	taints := func(sec float64) string {
		var out []string
		for _, n := range at(res, sec).Nodes {
			if n.Name == "worker-1" {
				for _, x := range n.Taints {
					out = append(out, x.ToString())
				}
			}
		}
		return strings.Join(out, ",")
	}
	outputs := map[float64]string{}
	for _, f := range res.Frames {
		if f.Step != "" {
			outputs[f.At] = f.Output
		}
	}
	assert.Equal(t, "node/worker-1 untainted", outputs[20], "t=20 output")
	assert.Equal(t, "gpu=nvidia:NoExecute", taints(20), "t=20 taints")
	checkPod(t, at(res, 20), "web", want{"Pending", "", -1, -1})
	assert.Contains(t, outputs[40], "already has gpu taint(s) with same effect(s) and --overwrite is false", "t=40 output")
	assert.Equal(t, "gpu=nvidia:NoExecute", taints(40), "t=40 taints")
	assert.Empty(t, taints(60), "t=60 taints")
	last := res.Frames[len(res.Frames)-1]
	checkPod(t, last, "trainer", want{"Running", "worker-1", 0, -1})
	checkPod(t, last, "web", want{"Running", "worker-1", 60, -1})
	if ev := events(res, "pod/default/trainer"); assert.Len(t, ev, 1, "trainer events") {
		assert.Equal(t, 60.0, ev[0].At, "trainer event at")
		assert.Equal(t, cancelling+"trainer", ev[0].Message, "trainer event")
	}
	// The invariant: the API rejects two taints with the same key and
	// effect; the same key with another effect is fine.
	dup := c
	dup.Scenario.Pods = nil
	dup.Scenario.Nodes = append([]nodeJSON(nil), c.Scenario.Nodes...)
	for i, n := range dup.Scenario.Nodes {
		if n.Name == "worker-1" {
			n.Taints = []json.RawMessage{
				json.RawMessage(`{"key":"gpu","value":"nvidia","effect":"NoSchedule"}`),
				json.RawMessage(`{"key":"gpu","value":"amd","effect":"NoSchedule"}`),
			}
			dup.Scenario.Nodes[i] = n
		}
	}
	// ValidateNode validates the taints under the path "metadata" (an
	// upstream quirk), hence metadata.taints.
	_, err := parseCase(dup, build{})
	assert.ErrorContains(t, err, "metadata.taints[1]: Duplicate value", "duplicate key and effect")
	assert.ErrorContains(t, err, "taints must be unique by key and effect pair", "duplicate key and effect")
	for i, n := range dup.Scenario.Nodes {
		if n.Name == "worker-1" {
			n.Taints = []json.RawMessage{
				json.RawMessage(`{"key":"gpu","value":"nvidia","effect":"NoSchedule"}`),
				json.RawMessage(`{"key":"gpu","value":"nvidia","effect":"NoExecute"}`),
			}
			dup.Scenario.Nodes[i] = n
		}
	}
	_, err = parseCase(dup, build{})
	assert.NoError(t, err, "same key, two effects")
}

func bh012(t *testing.T, c caseJSON) {
	b := build{steps: []step{cmd(60, "kubectl taint nodes cp-1 node-role.kubernetes.io/control-plane-")}}
	for _, v := range []struct{ version, msg string }{
		{"", c.Expected["message (v1.35)"]},
		// The "v1.26-style" text is the legacy {key: value} wording, exact
		// for 1.28–1.33: releases up to 1.27 ended the message with a
		// double period (SCHEDULER.md §2.1, PR #117588) and 1.34 adds the
		// DRA post-filter text.
		{"1.33", c.Expected["message (v1.26-style)"]},
	} {
		b.version = v.version
		res := runCase(t, c, b)
		f := at(res, 0)
		for _, n := range []string{"equal-empty", "exists"} {
			checkPod(t, f, n, want{"Running", "cp-1", 0, -1})
		}
		for _, n := range []string{"apache", "legacy-master-tol", "equal-true"} {
			p, _ := pod(f, n)
			assert.Equal(t, "Pending", p.Phase, "version %q: %s", v.version, n)
			assert.Equal(t, v.msg, p.FailedSchedulingMessage, "version %q: %s", v.version, n)
			checkPod(t, at(res, 60), n, want{"Running", "cp-1", 60, -1})
		}
	}
}

func bh014(t *testing.T, c caseJSON) {
	rejectedAlone(t, c, map[string]string{
		// The API server's JSON decoding error (the case leaves the
		// wording open): a boolean where a string is required.
		"p-yaml-bool": "Toleration.spec.tolerations.value of type string",
		// validateTaintEffect lists the effects in its own order.
		"p-effect-lower": `spec.tolerations[0].effect: Unsupported value: "noschedule": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
	})
	// The case's pod name "p-True" is itself invalid (metadata.name must
	// be a lowercase RFC 1123 subdomain), so the API server would refuse
	// it for its name before looking at the toleration: the pod runs here
	// as p-capital-true.
	_, err := parseCase(c, build{only: map[string]bool{"p-True": true}})
	assert.ErrorContains(t, err, `metadata.name: Invalid value: "p-True": a lowercase RFC 1123 subdomain`, "p-True")
	for i, p := range c.Scenario.Pods {
		if p.Name == "p-True" {
			pods := append([]podJSON(nil), c.Scenario.Pods...)
			pods[i].Name, pods[i].Labels = "p-capital-true", nil
			c.Scenario.Pods = pods
		}
	}
	res := runCase(t, c, build{only: map[string]bool{"p-capital-true": true, "p-true": true}})
	checkPod(t, at(res, 0), "p-capital-true", want{"Pending", "", -1, -1})
	checkPod(t, at(res, 0), "p-true", want{"Running", "gpu-1", 0, -1})
}

func bh016(t *testing.T, c caseJSON) {
	res := runCase(t, c, build{steps: []step{cmd(30, "kubectl taint nodes db-1 maint=now:NoExecute")}, until: 400})
	defaults := map[string]int{}
	for _, p := range at(res, 0).Pods {
		for _, s := range p.TolerationSources {
			if s == "DefaultTolerationSeconds" {
				defaults[p.Name]++
			}
		}
	}
	assert.Equal(t, 0, defaults["ctrl-a"], "default tolerations %v, want ctrl-c: 2 only", defaults)
	assert.Equal(t, 0, defaults["ctrl-b"], "default tolerations %v, want ctrl-c: 2 only", defaults)
	assert.Equal(t, 2, defaults["ctrl-c"], "default tolerations %v, want ctrl-c: 2 only", defaults)
	p, _ := pod(at(res, 30), "ctrl-a")
	assert.Equal(t, 300.0, val(p.EvictAt), "ctrl-a deadline at 30 (kept)")
	p, _ = pod(at(res, 30), "ctrl-b")
	assert.Equal(t, 330.0, val(p.EvictAt), "ctrl-b deadline at 30")
	p, _ = pod(at(res, 29), "ctrl-b")
	assert.Nil(t, p.EvictAt, "ctrl-b deadline before 30")
	last := res.Frames[len(res.Frames)-1]
	checkPod(t, last, "ctrl-a", want{"Evicted", "db-1", 0, 300})
	checkPod(t, last, "ctrl-b", want{"Evicted", "db-1", 0, 330})
	checkPod(t, last, "ctrl-c", want{"Evicted", "db-1", 0, 150})
	// ctrl-a's replacement lands on db-1 again (its nodeSelector) and is
	// deleted 300 s after binding.
	for _, p := range ownedBy(last, "ReplicaSet/ctrl-a") {
		if p.Name == "ctrl-a" {
			continue
		}
		assert.Equal(t, "db-1", p.Node, "ctrl-a replacement %s", p.Name)
		assert.Equal(t, 300.0, val(p.ScheduledAt), "ctrl-a replacement %s scheduled at", p.Name)
		assert.Equal(t, 600.0, val(p.EvictAt), "ctrl-a replacement %s deadline", p.Name)
	}
}

func bh017(t *testing.T, c caseJSON) {
	// The note "1800m cpu already requested by other pods" on general-1:
	// a filler pod bound there.
	filler := map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": map[string]any{"name": "filler"},
		"spec": map[string]any{"nodeName": "general-1", "containers": []any{map[string]any{"name": "c", "image": "x",
			"resources": map[string]any{"requests": map[string]string{"cpu": "1800m"}}}}}}
	res := runCase(t, c, build{extra: []any{filler}, until: 950})
	var pods []*sim.PodState
	last := res.Frames[len(res.Frames)-1]
	for _, p := range last.Pods {
		if strings.HasPrefix(p.Owner, "ReplicaSet/csi-ctrl-") {
			pods = append(pods, p)
		}
	}
	// Bound at 0, 300, 600, 900 to db-1; deleted at 300, 600, 900; never
	// Pending.
	require.Len(t, pods, 4, "csi-ctrl pods: %+v", pods)
	for i, p := range pods {
		s := float64(300 * i)
		assert.Equal(t, "db-1", p.Node, "pod %d %s", i, p.Name)
		assert.Equal(t, s, val(p.ScheduledAt), "pod %d %s scheduled at", i, p.Name)
		if i < 3 {
			assert.Equal(t, "Evicted", p.Phase, "pod %d %s", i, p.Name)
			assert.Equal(t, s+300, val(p.EvictedAt), "pod %d %s evicted at", i, p.Name)
		}
	}
	for _, e := range res.Events {
		assert.NotEqual(t, "FailedScheduling", e.Reason, "unexpected %+v", e)
	}
	// "If general-1 had room": the NoExecute taint costs db-1 nothing in
	// TaintToleration's score (only PreferNoSchedule is counted).
	roomy := runCase(t, c, build{})
	first, _ := pod(at(roomy, 0), ownedByPrefix(at(roomy, 0), "ReplicaSet/csi-ctrl-"))
	require.NotNil(t, first.Why, "no explanation with room on general-1")
	require.Len(t, first.Why.Nodes, 2, "no explanation with room on general-1")
	tt := map[string]int64{}
	for _, n := range first.Why.Nodes {
		assert.True(t, n.Feasible, "%s not feasible with room: %s", n.Node, n.Plugin)
		for _, sp := range n.Scores {
			if sp.Plugin == "TaintToleration" {
				tt[n.Node] = sp.Normalized
			}
		}
	}
	assert.Len(t, tt, 2, "TaintToleration normalized scores %v, want equal", tt)
	assert.Equal(t, tt["db-1"], tt["general-1"], "TaintToleration normalized scores %v, want equal", tt)
	// general-1 fails with Insufficient cpu.
	p, _ := pod(at(res, 0), pods[0].Name)
	require.NotNil(t, p.Why, "no explanation for %s at 0", p.Name)
	require.Len(t, p.Why.Nodes, 2, "no explanation for %s at 0", p.Name)
	for _, n := range p.Why.Nodes {
		if n.Node == "general-1" {
			assert.False(t, n.Feasible, "general-1 verdict %+v", n)
			assert.Equal(t, "NodeResourcesFit", n.Plugin, "general-1 verdict %+v", n)
			assert.Equal(t, "Insufficient cpu", strings.Join(n.Reasons, ","), "general-1 verdict %+v", n)
		}
	}
}
