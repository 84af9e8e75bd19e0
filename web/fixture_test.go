package web

import (
	"errors"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sim"
)

func f64(v float64) *float64 { return &v }

// gpuResult is a hand-written timeline shaped like the GPU preset: pod a
// tolerates only the GPU taint and stays Pending until a step removes the
// disk-pressure taint.
func gpuResult(tolerateDisk bool) *sim.Result {
	gpu := core.Taint{Key: "nvidia.com/gpu", Value: "true", Effect: core.TaintEffectNoSchedule}
	disk := core.Taint{Key: "node.kubernetes.io/disk-pressure", Effect: core.TaintEffectNoSchedule}
	tolGPU := core.Toleration{Key: "nvidia.com/gpu", Operator: core.TolerationOpEqual, Value: "true", Effect: core.TaintEffectNoSchedule}
	tolDisk := core.Toleration{Key: "node.kubernetes.io/disk-pressure", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	node := sim.NodeState{
		Name:        "gpu-node-1",
		Labels:      map[string]string{"nvidia.com/gpu": "true"},
		Taints:      []core.Taint{gpu, disk},
		Allocatable: map[core.ResourceName]int64{"cpu": 8000, "memory": 32 << 30, "pods": 110, "nvidia.com/gpu": 4},
		Requested:   map[core.ResourceName]int64{"cpu": 500, "memory": 1 << 30, "pods": 1, "nvidia.com/gpu": 1},
		Describe:    "Name:               gpu-node-1\nTaints:             nvidia.com/gpu=true:NoSchedule\n",
	}
	aTols := []core.Toleration{tolGPU}
	if tolerateDisk {
		aTols = append(aTols, tolDisk)
	}
	msg := "0/1 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
	podA := sim.PodState{Namespace: "default", Name: "a", Phase: "Pending", Tolerations: aTols, FailedSchedulingMessage: msg,
		Attempts: 2, Queue: "unschedulablePods",
		Why: &sim.Explanation{Summary: "a does not tolerate every taint", Nodes: []sim.NodeVerdict{{
			Node: "gpu-node-1", Plugin: "TaintToleration", Reasons: []string{"node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }"},
			Filters: []sim.FilterVerdict{
				{Plugin: "TaintToleration", Code: "UnschedulableAndUnresolvable", Reasons: []string{"node(s) had untolerated taint"}, Reported: true},
				{Plugin: "NodeResourcesFit", Code: "Unschedulable", Reasons: []string{"Insufficient nvidia.com/gpu"}},
			},
			Taints: []sim.TaintMatch{
				{Taint: gpu, Tolerated: true, By: &tolGPU, ByIndex: 0, Filters: true,
					Checks: []sim.TolerationCheck{{Index: 0, Toleration: tolGPU, Tolerates: true, Why: "Equal: values match"}}},
				{Taint: disk, ByIndex: -1, Filters: true,
					Checks: []sim.TolerationCheck{{Index: 0, Toleration: tolGPU, Why: "key nvidia.com/gpu ≠ node.kubernetes.io/disk-pressure"}}},
			},
		}}}}
	if tolerateDisk {
		podA.Phase, podA.Node, podA.FailedSchedulingMessage, podA.ScheduledAt = "Running", "gpu-node-1", "", f64(0)
		podA.Why = &sim.Explanation{Nodes: []sim.NodeVerdict{{Node: "gpu-node-1", Feasible: true, Chosen: true,
			Taints: []sim.TaintMatch{{Taint: gpu, Tolerated: true, By: &tolGPU}, {Taint: disk, Tolerated: true, By: &tolDisk}}}}}
	}
	podC := sim.PodState{Namespace: "default", Name: "c", Phase: "Running", Node: "gpu-node-1", ScheduledAt: f64(0),
		Describe: "Name:         c\nNamespace:    default\nNode:         gpu-node-1\n",
		Priority: 1000, Requests: map[core.ResourceName]int64{"cpu": 500, "memory": 1 << 30},
		Tolerations: []core.Toleration{tolGPU, tolDisk}}
	f0 := sim.Frame{Index: 0, At: 0, Caption: "initial pass", Nodes: []*sim.NodeState{&node}, Pods: []*sim.PodState{&podA, &podC}, Events: 2}
	node1 := node
	node1.Taints = []core.Taint{gpu}
	podA1 := podA
	podA1.Phase, podA1.Node, podA1.FailedSchedulingMessage, podA1.ScheduledAt = "Running", "gpu-node-1", "", f64(30)
	podC1 := podC
	podC1.Phase, podC1.EvictedAt = "Evicted", f64(30)
	podC1.Reason, podC1.Message = "TaintManagerEviction", "Marking for deletion Pod default/c"
	f1 := sim.Frame{Index: 1, At: 30, Step: "kubectl taint nodes gpu-node-1 node.kubernetes.io/disk-pressure:NoSchedule-",
		Caption: "disk pressure clears", Output: "node/gpu-node-1 untainted", Nodes: []*sim.NodeState{&node1}, Pods: []*sim.PodState{&podA1, &podC1}, Events: 4}
	f1.Summary = "t=30s: a scheduled to gpu-node-1; c evicted"
	return &sim.Result{
		KubernetesVersion: "1.37",
		Name:              "gpu",
		Title:             "GPU node with two taints",
		Description:       "Pod A tolerates the GPU taint only.",
		Frames:            []sim.Frame{f0, f1},
		Events: []sim.Event{
			{At: 0, Type: "Warning", Reason: "FailedScheduling", Object: "pod/default/a", Message: msg},
			{At: 0, Type: "Normal", Reason: "Scheduled", Object: "pod/default/c", Message: "Successfully assigned default/c to gpu-node-1"},
			{At: 30, Type: "Normal", Reason: "Scheduled", Object: "pod/default/a", Message: "Successfully assigned default/a to gpu-node-1"},
			{At: 30, Type: "Normal", Reason: "TaintManagerEviction", Object: "pod/default/c", Message: "Marking for deletion Pod default/c", Source: "taint-eviction-controller"},
		},
	}
}

// fakeSimulate stands in for scenario.Parse + sim.Run in unit tests: the
// text names the outcome.
func fakeSimulate(filename string, text []byte, _ func(sim.Progress)) (*sim.Result, error) {
	s := string(text)
	switch {
	case strings.Contains(s, "panic"):
		panic("boom")
	case strings.Contains(s, "bad"):
		return nil, errors.New(filename + ": document 1: yaml: line 3: mapping values are not allowed in this context: " + s)
	case strings.Contains(s, "empty"):
		return &sim.Result{}, nil
	case strings.Contains(s, "tolerate-disk"):
		return gpuResult(true), nil
	}
	return gpuResult(false), nil
}

var testPresets = []Preset{
	{Name: "gpu", Title: "GPU node with two taints", Description: "Pod A tolerates the GPU taint only.", YAML: "kind: Scenario # gpu"},
	{Name: "docs", Title: "Three taints", YAML: "kind: Scenario # docs tolerate-disk"},
}

// fakeExec answers console commands in unit tests.
func fakeExec(filename string, text []byte, at float64, command string) (string, error) {
	switch {
	case strings.Contains(command, "panic"):
		panic("console boom")
	case strings.HasPrefix(command, "kubectl describe node"):
		return "Name: gpu-node-1\nTaints: nvidia.com/gpu=true:NoSchedule\n", nil
	}
	return "", errors.New(`error: unknown command "` + command + `"`)
}
