package impact

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/presets"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// preset parses the preset called name.
func preset(t *testing.T, name string) *scenario.Scenario {
	t.Helper()
	for _, p := range presets.Catalog() {
		if p.Name == name {
			s, err := scenario.Parse([]byte(p.YAML), name+".yaml")
			require.NoError(t, err)
			return s
		}
	}
	t.Fatalf("no preset %s", name)
	return nil
}

// untaintedDB is mc-tolerationseconds-scheduling with db-1 untainted, so
// both pods run when the previewed taint arrives.
func untaintedDB(t *testing.T) *scenario.Scenario {
	s := preset(t, "mc-tolerationseconds-scheduling")
	n := *s.Nodes[0]
	n.Spec.Taints = nil
	s.Nodes = append(s.Nodes[:0:0], &n)
	return s
}

// noSteps is a preset without its timeline.
func noSteps(t *testing.T, name string) *scenario.Scenario {
	s := preset(t, name)
	s.Steps = nil
	return s
}

func i64(v int64) *int64     { return &v }
func f64(v float64) *float64 { return &v }

// want is one expected eviction: pod, time, tolerationSeconds, the
// deciding toleration's key ("" for none), never, otherwise.
type want struct {
	pod       string
	at        float64
	seconds   *int64
	tolKey    string
	never     bool
	otherwise *float64
}

// Evictions follow upstream's processPodOnNode: an untolerated NoExecute
// taint evicts at once; otherwise the smallest tolerationSeconds of the
// tolerations used, counted from when the controller sees the taint (0:
// at once); none set: never. An existing deadline is kept.
func TestPreviewEvictions(t *testing.T) {
	cases := []struct {
		name    string
		scen    func(*testing.T) *scenario.Scenario
		at      time.Duration
		command string
		evicted []want
		spared  []string
	}{
		{
			name: "timed 60 s and zero 0 s from when the taint arrives", scen: untaintedDB, at: 10 * time.Second,
			command: "kubectl taint nodes db-1 workload=db:NoExecute",
			evicted: []want{
				{pod: "default/zero", at: 10, seconds: i64(0), tolKey: "workload"},
				{pod: "default/timed", at: 70, seconds: i64(60), tolKey: "workload"},
			},
		},
		{
			name: "an untolerated NoExecute taint evicts at once, not at the 60 s deadline", scen: func(t *testing.T) *scenario.Scenario { return preset(t, "mc-tolerationseconds-scheduling") },
			at: 30 * time.Second, command: "kubectl taint nodes db-1 other=x:NoExecute",
			evicted: []want{{pod: "default/timed", at: 30, otherwise: f64(60)}},
		},
		{
			// zero was deleted at 0 s (tolerationSeconds 0) and is
			// Terminating for its 30 s grace period at 5 s: the controller
			// marks it again, but the command evicts only timed.
			name: "a pod already Terminating is not evicted by the command", scen: func(t *testing.T) *scenario.Scenario { return preset(t, "mc-tolerationseconds-scheduling") },
			at: 5 * time.Second, command: "kubectl taint nodes db-1 extra=x:NoExecute",
			evicted: []want{{pod: "default/timed", at: 5, otherwise: f64(60)}},
		},
		{
			name: "removing the taint cancels the pending deletion", scen: func(t *testing.T) *scenario.Scenario { return preset(t, "mc-tolerationseconds-scheduling") },
			at: 30 * time.Second, command: "kubectl taint nodes db-1 workload:NoExecute-",
			spared: []string{"default/timed"},
		},
		{
			name: "a mirror pod is evicted too, before the preset's own taint", scen: func(t *testing.T) *scenario.Scenario { return preset(t, "mc-static-pod-noexecute") },
			at: 5 * time.Second, command: "kubectl taint nodes --all foo=bar:NoExecute",
			evicted: []want{
				{pod: "default/web", at: 5, otherwise: f64(10)},
				{pod: "kube-system/kube-scheduler-cp-1", at: 5, otherwise: f64(10)},
			},
		},
		{
			name: "default 300 s and fast-failover's 30 s lose to an untolerated taint", scen: func(t *testing.T) *scenario.Scenario { return preset(t, "mc-node-death-timing") },
			at: 20 * time.Second, command: "kubectl taint nodes -l kubernetes.io/hostname=n1 maint=now:NoExecute",
			evicted: []want{
				{pod: "default/api", at: 20, otherwise: f64(365)},
				{pod: "default/fast-failover", at: 20, otherwise: f64(95)},
			},
		},
		{
			// The node-lifecycle controller removes an unreachable taint from
			// a Ready node at its next pass (markNodeAsReachable): n1 is still
			// Ready at 20 s, so nobody is evicted.
			name: "an unreachable taint on a Ready node is removed before any deadline", scen: func(t *testing.T) *scenario.Scenario { return preset(t, "mc-node-death-timing") },
			at: 20 * time.Second, command: "kubectl taint nodes n1 node.kubernetes.io/unreachable:NoExecute",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			im, err := Preview(c.scen(t), c.at, c.command)
			require.NoError(t, err)
			var got []want
			for _, e := range im.Evicted {
				w := want{pod: e.Pod, at: e.At, seconds: e.TolerationSeconds, never: e.Never, otherwise: e.Otherwise}
				if e.Toleration != nil {
					w.tolKey = e.Toleration.Key
				}
				got = append(got, w)
			}
			if len(c.evicted) == 0 {
				assert.Empty(t, got)
			} else {
				assert.Equal(t, c.evicted, got)
			}
			var spared []string
			for _, s := range im.Spared {
				spared = append(spared, s.Pod)
			}
			assert.ElementsMatch(t, c.spared, spared)
		})
	}
}

