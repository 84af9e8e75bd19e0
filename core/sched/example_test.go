package sched_test

import (
	"fmt"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched"
)

// Schedule runs one kube-scheduler cycle (v1.37's default profile unless
// Options.Version says otherwise) for one pod over a snapshot of nodes. A
// toleration only lets a pod onto a tainted node; the nodeSelector is what
// sends it there. A pod that fits nowhere gets the FailedScheduling text
// kube-scheduler would record, with the preemption part.
func ExampleSchedule() {
	node := func(name string, labels map[string]string, taints ...core.Taint) *sched.NodeInfo {
		return sched.NewNodeInfo(&core.Node{
			ObjectMeta: core.ObjectMeta{Name: name, Labels: labels},
			Spec:       core.NodeSpec{Taints: taints},
			Status: core.NodeStatus{Allocatable: core.ResourceList{
				core.ResourceCPU: core.MustParseQuantity("8"), core.ResourceMemory: core.MustParseQuantity("32Gi"),
				core.ResourcePods: core.MustParseQuantity("110"),
			}},
		})
	}
	nodes := []*sched.NodeInfo{
		node("gpu-1", map[string]string{"gpu": "true"}, core.Taint{Key: "nvidia.com/gpu", Value: "present", Effect: core.TaintEffectNoSchedule}),
		node("cpu-1", nil),
	}
	pod := func(name string, nodeSelector map[string]string, tolerations ...core.Toleration) *core.Pod {
		return &core.Pod{
			ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default"},
			Spec: core.PodSpec{NodeSelector: nodeSelector, Tolerations: tolerations,
				Containers: []core.Container{{Name: "c", Image: name}}},
		}
	}
	gpuToleration := core.Toleration{Key: "nvidia.com/gpu", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule}
	onGPU := map[string]string{"gpu": "true"}

	r := sched.Schedule(pod("trainer", onGPU, gpuToleration), nodes, sched.Options{})
	fmt.Println("trainer ->", r.NodeName)

	r = sched.Schedule(pod("web", nil), nodes, sched.Options{})
	fmt.Println("web ->", r.NodeName, "| gpu-1:", r.Rejected["gpu-1"].Plugin, r.Rejected["gpu-1"].Message())

	r = sched.Schedule(pod("pinned", onGPU), nodes, sched.Options{})
	fmt.Println("pinned:", r.Message)
	// Output:
	// trainer -> gpu-1
	// web -> cpu-1 | gpu-1: TaintToleration node(s) had untolerated taint(s)
	// pinned: 0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint(s). preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.
}
