package daemonset

import (
	"fmt"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/store"
)

// The failed-pod back-off of kube-controller-manager
// (cmd/kube-controller-manager/app/apps.go: flowcontrol.NewBackOff(1s,
// 15min), no jitter) and the event of a failed daemon pod.
const (
	BackoffInitial          = time.Second
	BackoffMax              = 15 * time.Minute
	ReasonFailedDaemonPod   = "FailedDaemonPod"
	failedDaemonPodTemplate = "Found failed daemon pod %s/%s on node %s, will try to kill it"
)

// FailedDaemonPodMessage is the FailedDaemonPod event's message
// (podsShouldBeOnNode).
func FailedDaemonPodMessage(namespace, name, node string) string {
	return fmt.Sprintf(failedDaemonPodTemplate, namespace, name, node)
}

// backoffKey is failedPodsBackoffKey: the DaemonSet and the node. Upstream
// the key also holds the DaemonSet's UID and status.observedGeneration so
// that a spec change starts afresh; the playground never changes a stored
// DaemonSet's spec, so the object itself names both.
type backoffKey struct {
	ds   *core.DaemonSet
	node string
}

// backoffEntry is one flowcontrol.Backoff entry.
type backoffEntry struct {
	delay, lastUpdate time.Duration
}

// backoff is flowcontrol.Backoff on the virtual clock, as the DaemonSet
// controller uses it.
type backoff map[backoffKey]*backoffEntry

// expired is hasExpired: an entry not stepped for more than twice the cap
// (30 min) counts as absent.
func expired(now time.Duration, e *backoffEntry) bool { return now-e.lastUpdate > 2*BackoffMax }

// inBackOffSinceUpdate is IsInBackOffSinceUpdate: less than the current
// delay has passed since the entry was last stepped.
func (b backoff) inBackOffSinceUpdate(k backoffKey, now time.Duration) bool {
	e := b[k]
	if e == nil || expired(now, e) {
		return false
	}
	return now-e.lastUpdate < e.delay
}

// get is Get: the current delay (0 without an entry).
func (b backoff) get(k backoffKey) time.Duration {
	if e := b[k]; e != nil {
		return e.delay
	}
	return 0
}

// next is Next: a new (or expired) entry starts at 1 s, otherwise the
// delay doubles, capped at 15 min; the entry is stepped now.
func (b backoff) next(k backoffKey, now time.Duration) {
	e := b[k]
	if e == nil || expired(now, e) {
		e = &backoffEntry{delay: BackoffInitial}
		b[k] = e
	} else {
		e.delay = min(2*e.delay, BackoffMax)
	}
	e.lastUpdate = now
}

// gc is GC: expired entries are dropped. Upstream runs it every minute
// (BackoffGCInterval); since next and inBackOffSinceUpdate already treat
// an expired entry as absent, when it runs changes nothing observable, and
// the controller runs it at each sync.
func (b backoff) gc(now time.Duration) {
	for k, e := range b {
		if expired(now, e) {
			delete(b, k)
		}
	}
}

// failedPod is podsShouldBeOnNode's handling of a Failed daemon pod on a
// node where it may continue: while the (DaemonSet, node) back-off runs,
// the pod stays and the DaemonSet is requeued after the whole current
// delay (enqueueDaemonSetAfter); otherwise the back-off steps, Warning
// FailedDaemonPod is emitted and the pod is deleted (grace 0: a Failed
// pod goes at once). It reports whether it deleted the pod.
func (c *Controller) failedPod(ds *core.DaemonSet, p *store.Pod, node, object string) bool {
	k := backoffKey{ds, node}
	now := c.env.Now()
	if c.backoff.inBackOffSinceUpdate(k, now) {
		delay := c.backoff.get(k)
		if c.requeueAfter(ds, delay) {
			c.env.Note("daemon set %s leaves failed %s on %s for its back-off of %s: the next sync is at %s", ds.Name, p.Name(), node, clock.Format(delay), clock.FormatAt(now+delay))
		}
		return false
	}
	c.backoff.next(k, now)
	c.env.Emit(ControllerName, core.EventWarning, ReasonFailedDaemonPod, object, FailedDaemonPodMessage(p.Namespace(), p.Name(), node))
	c.env.DeleteOwned(p, ControllerName, object, fmt.Sprintf("daemon set %s found it failed on %s (%s)", ds.Name, node, p.StatusReason))
	return true
}

// requeueAfter is the work queue's AddAfter for the DaemonSet: a timer
// that wakes the controllers, unless one is already set no later (the
// delaying queue keeps an item's earliest ready time). It reports whether
// it set a timer.
func (c *Controller) requeueAfter(ds *core.DaemonSet, delay time.Duration) bool {
	at := c.env.Now() + delay
	if t, ok := c.requeue[ds]; ok && t <= at {
		return false
	}
	c.requeue[ds] = at
	c.env.Clock.At(at, clock.Work, func() {
		if t, ok := c.requeue[ds]; ok && t == at {
			delete(c.requeue, ds)
			c.mgr.Wake()
		}
	})
	return true
}

// DeletionAt is when the controller deletes p, a daemon pod its kubelet
// left Failed: when the (DaemonSet, node) back-off has passed, at the sync
// the DaemonSet was requeued for. False for any other pod.
func (c *Controller) DeletionAt(p *store.Pod) (time.Duration, bool) {
	if p.DS == nil || !p.Failed || p.Deleted {
		return 0, false
	}
	e := c.backoff[backoffKey{p.DS, p.DaemonNode}]
	if e == nil {
		return 0, false
	}
	return e.lastUpdate + e.delay, true
}
