package sim

import "testing"

// Two pods asking for host port 80 on a one-node cluster: the second
// waits with NodePorts' reason and is scheduled once the first is gone
// (NodePorts' AssignedPod Delete hint, v1.37.2: the deleted pod held the
// conflicting port until its termination finished).
const portsCluster = `kind: Scenario
name: ports
until: 60s
steps:
- {at: 1s, run: create pod web-2}
- {at: 20s, run: kubectl delete pod web-1}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
status: {capacity: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: Pod, metadata: {name: web-1}, spec: {containers: [{name: c, image: nginx, ports: [{containerPort: 80, hostPort: 80}]}]}}
- {apiVersion: v1, kind: Pod, metadata: {name: web-2}, spec: {containers: [{name: c, image: nginx, ports: [{containerPort: 8080, hostPort: 80, hostIP: 10.0.0.7}]}]}}
`

func TestHostPortConflict(t *testing.T) {
	res := run(t, portsCluster)
	var failed []Event
	for _, e := range eventsFor(res, "pod/default/web-2") {
		if e.Reason == ReasonFailedScheduling {
			failed = append(failed, e)
		}
	}
	if len(failed) == 0 {
		t.Fatal("web-2 never failed to schedule")
	}
	want := "0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod ports. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
	if failed[0].Message != want || failed[0].At != 1 {
		t.Errorf("web-2's first FailedScheduling at %v: %q, want at 1: %q", failed[0].At, failed[0].Message, want)
	}
	p := final(res)["web-2"]
	if p.Phase != PhaseRunning || p.Node != "n1" {
		t.Fatalf("web-2 %s on %q, want Running on n1", p.Phase, p.Node)
	}
	// web-1 holds its port while Terminating: 30 s, the default
	// terminationGracePeriodSeconds; the delete event comes at 50 s.
	if s := at(p.ScheduledAt); s < 50 || s > 51 {
		t.Errorf("web-2 scheduled at %v, want right after web-1's termination ends at 50s", s)
	}
}
