package daemonset

import (
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers"
)

var _ controllers.Restarter = (*Controller)(nil)

// Stop is kube-controller-manager stopping: the failed-pod back-off
// (flowcontrol.Backoff, held in memory by NewDaemonSetsController's
// failedPodsBackoff) and the work queue's pending AddAfter requeues are
// lost. A requeue timer already on the clock finds no entry and does
// nothing.
func (c *Controller) Stop() {
	c.backoff = backoff{}
	c.requeue = map[*core.DaemonSet]time.Duration{}
}

// Start does nothing of its own: the Manager wakes the workload
// controllers after a restart, and the new process syncs every DaemonSet
// with an empty back-off, so a failed daemon pod is deleted at once.
func (c *Controller) Start() {}
