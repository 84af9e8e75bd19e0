// Package scheduler is kube-scheduler as a component of the simulated
// cluster: its scheduling queue (core/sched/queue), its cache of the
// nodes and their pods (cache.go), and the scheduling cycle that runs one
// pod through core/sched's default profile, binds it or records the
// failure, and carries out a preemption. Start with New and Cycle.
package scheduler

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"

	"github.com/taints-playground/playground/core"
	"github.com/taints-playground/playground/core/controllers"
	"github.com/taints-playground/playground/core/sched"
	"github.com/taints-playground/playground/core/sched/queue"
	"github.com/taints-playground/playground/core/store"
)

// Name is the scheduler's name (spec.schedulerName) and event source.
const Name = "default-scheduler"

// Event reasons of the scheduler.
const (
	ReasonScheduled        = "Scheduled"
	ReasonFailedScheduling = "FailedScheduling"
	ReasonPreempted        = "Preempted"
)

// Scheduler is the simulated kube-scheduler.
type Scheduler struct {
	env   *controllers.Env
	Queue *queue.Queue
	seed  int64
	rng   *rand.Rand

	startIndex   int  // the rotating nextStartNodeIndex
	anyNominated bool // some pod was nominated (noteNominated)
	started      bool
	// podAffinitySeen: some pod of the cluster has a pod affinity or
	// anti-affinity term (notePodAffinity).
	podAffinitySeen bool
	cache
}

// New returns the scheduler; its score ties are broken by a generator
// seeded with seed. It watches the store for new pods (once Start has
// listed the first ones) and for the changes its cache follows.
func New(env *controllers.Env, seed int64) *Scheduler {
	s := &Scheduler{env: env, seed: seed, rng: rand.New(rand.NewSource(seed))}
	s.cache.init(env.Store)
	s.Queue = queue.New(env, s)
	env.Store.WatchPods(s.podChanged)
	return s
}

// Start is the scheduler's first list of pods: every pending pod addressed
// to it enters activeQ, in creation order.
func (s *Scheduler) Start() {
	s.started = true
	for _, p := range s.env.Store.Pods() {
		s.notePodAffinity(p.Object)
		s.noteNominated(p.Object)
		if p.Phase == store.PhasePending && !p.Direct && !p.Reserved && !p.Deleted && s.forUs(p) {
			s.Queue.Add(p)
		}
	}
}

// Restart is kube-scheduler restarted: a new process with empty memory
// lists the cluster again. Its consequences, each upstream's:
//   - the scheduling queue is new (NewPriorityQueue): every pending pod
//     is back in activeQ with no failed attempts and no backoff,
//     unschedulablePods is empty, and the periodic flush ticks from now
//     (PriorityQueue.Run); see queue.Restart. The informer's first list
//     adds the pods in the API server's list order, the key order of its
//     watch cache (namespace, then name; a B-tree in v1.37, a map of no
//     set order in old releases), so among pods of equal priority that
//     order, not creation order, decides who is tried first;
//   - nominations survive in the pods' status.nominatedNodeName: the
//     informer's add puts each listed pod in the nominator under the
//     node its status names (PriorityQueue.Add → addNominatedPod with a
//     nil NominatingInfo, ModeNoop), so the room stays held;
//   - the cache is rebuilt from the informers (the same pods and
//     nodes), and the Filter pass starts again at the first node
//     (nextStartNodeIndex is zero in a new Scheduler);
//   - ties keep being broken by the playground's seeded generator, which
//     continues where it was, so a run stays reproducible (a real process
//     draws new random numbers).
func (s *Scheduler) Restart() {
	s.Queue.Restart()
	s.startIndex = 0
	s.infos, s.infoFor, s.snap = nil, nil, nil
	var listed []*store.Pod
	for _, p := range s.env.Store.Pods() {
		if p.Phase == store.PhasePending && !p.Direct && !p.Reserved && !p.Deleted && s.forUs(p) {
			listed = append(listed, p)
		}
	}
	sort.SliceStable(listed, func(i, j int) bool { return listKey(listed[i]) < listKey(listed[j]) })
	s.Queue.Relist(listed)
}

