package sim

import (
	"strings"
	"testing"
)

// A pod the taint-eviction controller deletes from an unreachable node
// stays Terminating (SCHEDULER.md §3.3): kubectl get pods lists it with
// STATUS Terminating, it still counts on its node, and it disappears once
// the kubelet returns. The board's reason says who removed it.
func TestTerminatingUntilKubeletReturns(t *testing.T) {
	res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1}
status:
  allocatable: {cpu: "2", pods: "10"}
  conditions:
  - {type: Ready, status: "True"}
---
apiVersion: v1
kind: Node
metadata: {name: n2}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: n1
  tolerations:
  - {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 30}
  containers:
  - name: app
    image: nginx
    resources: {requests: {cpu: 500m}}
---
kind: Scenario
name: terminating
options: {kubernetesVersion: "1.37"}
steps:
- {at: 10s, run: node n1 stop}
- {at: 200s, run: kubectl get pods}
- {at: 300s, run: node n1 start}
- {at: 310s, run: kubectl get pods}
`)
	var at200, at310 *Frame
	for i := range res.Frames {
		f := &res.Frames[i]
		switch {
		case f.Step == "kubectl get pods" && f.At == 200:
			at200 = f
		case f.Step == "kubectl get pods" && f.At == 310:
			at310 = f
		}
	}
	if at200 == nil || at310 == nil {
		t.Fatal("get pods frames missing")
	}
	// Unknown at 65 s, NoExecute taint at 65 s, deleted at 95 s.
	if want := "NAME   READY   STATUS        RESTARTS   AGE\nweb    1/1     Terminating   0          3m20s"; at200.Output != want {
		t.Errorf("get pods at 200s:\n%s\nwant:\n%s", at200.Output, want)
	}
	web := podIn(*at200, "web")
	if !web.Terminating || web.Phase != PhaseEvicted || web.Reason != ReasonDeletionByTaintManager || at(web.EvictedAt) != 95 {
		t.Errorf("web at 200s: %+v", web)
	}
	if n := at200.Nodes[0]; n.Requested["pods"] != 1 || n.Requested["cpu"] != 500 {
		t.Errorf("n1 requested at 200s = %v, want the Terminating pod counted", n.Requested)
	}
	if !strings.Contains(at200.Nodes[0].Describe, "Non-terminated Pods:  (1 in total)") {
		t.Errorf("describe node at 200s:\n%s", at200.Nodes[0].Describe)
	}
	if want := "No resources found in default namespace."; at310.Output != want {
		t.Errorf("get pods at 310s = %q, want %q", at310.Output, want)
	}
	web = podIn(*at310, "web")
	if web.Terminating || at310.Nodes[0].Requested["pods"] != 0 {
		t.Errorf("after the kubelet returns: web %+v, n1 %v", web, at310.Nodes[0].Requested)
	}
}

// A pod evicted from a Ready node is gone when its 30 s grace period
// ends (the kubelet's killPod, the status manager's final delete), and
// stays gone when the node later stops.
func TestNotTerminatingOnReadyNode(t *testing.T) {
	res := run(t, `apiVersion: v1
kind: Node
metadata: {name: n1}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers: [{name: app, image: nginx}]
---
kind: Scenario
name: gone
steps:
- {at: 10s, run: kubectl taint nodes n1 k=v:NoExecute}
- {at: 50s, run: node n1 stop}
- {at: 100s, run: kubectl get pods}
`)
	last := res.Frames[len(res.Frames)-1]
	web := podIn(last, "web")
	if web.Terminating || web.Reason != ReasonDeletionByTaintManager {
		t.Errorf("web: %+v", web)
	}
	for _, f := range res.Frames {
		if f.Step == "kubectl get pods" && f.Output != "No resources found in default namespace." {
			t.Errorf("get pods: %q", f.Output)
		}
	}
}
