package daemonset

import (
	"fmt"
	"math/rand"
	"reflect"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/controllers/replicaset"
	"github.com/taints-playground/playground/core/store"
)

// Controller is the DaemonSet controller's loop: woken through the
// Manager by DaemonSet writes, node changes and pods leaving their
// nodes, it gives every node that should run a daemon pod one, deletes
// the pods of nodes where it may not continue, and deletes the pods the
// kubelet left Failed after a per-node back-off (backoff.go). A node
// whose daemon pod was removed in this very instant (preempted, say)
// gets no new one before the next moment.
type Controller struct {
	env     *controllers.Env
	mgr     *controllers.Manager
	names   *rand.Rand
	backoff backoff
	requeue map[*core.DaemonSet]time.Duration // pending requeues (AddAfter)
}

// New starts the controller: it registers with the manager and watches
// DaemonSets and nodes. names draws the generated pod names (shared with
// the ReplicaSet controller).
func New(env *controllers.Env, mgr *controllers.Manager, names *rand.Rand) *Controller {
	c := &Controller{env: env, mgr: mgr, names: names, backoff: backoff{}, requeue: map[*core.DaemonSet]time.Duration{}}
	mgr.Register(c)
	mgr.WakeOnWorkloads(env.Store, func(ev store.WorkloadEvent) bool { return ev.DaemonSet != nil })
	env.Store.WatchNodes(func(store.NodeEvent) {
		if len(env.Store.DaemonSets()) > 0 {
			mgr.Wake()
		}
	})
	return c
}

// Adopt links the pods whose controller ownerReference names a DaemonSet
// to it, for the node in their spec.nodeName.
func (c *Controller) Adopt() {
	for _, p := range c.env.Store.Pods() {
		for _, ds := range c.env.Store.DaemonSets() {
			if IsControlledBy(p.Object, ds) {
				c.env.Store.UpdatePod(p, ControllerName, func(p *store.Pod) { p.DS, p.DaemonNode = ds, p.Object.Spec.NodeName })
			}
		}
	}
}

// Sync syncs every DaemonSet, in creation order.
func (c *Controller) Sync() {
	c.backoff.gc(c.env.Now())
	for _, ds := range c.env.Store.DaemonSets() {
		c.sync(ds)
	}
}

// sync creates a daemon pod for every node that should run one and has
// none, deletes the pods of nodes where it may not continue, and deletes
// the Failed pods of the others as their back-off allows. A pod the
// kubelet rejected is still an object (Failed), so its node has a pod
// until then; the replacement of a deleted Failed pod, which upstream's
// next sync (started by the deletion's watch event) creates at once, is
// created in this one.
func (c *Controller) sync(ds *core.DaemonSet) {
	tmpl := TemplatePod(ds)
	has := map[string]bool{}
	pods := map[string]*store.Pod{}
	now := c.env.Now()
	for _, p := range c.env.Store.Pods() {
		if p.DS == ds && !p.Deleted && (p.Phase != store.PhaseEvicted || p.Failed) && p.AdmitErr == "" {
			has[p.DaemonNode] = true
			pods[p.DaemonNode] = p
		}
	}
	for _, p := range c.env.Store.Pods() {
		// A Terminating daemon pod still exists: no new one until it is
		// gone, and it is not deleted again (podsShouldBeOnNode skips
		// pods with a deletionTimestamp, v1.37).
		if p.DS == ds && ((!p.Deleted && p.CreatedAt == now && p.Phase == store.PhaseEvicted) || p.IsTerminating()) {
			has[p.DaemonNode] = true
		}
	}
	object := "daemonset/" + ds.Namespace + "/" + ds.Name
	for _, n := range c.env.Store.Nodes() {
		p := pods[n.Name]
		if p == nil || !p.Failed {
			continue
		}
		if _, cont := NodeShouldRunDaemonPod(n, tmpl, c.env.Gate); cont && c.failedPod(ds, p, n.Name, object) {
			delete(has, n.Name)
			delete(pods, n.Name)
		}
	}
	create, remove := Plan(c.env.Store.Nodes(), tmpl, has, c.env.Gate)
	for _, node := range remove {
		if pods[node] == nil {
			continue
		}
		c.env.DeleteOwned(pods[node], ControllerName, object, fmt.Sprintf("daemon set %s may not run on %s any more", ds.Name, node))
	}
	for _, node := range create {
		c.create(ds, tmpl, node, object)
	}
}

// create makes the daemon pod of one node.
func (c *Controller) create(ds *core.DaemonSet, tmpl *core.Pod, node, object string) {
	p := NewDaemonPod(tmpl, node)
	p.Name = ds.Name + "-" + replicaset.RandomSuffix(c.names)
	p = p.DeepCopy()
	sources := make([]string, len(p.Spec.Tolerations))
	for i, t := range p.Spec.Tolerations {
		sources[i] = admission.SourceDaemonSet
		for _, u := range ds.Spec.Template.Spec.Tolerations {
			if reflect.DeepEqual(u, t) {
				sources[i] = admission.SourceUser
			}
		}
	}
	rec := c.env.NewPod(p, sources)
	rec.DS, rec.DaemonNode = ds, node
	if rec.AdmitErr != "" {
		c.env.Emit(ControllerName, core.EventWarning, "FailedCreate", object, "Error creating: "+rec.AdmitErr)
		c.env.Note("daemon set %s cannot create a pod: %s", ds.Name, rec.AdmitErr)
		return
	}
	c.mgr.Created()
	c.env.Emit(ControllerName, core.EventNormal, ReasonSuccessfulCreate, object, "Created pod: "+p.Name)
	c.env.Note("daemon set %s created %s for %s", ds.Name, p.Name, node)
	c.env.Store.AddPod(rec, ControllerName)
}
