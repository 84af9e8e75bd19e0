package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/taints-playground/playground/core"
)

// DrainRetry is kubectl drain's wait between refused evictions.
const DrainRetry = 5 * time.Second

// DrainPoll is how often kubectl drain looks whether the pods it evicted
// are gone (waitForDelete's interval, k8s.io/kubectl pkg/drain).
const DrainPoll = time.Second

// DrainWait is a `kubectl drain` still waiting: for evictions a
// PodDisruptionBudget refused (retried every DrainRetry), or for evicted
// pods to be gone (a Terminating pod is still there). The caller runs
// Tick every DrainPoll until it reports done (--timeout=0: forever).
type DrainWait struct {
	Node string
	// refused are the pods whose eviction was refused, with the polls
	// left until their retry.
	refused []refusedPod
	// evicted are the pods evicted and not gone yet.
	evicted []*core.Pod
	retries int
}

type refusedPod struct {
	pod  *core.Pod
	left int
}

// retryPolls is DrainRetry in polls.
const retryPolls = int(DrainRetry / DrainPoll)

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
	// Terminating pods are listed and evicted too (the default
	// --skip-wait-for-delete-timeout=0 skips none: drain.shouldSkipPod).
	for _, p := range c.NodePods(o.Node) {
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
	var evict []*core.Pod
	for _, dp := range plan.Evict {
		for _, p := range objs {
			if p.Namespace == dp.Namespace && p.Name == dp.Name {
				evict = append(evict, p)
			}
		}
	}
	for _, p := range evict {
		lines = append(lines, "evicting pod "+p.Namespace+"/"+p.Name)
	}
	for _, p := range evict {
		if err := c.EvictPod(p.Namespace, p.Name, p.UID, o.DisableEviction); err == ErrDisruptionBudget {
			lines = append(lines, EvictionRetryText(p.Namespace, p.Name, err.Error()))
			w.refused = append(w.refused, refusedPod{pod: p, left: retryPolls})
			continue
		}
		w.evicted = append(w.evicted, p)
	}
	lines = append(lines, w.poll(c)...)
	if w.done() {
		lines = append(lines, "node/"+o.Node+" drained")
		return strings.Join(lines, "\n"), nil, nil
	}
	if len(w.refused) > 0 {
		c.Narrate(fmt.Sprintf("drain of %s waits: the PodDisruptionBudget refuses to evict %s (kubectl retries every 5s)", o.Node, podNames(w.refusedPods())))
	} else {
		c.Narrate(fmt.Sprintf("drain of %s waits for %s to terminate", o.Node, podNames(w.evicted)))
	}
	return strings.Join(lines, "\n"), w, nil
}

func podNames(ps []*core.Pod) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// Tick is one DrainPoll of a waiting drain: the refused evictions whose
// DrainRetry has passed are tried again, then the evicted pods are looked
// up; it returns the lines kubectl prints and whether the drain is done.
// A pod evicted is reported ("pod/NAME evicted") once it is gone: not
// found, or found with another UID (waitForDelete); a refused pod that is
// gone meanwhile is dropped without a line (evictPods returns on
// IsNotFound).
func (w *DrainWait) Tick(c Cluster) (lines []string, done bool) {
	var still []refusedPod
	for _, r := range w.refused {
		if r.left--; r.left > 0 {
			still = append(still, r)
			continue
		}
		w.retries++
		switch err := c.EvictPod(r.pod.Namespace, r.pod.Name, r.pod.UID, false); err {
		case ErrDisruptionBudget:
			still = append(still, refusedPod{pod: r.pod, left: retryPolls})
		case nil:
			c.Narrate(fmt.Sprintf("kubectl drain: pod/%s evicted after %d retries", r.pod.Name, w.retries))
			w.evicted = append(w.evicted, r.pod)
		}
	}
	w.refused = still
	lines = w.poll(c)
	for _, l := range lines {
		c.Narrate("kubectl drain: " + l)
	}
	if !w.done() {
		return lines, false
	}
	c.Narrate("kubectl drain: node/" + w.Node + " drained")
	return append(lines, "node/"+w.Node+" drained"), true
}

// poll reports the evicted pods that are gone (waitForDelete's check).
func (w *DrainWait) poll(c Cluster) []string {
	var lines []string
	var left []*core.Pod
	for _, p := range w.evicted {
		if cur, ok := c.Pod(p.Namespace, p.Name); ok && cur.UID == p.UID {
			left = append(left, p)
			continue
		}
		lines = append(lines, "pod/"+p.Name+" evicted")
	}
	w.evicted = left
	return lines
}

func (w *DrainWait) done() bool { return len(w.refused) == 0 && len(w.evicted) == 0 }

func (w *DrainWait) refusedPods() []*core.Pod {
	out := make([]*core.Pod, len(w.refused))
	for i, r := range w.refused {
		out[i] = r.pod
	}
	return out
}
