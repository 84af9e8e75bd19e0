package daemonset

import (
	"reflect"
	"testing"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
)

func exists(key string, effect core.TaintEffect) core.Toleration {
	return core.Toleration{Key: key, Operator: core.TolerationOpExists, Effect: effect}
}

var defaultDaemonTolerations = []core.Toleration{
	exists(core.TaintNodeNotReady, core.TaintEffectNoExecute),
	exists(core.TaintNodeUnreachable, core.TaintEffectNoExecute),
	exists(core.TaintNodeDiskPressure, core.TaintEffectNoSchedule),
	exists(core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule),
	exists(core.TaintNodePIDPressure, core.TaintEffectNoSchedule),
	exists(core.TaintNodeUnschedulable, core.TaintEffectNoSchedule),
}

func TestDaemonSetTolerations(t *testing.T) {
	if got := DaemonSetTolerations(nil, false); !reflect.DeepEqual(got, defaultDaemonTolerations) {
		t.Errorf("no template tolerations:\n got %+v\nwant %+v", got, defaultDaemonTolerations)
	}
	withNet := append(append([]core.Toleration(nil), defaultDaemonTolerations...), exists(core.TaintNodeNetworkUnavailable, core.TaintEffectNoSchedule))
	if got := DaemonSetTolerations(nil, true); !reflect.DeepEqual(got, withNet) {
		t.Errorf("hostNetwork:\n got %+v\nwant %+v", got, withNet)
	}

	// MATCHING.md §G: a template toleration with the same key, operator,
	// value and effect is replaced in place and loses its seconds; one that
	// differs literally (operator "" vs Exists, or an effect) is kept and the
	// default is appended.
	secs := int64(300)
	user := core.Toleration{Key: "dedicated", Operator: core.TolerationOpEqual, Value: "db", Effect: core.TaintEffectNoSchedule}
	tmpl := []core.Toleration{
		user,
		{Key: core.TaintNodeNotReady, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &secs},
		{Key: core.TaintNodeUnreachable, Effect: core.TaintEffectNoExecute},
		exists(core.TaintNodeUnschedulable, core.TaintEffectNoSchedule),
	}
	orig := append([]core.Toleration(nil), tmpl...)
	want := []core.Toleration{
		user,
		exists(core.TaintNodeNotReady, core.TaintEffectNoExecute),
		{Key: core.TaintNodeUnreachable, Effect: core.TaintEffectNoExecute},
		exists(core.TaintNodeUnschedulable, core.TaintEffectNoSchedule),
		exists(core.TaintNodeUnreachable, core.TaintEffectNoExecute),
		exists(core.TaintNodeDiskPressure, core.TaintEffectNoSchedule),
		exists(core.TaintNodeMemoryPressure, core.TaintEffectNoSchedule),
		exists(core.TaintNodePIDPressure, core.TaintEffectNoSchedule),
	}
	if got := DaemonSetTolerations(tmpl, false); !reflect.DeepEqual(got, want) {
		t.Errorf("replace semantics:\n got %+v\nwant %+v", got, want)
	}
	if !reflect.DeepEqual(tmpl, orig) || tmpl[1].TolerationSeconds == nil {
		t.Error("template tolerations modified")
	}
}

func node(name string, taints ...core.Taint) *core.Node {
	return &core.Node{ObjectMeta: core.ObjectMeta{Name: name, Labels: map[string]string{"kubernetes.io/hostname": name}}, Spec: core.NodeSpec{Taints: taints},
		Status: core.NodeStatus{Allocatable: core.ResourceList{core.ResourceCPU: core.MustParseQuantity("4"), core.ResourceMemory: core.MustParseQuantity("8Gi"), core.ResourcePods: core.MustParseQuantity("110")}}}
}

func cordoned(name string) *core.Node {
	n := node(name, core.Taint{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule})
	n.Spec.Unschedulable = true
	return n
}

// TestS7 is EXAMPLES.md S7: DaemonSet agent (no template tolerations,
// hostNetwork false) on n1 plain, n2 cordoned, n3 dedicated=db:NoSchedule,
// n4 maint=x:NoExecute.
func TestS7(t *testing.T) {
	agent := &core.Pod{ObjectMeta: core.ObjectMeta{Name: "agent", Namespace: "kube-system", Labels: map[string]string{"app": "agent"}},
		Spec: core.PodSpec{Containers: []core.Container{{Name: "a"}}}}
	nodes := []*core.Node{
		node("n1"),
		cordoned("n2"),
		node("n3", core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule}),
		node("n4", core.Taint{Key: "maint", Value: "x", Effect: core.TaintEffectNoExecute}),
	}
	want := map[string][2]bool{"n1": {true, true}, "n2": {true, true}, "n3": {false, true}, "n4": {false, false}}
	for _, n := range nodes {
		run, cont := NodeShouldRunDaemonPod(n, agent, false)
		if [2]bool{run, cont} != want[n.Name] {
			t.Errorf("%s: shouldRun %v shouldContinueRunning %v, want %v", n.Name, run, cont, want[n.Name])
		}
	}
	// t=100: n1 gets dedicated=db:NoSchedule → the running pod stays.
	n1 := node("n1", core.Taint{Key: "dedicated", Value: "db", Effect: core.TaintEffectNoSchedule})
	if run, cont := NodeShouldRunDaemonPod(n1, agent, false); run || !cont {
		t.Errorf("n1 after NoSchedule taint: %v %v, want false true", run, cont)
	}

	// The pods created for n1 and n2 are scheduled by kube-scheduler onto
	// exactly their node; the cordoned n2 is fine because the pod tolerates
	// node.kubernetes.io/unschedulable.
	infos := make([]*sched.NodeInfo, len(nodes))
	for i, n := range nodes {
		infos[i] = sched.NewNodeInfo(n)
	}
	for _, name := range []string{"n1", "n2"} {
		p := NewDaemonPod(agent, name)
		if r := sched.Schedule(p, infos, sched.Options{}); r.NodeName != name {
			t.Errorf("daemon pod for %s placed on %q: %s", name, r.NodeName, r.Message)
		}
	}
	if agent.Spec.Affinity != nil || agent.Spec.Tolerations != nil {
		t.Error("NewDaemonPod modified the template")
	}
}