// listKey is the pod's key in the API server's storage order
// (namespace/name), the order a list returns.
func listKey(p *store.Pod) string { return p.Namespace() + "/" + p.Name() }

// podChanged queues a new pod addressed to the scheduler and keeps the
// cache's NodeInfos in step with the pods bound to each node.
func (s *Scheduler) podChanged(ev store.PodEvent) {
	was, is := &ev.Old, &ev.New
	s.notePodAffinity(is.Object)
	s.noteNominated(is.Object)
	if ev.Created && s.started && !is.Direct && !is.Deleted && s.forUs(ev.Pod) {
		s.Queue.Add(ev.Pod)
	}
	if is.Node != was.Node && is.Node != "" {
		s.markStale(is.Node)
	}
	if store.LeftNode(was, is) || store.Freed(was, is) || (was.Holds() && was.Object != is.Object) {
		s.markStale(was.Node)
	}
}

// notePodAffinity remembers that some pod of the cluster has a pod
// affinity or anti-affinity term: until one does, every cycle promises
// InterPodAffinity that none does (sched.Options.NoPodAffinity).
func (s *Scheduler) notePodAffinity(p *core.Pod) {
	if p != nil && p.Spec.Affinity != nil && (p.Spec.Affinity.PodAffinity != nil || p.Spec.Affinity.PodAntiAffinity != nil) {
		s.podAffinitySeen = true
	}
}

// noteNominated remembers that some pod names a nominated node, so that
// cycles start counting nominated pods (NominatedPods).
func (s *Scheduler) noteNominated(p *core.Pod) {
	if p != nil && p.Status.NominatedNodeName != "" {
		s.anyNominated = true
	}
}

// forUs reports whether kube-scheduler takes the pod (spec.schedulerName
// empty or default-scheduler); for other pods it notes that nobody will.
func (s *Scheduler) forUs(p *store.Pod) bool {
	if name := p.Object.Spec.SchedulerName; name != "" && name != Name {
		s.env.Note("%s stays Pending: spec.schedulerName %q is not %s", p.Name(), name, Name)
		return false
	}
	return true
}

// Options are the options of a cycle: ties broken by r (nil: the first
// tied node).
func (s *Scheduler) Options(r *rand.Rand) sched.Options {
	return sched.Options{EnableComparisonOperators: s.env.Gate, Rand: r, Version: s.env.Version, Namespaces: s.namespaceLabels(),
		NoPodAffinity: !s.podAffinitySeen}
}

// namespaceLabels looks up the labels of a namespace for
// InterPodAffinity's namespaceSelector: the Namespace object's labels plus
// kubernetes.io/metadata.name, which the API server sets on every
// namespace. Every namespace a pod lives in exists on a real cluster
// (NamespaceLifecycle admission), so one the scenario did not declare has
// that label only. Lookups are kept for the cycle.
func (s *Scheduler) namespaceLabels() func(string) (map[string]string, bool) {
	var seen map[string]map[string]string
	return func(name string) (map[string]string, bool) {
		if l, ok := seen[name]; ok {
			return l, true
		}
		l := map[string]string{}
		if ns := s.env.Store.Namespace(name); ns != nil {
			for k, v := range ns.Labels {
				l[k] = v
			}
		}
		l[LabelMetadataName] = name
		if seen == nil {
			seen = map[string]map[string]string{}
		}
		seen[name] = l
		return l, true
	}
}

// LabelMetadataName is the label the API server gives every namespace,
// its name as value (NamespaceDefaultLabelName, GA in 1.22).
const LabelMetadataName = "kubernetes.io/metadata.name"

// ExplainRand is a generator for explanation-only cycles, so that asking
// "why" never changes what the simulation decides.
func (s *Scheduler) ExplainRand() *rand.Rand { return rand.New(rand.NewSource(s.seed)) }

