package kubectl

import (
	"strings"
	"testing"
	"time"

	"github.com/taints-playground/playground/core"
)

// Expected texts follow k8s.io/kubectl pkg/describe (describePod,
// describeNode, DescribeEvents; tabwriter 0/8/2) and pkg/printers
// (printPod, printEvent; tabwriter 6/4/3), and apimachinery's
// duration.HumanDuration.

func TestHumanDuration(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{-2 * time.Second, "<invalid>"}, {-1 * time.Second, "0s"}, {0, "0s"}, {119 * time.Second, "119s"},
		{120 * time.Second, "2m"}, {125 * time.Second, "2m5s"}, {10 * time.Minute, "10m"}, {179 * time.Minute, "179m"},
		{3 * time.Hour, "3h"}, {3*time.Hour + 20*time.Minute, "3h20m"}, {8 * time.Hour, "8h"}, {47 * time.Hour, "47h"},
		{48 * time.Hour, "2d"}, {52 * time.Hour, "2d4h"}, {8 * 24 * time.Hour, "8d"}, {2 * 365 * 24 * time.Hour, "2y"},
		{(2*365 + 3) * 24 * time.Hour, "2y3d"}, {9 * 365 * 24 * time.Hour, "9y"},
	} {
		if got := HumanDuration(c.d); got != c.want {
			t.Errorf("HumanDuration(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func s17Pod() *core.Pod {
	prio := int32(0)
	secs := int64(300)
	return &core.Pod{
		ObjectMeta: core.ObjectMeta{Name: "p", Namespace: "default"},
		Spec: core.PodSpec{Priority: &prio,
			Containers: []core.Container{{Name: "c", Image: "nginx", Resources: core.ResourceRequirements{Requests: core.ResourceList{
				core.ResourceCPU: core.MustParseQuantity("1"), core.ResourceMemory: core.MustParseQuantity("1Gi")}}}},
			Tolerations: []core.Toleration{
				{Key: core.TaintNodeUnreachable, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &secs},
				{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &secs},
			}},
		Status: core.PodStatus{Phase: core.PodPending, Conditions: []core.PodCondition{{Type: "PodScheduled", Status: core.ConditionFalse}}},
	}
}

func TestDescribePod(t *testing.T) {
	got := DescribePod(s17Pod(), []DescribeEvent{{Type: "Warning", Reason: "FailedScheduling", From: "default-scheduler",
		Message: "0/1 nodes are available: 1 node(s) had untolerated taint(s).", First: 0, Last: 330 * time.Second, Count: 2}}, 400*time.Second)
	want := `Name:             p
Namespace:        default
Priority:         0
Service Account:  default
Node:             <none>
Labels:           <none>
Annotations:      <none>
Status:           Pending
IP:               
IPs:              <none>
Containers:
  c:
    Image:      nginx
    Port:       <none>
    Host Port:  <none>
    Requests:
      cpu:        1
      memory:     1Gi
    Environment:  <none>
    Mounts:       <none>
Conditions:
  Type           Status
  PodScheduled   False 
Volumes:         <none>
QoS Class:       Burstable
Node-Selectors:  <none>
Tolerations:     node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                 node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason            Age                  From               Message
  ----     ------            ----                 ----               -------
  Warning  FailedScheduling  70s (x2 over 6m40s)  default-scheduler  0/1 nodes are available: 1 node(s) had untolerated taint(s).
`
	if got != want {
		t.Errorf("describe pod:\n%s\nwant:\n%s", got, want)
	}
}

func TestDescribePodRejected(t *testing.T) {
	p := s17Pod()
	p.Spec.NodeName = "n1"
	p.Status = core.PodStatus{Phase: core.PodFailed, Reason: "TaintToleration",
		Message: "Pod was rejected: Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"}
	got := DescribePod(p, nil, 0)
	for _, line := range []string{
		"Node:             n1/\n",
		"Status:           Failed\n",
		"Reason:           TaintToleration\n",
		"Message:          Pod was rejected: Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate\n",
		"Events:           <none>\n",
	} {
		if !strings.Contains(got, line) {
			t.Errorf("missing %q in\n%s", line, got)
		}
	}
	if strings.Contains(got, "Conditions:") {
		t.Errorf("a pod without conditions prints no Conditions block:\n%s", got)
	}
}

func TestDescribeNodeTaintsAndResources(t *testing.T) {
	// S19: after a drain, Taints then Unschedulable true.
	n := &core.Node{ObjectMeta: core.ObjectMeta{Name: "n1", Labels: map[string]string{"node-role.kubernetes.io/control-plane": ""}},
		Spec: core.NodeSpec{Unschedulable: true, Taints: []core.Taint{{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule}}},
		Status: core.NodeStatus{Allocatable: core.ResourceList{core.ResourceCPU: core.MustParseQuantity("4"),
			core.ResourceMemory: core.MustParseQuantity("8Gi"), "nvidia.com/gpu": core.MustParseQuantity("4")}}}
	got := DescribeNode(n, []NodePod{{Namespace: "default", Name: "filler",
		Requests: map[core.ResourceName]int64{core.ResourceCPU: 3500, core.ResourceMemory: 1 << 30, "nvidia.com/gpu": 1}}}, nil, time.Minute)
	for _, want := range []string{
		"Roles:              control-plane\n",
		"Taints:             node.kubernetes.io/unschedulable:NoSchedule\nUnschedulable:      true\n",
		"Non-terminated Pods:  (1 in total)\n",
		"  default             filler    3500m (87%)   0 (0%)      1Gi (12%)        0 (0%)         60s\n",
		"  cpu                3500m (87%)  0 (0%)\n",
		"  memory             1Gi (12%)    0 (0%)\n",
		"  nvidia.com/gpu     1            0\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

func TestGetPodsWideAndEvents(t *testing.T) {
	p := s17Pod()
	p.Status.NominatedNodeName = "n3"
	got := GetPods([]PodRow{{Pod: p, Created: 0}}, "default", true, 75*time.Second)
	want := "NAME   READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES\n" +
		"p      0/1     Pending   0          75s   <none>   <none>   n3               <none>"
	if got != want {
		t.Errorf("get pods -o wide:\n%s\nwant:\n%s", got, want)
	}
	if got := GetPods(nil, "default", false, 0); got != "No resources found in default namespace." {
		t.Errorf("empty: %q", got)
	}
	evs := []DescribeEvent{
		{Type: "Normal", Reason: "Scheduled", Object: "pod/web", Message: "Successfully assigned default/web to n1", First: 5 * time.Second, Last: 5 * time.Second, Count: 1},
		{Type: "Warning", Reason: "FailedScheduling", Object: "pod/p", Message: "0/3 nodes are available.", First: 10 * time.Second, Last: 10 * time.Second, Count: 1},
	}
	got = GetEvents(evs, "default", 75*time.Second)
	want = "LAST SEEN   TYPE      REASON             OBJECT    MESSAGE\n" +
		"65s         Warning   FailedScheduling   pod/p     0/3 nodes are available.\n" +
		"70s         Normal    Scheduled          pod/web   Successfully assigned default/web to n1"
	if got != want {
		t.Errorf("get events:\n%s\nwant:\n%s", got, want)
	}
}

func TestQOSClassAndFormats(t *testing.T) {
	be := &core.Pod{Spec: core.PodSpec{Containers: []core.Container{{Name: "c"}}}}
	g := &core.Pod{Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Resources: core.ResourceRequirements{
		Limits: core.ResourceList{core.ResourceCPU: core.MustParseQuantity("1"), core.ResourceMemory: core.MustParseQuantity("1Gi")}}}}}}
	if core.PodQOSClass(be) != "BestEffort" || core.PodQOSClass(g) != "Guaranteed" || core.PodQOSClass(s17Pod()) != "Burstable" {
		t.Errorf("qos %s %s %s", core.PodQOSClass(be), core.PodQOSClass(g), core.PodQOSClass(s17Pod()))
	}
	for in, want := range map[int64]string{0: "0", 1000: "1", 3500: "3500m", 250: "250m"} {
		if got := FormatCPU(in); got != want {
			t.Errorf("FormatCPU(%d) = %q", in, got)
		}
	}
	for in, want := range map[int64]string{0: "0", 1000: "1000", 1 << 30: "1Gi", 1536 << 20: "1536Mi", 209715200: "200Mi", 1025: "1025"} {
		if got := FormatBytes(in); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", in, got, want)
		}
	}
}

// printPod: a pod with a deletionTimestamp prints Terminating unless its
// phase is terminal, and Unknown when its reason is NodeLost.
func TestGetPodsDeleting(t *testing.T) {
	mk := func(name string, phase core.PodPhase, reason string) *core.Pod {
		p := s17Pod()
		p.Name, p.Status.Phase, p.Status.Reason = name, phase, reason
		return p
	}
	got := GetPods([]PodRow{
		{Pod: mk("a", core.PodRunning, ""), Deleting: true},
		{Pod: mk("b", core.PodRunning, "NodeLost"), Deleting: true},
		{Pod: mk("c", core.PodFailed, "Evicted"), Deleting: true},
		{Pod: mk("d", core.PodRunning, "")},
	}, "default", false, 30*time.Second)
	want := "NAME   READY   STATUS        RESTARTS   AGE\n" +
		"a      1/1     Terminating   0          30s\n" +
		"b      1/1     Unknown       0          30s\n" +
		"c      0/1     Evicted       0          30s\n" +
		"d      1/1     Running       0          30s"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