func TestNodeSelectorAndAffinity(t *testing.T) {
	n := node("n1")
	n.Labels["disk"] = "ssd"
	tmpl := &core.Pod{Spec: core.PodSpec{NodeSelector: map[string]string{"disk": "hdd"}}}
	if run, cont := NodeShouldRunDaemonPod(n, tmpl, false); run || cont {
		t.Errorf("nodeSelector mismatch: %v %v", run, cont)
	}
	tmpl.Spec.NodeSelector = map[string]string{"disk": "ssd"}
	if run, cont := NodeShouldRunDaemonPod(n, tmpl, false); !run || !cont {
		t.Errorf("nodeSelector match: %v %v", run, cont)
	}
	pref := []core.PreferredSchedulingTerm{{Weight: 5, Preference: core.NodeSelectorTerm{MatchExpressions: []core.NodeSelectorRequirement{{Key: "x", Operator: core.NodeSelectorOpExists}}}}}
	tmpl.Spec.Affinity = &core.Affinity{NodeAffinity: &core.NodeAffinity{
		RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{NodeSelectorTerms: []core.NodeSelectorTerm{
			{MatchExpressions: []core.NodeSelectorRequirement{{Key: "disk", Operator: core.NodeSelectorOpIn, Values: []string{"nvme"}}}}}},
		PreferredDuringSchedulingIgnoredDuringExecution: pref,
	}}
	if run, cont := NodeShouldRunDaemonPod(n, tmpl, false); run || cont {
		t.Errorf("required affinity mismatch: %v %v", run, cont)
	}
	// The daemon pod's required terms are replaced, preferred and
	// nodeSelector kept.
	p := NewDaemonPod(tmpl, "n1")
	na := p.Spec.Affinity.NodeAffinity
	wantReq := &core.NodeSelector{NodeSelectorTerms: []core.NodeSelectorTerm{{MatchFields: []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: core.NodeSelectorOpIn, Values: []string{"n1"}}}}}}
	if !reflect.DeepEqual(na.RequiredDuringSchedulingIgnoredDuringExecution, wantReq) || !reflect.DeepEqual(na.PreferredDuringSchedulingIgnoredDuringExecution, pref) || p.Spec.NodeSelector["disk"] != "ssd" {
		t.Errorf("daemon pod affinity %+v", na)
	}
	if tmpl.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms[0].MatchExpressions[0].Values[0] != "nvme" {
		t.Error("template affinity modified")
	}
	// Template spec.nodeName pins the DaemonSet to one node.
	pinned := &core.Pod{Spec: core.PodSpec{NodeName: "other"}}
	if run, cont := NodeShouldRunDaemonPod(n, pinned, false); run || cont {
		t.Errorf("nodeName mismatch: %v %v", run, cont)
	}
	if run, cont := NodeShouldRunDaemonPod(nil, tmpl, false); run || cont {
		t.Error("nil node")
	}
	if NewDaemonPod(nil, "n1") != nil {
		t.Error("nil template")
	}
}

// Lt/Gt template tolerations count only with the gate; network-unavailable
// is tolerated only by hostNetwork daemon pods.
func TestGateAndHostNetwork(t *testing.T) {
	n := node("n1", core.Taint{Key: "sla", Value: "999", Effect: core.TaintEffectNoExecute})
	tmpl := &core.Pod{Spec: core.PodSpec{Tolerations: []core.Toleration{{Key: "sla", Operator: core.TolerationOpGt, Value: "950"}}}}
	if run, cont := NodeShouldRunDaemonPod(n, tmpl, false); run || cont {
		t.Errorf("gate off: %v %v", run, cont)
	}
	if run, cont := NodeShouldRunDaemonPod(n, tmpl, true); !run || !cont {
		t.Errorf("gate on: %v %v", run, cont)
	}
	net := node("n2", core.Taint{Key: core.TaintNodeNetworkUnavailable, Effect: core.TaintEffectNoSchedule})
	if run, cont := NodeShouldRunDaemonPod(net, &core.Pod{}, false); run || !cont {
		t.Errorf("network-unavailable, no hostNetwork: %v %v", run, cont)
	}
	if run, _ := NodeShouldRunDaemonPod(net, &core.Pod{Spec: core.PodSpec{HostNetwork: true}}, false); !run {
		t.Error("network-unavailable, hostNetwork: not run")
	}
}