// NominatedPods are the pending pods preemption nominated to a node.
func (s *Scheduler) NominatedPods() []*core.Pod {
	if !s.anyNominated {
		return nil
	}
	var out []*core.Pod
	for _, p := range s.env.Store.Pods() {
		if !p.Deleted && p.Phase == store.PhasePending && p.Object.Status.NominatedNodeName != "" {
			out = append(out, p.Object)
		}
	}
	return out
}

// Cycle is one scheduling cycle for a pod popped from the queue. A
// failure sends the pod to unschedulablePods and applies the cycle's
// nominatingInfo (handleSchedulingFailure, v1.37): a preemption nominates
// the pod to its node and deletes the victims with their grace period
// (Terminating, they keep their resources, and their delete events queue
// the pod again when the kubelet finishes them); a cycle that found no
// preemption candidate clears an earlier nomination, so the room it
// reserved on that node is free again; a pod not eligible to preempt
// keeps its nomination.
func (s *Scheduler) Cycle(p *store.Pod) {
	opts := s.Options(s.rng)
	opts.StartNodeIndex = s.startIndex
	opts.NominatedPods = s.NominatedPods()
	// The cycle acts on the decision only; the Why view runs its own.
	opts.SkipBreakdown = true
	s.NodeInfos(p)
	res := sched.ScheduleSnapshot(p.Object, s.snap, opts)
	s.startIndex = res.NextStartNodeIndex
	if res.NodeName == "" {
		s.failed(p, res)
		return
	}
	s.env.Emit(Name, core.EventNormal, ReasonScheduled, "pod/"+p.Ref(), fmt.Sprintf("Successfully assigned %s to %s", p.Ref(), res.NodeName))
	s.env.Note("%s scheduled to %s", p.Name(), res.NodeName)
	now := s.env.Now()
	clear := s.env.Version.AtLeast(ClearNominationOnBindingSince)
	s.env.Store.UpdatePod(p, Name, func(p *store.Pod) {
		p.FailedMessage = ""
		if clear {
			p.Object = withNominated(p.Object, "")
		}
		p.Node, p.Phase, p.ScheduledAt = res.NodeName, store.PhaseRunning, &now
	})
}

// ClearNominationOnBindingSince is the first minor release whose API
// server clears status.nominatedNodeName when it binds a pod
// (ClearingNominatedNodeNameAfterBinding, beta and on in 1.35;
// BindingREST.setPodNodeAndMetadata). Before it a bound preemptor keeps
// the field, and kubectl get -o wide still shows its NOMINATED NODE.
const ClearNominationOnBindingSince = 35

// failed is handleSchedulingFailure: the FailedScheduling event, the pod
// back to unschedulablePods, and its nominatingInfo applied.
func (s *Scheduler) failed(p *store.Pod, res sched.Result) {
	s.env.Store.UpdatePod(p, Name, func(p *store.Pod) { p.FailedMessage = res.Message })
	s.env.Emit(Name, core.EventWarning, ReasonFailedScheduling, "pod/"+p.Ref(), res.Message)
	s.env.Note("%s stays Pending: %s", p.Name(), ShortReason(res.Message))
	s.Queue.Failed(p, &res)
	switch {
	case res.NominatedNode != "" && len(res.Victims) > 0:
		s.preempt(p, res)
	case res.ClearNomination && p.Object.Status.NominatedNodeName != "":
		node := p.Object.Status.NominatedNodeName
		s.env.Store.UpdatePod(p, Name, func(p *store.Pod) { p.Object = withNominated(p.Object, "") })
		s.env.Note("%s is no longer nominated to %s: preemption found no victims, so the room it held there is free", p.Name(), node)
	}
}

// withNominated is the pod with status.nominatedNodeName set to node (the
// same object when it already is).
func withNominated(p *core.Pod, node string) *core.Pod {
	if p.Status.NominatedNodeName == node {
		return p
	}
	cp := p.DeepCopy()
	cp.Status.NominatedNodeName = node
	return cp
}

