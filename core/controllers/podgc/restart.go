package podgc

import "github.com/taints-playground/playground/core/controllers"

var _ controllers.Restarter = (*Controller)(nil)

// Stop is kube-controller-manager stopping: the pass loop
// (wait.UntilWithContext in PodGCController.Run) and the node quarantine
// queue (nodeQueue, a delaying queue in memory) end with the process. A
// pass already on the clock does nothing. The new process's passes fall
// every CheckPeriod from its start (Start), and a node missing from the
// cluster is quarantined afresh for QuarantineTime.
func (c *Controller) Stop() {
	c.gen++
	c.pending, c.ran = false, false
	c.quarantine = Quarantine{}
	c.epoch = c.env.Now()
}
