package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kubectl delete node n1 at 30 s: the node leaves the store, its pods stay
// bound to it (Running: no kubelet reports otherwise). PodGC's passes run
// at 0, 20, 40, … s (gcCheckPeriod, first pass at start): the pass at 40 s
// first sees n1 missing and queues it for quarantineTime (40 s), the pass
// at 80 s finds it ready, checks the API server and force-deletes the
// orphans with DisruptionTarget DeletionByPodGC; the ReplicaSet replaces
// its pod then. ghost names a node that never existed: seen at the 0 s
// pass, deleted at the 40 s pass.
func TestPodGCOrphansAfterDeleteNode(t *testing.T) {
	res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1, labels: {kubernetes.io/hostname: n1}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {kubernetes.io/hostname: n2}}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      nodeSelector: {kubernetes.io/hostname: n1}
      containers: [{name: c, image: nginx}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: c, image: agent}]
---
apiVersion: v1
kind: Pod
metadata: {name: db}
spec:
  nodeName: n1
  containers: [{name: c, image: postgres}]
---
apiVersion: v1
kind: Pod
metadata: {name: lost}
spec:
  nodeName: ghost
  containers: [{name: c, image: nginx}]
---
kind: Scenario
name: orphans
until: 100s
steps:
- {at: 30s, run: kubectl delete node n1}
- {at: 35s, run: kubectl get pods -o wide}
- {at: 36s, run: kubectl describe node n1}
- {at: 85s, run: kubectl get pods -o wide}
`)
	var del, get35, get85, desc *Frame
	for i := range res.Frames {
		f := &res.Frames[i]
		switch {
		case f.Step == "kubectl delete node n1":
			del = f
		case f.Step == "kubectl get pods -o wide" && f.At == 35:
			get35 = f
		case f.Step == "kubectl get pods -o wide" && f.At == 85:
			get85 = f
		case f.Step == "kubectl describe node n1":
			desc = f
		}
	}
	require.NotNil(t, del)
	require.NotNil(t, get35)
	require.NotNil(t, get85)
	require.NotNil(t, desc)
	assert.Equal(t, `node "n1" deleted`, del.Output)
	assert.Len(t, del.Nodes, 1)
	assert.Equal(t, `Error from server (NotFound): nodes "n1" not found`, desc.Output)
	assert.Regexp(t, `(?m)^db +1/1 +Running .* n1 `, get35.Output)

	lost := podIn(frameAt(res, 39), "lost")
	assert.Equal(t, PhasePending, lost.Phase)
	_, ok := findPod(frameAt(res, 40), "lost")
	assert.False(t, ok, "lost force-deleted at the 40 s pass")

	db := podIn(frameAt(res, 79), "db")
	assert.Equal(t, PhaseRunning, db.Phase)
	db = podIn(frameAt(res, 80), "db")
	assert.Equal(t, PhaseEvicted, db.Phase)
	assert.Equal(t, 80.0, at(db.EvictedAt))
	assert.Equal(t, ReasonDeletionByPodGC, db.Reason)
	assert.False(t, db.Terminating)
	assert.NotContains(t, get85.Output, "db ")
	assert.Equal(t, 2, strings.Count(get35.Output, "agent-"), "n1's daemon pod stays until PodGC")
	assert.Equal(t, 1, strings.Count(get85.Output, "agent-"), "n1's daemon pod is an orphan too")

	var replacement *PodState
	for _, p := range frameAt(res, 80).Pods {
		if p.Owner == "ReplicaSet/web" && p.Phase == PhasePending {
			replacement = p
		}
	}
	require.NotNil(t, replacement, "the ReplicaSet replaces its orphan at 80 s (it stays Pending: n1 is gone)")
}

// frameAt is the last frame at or before sec.
func frameAt(res *Result, sec float64) Frame {
	f := res.Frames[0]
	for _, x := range res.Frames {
		if x.At <= sec {
			f = x
		}
	}
	return f
}

func findPod(f Frame, name string) (*PodState, bool) {
	for _, p := range f.Pods {
		if p.Name == name {
			return p, true
		}
	}
	return nil, false
}

// A node deletion is a Node Delete cluster event: PodTopologySpread
// registers it (Node Add|Delete|UpdateNodeLabel|UpdateNodeTaint; its hint
// says Queue when the deleted node carried the constraint's topology
// key). spread is rejected at t=0 by PodTopologySpread on n1 (zone a
// would be 2 against 0 in zone b) and by NodeResourcesFit on n2 (full);
// deleting n2 removes zone b, and spread lands on n1 at once, on every
// version (before 1.32 the event moves it without hints).
func TestNodeDeleteRequeuesTopologySpread(t *testing.T) {
	for _, v := range []string{"1.37", "1.30"} {
		res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1, labels: {topology.kubernetes.io/zone: a}}
status: {allocatable: {cpu: "4", pods: "10"}}
---
apiVersion: v1
kind: Node
metadata: {name: n2, labels: {topology.kubernetes.io/zone: b}}
status: {allocatable: {cpu: "100m", pods: "10"}}
---
apiVersion: v1
kind: Pod
metadata: {name: first, labels: {app: web}}
spec:
  nodeName: n1
  containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: spread, labels: {app: web}}
spec:
  topologySpreadConstraints:
  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
  containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m}}}]
---
kind: Scenario
name: node-delete-requeue
options: {kubernetesVersion: "`+v+`"}
until: 40s
steps:
- {at: 20s, run: kubectl delete node n2}
`)
		p := podIn(frameAt(res, 19), "spread")
		assert.Equal(t, PhasePending, p.Phase, v)
		p = podIn(frameAt(res, 20), "spread")
		assert.Equal(t, PhaseRunning, p.Phase, v)
		assert.Equal(t, "n1", p.Node, v)
		assert.Equal(t, 20.0, at(p.ScheduledAt), v)
	}
}