// The timed pod's 60 s deadline needs a horizon past until (70 s):
// at + 60 s + Settle.
func TestPreviewHorizon(t *testing.T) {
	im, err := Preview(untaintedDB(t), 10*time.Second, "kubectl taint nodes db-1 workload=db:NoExecute")
	require.NoError(t, err)
	assert.Equal(t, 10+60+Settle.Seconds(), im.Horizon)
	require.Len(t, im.Evicted, 2)
	assert.Equal(t, "workload=db:NoExecute", im.Evicted[1].Taint.ToString())
	assert.Contains(t, im.Evicted[1].Reason, "for 60s (tolerationSeconds), counted from t=10s")
}

// The taint-eviction controller ignores PodDisruptionBudgets; the
// ReplicaSet replaces the deleted pod at once and it lands on n2, the
// only untainted node.
func TestPreviewReplacement(t *testing.T) {
	im, err := Preview(noSteps(t, "mc-noexecute-pdb"), 30*time.Second, "kubectl taint nodes n1 maint=now:NoExecute")
	require.NoError(t, err)
	require.Len(t, im.Evicted, 1)
	e := im.Evicted[0]
	assert.Equal(t, "n1", e.Node)
	assert.Equal(t, 30.0, e.At)
	assert.Nil(t, e.Toleration)
	assert.Equal(t, "n1 has maint=now:NoExecute, which it does not tolerate: evicted at once", e.Reason)
	require.Len(t, im.Recreated, 1)
	r := im.Recreated[0]
	assert.True(t, strings.HasPrefix(r.Owner, "ReplicaSet/web-"), r.Owner)
	assert.Equal(t, e.Owner, r.Owner)
	assert.Equal(t, "n2", r.Node)
	assert.Equal(t, 30.0, r.At)
	assert.Equal(t, e.Pod, r.Replaces)
	assert.Empty(t, im.Scheduled, "the replacement is listed once, under Recreated")
}

const pendingScenario = `kind: Scenario
name: pending
until: 10s
---
apiVersion: v1
kind: Node
metadata: {name: n1}
spec:
  taints: [{key: dedicated, value: db, effect: NoSchedule}]
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
status: {allocatable: {cpu: "1", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: big}
spec:
  containers: [{name: c, image: app, resources: {requests: {cpu: "2"}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: forever}
spec:
  nodeName: n2
  tolerations: [{key: x, operator: Exists, effect: NoExecute}]
  containers: [{name: c, image: app, resources: {requests: {cpu: 100m}}}]
`

func parse(t *testing.T, text string) *scenario.Scenario {
	s, err := scenario.Parse([]byte(text), "t.yaml")
	require.NoError(t, err)
	return s
}

// Removing the only taint that keeps big out binds it (n2 is too small);
// a taint elsewhere leaves it Pending with the scheduler's reasons; a
// toleration without tolerationSeconds keeps a pod for ever.
func TestPreviewPending(t *testing.T) {
	im, err := Preview(parse(t, pendingScenario), 5*time.Second, "kubectl taint nodes n1 dedicated:NoSchedule-")
	require.NoError(t, err)
	require.Len(t, im.Scheduled, 1)
	assert.Equal(t, "default/big", im.Scheduled[0].Pod)
	assert.Equal(t, "n1", im.Scheduled[0].Node)
	assert.Nil(t, im.Scheduled[0].Otherwise)
	assert.Empty(t, im.StillPending)

	im, err = Preview(parse(t, pendingScenario), 5*time.Second, "kubectl taint nodes n2 x=y:NoExecute")
	require.NoError(t, err)
	require.Len(t, im.StillPending, 1)
	assert.Equal(t, "default/big", im.StillPending[0].Pod)
	assert.Contains(t, im.StillPending[0].Reason, "0/2 nodes are available")
	assert.Contains(t, im.StillPending[0].Reason, "1 Insufficient cpu")
	assert.Contains(t, im.StillPending[0].Reason, "1 node(s) had untolerated taint")
	assert.False(t, im.StillPending[0].Blocked)
	require.Len(t, im.Evicted, 1)
	e := im.Evicted[0]
	assert.Equal(t, "default/forever", e.Pod)
	assert.True(t, e.Never)
	assert.Nil(t, e.TolerationSeconds)
	require.NotNil(t, e.Toleration)
	assert.Equal(t, "x", e.Toleration.Key)
}

