package sim

import (
	"fmt"
	"reflect"
	"sort"
	"time"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/admission/defaulttolerationseconds"
	"github.com/taints-playground/playground/core/admission/podtolerationrestriction"
	"github.com/taints-playground/playground/core/controllers/daemonset"
	"github.com/taints-playground/playground/core/controllers/deployment"
	"github.com/taints-playground/playground/core/controllers/replicaset"
)

// Who added a toleration (PodState.TolerationSources).
const (
	SourceUser                     = "user"
	SourceDefaultTolerationSeconds = defaulttolerationseconds.PluginName
	SourceDaemonSet                = "DaemonSet controller"
	SourcePodTolerationRestriction = podtolerationrestriction.PluginName
)

// rsRec is a ReplicaSet the simulator runs, with the Deployment that owns
// it ("" for a ReplicaSet of the file).
type rsRec struct {
	rs     *core.ReplicaSet
	deploy *core.Deployment
	// made counts the pods created at virtual time madeAt: at most
	// spec.replicas (and burstReplicas) per instant, so pods the kubelet
	// keeps rejecting cannot make the controller spin (upstream backs off).
	made   int
	madeAt time.Duration
	// resyncDelay is how long a sync cut by that cap waits before it runs
	// again (1 s, doubling to 5 min; reset by a sync the cap did not cut),
	// as upstream's rate-limited requeue; resyncAt is the pending resync.
	resyncDelay time.Duration
	resyncAt    time.Duration
	// pods are the simulator's pods whose rs is this one, in s.pods order,
	// less those deleted, evicted or refused, which never count again
	// (activeFor keeps it; p.rs is set before a pod is added, and
	// adoptPods, which sets it later, rebuilds it).
	pods []*podRec
}

func (r *rsRec) object() string { return "replicaset/" + r.rs.Namespace + "/" + r.rs.Name }

// emitFrom emits an event from a named component.
func (s *simulator) emitFrom(source, typ, reason, object, msg string) {
	s.events = append(s.events, Event{At: secs(s.now), Type: typ, Reason: reason, Object: object, Message: msg, Source: source})
}

// admit creates the simulator's record of a pod after admission, in
// kube-apiserver's plugin order: Priority (spec.priority from
// priorityClassName or the globalDefault class), DefaultTolerationSeconds,
// PodTolerationRestriction (when enabled). A rejected pod is returned
// with admitErr set. sources says who added each toleration the pod
// arrives with (nil: all from the user).
func (s *simulator) admit(p *core.Pod, order int) *podRec {
	return s.admitWith(p, order, nil)
}

func (s *simulator) admitWith(p *core.Pod, order int, sources []string) *podRec {
	rec := &podRec{pod: p, order: order, phase: PhasePending, direct: p.Spec.NodeName != ""}
	if sources == nil {
		sources = make([]string, len(p.Spec.Tolerations))
		for i := range sources {
			sources[i] = SourceUser
		}
	}
	prio, err := s.resolvePriority(p)
	if err != nil {
		rec.admitErr, rec.admitForbidden = err.Error(), true
	}
	p.Spec.Priority = &prio
	rec.priority = prio
	adm := s.scen.Options.Admission
	if !adm.DisableDefaultTolerationSeconds {
		nr, ur := adm.DefaultTolerationSeconds()
		var added int
		p.Spec.Tolerations, added = defaulttolerationseconds.Admit(p.Spec.Tolerations, nr, ur)
		for i := 0; i < added; i++ {
			sources = append(sources, SourceDefaultTolerationSeconds)
		}
	}
	if adm.PodTolerationRestriction && rec.admitErr == "" {
		before := p.Spec.Tolerations
		res, err := podtolerationrestriction.Admit(before, s.namespaces[p.Namespace],
			podtolerationrestriction.Config{Default: adm.ClusterDefaultTolerations, Whitelist: adm.ClusterTolerationsWhitelist}, isBestEffort(p))
		if err != nil {
			rec.admitErr = err.Error()
		} else {
			var src []string
			for _, t := range res.Tolerations {
				who := SourcePodTolerationRestriction
				for i := range before {
					if reflect.DeepEqual(before[i], t) {
						who = sources[i]
						break
					}
				}
				src = append(src, who)
			}
			p.Spec.Tolerations, sources = res.Tolerations, src
		}
	}
	rec.tolSources = sources
	return rec
}

