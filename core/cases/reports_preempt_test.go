package cases

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/scenario"
	"github.com/taints-playground/playground/core/sim"
)

// The preemption reports (testdata/reports/preempt-*.yaml).
// Expected texts and times are read from upstream v1.37.2 (v1.32.0 where
// the case says so): framework/preemption/executor.go (PreemptPod: the
// DisruptionTarget condition, the deletion, the Preempted event),
// preemption.go (Evaluator.evaluate and Preempt), defaultpreemption
// (PodEligibleToPreemptOthers), schedule_one.go (handleSchedulingFailure,
// the nominatingInfo), backend/queue (the 5-minute flush, ticks every 30 s),
// noderesources/fit.go (EventsToRegister: AssignedPod Delete moves the
// preemptor, a node taint does not).

// victimCondition is the condition PreemptPod patches onto a victim of a
// pod preemptor scheduled by default-scheduler.
var victimCondition = core.PodCondition{Type: "DisruptionTarget", Status: core.ConditionTrue,
	Reason: "PreemptionByScheduler", Message: "default-scheduler: preempting to accommodate a higher priority pod"}

func loadReport(t *testing.T, name string) *scenario.Scenario {
	t.Helper()
	b, err := os.ReadFile("testdata/reports/" + name + ".yaml")
	require.NoError(t, err)
	s, err := scenario.Parse(b, name+".yaml")
	require.NoError(t, err)
	return s
}

func runScenario(t *testing.T, s *scenario.Scenario) *sim.Result {
	t.Helper()
	res, err := sim.Run(s)
	require.NoError(t, err)
	return res
}

// withGrace is the report with every terminationGracePeriodSeconds set
// to seconds.
func withGrace(t *testing.T, name, seconds string) *scenario.Scenario {
	t.Helper()
	b, err := os.ReadFile("testdata/reports/" + name + ".yaml")
	require.NoError(t, err)
	text := regexp.MustCompile(`terminationGracePeriodSeconds: \d+`).ReplaceAllString(string(b), "terminationGracePeriodSeconds: "+seconds)
	s, err := scenario.Parse([]byte(text), name+".yaml")
	require.NoError(t, err)
	return s
}

// withReason keeps the events of one reason (the kubelet's Killing event
// of a victim comes from another component, in no set order).
func withReason(evs []sim.Event, reason string) []sim.Event {
	var out []sim.Event
	for _, e := range evs {
		if e.Reason == reason {
			out = append(out, e)
		}
	}
	return out
}

func reasons(evs []sim.Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Reason)
	}
	return out
}

const preemptedHigh = "0/1 nodes are available: 1 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims"

// (a) The victim gets DisruptionTarget and a Preempted event at 10 s and
// the preemptor is nominated to n1. With terminationGracePeriodSeconds 0
// the victim is gone at once and high binds at 10 s.
func TestReportPreemptVictimCondition(t *testing.T) {
	res := runScenario(t, withGrace(t, "preempt-terminating-victim", "0"))
	high := events(res, "pod/default/high")
	require.Equal(t, []string{"FailedScheduling", "Scheduled"}, reasons(high))
	assert.Equal(t, 10.0, high[0].At)
	assert.Equal(t, preemptedHigh, high[0].Message)
	low := events(res, "pod/default/low")
	require.Equal(t, []string{"Scheduled", "Preempted"}, reasons(low))
	assert.Equal(t, 10.0, low[1].At)
	// preemption.go names the preemptor by its UID: uid-1, the simulated
	// API server's for the second pod of a file without UIDs.
	assert.Equal(t, "Preempted by pod uid-1 on node n1", low[1].Message)
	p, ok := pod(at(res, 10), "low")
	require.True(t, ok)
	require.NotNil(t, p.DisruptionTarget)
	assert.Equal(t, victimCondition, *p.DisruptionTarget)
	assert.Equal(t, 10.0, high[1].At, "grace period 0: high binds at once")
	checkPod(t, at(res, 10), "high", want{"Running", "n1", 10, -1})
}

