package replicaset

import (
	"fmt"
	"math/rand"
	"sort"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/clock"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/store"
)

// ControllerName is the controller's event source.
const ControllerName = "replicaset-controller"

// BurstReplicas bounds the pods one sync creates or deletes (upstream's
// BurstReplicas).
const BurstReplicas = 500

// Controller is the ReplicaSet controller's loop: woken through the
// Manager by ReplicaSet writes and pods leaving their nodes, it makes
// each ReplicaSet's active pods spec.replicas.
//
// One ReplicaSet creates at most spec.replicas pods per instant (so pods
// the kubelet keeps rejecting cannot make it spin; upstream backs off):
// pods still missing then are created by a resync 1 s later. The delay
// doubles (up to 5 min) only while the resyncs themselves are cut, which
// the cap never does to a resync's first sync of its instant, so in
// practice it stays 1 s.
type Controller struct {
	env    *controllers.Env
	mgr    *controllers.Manager
	names  *rand.Rand
	states []rsState // by store.ReplicaSet.Index
	// indexed is how many store pods were looked at for rsState.pods.
	indexed int
}

// rsState is what the controller keeps of one ReplicaSet.
type rsState struct {
	// made counts the pods created at virtual time madeAt.
	made   int
	madeAt time.Duration
	// resyncDelay is how long a sync cut by the cap waits before it runs
	// again; resyncAt is the pending resync.
	resyncDelay time.Duration
	resyncAt    time.Duration
	// pods are the store's pods of this ReplicaSet, in creation order,
	// less those deleted, evicted or refused, which never count again.
	pods []*store.Pod
}

// New starts the controller: it registers with the manager and watches
// ReplicaSets. names draws the generated pod names (shared with the
// DaemonSet controller, so that names depend only on the seed).
func New(env *controllers.Env, mgr *controllers.Manager, names *rand.Rand) *Controller {
	c := &Controller{env: env, mgr: mgr, names: names}
	mgr.Register(c)
	mgr.WakeOnWorkloads(env.Store, func(ev store.WorkloadEvent) bool { return ev.ReplicaSet != nil })
	return c
}

func (c *Controller) state(r *store.ReplicaSet) *rsState {
	for len(c.states) <= r.Index {
		c.states = append(c.states, rsState{})
	}
	return &c.states[r.Index]
}

// Adopt links the pods whose controller ownerReference names a
// ReplicaSet to it (the starting cluster's pods: a ReplicaSet with its
// replicas already running creates nothing).
func (c *Controller) Adopt() {
	for _, p := range c.env.Store.Pods() {
		for _, r := range c.env.Store.ReplicaSets() {
			if IsControlledBy(p.Object, r.Object) {
				c.env.Store.UpdatePod(p, ControllerName, func(p *store.Pod) { p.RS = r })
			}
		}
	}
}

// Sync runs syncReplicaSet for every ReplicaSet, in creation order.
func (c *Controller) Sync() {
	for _, r := range c.env.Store.ReplicaSets() {
		c.sync(r)
	}
}

// active lists (when list is set) and counts the pods a ReplicaSet
// counts: controlled by it, not deleted, not evicted or failed
// (FilterActivePods).
func (c *Controller) active(r *store.ReplicaSet, list bool) ([]*store.Pod, int) {
	pods := c.env.Store.Pods()
	for _, p := range pods[c.indexed:] {
		if p.RS != nil {
			st := c.state(p.RS)
			st.pods = append(st.pods, p)
		}
	}
	c.indexed = len(pods)
	st := c.state(r)
	var out []*store.Pod
	n := 0
	kept := st.pods[:0]
	for _, p := range st.pods {
		if p.Deleted || p.Phase == store.PhaseEvicted || p.AdmitErr != "" {
			continue // for good: drop it from the index
		}
		kept = append(kept, p)
		if !p.Reserved {
			n++
			if list {
				out = append(out, p)
			}
		}
	}
	clear(st.pods[len(kept):])
	st.pods = kept
	return out, n
}

// sync creates or deletes pods so that spec.replicas are active.
func (c *Controller) sync(r *store.ReplicaSet) {
	_, active := c.active(r, false)
	diff := Diff(r.Object, active)
	st := c.state(r)
	now := c.env.Now()
	if st.madeAt != now {
		st.made, st.madeAt = 0, now
	}
	limit := min(BurstReplicas, int(Replicas(r.Object)))
	if diff > 0 && diff > limit-st.made {
		// Never below zero: after a scale down at this instant, made can
		// exceed the new limit, and a negative diff would delete.
		diff = max(limit-st.made, 0)
		// Pods are still missing: sync again later instead of never.
		if st.resyncAt <= now {
			st.resyncDelay = min(max(2*st.resyncDelay, time.Second), 5*time.Minute)
			st.resyncAt = now + st.resyncDelay
			c.env.Clock.At(st.resyncAt, clock.Work, c.resync)
		}
	} else if diff > 0 {
		st.resyncDelay = 0
	}
	st.made += max(diff, 0)
	for i := 0; i < diff; i++ {
		if !c.create(r) {
			return
		}
	}
	if diff < 0 {
		c.scaleDown(r, -diff)
	}
}

// resync is a sync the creation cap deferred: every controller syncs now,
// and again, woken, with the scheduling of this instant.
func (c *Controller) resync() {
	c.mgr.Wake()
	c.mgr.Sync()
}

// create makes one pod of the template; false when admission refused it.
func (c *Controller) create(r *store.ReplicaSet) bool {
	p := NewPod(r.Object, RandomSuffix(c.names))
	for c.env.Store.LivePod(p.Namespace, p.Name) != nil {
		p.Name = r.Object.Name + "-" + RandomSuffix(c.names)
	}
	rec := c.env.NewPod(p, nil)
	rec.RS = r
	object := "replicaset/" + r.Object.Namespace + "/" + r.Object.Name
	if rec.AdmitErr != "" {
		c.env.Emit(ControllerName, core.EventWarning, "FailedCreate", object, "Error creating: "+rec.AdmitErr)
		c.env.Note("replica set %s cannot create a pod: %s", r.Object.Name, rec.AdmitErr)
		return false
	}
	c.mgr.Created()
	c.env.Emit(ControllerName, core.EventNormal, ReasonSuccessfulCreate, object, "Created pod: "+p.Name)
	c.env.Note("replica set %s created %s (Pending)", r.Object.Name, p.Name)
	c.env.Store.AddPod(rec, ControllerName)
	return true
}

// scaleDown deletes n active pods, as getPodsToDelete orders them:
// unscheduled before scheduled, then newest first.
func (c *Controller) scaleDown(r *store.ReplicaSet, n int) {
	active, _ := c.active(r, true)
	sort.SliceStable(active, func(i, j int) bool {
		a, b := active[i], active[j]
		if (a.Node == "") != (b.Node == "") {
			return a.Node == ""
		}
		return a.CreatedAt > b.CreatedAt || (a.CreatedAt == b.CreatedAt && a.Index > b.Index)
	})
	object := "replicaset/" + r.Object.Namespace + "/" + r.Object.Name
	for _, p := range active[:min(n, len(active))] {
		c.env.DeleteOwned(p, ControllerName, object, fmt.Sprintf("replica set %s scaled down", r.Object.Name))
	}
}
