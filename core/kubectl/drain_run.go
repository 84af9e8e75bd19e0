package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
)

// DrainRetry is kubectl drain's wait between refused evictions.
const DrainRetry = 5 * time.Second

// DrainWait is a `kubectl drain` still waiting for evictions a
// PodDisruptionBudget refused: the caller runs Retry every DrainRetry
// until it reports done (--timeout=0: forever).
type DrainWait struct {
	Node    string
	pending []*core.Pod
	retries int
}

// Drain runs `kubectl drain NODE [flags]`: cordon, the pod filters, then
// an eviction per pod through the eviction API (PodDisruptionBudgets
// respected; --disable-eviction skips them). A refused eviction is
// retried: Drain then returns a DrainWait with what it printed so far.
// No taint besides the cordon's is added.
func Drain(c Cluster, args []string) (string, *DrainWait, error) {
	o, err := ParseDrain(args)
	if err != nil {
		return "", nil, err
	}
	out, err := Cordon(c, []string{o.Node})
	out = strings.TrimRight(out, "\n")
	if err != nil {
		return out, nil, err
	}
	var lines []string
	if out != "" {
		lines = append(lines, out)
	}
	var pods []DrainPod
	var objs []*core.Pod
	for _, p := range c.NodePods(o.Node) {
		if p.DeletionTimestamp != nil {
			continue
		}
		ctrl := controllerOf(p)
		dp := DrainPod{Namespace: p.Namespace, Name: p.Name, Terminal: p.Status.Phase == core.PodFailed || p.Status.Phase == core.PodSucceeded,
			DaemonSet: ctrl != nil && ctrl.Kind == "DaemonSet", Controlled: ctrl != nil}
		_, dp.Mirror = p.Annotations["kubernetes.io/config.mirror"]
		for _, v := range p.Spec.Volumes {
			dp.LocalStorage = dp.LocalStorage || v.EmptyDir != nil
		}
		pods = append(pods, dp)
		objs = append(objs, p)
	}
	plan := FilterDrainPods(pods, o)
	if len(plan.Errors) > 0 {
		c.Narrate(fmt.Sprintf("drain of %s stopped: %d group(s) of pods cannot be deleted; the node stays cordoned", o.Node, len(plan.Errors)))
		return strings.Join(lines, "\n"), nil, fail(DrainErrorText(o.Node, plan.Errors))
	}
	if plan.Warning != "" {
		lines = append(lines, plan.Warning)
	}
	w := &DrainWait{Node: o.Node}
	for _, dp := range plan.Evict {
		for _, p := range objs {
			if p.Namespace == dp.Namespace && p.Name == dp.Name {
				w.pending = append(w.pending, p)
			}
		}
	}
	for _, p := range w.pending {
		lines = append(lines, "evicting pod "+p.Namespace+"/"+p.Name)
	}
	var left []*core.Pod
	var done []string
	for _, p := range w.pending {
		if err := c.EvictPod(p.Namespace, p.Name, p.UID, o.DisableEviction); err == ErrDisruptionBudget {
			lines = append(lines, EvictionRetryText(p.Namespace, p.Name, err.Error()))
			left = append(left, p)
			continue
		}
		done = append(done, "pod/"+p.Name+" evicted")
	}
	lines = append(lines, done...)
	if len(left) == 0 {
		lines = append(lines, "node/"+o.Node+" drained")
		return strings.Join(lines, "\n"), nil, nil
	}
	w.pending = left
	c.Narrate(fmt.Sprintf("drain of %s waits: the PodDisruptionBudget refuses to evict %s (kubectl retries every 5s)", o.Node, podNames(left)))
	return strings.Join(lines, "\n"), w, nil
}

func podNames(ps []*core.Pod) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// Retry is drain's next attempt at the evictions still refused: it returns
// the lines kubectl prints and whether the drain is done. A pod that no
// longer runs on the node is dropped.
func (w *DrainWait) Retry(c Cluster) (lines []string, done bool) {
	w.retries++
	var left []*core.Pod
	for _, p := range w.pending {
		switch err := c.EvictPod(p.Namespace, p.Name, p.UID, false); err {
		case ErrDisruptionBudget:
			left = append(left, p)
		case nil:
			c.Narrate(fmt.Sprintf("kubectl drain: pod/%s evicted after %d retries", p.Name, w.retries))
			lines = append(lines, "pod/"+p.Name+" evicted")
		}
	}
	w.pending = left
	if len(left) > 0 {
		return lines, false
	}
	c.Narrate("kubectl drain: node/" + w.Node + " drained")
	return append(lines, "node/"+w.Node+" drained"), true
}
