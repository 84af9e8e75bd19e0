// Package scheduler is kube-scheduler as a component of the simulated
// cluster: its scheduling queue (core/sched/queue), its cache of the
// nodes and their pods (cache.go), and the scheduling cycle that runs one
// pod through core/sched's default profile, binds it or records the
// failure, and carries out a preemption. Start with New and Cycle.
package scheduler

import (
	"fmt"
	"math/rand"
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
	anyNominated bool // some pod was nominated by preemption
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
		if p.Phase == store.PhasePending && !p.Direct && !p.Reserved && s.forUs(p) {
			s.Queue.Add(p)
		}
	}
}

// podChanged queues a new pod addressed to the scheduler and keeps the
// cache's NodeInfos in step with the pods bound to each node.
func (s *Scheduler) podChanged(ev store.PodEvent) {
	was, is := &ev.Old, &ev.New
	s.notePodAffinity(is.Object)
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
// failure sends the pod to unschedulablePods; when preemption found a
// node, the pod is nominated there and the victims are deleted with
// their grace period: Terminating, they keep their resources, and their
// delete events queue the pod again when the kubelet finishes them.
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
		s.env.Store.UpdatePod(p, Name, func(p *store.Pod) { p.FailedMessage = res.Message })
		s.env.Emit(Name, core.EventWarning, ReasonFailedScheduling, "pod/"+p.Ref(), res.Message)
		s.env.Note("%s stays Pending: %s", p.Name(), ShortReason(res.Message))
		s.Queue.Failed(p, &res)
		if res.NominatedNode != "" && len(res.Victims) > 0 {
			s.preempt(p, res)
		}
		return
	}
	s.env.Emit(Name, core.EventNormal, ReasonScheduled, "pod/"+p.Ref(), fmt.Sprintf("Successfully assigned %s to %s", p.Ref(), res.NodeName))
	s.env.Note("%s scheduled to %s", p.Name(), res.NodeName)
	now := s.env.Now()
	s.env.Store.UpdatePod(p, Name, func(p *store.Pod) {
		p.FailedMessage = ""
		p.Object = withNominated(p.Object, "")
		p.Node, p.Phase, p.ScheduledAt = res.NodeName, store.PhaseRunning, &now
	})
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

// preempt carries out a successful preemption: the preemptor is nominated
// to the node and each victim is deleted with a Preempted event.
func (s *Scheduler) preempt(p *store.Pod, res sched.Result) {
	s.env.Store.UpdatePod(p, Name, func(p *store.Pod) { p.Object = withNominated(p.Object, res.NominatedNode) })
	s.anyNominated = true
	now := s.env.Now()
	for _, v := range res.Victims {
		for _, q := range s.env.Store.Pods() {
			if q.Deleted || q.Phase != store.PhaseRunning || q.Ref() != v {
				continue
			}
			s.env.Emit(Name, core.EventNormal, ReasonPreempted, "pod/"+q.Ref(), fmt.Sprintf("Preempted by pod %s on node %s", podUID(p), res.NominatedNode))
			why := fmt.Sprintf("the scheduler preempted it to make room for %s (priority %d > %d)", p.Name(), p.Priority, q.Priority)
			// util.DeletePod: empty DeleteOptions, the victim's own grace period.
			s.env.Store.DeletePod(q, Name, store.Deletion{Now: now, Evict: true}, func(q *store.Pod) {
				q.Preempted, q.EvictReason = true, why
			})
			s.env.Note("%s preempted on %s for %s", q.Name(), q.Node, p.Name())
		}
	}
}

// podUID is what the Preempted event names the preemptor by: its UID when
// the manifest has one, else namespace/name.
func podUID(p *store.Pod) string {
	if p.Object.UID != "" {
		return p.Object.UID
	}
	return p.Ref()
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
