package kubectl

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

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
		assert.Equal(t, c.want, HumanDuration(c.d), "HumanDuration(%v)", c.d)
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
	assert.Equal(t, want, got)
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
		assert.Contains(t, got, line)
	}
	assert.NotContains(t, got, "Conditions:", "a pod without conditions prints no Conditions block")
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
		assert.Contains(t, got, want)
	}
}

func TestGetPodsWideAndEvents(t *testing.T) {
	p := s17Pod()
	p.Status.NominatedNodeName = "n3"
	got := GetPods([]PodRow{{Pod: p, Created: 0}}, "default", true, 75*time.Second)
	want := "NAME   READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES\n" +
		"p      0/1     Pending   0          75s   <none>   <none>   n3               <none>"
	assert.Equal(t, want, got)
	assert.Equal(t, "No resources found in default namespace.", GetPods(nil, "default", false, 0))
	evs := []DescribeEvent{
		{Type: "Normal", Reason: "Scheduled", Object: "pod/web", Message: "Successfully assigned default/web to n1", First: 5 * time.Second, Last: 5 * time.Second, Count: 1},
		{Type: "Warning", Reason: "FailedScheduling", Object: "pod/p", Message: "0/3 nodes are available.", First: 10 * time.Second, Last: 10 * time.Second, Count: 1},
	}
	got = GetEvents(evs, "default", 75*time.Second)
	want = "LAST SEEN   TYPE      REASON             OBJECT    MESSAGE\n" +
		"65s         Warning   FailedScheduling   pod/p     0/3 nodes are available.\n" +
		"70s         Normal    Scheduled          pod/web   Successfully assigned default/web to n1"
	assert.Equal(t, want, got)
}

func TestQOSClassAndFormats(t *testing.T) {
	be := &core.Pod{Spec: core.PodSpec{Containers: []core.Container{{Name: "c"}}}}
	g := &core.Pod{Spec: core.PodSpec{Containers: []core.Container{{Name: "c", Resources: core.ResourceRequirements{
		Limits: core.ResourceList{core.ResourceCPU: core.MustParseQuantity("1"), core.ResourceMemory: core.MustParseQuantity("1Gi")}}}}}}
	assert.Equal(t, core.PodQOSBestEffort, core.PodQOSClass(be))
	assert.Equal(t, core.PodQOSGuaranteed, core.PodQOSClass(g))
	assert.Equal(t, core.PodQOSBurstable, core.PodQOSClass(s17Pod()))
	for in, want := range map[int64]string{0: "0", 1000: "1", 3500: "3500m", 250: "250m"} {
		assert.Equal(t, want, FormatCPU(in), "FormatCPU(%d)", in)
	}
	for in, want := range map[int64]string{0: "0", 1000: "1000", 1 << 30: "1Gi", 1536 << 20: "1536Mi", 209715200: "200Mi", 1025: "1025"} {
		assert.Equal(t, want, FormatBytes(in), "FormatBytes(%d)", in)
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
	assert.Equal(t, want, got)
}

// describeNode's Conditions table (times in RFC1123Z), a pod's limits in
// the Non-terminated Pods table and the Allocated resources, and the
// kubernetes.io/role label (findNodeRoles).
func TestDescribeNodeConditionsLimitsRoles(t *testing.T) {
	at := func(s int) *core.Time { return &core.Time{Time: DescribeEpoch.Add(time.Duration(s) * time.Second)} }
	n := &core.Node{ObjectMeta: core.ObjectMeta{Name: "n1", Labels: map[string]string{"kubernetes.io/role": "worker"}},
		Status: core.NodeStatus{
			Conditions: []core.NodeCondition{{Type: "Ready", Status: core.ConditionTrue, LastHeartbeatTime: at(10), LastTransitionTime: at(0),
				Reason: "KubeletReady", Message: "kubelet is posting ready status"}},
			Capacity:    core.ResourceList{core.ResourceCPU: core.MustParseQuantity("4"), core.ResourceMemory: core.MustParseQuantity("8Gi")},
			Allocatable: core.ResourceList{core.ResourceCPU: core.MustParseQuantity("4"), core.ResourceMemory: core.MustParseQuantity("8Gi")},
		}}
	got := DescribeNode(n, []NodePod{{Namespace: "default", Name: "web",
		Requests: map[core.ResourceName]int64{core.ResourceCPU: 500},
		Limits:   map[core.ResourceName]int64{core.ResourceCPU: 1000, core.ResourceMemory: 1 << 30}}}, nil, 0)
	for _, want := range []string{
		"Roles:              worker\n",
		"Conditions:\n" +
			"  Type    Status  LastHeartbeatTime                 LastTransitionTime                Reason         Message\n" +
			"  ----    ------  -----------------                 ------------------                ------         -------\n" +
			"  Ready   True    Thu, 01 Jan 2026 00:00:10 +0000   Thu, 01 Jan 2026 00:00:00 +0000   KubeletReady   kubelet is posting ready status\n",
		"Capacity:\n  cpu:     4\n  memory:  8Gi\n",
		"  default             web     500m (12%)    1 (25%)     0 (0%)           1Gi (12%)      0s\n",
		"  cpu                500m (12%)  1 (25%)\n",
		"  memory             0 (0%)      1Gi (12%)\n",
	} {
		assert.Contains(t, got, want)
	}
	assert.Empty(t, DescribeNode(nil, nil, nil, 0))
}

// describePod prints "Runtime Class Name" after the priority lines when
// spec.runtimeClassName is set (k8s.io/kubectl v0.37.2 describePod).
func TestDescribePodRuntimeClass(t *testing.T) {
	p := s17Pod()
	rc := "gvisor"
	p.Spec.RuntimeClassName = &rc
	got := DescribePod(p, nil, 0)
	assert.Contains(t, got, "Priority:            0\nRuntime Class Name:  gvisor\nService Account:     default\n")
}

// describe pod of a pod with a deletionTimestamp (describePod, k8s.io/kubectl
// v0.37.2): "Terminating (lasts D)" where D is translateTimestampSince of
// the deletionTimestamp — "<invalid>" while it is more than a second
// ahead, the time since once it passed (a pod stuck on a dead node) — and
// the grace period; a Failed pod prints its phase.
func TestDescribeTerminatingPod(t *testing.T) {
	for _, tc := range []struct {
		name  string
		now   time.Duration
		phase core.PodPhase
		want  []string
	}{
		{"within the grace period", 10 * time.Second, core.PodRunning, []string{"Terminating (lasts <invalid>)", "Termination Grace Period:", "30s"}},
		{"at the deadline", 40 * time.Second, core.PodRunning, []string{"Terminating (lasts 0s)"}},
		{"stuck for five minutes", 340 * time.Second, core.PodRunning, []string{"Terminating (lasts 5m)"}},
		{"a Failed pod", 10 * time.Second, core.PodFailed, []string{"Status:", "Failed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := core.Time{Time: DescribeEpoch.Add(40 * time.Second)}
			grace := int64(30)
			p := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "web", Namespace: "default", DeletionTimestamp: &ts, DeletionGracePeriodSeconds: &grace}}
			p.Status.Phase = tc.phase
			out := DescribePod(p, nil, tc.now)
			for _, w := range tc.want {
				assert.Contains(t, out, w)
			}
			if tc.phase == core.PodFailed {
				assert.NotContains(t, out, "Terminating")
			}
		})
	}
}
