package replicaset

import "github.com/taints-playground/playground/core/controllers"

var _ controllers.Restarter = (*Controller)(nil)

// Stop is kube-controller-manager stopping: the controller's
// expectations and rate state are lost (here, the pods counted as
// created this instant and the resync back-off). Its pod index is the
// informer's cache, which the new process lists again unchanged.
func (c *Controller) Stop() {
	for i := range c.states {
		c.states[i].made, c.states[i].resyncDelay = 0, 0
	}
}

// Start does nothing of its own: the Manager wakes every workload
// controller after a restart, and the informers' initial lists make the
// new process sync every ReplicaSet at once (with empty expectations, it
// creates the pods any one is short of).
func (c *Controller) Start() {}
