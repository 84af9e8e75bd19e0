package deployment

import (
	"fmt"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

// ControllerName is the controller's event source.
const ControllerName = "deployment-controller"

// Controller is the Deployment controller's loop: a new Deployment gets
// its ReplicaSet, and a scaled Deployment scales it (ScalingReplicaSet).
type Controller struct {
	env *controllers.Env
}

// New starts the controller: it watches Deployments.
func New(env *controllers.Env) *Controller {
	c := &Controller{env: env}
	env.Store.WatchWorkloads(c.changed)
	return c
}

func (c *Controller) changed(ev store.WorkloadEvent) {
	d := ev.Deployment
	if d == nil {
		return
	}
	if ev.Added {
		c.create(d)
		return
	}
	c.scale(d)
}

// create makes the Deployment's ReplicaSet, scaled up from 0.
func (c *Controller) create(d *core.Deployment) {
	rs := NewReplicaSet(d)
	c.env.Store.CreateReplicaSet(rs, d)
	n := *rs.Spec.Replicas
	c.env.Emit(ControllerName, core.EventNormal, ScalingReplicaSet, "deployment/"+d.Namespace+"/"+d.Name,
		fmt.Sprintf("Scaled up replica set %s from 0 to %d", rs.Name, n))
	c.env.Note("deployment %s created replica set %s (%d replicas)", d.Name, rs.Name, n)
}

// scale gives the Deployment's ReplicaSet its replicas.
func (c *Controller) scale(d *core.Deployment) {
	r := c.env.Store.DeploymentReplicaSet(d)
	if r == nil {
		return
	}
	old, n := r.Replicas(), Replicas(d)
	c.env.Store.ScaleReplicaSet(r, n)
	if old == n {
		return
	}
	dir := "up"
	if n < old {
		dir = "down"
	}
	c.env.Emit(ControllerName, core.EventNormal, ScalingReplicaSet, "deployment/"+d.Namespace+"/"+d.Name,
		fmt.Sprintf("Scaled %s replica set %s from %d to %d", dir, r.Object.Name, old, n))
}
