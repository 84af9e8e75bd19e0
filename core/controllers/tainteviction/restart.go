package tainteviction

import (
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

var _ controllers.Restarter = (*Controller)(nil)

// Stop is kube-controller-manager stopping: the controller's deletion
// timers live in its process (taintEvictionQueue) and are lost. Nothing
// is cancelled through the API, so no "Cancelling deletion" event; the
// timers already on the clock find their pod's deadline gone and do
// nothing.
func (c *Controller) Stop() {
	for _, p := range c.env.Store.Pods() {
		if p.Eviction != nil {
			c.env.Store.UpdatePod(p, ControllerName, func(p *store.Pod) { p.Eviction = nil })
		}
	}
}

// Start is the new process starting: the informers' initial lists
// deliver every node as an add (handleNodeUpdate with no previous
// taints), so every pod assigned to a node with NoExecute taints (running
// or Terminating) is
// processed with now as the processing time (processPodOnNode): a
// tolerated taint's tolerationSeconds count again from the restart
// (taint.timeAdded is never read, issue #108268) and an untolerated one
// evicts at once. Nodes in store order, their pods in creation order.
func (c *Controller) Start() {
	pods := c.env.Store.Pods()
	for _, n := range c.env.Store.Nodes() {
		if noExecuteKey(n.Spec.Taints) == "" {
			continue
		}
		for _, p := range pods {
			if assigned(p, n.Name) {
				c.process(p)
			}
		}
	}
}