// resolvePriority is the Priority admission plugin: priorityClassName
// names a built-in or scenario PriorityClass (spec.priority and, when the
// pod sets none, preemptionPolicy come from it); without a name the
// globalDefault class applies, else 0.
func (s *simulator) resolvePriority(p *core.Pod) (int32, error) {
	name := p.Spec.PriorityClassName
	if name == "" {
		for _, pc := range s.pclasses {
			if pc.GlobalDefault {
				p.Spec.PriorityClassName = pc.Name
				if p.Spec.PreemptionPolicy == nil && pc.PreemptionPolicy != nil {
					v := *pc.PreemptionPolicy
					p.Spec.PreemptionPolicy = &v
				}
				if p.Spec.Priority != nil {
					return *p.Spec.Priority, nil
				}
				return pc.Value, nil
			}
		}
		return PodPriority(p), nil
	}
	for _, pc := range s.pclasses {
		if pc.Name == name {
			if p.Spec.PreemptionPolicy == nil && pc.PreemptionPolicy != nil {
				v := *pc.PreemptionPolicy
				p.Spec.PreemptionPolicy = &v
			}
			if p.Spec.Priority != nil {
				return *p.Spec.Priority, nil
			}
			return pc.Value, nil
		}
	}
	switch name {
	case "system-node-critical", "system-cluster-critical":
		return PodPriority(p), nil
	}
	if p.Spec.Priority != nil {
		return *p.Spec.Priority, nil
	}
	return 0, fmt.Errorf("pods %q is forbidden: no PriorityClass with name %s was found", p.Name, name)
}

// addObjects registers the file's (or an apply's) workload objects.
func (s *simulator) addDeployment(d *core.Deployment) *rsRec {
	rs := deployment.NewReplicaSet(d)
	r := &rsRec{rs: rs, deploy: d}
	s.rsets = append(s.rsets, r)
	s.emitFrom("deployment-controller", EventNormal, deployment.ScalingReplicaSet, "deployment/"+d.Namespace+"/"+d.Name,
		fmt.Sprintf("Scaled up replica set %s from 0 to %d", rs.Name, replicaset.Replicas(rs)))
	s.note("deployment %s created replica set %s (%d replicas)", d.Name, rs.Name, replicaset.Replicas(rs))
	s.ctrlDirty = true
	return r
}

func (s *simulator) addReplicaSet(rs *core.ReplicaSet) *rsRec {
	r := &rsRec{rs: rs}
	s.rsets = append(s.rsets, r)
	s.ctrlDirty = true
	return r
}

// syncControllers runs the ReplicaSet and DaemonSet controllers once.
func (s *simulator) syncControllers() {
	for _, r := range s.rsets {
		s.syncReplicaSet(r)
	}
	for _, ds := range s.dsets {
		s.syncDaemonSet(ds)
	}
}

// activeFor lists (when list is set) and counts the pods a ReplicaSet
// counts: controlled by it, not deleted, not evicted or failed
// (FilterActivePods).
func (s *simulator) activeFor(r *rsRec, list bool) ([]*podRec, int) {
	// Index the pods added since the last call by their ReplicaSet.
	for _, p := range s.pods[s.rsIndexed:] {
		if p.rs != nil {
			p.rs.pods = append(p.rs.pods, p)
		}
	}
	s.rsIndexed = len(s.pods)
	var out []*podRec
	n := 0
	kept := r.pods[:0]
	for _, p := range r.pods {
		if p.deleted || p.phase == PhaseEvicted || p.admitErr != "" {
			continue // for good: drop it from the index
		}
		kept = append(kept, p)
		if !p.notYet {
			n++
			if list {
				out = append(out, p)
			}
		}
	}
	clear(r.pods[len(kept):])
	r.pods = kept
	return out, n
}

