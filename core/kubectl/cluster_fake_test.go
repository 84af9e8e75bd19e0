package kubectl_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/kubectl"
)

// cluster is an in-memory kubectl.Cluster: nodes (the store of
// kubectl_test.go), pods as the API returns them, events, and a record of
// every write kubectl asks for.
type cluster struct {
	*store
	pods   []*core.Pod
	events []core.Event
	now    time.Duration

	// budget is how many more evictions a PodDisruptionBudget refuses,
	// per namespace/name (-1: always).
	budget map[string]int
	// workloads are the scalable objects, "deployment/ns/name" or
	// "replicaset/ns/name", with their spec.replicas.
	workloads map[string]int32
	// manifest is what Decode returns (decodeErr when set).
	manifest  *kubectl.Manifest
	decodeErr error
	// verbs is Apply's answer per "kind/name" (default created); applyErr
	// its refusals.
	verbs    map[string]string
	applyErr map[string]error

	calls     []string
	narration []string
}

var _ kubectl.Cluster = (*cluster)(nil)

func newCluster(nodes ...*core.Node) *cluster {
	return &cluster{store: newStore(nodes...), budget: map[string]int{}, workloads: map[string]int32{},
		verbs: map[string]string{}, applyErr: map[string]error{}}
}

// addPod stores an API view: uid-<n>, the creation time and, for a pod
// bound to a node, phase Running.
func (c *cluster) addPod(p *core.Pod) *core.Pod {
	if p.Namespace == "" {
		p.Namespace = "default"
	}
	p.UID = fmt.Sprintf("uid-%d", len(c.pods))
	created := core.Time{Time: kubectl.DescribeEpoch.Add(c.now)}
	p.CreationTimestamp = &created
	if p.Status.Phase == "" {
		p.Status.Phase = core.PodPending
		if p.Spec.NodeName != "" {
			p.Status.Phase = core.PodRunning
		}
	}
	c.pods = append(c.pods, p)
	return p
}

func (c *cluster) Pod(namespace, name string) (*core.Pod, bool) {
	for _, p := range c.pods {
		if p.Namespace == namespace && p.Name == name {
			return p, true
		}
	}
	return nil, false
}

func (c *cluster) Pods(namespace string) []*core.Pod {
	var out []*core.Pod
	for _, p := range c.pods {
		if namespace == "" || p.Namespace == namespace {
			out = append(out, p)
		}
	}
	return out
}

func (c *cluster) NodePods(node string) []*core.Pod {
	var out []*core.Pod
	for _, p := range c.pods {
		if p.Spec.NodeName == node {
			out = append(out, p)
		}
	}
	return out
}

func (c *cluster) DescribedNode(name string) (*core.Node, []kubectl.NodePod, bool) {
	n, ok := c.Get(name)
	if !ok {
		return nil, nil, false
	}
	var pods []kubectl.NodePod
	for _, p := range c.NodePods(name) {
		pods = append(pods, kubectl.NodePod{Namespace: p.Namespace, Name: p.Name, Created: p.CreationTimestamp.Sub(kubectl.DescribeEpoch)})
	}
	return n, pods, true
}

func (c *cluster) Events() []core.Event { return c.events }
func (c *cluster) Now() time.Duration   { return c.now }
func (c *cluster) Narrate(msg string)   { c.narration = append(c.narration, msg) }

func (c *cluster) remove(namespace, name string) bool {
	for i, p := range c.pods {
		if p.Namespace == namespace && p.Name == name {
			c.pods = append(c.pods[:i], c.pods[i+1:]...)
			return true
		}
	}
	return false
}

// DeletePod answers as the API server does for a missing pod:
// NotFound, `pods "x" not found`.
func (c *cluster) DeletePod(namespace, name string, grace *int64) error {
	call := "DELETE pods " + namespace + "/" + name
	if grace != nil {
		call += fmt.Sprintf(" gracePeriodSeconds=%d", *grace)
	}
	c.calls = append(c.calls, call)
	if !c.remove(namespace, name) {
		return kubectl.APIError("NotFound", fmt.Sprintf("pods %q not found", name))
	}
	return nil
}

func (c *cluster) DeleteNode(name string) error {
	c.calls = append(c.calls, "DELETE nodes "+name)
	if _, ok := c.Get(name); !ok {
		return kubectl.APIError("NotFound", fmt.Sprintf("nodes %q not found", name))
	}
	return nil
}

func (c *cluster) EvictPod(namespace, name, uid string, skipBudgets bool) error {
	c.calls = append(c.calls, fmt.Sprintf("EVICT pods %s/%s uid=%s skipBudgets=%v", namespace, name, uid, skipBudgets))
	p, ok := c.Pod(namespace, name)
	if !ok || p.UID != uid {
		return kubectl.ErrGone
	}
	key := namespace + "/" + name
	if n := c.budget[key]; !skipBudgets && n != 0 {
		if n > 0 {
			c.budget[key] = n - 1
		}
		return kubectl.ErrDisruptionBudget
	}
	c.remove(namespace, name)
	return nil
}

// Scale answers a missing object as the API server does:
// `deployments.apps "x" not found`.
func (c *cluster) Scale(kind, namespace, name string, replicas int32) error {
	c.calls = append(c.calls, fmt.Sprintf("SCALE %s %s/%s %d", kind, namespace, name, replicas))
	key := kind + "/" + namespace + "/" + name
	if _, ok := c.workloads[key]; !ok {
		return kubectl.APIError("NotFound", fmt.Sprintf("%ss.apps %q not found", kind, name))
	}
	c.workloads[key] = replicas
	return nil
}

// PatchPod records the patch; the pod called unchanged stays the same.
func (c *cluster) PatchPod(namespace, name, patchType string, patch []byte, dryRun bool) (bool, error) {
	c.calls = append(c.calls, fmt.Sprintf("PATCH pods %s/%s %s %s dryRun=%v", namespace, name, patchType, patch, dryRun))
	if _, ok := c.Pod(namespace, name); !ok {
		return false, kubectl.APIError("NotFound", fmt.Sprintf("pods %q not found", name))
	}
	return name != "unchanged", nil
}

func (c *cluster) Decode(manifest string) (*kubectl.Manifest, error) {
	c.calls = append(c.calls, "DECODE "+strings.TrimSpace(manifest))
	if c.decodeErr != nil {
		return nil, c.decodeErr
	}
	return c.manifest, nil
}

func (c *cluster) Apply(obj any) (string, error) {
	var key string
	switch o := obj.(type) {
	case *core.Namespace:
		key = "namespace/" + o.Name
	case *core.PriorityClass:
		key = "priorityclass/" + o.Name
	case *core.PodDisruptionBudget:
		key = "poddisruptionbudget/" + o.Name
	case *core.Node:
		key = "node/" + o.Name
	case *core.Deployment:
		key = "deployment/" + o.Name
	case *core.ReplicaSet:
		key = "replicaset/" + o.Name
	case *core.DaemonSet:
		key = "daemonset/" + o.Name
	case *core.Pod:
		key = "pod/" + o.Name
	}
	c.calls = append(c.calls, "APPLY "+key)
	if err := c.applyErr[key]; err != nil {
		return "", err
	}
	if v := c.verbs[key]; v != "" {
		return v, nil
	}
	return "created", nil
}

// transcript is what a terminal shows: stdout, then stderr.
func transcript(out string, err error) string {
	if err == nil {
		return out
	}
	if out == "" {
		return err.Error()
	}
	return strings.TrimSuffix(out, "\n") + "\n" + err.Error()
}
