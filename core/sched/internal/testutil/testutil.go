// Package testutil builds nodes and pods for the scheduler's tests.
package testutil

import (
	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/sched/framework"
)

// Node is a node under construction.
type Node struct{ N *core.Node }

// MakeNode starts a node named name with allocatable cpu and memory
// (quantity strings) and 110 pods.
func MakeNode(name, cpu, mem string) *Node {
	return &Node{N: &core.Node{
		ObjectMeta: core.ObjectMeta{Name: name, Labels: map[string]string{}},
		Status: core.NodeStatus{Allocatable: core.ResourceList{
			core.ResourceCPU:    core.MustParseQuantity(cpu),
			core.ResourceMemory: core.MustParseQuantity(mem),
			core.ResourcePods:   core.MustParseQuantity("110"),
		}},
	}}
}

// Taint adds a taint.
func (n *Node) Taint(key, value string, effect core.TaintEffect) *Node {
	n.N.Spec.Taints = append(n.N.Spec.Taints, core.Taint{Key: key, Value: value, Effect: effect})
	return n
}

// Label sets a label.
func (n *Node) Label(k, v string) *Node {
	n.N.Labels[k] = v
	return n
}

// Cordon sets spec.unschedulable and adds the unschedulable taint, as the
// node-lifecycle controller would.
func (n *Node) Cordon() *Node {
	n.N.Spec.Unschedulable = true
	return n.Taint(core.TaintNodeUnschedulable, "", core.TaintEffectNoSchedule)
}

// Alloc sets one allocatable quantity.
func (n *Node) Alloc(name core.ResourceName, q string) *Node {
	n.N.Status.Allocatable[name] = core.MustParseQuantity(q)
	return n
}

// Info wraps the node with the given pods.
func (n *Node) Info(pods ...*core.Pod) *framework.NodeInfo {
	for _, p := range pods {
		p.Spec.NodeName = n.N.Name
	}
	return &framework.NodeInfo{Node: n.N, Pods: pods}
}

// Pod is a pod under construction.
type Pod struct{ P *core.Pod }

// MakePod starts a pod in namespace default with one container requesting
// cpu and memory; "" leaves a request out.
func MakePod(name, cpu, mem string) *Pod {
	req := core.ResourceList{}
	if cpu != "" {
		req[core.ResourceCPU] = core.MustParseQuantity(cpu)
	}
	if mem != "" {
		req[core.ResourceMemory] = core.MustParseQuantity(mem)
	}
	return &Pod{P: &core.Pod{
		ObjectMeta: core.ObjectMeta{Name: name, Namespace: "default"},
		Spec:       core.PodSpec{Containers: []core.Container{{Name: "c", Resources: core.ResourceRequirements{Requests: req}}}},
	}}
}

// Req adds a request to the first container.
func (p *Pod) Req(name core.ResourceName, q string) *Pod {
	if p.P.Spec.Containers[0].Resources.Requests == nil {
		p.P.Spec.Containers[0].Resources.Requests = core.ResourceList{}
	}
	p.P.Spec.Containers[0].Resources.Requests[name] = core.MustParseQuantity(q)
	return p
}

// Tol adds a toleration.
func (p *Pod) Tol(key string, op core.TolerationOperator, value string, effect core.TaintEffect) *Pod {
	p.P.Spec.Tolerations = append(p.P.Spec.Tolerations, core.Toleration{Key: key, Operator: op, Value: value, Effect: effect})
	return p
}

// DefaultTolerations adds the two tolerations DefaultTolerationSeconds
// appends (not-ready and unreachable, Exists, NoExecute, 300 s).
func (p *Pod) DefaultTolerations() *Pod {
	s := int64(300)
	for _, k := range []string{core.TaintNodeNotReady, core.TaintNodeUnreachable} {
		p.P.Spec.Tolerations = append(p.P.Spec.Tolerations, core.Toleration{Key: k, Operator: core.TolerationOpExists, Effect: core.TaintEffectNoExecute, TolerationSeconds: &s})
	}
	return p
}

// Priority sets spec.priority.
func (p *Pod) Priority(v int32) *Pod {
	p.P.Spec.Priority = &v
	return p
}