// burstReplicas bounds the pods one sync creates or deletes (upstream's
// BurstReplicas).
const burstReplicas = 500

// syncReplicaSet creates or deletes pods so that spec.replicas are active.
func (s *simulator) syncReplicaSet(r *rsRec) {
	_, active := s.activeFor(r, false)
	diff := replicaset.Diff(r.rs, active)
	if r.madeAt != s.now {
		r.made, r.madeAt = 0, s.now
	}
	limit := min(burstReplicas, int(replicaset.Replicas(r.rs)))
	if diff > 0 && diff > limit-r.made {
		// Never below zero: after a scale down at this instant, made
		// can exceed the new limit, and a negative diff would delete.
		diff = max(limit-r.made, 0)
		// Pods are still missing: sync again later instead of never.
		if r.resyncAt <= s.now {
			r.resyncDelay = min(max(2*r.resyncDelay, time.Second), 5*time.Minute)
			r.resyncAt = s.now + r.resyncDelay
			s.push(&item{at: r.resyncAt, kind: itemResync})
		}
	} else if diff > 0 {
		r.resyncDelay = 0
	}
	r.made += max(diff, 0)
	for i := 0; i < diff; i++ {
		p := replicaset.NewPod(r.rs, replicaset.RandomSuffix(s.nameRng))
		for s.livePod(p.Namespace, p.Name) != nil {
			p.Name = r.rs.Name + "-" + replicaset.RandomSuffix(s.nameRng)
		}
		rec := s.admitWith(p, len(s.pods), nil)
		rec.rs = r
		rec.createdAt = s.now
		if rec.admitErr != "" {
			s.emitFrom("replicaset-controller", EventWarning, "FailedCreate", r.object(), "Error creating: "+rec.admitErr)
			s.note("replica set %s cannot create a pod: %s", r.rs.Name, rec.admitErr)
			return
		}
		s.addPod(rec)
		s.created = true
		s.emitFrom("replicaset-controller", EventNormal, replicaset.ReasonSuccessfulCreate, r.object(), "Created pod: "+p.Name)
		s.note("replica set %s created %s (Pending)", r.rs.Name, p.Name)
		s.startPod(rec)
	}
	if diff < 0 {
		active, _ := s.activeFor(r, true)
		// getPodsToDelete: unscheduled before scheduled, then newest first.
		sort.SliceStable(active, func(i, j int) bool {
			a, b := active[i], active[j]
			if (a.node == "") != (b.node == "") {
				return a.node == ""
			}
			return a.createdAt > b.createdAt || (a.createdAt == b.createdAt && a.order > b.order)
		})
		for _, p := range active[:min(-diff, len(active))] {
			s.controllerDelete(p, "replicaset-controller", r.object(), fmt.Sprintf("replica set %s scaled down", r.rs.Name))
		}
	}
}

// startPod hands a newly created pod to the kubelet (spec.nodeName) or
// the scheduler.
func (s *simulator) startPod(p *podRec) {
	if p.direct {
		s.bindDirect(p)
	} else if s.forUs(p) {
		s.enqueue(p)
	}
}

// markDeleted marks a pod record deleted (it leaves the board).
func (s *simulator) markDeleted(p *podRec) {
	if !p.deleted {
		s.live--
	}
	p.deleted = true
}

// controllerDelete deletes a pod on behalf of a controller
// (SuccessfulDelete event on the owner).
func (s *simulator) controllerDelete(p *podRec, source, owner, why string) {
	wasRunning := p.node != "" && p.phase == PhaseRunning
	s.emitFrom(source, EventNormal, replicaset.ReasonSuccessfulDelete, owner, "Deleted pod: "+p.pod.Name)
	s.touch(p)
	s.markDeleted(p)
	p.q = qNone
	s.cancelEviction(p)
	if wasRunning {
		s.podGone(p)
	}
	s.note("%s deleted: %s", p.pod.Name, why)
}

