package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/taints-playground/playground/core/scenario"
)

// churnScenario is a static pod's mirror on a node tainted NoExecute at
// 10 s: the taint-eviction controller deletes the mirror, the kubelet
// creates a new one a second later, for ever.
func churnScenario(until string) string {
	return `kind: Scenario
name: churn
until: ` + until + `
steps:
- {at: 10s, run: kubectl taint nodes cp-1 maint=true:NoExecute}
---
apiVersion: v1
kind: Node
metadata: {name: cp-1}
---
apiVersion: v1
kind: Pod
metadata:
  name: etcd-cp-1
  namespace: kube-system
  annotations: {kubernetes.io/config.mirror: abc}
spec:
  nodeName: cp-1
  containers: [{name: etcd, image: etcd}]
`
}

// An hour of churn: one deletion a second, each new mirror's describe
// lists only its own events (describe finds events by the pod's UID, so
// not those of the mirrors before it).
func TestMirrorChurnHour(t *testing.T) {
	res := run(t, churnScenario("1h"))
	n := 0
	for _, e := range res.Events {
		if e.Reason == "TaintManagerEviction" {
			n++
		}
	}
	assert.Equal(t, 3600-10+1, n, "one deletion a second from 10 s to 3600 s")
	last := res.Frames[len(res.Frames)-1]
	for _, p := range last.Pods {
		if p.Name == "etcd-cp-1" && p.Describe != "" {
			assert.Equal(t, 1, strings.Count(p.Describe, "Marking for deletion"), "the last mirror's own event only:\n%s", p.Describe)
		}
	}
}

// Churn beyond the simulator's timer budget ends with a clear error
// naming the cap and what to change, never a hang.
func TestMirrorChurnTooLong(t *testing.T) {
	defer func(v bool) { verifyFrames = v }(verifyFrames)
	verifyFrames = false
	s, err := scenario.Parse([]byte(churnScenario("720h")), "churn.yaml")
	require.NoError(t, err)
	_, err = Run(s)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "too large: by virtual time")
	assert.Contains(t, err.Error(), "simulate less virtual time (until)")
}