// PreemptNever sets preemptionPolicy: Never.
func (p *Pod) PreemptNever() *Pod {
	s := "Never"
	p.P.Spec.PreemptionPolicy = &s
	return p
}

// NodeSelector sets one nodeSelector pair.
func (p *Pod) NodeSelector(k, v string) *Pod {
	if p.P.Spec.NodeSelector == nil {
		p.P.Spec.NodeSelector = map[string]string{}
	}
	p.P.Spec.NodeSelector[k] = v
	return p
}

func (p *Pod) nodeAffinity() *core.NodeAffinity {
	if p.P.Spec.Affinity == nil {
		p.P.Spec.Affinity = &core.Affinity{}
	}
	if p.P.Spec.Affinity.NodeAffinity == nil {
		p.P.Spec.Affinity.NodeAffinity = &core.NodeAffinity{}
	}
	return p.P.Spec.Affinity.NodeAffinity
}

// RequiredTerm adds a required node selector term.
func (p *Pod) RequiredTerm(t core.NodeSelectorTerm) *Pod {
	na := p.nodeAffinity()
	if na.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		na.RequiredDuringSchedulingIgnoredDuringExecution = &core.NodeSelector{}
	}
	na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms = append(na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms, t)
	return p
}

// PreferredTerm adds a preferred term.
func (p *Pod) PreferredTerm(weight int32, t core.NodeSelectorTerm) *Pod {
	na := p.nodeAffinity()
	na.PreferredDuringSchedulingIgnoredDuringExecution = append(na.PreferredDuringSchedulingIgnoredDuringExecution, core.PreferredSchedulingTerm{Weight: weight, Preference: t})
	return p
}

// Expr builds a match expression.
func Expr(key string, op core.NodeSelectorOperator, values ...string) core.NodeSelectorRequirement {
	return core.NodeSelectorRequirement{Key: key, Operator: op, Values: values}
}

// Term builds a term from match expressions.
func Term(exprs ...core.NodeSelectorRequirement) core.NodeSelectorTerm {
	return core.NodeSelectorTerm{MatchExpressions: exprs}
}

// NameTerm builds a term pinning metadata.name In [names].
func NameTerm(names ...string) core.NodeSelectorTerm {
	return core.NodeSelectorTerm{MatchFields: []core.NodeSelectorRequirement{{Key: "metadata.name", Operator: core.NodeSelectorOpIn, Values: names}}}
}

// Container adds another app container with the given cpu and memory
// requests ("" leaves one out).
func (p *Pod) Container(cpu, mem string) *Pod {
	req := core.ResourceList{}
	if cpu != "" {
		req[core.ResourceCPU] = core.MustParseQuantity(cpu)
	}
	if mem != "" {
		req[core.ResourceMemory] = core.MustParseQuantity(mem)
	}
	p.P.Spec.Containers = append(p.P.Spec.Containers, core.Container{Name: "c", Resources: core.ResourceRequirements{Requests: req}})
	return p
}

// RL builds a resource list from name/quantity pairs.
func RL(kv ...string) core.ResourceList {
	rl := core.ResourceList{}
	for i := 0; i+1 < len(kv); i += 2 {
		rl[core.ResourceName(kv[i])] = core.MustParseQuantity(kv[i+1])
	}
	return rl
}

// HostPort adds a container port with the given host port, protocol and
// host IP ("" for the defaults TCP and 0.0.0.0) to the first container.
func (p *Pod) HostPort(port int32, protocol, hostIP string) *Pod {
	c := &p.P.Spec.Containers[0]
	c.Ports = append(c.Ports, core.ContainerPort{ContainerPort: port, HostPort: port, Protocol: protocol, HostIP: hostIP})
	return p
}

// Image sets the first container's image.
func (p *Pod) Image(image string) *Pod {
	p.P.Spec.Containers[0].Image = image
	return p
}

// Image adds an image of sizeBytes listed under names to status.images.
func (n *Node) Image(sizeBytes int64, names ...string) *Node {
	n.N.Status.Images = append(n.N.Status.Images, core.ContainerImage{Names: names, SizeBytes: sizeBytes})
	return n
}