// Bad input: errors name the field and the rule; the scenario is left
// alone.
func TestPreviewErrors(t *testing.T) {
	cases := []struct {
		at            time.Duration
		command, want string
	}{
		{-time.Second, "kubectl taint nodes n1 a=b:NoExecute", "at: must be between 0s and"},
		{31 * 24 * time.Hour, "kubectl taint nodes n1 a=b:NoExecute", "at: must be between 0s and"},
		{time.Second, "kubectl cordon n1", `command: only ` + "`kubectl taint nodes"},
		{time.Second, "kubectl taint nodes n1 'a=b:NoExecute", "command: unterminated quote"},
		{time.Second, "kubectl taint nodes n1 a=b:Bad", "command: error: invalid taint effect: Bad, unsupported taint effect"},
		{time.Second, "kubectl taint nodes n9 a=b:NoExecute", `command: Error from server (NotFound): nodes "n9" not found`},
		{time.Second, "kubectl taint nodes n1 dedicated=db:NoSchedule", "command: error: node n1 already has dedicated taint(s) with same effect(s) and --overwrite is false"},
		{time.Second, "kubectl taint nodes -l zone=none a=b:NoExecute", "command: selects no node to change at t=1s"},
	}
	for _, c := range cases {
		s := parse(t, pendingScenario)
		_, err := Preview(s, c.at, c.command)
		require.Error(t, err, c.command)
		assert.Contains(t, err.Error(), c.want)
		assert.Empty(t, s.Steps)
		assert.Equal(t, 10*time.Second, s.Until)
	}
	_, err := Preview(nil, 0, "kubectl taint nodes n1 a=b:NoExecute")
	assert.EqualError(t, err, "scenario: none given")
}

// The preview is what happens: apply the step (scenario.InsertStep, as
// the console does), run, and the TaintManagerEviction deletions after t
// are the previewed evictions with their times.
func TestPreviewMatchesApplied(t *testing.T) {
	cases := []struct {
		name, text string
		at         float64
		command    string
	}{
		{"mc-noexecute-pdb", presetText(t, "mc-noexecute-pdb"), 10, "kubectl taint nodes n2 maint=now:NoExecute"},
		{"mc-node-death-timing", presetText(t, "mc-node-death-timing"), 20, "kubectl taint nodes n1 maint=now:NoExecute"},
		{"mc-static-pod-noexecute", presetText(t, "mc-static-pod-noexecute"), 5, "kubectl taint nodes cp-1 foo=bar:NoExecute"},
		{"node-failure", presetText(t, "node-failure"), 0, "kubectl taint nodes --all maint=x:NoExecute"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			im, err := Preview(parse(t, c.text), seconds(c.at), c.command)
			require.NoError(t, err)
			applied, err := scenario.InsertStep(c.text, "t.yaml", c.at, c.command)
			require.NoError(t, err)
			s := parse(t, applied)
			s.Until = max(s.Until, seconds(im.Horizon))
			res, err := sim.Run(s)
			require.NoError(t, err)
			first := map[string]float64{}
			for _, e := range res.Events {
				pod, ok := strings.CutPrefix(e.Message, "Marking for deletion Pod ")
				if _, seen := first[pod]; ok && !seen && e.At >= c.at {
					first[pod] = e.At
				}
			}
			require.NotEmpty(t, im.Evicted)
			for _, e := range im.Evicted {
				if e.Never {
					continue
				}
				assert.Equal(t, first[e.Pod], e.At, e.Pod)
			}
		})
	}
}

func presetText(t *testing.T, name string) string {
	for _, p := range presets.Catalog() {
		if p.Name == name {
			return p.YAML
		}
	}
	t.Fatalf("no preset %s", name)
	return ""
}

// DaemonSet pods: the DaemonSet controller's tolerations do not cover a
// custom NoExecute taint, so the taint-eviction controller deletes the
// daemon pod and the controller creates none on that node
// (nodeShouldRunDaemonPod); removing n3's NoSchedule taint makes n3
// eligible, so a daemon pod is created for it and lands there.
func TestPreviewDaemonSet(t *testing.T) {
	s := noSteps(t, "mc-daemonset-cordon")
	im, err := Preview(s, 10*time.Second, "kubectl taint nodes n1 maint=true:NoExecute")
	require.NoError(t, err)
	require.Len(t, im.Evicted, 1)
	e := im.Evicted[0]
	assert.Equal(t, "DaemonSet/log-agent", e.Owner)
	assert.Equal(t, "n1", e.Node)
	assert.Equal(t, 10.0, e.At)
	assert.Contains(t, e.Reason, "the DaemonSet controller creates no new pod on n1")
	assert.Empty(t, im.Recreated)

	im, err = Preview(s, 10*time.Second, "kubectl taint nodes n3 dedicated:NoSchedule-")
	require.NoError(t, err)
	assert.Empty(t, im.Evicted)
	require.Len(t, im.Recreated, 1)
	assert.Equal(t, "DaemonSet/log-agent", im.Recreated[0].Owner)
	assert.Equal(t, "n3", im.Recreated[0].Node)
	assert.Equal(t, 10.0, im.Recreated[0].At)
}