// syncDaemonSet creates a daemon pod for every node that should run one
// and has none, and deletes the pods of nodes where it may not continue.
func (s *simulator) syncDaemonSet(ds *core.DaemonSet) {
	tmpl := daemonset.TemplatePod(ds)
	has := map[string]bool{}
	pods := map[string]*podRec{}
	for _, p := range s.pods {
		if p.ds == ds && !p.deleted && p.phase != PhaseEvicted && p.admitErr == "" {
			has[p.dsNode] = true
			pods[p.dsNode] = p
		}
	}
	// A node whose daemon pod went away this very instant (rejected by
	// its kubelet, say) gets no new one before the next moment: upstream
	// backs off before re-creating failed daemon pods.
	for _, p := range s.pods {
		if p.ds == ds && p.createdAt == s.now && p.phase == PhaseEvicted {
			has[p.dsNode] = true
		}
	}
	create, remove := daemonset.Plan(s.nodes, tmpl, has, s.gate)
	object := "daemonset/" + ds.Namespace + "/" + ds.Name
	for _, node := range remove {
		if pods[node] == nil {
			continue
		}
		s.controllerDelete(pods[node], daemonset.ControllerName, object, fmt.Sprintf("daemon set %s may not run on %s any more", ds.Name, node))
	}
	for _, node := range create {
		p := daemonset.NewDaemonPod(tmpl, node)
		p.Name = ds.Name + "-" + replicaset.RandomSuffix(s.nameRng)
		p = p.DeepCopy()
		sources := make([]string, len(p.Spec.Tolerations))
		for i, t := range p.Spec.Tolerations {
			sources[i] = SourceDaemonSet
			for _, u := range ds.Spec.Template.Spec.Tolerations {
				if reflect.DeepEqual(u, t) {
					sources[i] = SourceUser
				}
			}
		}
		rec := s.admitWith(p, len(s.pods), sources)
		rec.ds, rec.dsNode, rec.createdAt = ds, node, s.now
		if rec.admitErr != "" {
			s.emitFrom(daemonset.ControllerName, EventWarning, "FailedCreate", object, "Error creating: "+rec.admitErr)
			s.note("daemon set %s cannot create a pod: %s", ds.Name, rec.admitErr)
			continue
		}
		s.addPod(rec)
		s.created = true
		s.emitFrom(daemonset.ControllerName, EventNormal, daemonset.ReasonSuccessfulCreate, object, "Created pod: "+p.Name)
		s.note("daemon set %s created %s for %s", ds.Name, p.Name, node)
		s.startPod(rec)
	}
}

// owner names a pod's controller for the board: "ReplicaSet/web-7d4b9c8f6".
func (p *podRec) owner() string {
	switch {
	case p.rs != nil:
		return "ReplicaSet/" + p.rs.rs.Name
	case p.ds != nil:
		return "DaemonSet/" + p.ds.Name
	}
	for _, o := range p.pod.OwnerReferences {
		if o.Controller != nil && *o.Controller {
			return o.Kind + "/" + o.Name
		}
	}
	return ""
}

// adoptPods links the file's pods to the file's ReplicaSets and DaemonSets
// named by their controller ownerReference, so the controllers count them
// (a ReplicaSet with its replicas already running creates nothing).
func (s *simulator) adoptPods() {
	s.rsIndexed = 0
	for _, r := range s.rsets {
		r.pods = nil
	}
	for _, p := range s.pods {
		for _, r := range s.rsets {
			if replicaset.IsControlledBy(p.pod, r.rs) {
				s.touch(p)
				p.rs = r
			}
		}
		for _, ds := range s.dsets {
			if daemonset.IsControlledBy(p.pod, ds) {
				s.touch(p)
				p.ds, p.dsNode = ds, p.pod.Spec.NodeName
			}
		}
	}
}

// admissionErrorText is kubectl's line for a pod admission refused:
// Forbidden statuses (the Priority plugin) carry their reason, plain
// admission errors (PodTolerationRestriction) have none.
func admissionErrorText(p *podRec, source string) string {
	if p.admitForbidden {
		return "Error from server (Forbidden): error when creating " + source + ": " + p.admitErr
	}
	return "Error from server: error when creating " + source + ": " + p.admitErr
}