// (a) With the manifest's 30 s grace period the victim is Terminating on
// n1 from 10 s to 40 s, still holding its 600m; high waits nominated to n1
// (kubectl get -o wide's NOMINATED NODE, describe's NominatedNodeName)
// and binds at 40 s, when the victim's deletion (AssignedPod Delete,
// NodeResourcesFit's hint) sends it back to the queue.
func TestReportPreemptorWaitsForTerminatingVictim(t *testing.T) {
	s := loadReport(t, "preempt-terminating-victim")
	res := runScenario(t, s)
	high := events(res, "pod/default/high")
	require.Equal(t, []string{"FailedScheduling", "Scheduled"}, reasons(high))
	assert.Equal(t, preemptedHigh, high[0].Message)
	assert.Equal(t, 40.0, high[1].At, "bound when the victim is gone: 10 s + 30 s")
	p, _ := pod(at(res, 39), "high")
	assert.Equal(t, "Pending", p.Phase)
	assert.Equal(t, "n1", p.NominatedNodeName)
	require.NotNil(t, p.Why)
	assert.Contains(t, p.Why.Summary, "It is nominated to n1 (status.nominatedNodeName), waiting for 1 victim(s) to terminate")
	lp, ok := pod(at(res, 39), "low")
	require.True(t, ok, "the victim is still there at 39 s")
	assert.True(t, lp.Terminating)
	checkPod(t, at(res, 40), "high", want{"Running", "n1", 40, -1})

	out, err := sim.Exec(s, 20*time.Second, "kubectl get pods -o wide")
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^high\s+0/1\s+Pending\s+0\s+\S+\s+<none>\s+<none>\s+n1\s+<none>$`, out)
	assert.Regexp(t, `(?m)^low\s+\S+\s+Terminating\s`, out)
	out, err = sim.Exec(s, 20*time.Second, "kubectl describe pod high")
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^NominatedNodeName:\s+n1$`, out)
	out, err = sim.Exec(s, 20*time.Second, "kubectl get pod low -o yaml")
	require.NoError(t, err)
	assert.Contains(t, out, "reason: PreemptionByScheduler")
	assert.Contains(t, out, "message: 'default-scheduler: preempting to accommodate a higher priority pod'")
	// kubectl prints metadata.deletionTimestamp of a Terminating pod; the
	// playground's core.ObjectMeta keeps it out of JSON (json:"-") so far.
	assert.Contains(t, out, "deletionTimestamp:")
}

// (b) high preempts low1 on n1 (victim priority 0 beats low2's 5) at
// 10 s; low1 terminates for 600 s. n1 is tainted at 20 s (NodeResourcesFit
// does not register taint updates, so high is not retried then). The
// flush retries high at 330 s (failed at 10 s: the first 30 s tick more
// than 5 minutes later): n1 is UnschedulableAndUnresolvable, so
// PodEligibleToPreemptOthers lets high preempt although low1 still
// terminates there, and it preempts low2 on n2, which is gone at 360 s,
// when high binds on n2.
func TestReportNominatedNodeTaintedPreemptsElsewhere(t *testing.T) {
	res := runScenario(t, loadReport(t, "preempt-nominated-node-tainted"))
	high := events(res, "pod/default/high")
	require.Equal(t, []string{"FailedScheduling", "FailedScheduling", "Scheduled"}, reasons(high))
	assert.Equal(t, 10.0, high[0].At)
	assert.Equal(t, "0/2 nodes are available: 2 Insufficient cpu. preemption: found a potential placement for pod on node n1, preempting 1 victims", high[0].Message)
	assert.Equal(t, 330.0, high[1].At)
	assert.Equal(t, "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). preemption: found a potential placement for pod on node n2, preempting 1 victims", high[1].Message)
	assert.Equal(t, 360.0, high[2].At)
	assert.Equal(t, "Successfully assigned default/high to n2", high[2].Message)
	for _, v := range []struct {
		name, node string
		at         float64
	}{{"low1", "n1", 10}, {"low2", "n2", 330}} {
		ev := withReason(events(res, "pod/default/"+v.name), "Preempted")
		require.Len(t, ev, 1, v.name)
		assert.Equal(t, v.at, ev[0].At, v.name)
		assert.Equal(t, "Preempted by pod uid-2 on node "+v.node, ev[0].Message, v.name, "high's UID (the third pod)")
	}
	p, _ := pod(at(res, 329), "high")
	assert.Equal(t, "n1", p.NominatedNodeName)
	p, _ = pod(at(res, 330), "high")
	assert.Equal(t, "n2", p.NominatedNodeName)
	lp, ok := pod(at(res, 330), "low1")
	require.True(t, ok)
	assert.True(t, lp.Terminating, "low1 still terminates on n1 (until 610 s)")
}

