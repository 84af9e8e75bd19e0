package kubectl_test

import (
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// eksNode is a node as an EKS managed node group registers it.
func eksNode(name, ip, zone string) *core.Node {
	n := node(name, map[string]string{
		"kubernetes.io/arch":                     "amd64",
		"kubernetes.io/os":                       "linux",
		"kubernetes.io/hostname":                 name,
		"node.kubernetes.io/instance-type":       "m5.xlarge",
		"topology.kubernetes.io/region":          "eu-west-1",
		"topology.kubernetes.io/zone":            zone,
		"eks.amazonaws.com/nodegroup":            "general",
		"eks.amazonaws.com/capacityType":         "ON_DEMAND",
		"k8s.io/cloud-provider-aws":              "6f1e0a9c2b7d",
		"failure-domain.beta.kubernetes.io/zone": zone,
	}, false)
	n.Status.Conditions = []core.NodeCondition{{Type: core.NodeReady, Status: core.ConditionTrue}}
	n.Status.Addresses = []core.NodeAddress{{Type: core.NodeInternalIP, Address: ip}, {Type: "InternalDNS", Address: name}, {Type: "Hostname", Address: name}}
	n.Status.NodeInfo = core.NodeSystemInfo{KubeletVersion: "v1.37.2-eks-4a5b6c7", OSImage: "Amazon Linux 2023.6.20250115",
		KernelVersion: "6.1.119-129.201.amzn2023.x86_64", ContainerRuntimeVersion: "containerd://1.7.25",
		OperatingSystem: "linux", Architecture: "amd64"}
	n.Spec.ProviderID = "aws:///" + zone + "/i-0a1b2c3d4e5f60718"
	return n
}

// realCluster is a mixed EKS/GKE fleet: a tainted, cordoned GPU node, an
// unreachable GKE node and a control-plane node without a kubelet report.
func realCluster() *cluster {
	web := eksNode("ip-10-0-1-23.eu-west-1.compute.internal", "10.0.1.23", "eu-west-1a")
	gpu := eksNode("ip-10-0-2-45.eu-west-1.compute.internal", "10.0.2.45", "eu-west-1b")
	gpu.Labels["node-role.kubernetes.io/gpu"] = ""
	gpu.Labels["nvidia.com/gpu.present"] = "true"
	gpu.Spec.Unschedulable = true
	gpu.Spec.Taints = []core.Taint{
		{Key: "dedicated", Value: "gpu", Effect: core.TaintEffectNoSchedule},
		{Key: "nvidia.com/gpu", Effect: core.TaintEffectNoSchedule},
		{Key: "node.kubernetes.io/unschedulable", Effect: core.TaintEffectNoSchedule},
	}
	gke := node("gke-prod-pool-1-abcd1234-x9z8", map[string]string{
		"cloud.google.com/gke-nodepool":        "pool-1",
		"cloud.google.com/gke-os-distribution": "cos",
		"cloud.google.com/machine-family":      "e2",
		"kubernetes.io/arch":                   "amd64",
		"kubernetes.io/os":                     "linux",
		"kubernetes.io/hostname":               "gke-prod-pool-1-abcd1234-x9z8",
		"node.kubernetes.io/instance-type":     "e2-standard-4",
		"topology.kubernetes.io/zone":          "europe-west1-b",
		"kubernetes.io/role":                   "worker",
	}, false, core.Taint{Key: "node.kubernetes.io/unreachable", Effect: core.TaintEffectNoExecute})
	gke.Status.Conditions = []core.NodeCondition{{Type: core.NodeReady, Status: core.ConditionUnknown, Reason: "NodeStatusUnknown"}}
	gke.Status.Addresses = []core.NodeAddress{{Type: core.NodeInternalIP, Address: "10.132.0.7"}, {Type: core.NodeExternalIP, Address: "34.76.12.34"}, {Type: "Hostname", Address: "gke-prod-pool-1-abcd1234-x9z8"}}
	gke.Status.NodeInfo = core.NodeSystemInfo{KubeletVersion: "v1.37.2-gke.1044000", OSImage: "Container-Optimized OS from Google",
		KernelVersion: "6.6.56+", ContainerRuntimeVersion: "containerd://1.7.24", Architecture: "amd64"}
	cp := node("cp-1", map[string]string{"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""}, false,
		core.Taint{Key: "node-role.kubernetes.io/control-plane", Effect: core.TaintEffectNoSchedule})
	c := newCluster(web, gpu, gke, cp)
	pod := func(ns, name, nodeName string, labels map[string]string) {
		c.addPod(&core.Pod{ObjectMeta: core.ObjectMeta{Name: name, Namespace: ns, Labels: labels},
			Spec: core.PodSpec{NodeName: nodeName, Containers: []core.Container{{Name: "app", Image: "nginx:1.27"}}}})
	}
	pod("default", "web-7d4b9c-x2kqp", web.Name, map[string]string{"app": "web", "tier": "frontend"})
	pod("default", "web-7d4b9c-9fz8m", gke.Name, map[string]string{"app": "web", "tier": "frontend"})
	c.now = 90 * time.Second
	pod("default", "trainer-0", "", map[string]string{"app": "trainer", "gpu": "a100"})
	pod("kube-system", "coredns-5d78c9869d-abcde", web.Name, map[string]string{"k8s-app": "kube-dns"})
	pod("kube-system", "aws-node-x7k2p", gpu.Name, map[string]string{"k8s-app": "aws-node"})
	c.now = 3 * time.Hour
	_ = kubectl.DescribeEpoch
	return c
}