// preempt carries out a successful preemption (Executor.prepareCandidate
// and prepareCandidateAsync, v1.37; async preemption is on by default
// from 1.33 and its API calls take no virtual time): lower-priority pods
// nominated to the node lose their nomination, the preemptor is
// nominated there, and each victim not already being deleted gets the
// DisruptionTarget condition, is deleted and gets a Preempted event. The
// preemptor binds once the victims are gone: their deletion moves it
// back to the scheduling queue, and its nominated node is tried first.
func (s *Scheduler) preempt(p *store.Pod, res sched.Result) {
	s.clearLowerNominations(p, res.NominatedNode)
	s.env.Store.UpdatePod(p, Name, func(p *store.Pod) { p.Object = withNominated(p.Object, res.NominatedNode) })
	cond := sched.VictimCondition(p.Object.Spec.SchedulerName)
	for _, v := range res.Victims {
		for _, q := range s.env.Store.Pods() {
			if q.Deleted || q.Phase != store.PhaseRunning || q.Ref() != v || q.Object.DeletionTimestamp != nil {
				continue
			}
			why := fmt.Sprintf("the scheduler preempted it to make room for %s (priority %d > %d)", p.Name(), p.Priority, q.Priority)
			// PreemptPod records the event after the deletion call returns;
			// it comes first here so that it precedes what the deletion
			// sets off in the other components (the kubelet's Killing).
			s.env.Emit(Name, core.EventNormal, ReasonPreempted, "pod/"+q.Ref(), fmt.Sprintf("Preempted by pod %s on node %s", p.UID(), res.NominatedNode))
			s.deleteVictim(q, cond, why)
			s.env.Note("%s preempted on %s for %s", q.Name(), q.Node, p.Name())
		}
	}
}

// deleteVictim patches the victim's DisruptionTarget condition and
// deletes it (Executor.PreemptPod: PatchPodStatus, then DeletePod with
// the pod's own grace period). It is the preemption's one deletion.
func (s *Scheduler) deleteVictim(q *store.Pod, cond core.PodCondition, why string) {
	// util.DeletePod: empty DeleteOptions, the victim's own grace period.
	s.env.Store.DeletePod(q, Name, store.Deletion{Now: s.env.Now(), Evict: true}, func(q *store.Pod) {
		q.Object = withCondition(q.Object, cond)
		q.DisruptionTarget = &cond
		q.Preempted, q.EvictReason = true, why
	})
}

// clearLowerNominations takes the nomination away from the pending pods
// of lower priority than p nominated to node: they may no longer fit
// there (getLowerPriorityNominatedPods and clearNominatedNodeName,
// v1.37). Where they wait in the queue is left alone: with queueing hints
// a status-only update moves a pod only if a plugin that rejected it
// asks for it, and none of the playground's plugins does.
func (s *Scheduler) clearLowerNominations(p *store.Pod, node string) {
	for _, q := range s.env.Store.Pods() {
		if q == p || q.Deleted || q.Phase != store.PhasePending || q.Object.Status.NominatedNodeName != node || q.Priority >= p.Priority {
			continue
		}
		s.env.Store.UpdatePod(q, Name, func(q *store.Pod) { q.Object = withNominated(q.Object, "") })
		s.env.Note("%s is no longer nominated to %s: %s of higher priority preempts there", q.Name(), node, p.Name())
	}
}

// withCondition is a copy of the pod with the condition set (replacing
// one of its type), so that the scheduler's NodeInfo sees it while the
// victim terminates (sched.TerminatingByPreemption).
func withCondition(p *core.Pod, c core.PodCondition) *core.Pod {
	cp := p.DeepCopy()
	for i := range cp.Status.Conditions {
		if cp.Status.Conditions[i].Type == c.Type {
			cp.Status.Conditions[i] = c
			return cp
		}
	}
	cp.Status.Conditions = append(cp.Status.Conditions, c)
	return cp
}

// ShortReason is the filter part of a FailedScheduling message: what the
// nodes said, without "0/N nodes are available:" and the preemption part.
func ShortReason(msg string) string {
	const marker = " nodes are available: "
	if i := strings.Index(msg, marker); i >= 0 {
		msg = msg[i+len(marker):]
	}
	if i := strings.Index(msg, ". "); i >= 0 {
		msg = msg[:i]
	}
	return strings.TrimSuffix(msg, ".")
}