// (b) without the taint: at 330 s n1 is only Unschedulable for high
// (Insufficient cpu: low1 still holds its 600m), so PodEligibleToPreemptOthers
// refuses a second preemption while low1 terminates there; the nomination
// stays, low2 is spared, and high binds on n1 when low1 is gone at
// 10 + 600 = 610 s.
func TestReportNotEligibleWhileVictimTerminates(t *testing.T) {
	b, err := os.ReadFile("testdata/reports/preempt-nominated-node-tainted.yaml")
	require.NoError(t, err)
	text := strings.Replace(string(b), "- at: 20s\n  run: kubectl taint nodes n1 dedicated=batch:NoSchedule\n", "", 1)
	require.NotEqual(t, string(b), text, "the taint step is gone")
	s, err := scenario.Parse([]byte(text), "no-taint.yaml")
	require.NoError(t, err)
	s.Until = 620 * time.Second
	res := runScenario(t, s)
	high := events(res, "pod/default/high")
	require.Equal(t, []string{"FailedScheduling", "FailedScheduling", "Scheduled"}, reasons(high))
	assert.Equal(t, 330.0, high[1].At)
	assert.Equal(t, "0/2 nodes are available: 2 Insufficient cpu. preemption: not eligible due to a terminating pod on the nominated node.", high[1].Message)
	assert.Equal(t, 610.0, high[2].At)
	assert.Equal(t, "Successfully assigned default/high to n1", high[2].Message)
	assert.Empty(t, withReason(events(res, "pod/default/low2"), "Preempted"), "low2 is spared")
	p, _ := pod(at(res, 330), "high")
	assert.Equal(t, "n1", p.NominatedNodeName, "not eligible keeps the nomination")
}

// (c) Kubernetes 1.32. high preempts low at 10 s (the successful
// preemption adds no post part before 1.37) and is nominated to n1; low
// (grace period 0) is gone at once, which moves high to backoffQ until
// 11 s. n1 is tainted at 10 s. At 11 s n1 is UnschedulableAndUnresolvable
// and there is no other node: no candidate, "Preemption is not helpful for
// scheduling", and the nomination is cleared (Evaluator.evaluate's
// NewPostFilterResultWithNominatedNode("")), so at 12 s small, which
// tolerates the taint, gets the room high no longer holds.
func TestReportFailedPreemptionClearsNomination(t *testing.T) {
	s := loadReport(t, "preempt-nomination-cleared")
	res := runScenario(t, s)
	high := events(res, "pod/default/high")
	require.Equal(t, []string{"FailedScheduling", "FailedScheduling"}, reasons(high))
	assert.Equal(t, 10.0, high[0].At)
	assert.Equal(t, "0/1 nodes are available: 1 Insufficient cpu.", high[0].Message)
	assert.Equal(t, 11.0, high[1].At)
	assert.Equal(t, "0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: batch}. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.", high[1].Message)
	p, _ := pod(at(res, 10), "high")
	assert.Equal(t, "n1", p.NominatedNodeName, "nominated after the preemption")
	require.NotNil(t, p.Why)
	assert.Contains(t, p.Why.Summary, "It is nominated to n1 (status.nominatedNodeName)")
	p, _ = pod(at(res, 11), "high")
	assert.Empty(t, p.NominatedNodeName, "cleared by the failed preemption")
	checkPod(t, at(res, 12), "small", want{"Running", "n1", 12, -1})

	out, err := sim.Exec(s, 10*time.Second, "kubectl get pods -o wide")
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^high\s+0/1\s+Pending\s+0\s+\S+\s+<none>\s+<none>\s+n1\s+<none>$`, out)
	out, err = sim.Exec(s, 10*time.Second, "kubectl describe pod high")
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^NominatedNodeName:\s+n1$`, out)
	out, err = sim.Exec(s, 11500*time.Millisecond, "kubectl describe pod high")
	require.NoError(t, err)
	assert.False(t, strings.Contains(out, "NominatedNodeName:"), "cleared at 11 s (asked half a second later):\n%s", out)
}
