package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mc-noexecute-pdb tainted at 10 s, before its own step: the web pod on
// n1 is deleted at once (no toleration; the PDB is not consulted), the
// ReplicaSet's replacement lands on n2 in the same instant, and without
// the preview's taint it would have gone at 30 s.
func TestImpactText(t *testing.T) {
	code, out, errs := runArgs(t, "", "impact", "--preset", "mc-noexecute-pdb", "--at", "10s", "kubectl taint nodes n1 maint=now:NoExecute")
	require.Equal(t, exitOK, code, errs)
	assert.True(t, strings.HasPrefix(out, "IMPACT of \"kubectl taint nodes n1 maint=now:NoExecute\" at t=10s (compared up to t=70s)\nnode/n1 tainted\n"), out)
	lines := strings.Split(out, "\n")
	var evicted, recreated string
	for i, l := range lines {
		if l == "EVICTED" {
			evicted = lines[i+2]
		}
		if l == "RECREATED" {
			recreated = lines[i+2]
		}
	}
	assert.Regexp(t, `^default/web-\S+\s+n1\s+t=10s\s+-\s+<none>\s+t=30s\s+n1 has maint=now:NoExecute, which it does not tolerate: evicted at once$`, evicted)
	assert.Regexp(t, `^default/web-\S+\s+ReplicaSet/web-\S+\s+t=10s\s+n2\s+default/web-\S+$`, recreated)
}

// The timed pod tolerates workload=db:NoExecute for 60 s; removing that
// taint at 30 s cancels its deletion, due at 60 s.
func TestImpactJSON(t *testing.T) {
	code, out, errs := runArgs(t, "", "impact", "--preset", "mc-tolerationseconds-scheduling", "--at", "30", "--json", "kubectl taint nodes db-1 workload:NoExecute-")
	require.Equal(t, exitOK, code, errs)
	assertJSON(t, out, `{
  "command": "kubectl taint nodes db-1 workload:NoExecute-", "at": 30, "horizon": 90,
  "output": "node/db-1 untainted\n", "breaksSteps": [], "fixesSteps": [],
  "nodes": [{"node": "db-1", "before": [{"key": "workload", "value": "db", "effect": "NoExecute"}], "after": []}],
  "evicted": [], "spared": [{"pod": "default/timed", "node": "db-1", "otherwise": 60}],
  "scheduled": [], "stillPending": [], "recreated": []
}`)
}

func TestImpactErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"impact", "--preset", "mc-noexecute-pdb"}, exitInvalid, "give a scenario FILE (or --preset NAME) and one quoted"},
		{[]string{"impact", "--preset", "mc-noexecute-pdb", "--at", "soon", "kubectl taint nodes n1 a:NoExecute"}, exitInvalid, `--at: must be a duration such as 30s or 1m30s, or a number of seconds, got "soon"`},
		{[]string{"impact", "--preset", "mc-noexecute-pdb", "--at", "-5s", "kubectl taint nodes n1 a:NoExecute"}, exitInvalid, "at: must be between 0s and 720h0m0s, got -5s"},
		{[]string{"impact", "--preset", "mc-noexecute-pdb", "kubectl drain n1"}, exitInvalid, "command: only `kubectl taint nodes"},
		{[]string{"impact", "--preset", "mc-noexecute-pdb", "kubectl taint nodes n3 a:NoExecute"}, exitInvalid, `command: Error from server (NotFound): nodes "n3" not found`},
		{[]string{"impact", "--preset", "nope", "kubectl taint nodes n1 a:NoExecute"}, exitInvalid, `unknown preset "nope"`},
		{[]string{"impact", "--preset", "mc-noexecute-pdb", "--bogus", "kubectl taint nodes n1 a:NoExecute"}, exitInvalid, "unknown flag --bogus"},
	}
	for _, c := range cases {
		code, out, errs := runArgs(t, "", c.args...)
		assert.Equal(t, c.code, code, c.args)
		assert.Empty(t, out)
		assert.Contains(t, errs, c.want)
	}
}

func TestImpactInUsage(t *testing.T) {
	code, out, _ := runArgs(t, "", "--help")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, "sim impact FILE|--preset NAME 'kubectl taint nodes NODE|-l SELECTOR KEY[=VALUE]:EFFECT[-]'")
}

// Tainting n1 at 0 s, before the lesson's own step at 30 s adds the same
// key and effect: kubectl refuses that step without --overwrite (upstream
// checkIfTaintsAlreadyExists), so the text lists it with kubectl's error.
func TestImpactTextBreaksStep(t *testing.T) {
	code, out, errs := runArgs(t, "", "impact", "--preset", "mc-noexecute-pdb", "kubectl taint nodes n1 maint=now:NoExecute")
	require.Equal(t, exitOK, code, errs)
	_, after, ok := strings.Cut(out, "\nLATER STEPS THAT FAIL WITH THIS COMMAND\n")
	require.True(t, ok, out)
	lines := strings.Split(after, "\n")
	assert.Regexp(t, `^AT\s+STEP\s+ERROR$`, lines[0])
	assert.Regexp(t, `^t=30s\s+kubectl taint nodes n1 maint=now:NoExecute\s+error: node n1 already has maint taint\(s\) with same effect\(s\) and --overwrite is false$`, lines[1])
	assert.Contains(t, out, "\nLATER STEPS THAT FAIL ONLY WITHOUT THIS COMMAND\n<none>\n")
}

// `sim impact --help` and `sim run --help` print the usage and exit 0, as
// `sim --help` and `sim tables --help` do.
func TestImpactHelp(t *testing.T) {
	for _, args := range [][]string{{"impact", "--help"}, {"impact", "-h"}, {"impact", "--preset", "x", "--help"}, {"run", "--help"}} {
		code, out, errs := runArgs(t, "", args...)
		assert.Equal(t, exitOK, code, args)
		assert.Empty(t, errs, args)
		assert.Contains(t, out, "sim impact FILE|--preset NAME", args)
	}
}

// keptOut: big (2 CPUs) fits only n1, whose dedicated=db:NoSchedule taint
// a step removes at 8 s.
const keptOut = `kind: Scenario
name: kept-out
until: 10s
steps:
- at: 8s
  run: kubectl taint nodes n1 dedicated:NoSchedule-
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
`

// Without the command big binds to n1 once the step at 8 s removes the
// taint; with x=y:NoSchedule added at 5 s, n1 still has an untolerated
// NoSchedule taint (TaintToleration filter) and n2 is too small, so big
// stays Pending: KEPT OUT BY COMMAND yes.
func TestImpactTextKeptOut(t *testing.T) {
	code, out, errs := runArgs(t, keptOut, "impact", "-", "--at", "5s", "kubectl taint nodes n1 x=y:NoSchedule")
	require.Equal(t, exitOK, code, errs)
	_, after, ok := strings.Cut(out, "\nSTILL PENDING\n")
	require.True(t, ok, out)
	lines := strings.Split(after, "\n")
	assert.Regexp(t, `^POD\s+KEPT OUT BY COMMAND\s+REASON$`, lines[0])
	assert.Regexp(t, `^default/big\s+yes\s+0/2 nodes are available`, lines[1])
}
