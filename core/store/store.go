// Package store is the simulated cluster's API server: it holds the
// objects — nodes, pods, workloads, budgets, priority classes, namespaces
// and events — and every write goes through it. A write bumps the
// store's resourceVersion and, before it returns, calls the watchers of
// that kind of object in the order they registered, with the object as it
// was and as it is (as informers deliver watch events, but synchronously,
// so a run is deterministic).
//
// Start with New, CreateNode, AddPod and UpdatePod; controllers register
// with WatchNodes and WatchPods.
package store

import (
	"fmt"
	"reflect"
	"sort"

	"github.com/taints-playground/playground/core"
)

// Store is the object store of one simulated cluster.
type Store struct {
	rv uint64

	nodes   []*core.Node
	nodeIdx map[string]int
	// nodeWrites counts node creations and updates, seen or quiet.
	nodeWrites uint64
	// held holds, per node, the object as it was when Hold was called.
	held      map[string]*core.Node
	nodeWatch []func(NodeEvent)
	delWatch  []func(*core.Node)

	pods     []*Pod
	byName   map[podName][]*Pod
	onNode   map[string][]*Pod // pods ever bound to a node, in binding order
	podWatch []func(PodEvent)
	live     int

	events []core.Event
	// byObject indexes events by their Object ("pod/ns/name").
	byObject map[string][]int
	// checkWrites keeps each pod record's last written state (CheckWrites).
	checkWrites bool

	workloads
}

type podName struct{ namespace, name string }

// New returns an empty store.
func New() *Store {
	return &Store{
		nodeIdx:   map[string]int{},
		byName:    map[podName][]*Pod{},
		onNode:    map[string][]*Pod{},
		byObject:  map[string][]int{},
		workloads: workloads{namespaces: map[string]*core.Namespace{}},
	}
}

// ResourceVersion is the number of writes so far.
func (s *Store) ResourceVersion() uint64 { return s.rv }

// NodeWrites counts the node objects stored so far (created or
// replaced), whether the watchers saw them or not: a cache compares it to
// know when to look for replaced objects.
func (s *Store) NodeWrites() uint64 { return s.nodeWrites }

// NodeEvent is a node added (Old nil) or changed.
type NodeEvent struct {
	Old, New *core.Node
}

// WatchNodes registers fn for every node write.
func (s *Store) WatchNodes(fn func(NodeEvent)) { s.nodeWatch = append(s.nodeWatch, fn) }

// Nodes lists the nodes in creation order. Callers must not modify the
// slice or the objects.
func (s *Store) Nodes() []*core.Node { return s.nodes }

// Node returns the node called name, or nil.
func (s *Store) Node(name string) *core.Node {
	if i, ok := s.nodeIdx[name]; ok {
		return s.nodes[i]
	}
	return nil
}

// NodeIndex is the node's position in Nodes.
func (s *Store) NodeIndex(name string) (int, bool) {
	i, ok := s.nodeIdx[name]
	return i, ok
}

// CreateNode adds a node. quiet leaves the watchers out: the nodes of the
// starting cluster, which every component lists when it starts.
func (s *Store) CreateNode(n *core.Node, quiet bool) {
	s.rv++
	s.nodeWrites++
	s.nodeIdx[n.Name] = len(s.nodes)
	s.nodes = append(s.nodes, n)
	if !quiet {
		s.notifyNode(NodeEvent{New: n})
	}
}

// WatchNodeDeletes registers fn for every node deletion; it gets the
// object as it was last stored (an informer's DeleteFunc).
func (s *Store) WatchNodeDeletes(fn func(*core.Node)) { s.delWatch = append(s.delWatch, fn) }

// DeleteNode removes the node called name (kubectl delete node) and
// reports whether it existed. The nodes after it move up one place in
// Nodes; the pods bound to it stay bound to the missing node (BoundTo
// still lists them) until someone deletes them.
func (s *Store) DeleteNode(name string) bool {
	i, ok := s.nodeIdx[name]
	if !ok {
		return false
	}
	s.rv++
	s.nodeWrites++
	old := s.nodes[i]
	s.nodes = append(s.nodes[:i:i], s.nodes[i+1:]...)
	delete(s.nodeIdx, name)
	delete(s.held, name)
	for j := i; j < len(s.nodes); j++ {
		s.nodeIdx[s.nodes[j].Name] = j
	}
	for _, fn := range s.delWatch {
		fn(old)
	}
	return true
}

// UpdateNode replaces the node named n.Name with n (a changed copy: node
// objects are never modified in place). The watchers see the change now,
// or when the node is released if it is held.
func (s *Store) UpdateNode(n *core.Node) {
	i, ok := s.nodeIdx[n.Name]
	if !ok {
		return
	}
	s.rv++
	s.nodeWrites++
	old := s.nodes[i]
	s.nodes[i] = n
	if _, held := s.held[n.Name]; held {
		return
	}
	s.notifyNode(NodeEvent{Old: old, New: n})
}

// Hold starts collecting the writes of one node into a single change:
// until Release, UpdateNode stores the new objects without notifying
// anyone. A kubectl command's write, the kubelet's status report and
// the node-lifecycle controller's immediate reaction to either are one
// change, as the watchers see it.
func (s *Store) Hold(name string) {
	if s.held == nil {
		s.held = map[string]*core.Node{}
	}
	if _, ok := s.held[name]; !ok {
		s.held[name] = s.Node(name)
	}
}

// Held reports whether the node is held.
func (s *Store) Held(name string) bool {
	_, ok := s.held[name]
	return ok
}

// Release ends Hold: the watchers see one change from the object held to
// the current one (even when nothing was written in between).
func (s *Store) Release(name string) {
	old, ok := s.held[name]
	if !ok {
		return
	}
	delete(s.held, name)
	if cur := s.Node(name); cur != nil {
		s.notifyNode(NodeEvent{Old: old, New: cur})
	}
}

// Quietly runs fn, whose writes to the node no watcher sees (the
// node-lifecycle controller re-tainting nodes as it leaves master
// disruption mode, which upstream leaves to its next pass).
func (s *Store) Quietly(name string, fn func()) {
	if s.Held(name) {
		fn()
		return
	}
	s.Hold(name)
	fn()
	delete(s.held, name)
}

func (s *Store) notifyNode(ev NodeEvent) {
	for _, fn := range s.nodeWatch {
		fn(ev)
	}
}

// PodEvent is one pod write: Old and New are the record as it was (zero
// for an added one) and as this write left it; Pod is the live record
// (later writes, made by watchers notified before, may have changed it
// since); By names the writer. Added marks a record AddPod stored;
// Created marks the pod becoming an API object (added neither Reserved
// nor Deleted, or no longer Reserved).
type PodEvent struct {
	Added, Created bool
	Old, New       Pod
	Pod            *Pod
	By             string
}

// WatchPods registers fn for every pod write.
func (s *Store) WatchPods(fn func(PodEvent)) { s.podWatch = append(s.podWatch, fn) }

// AddPod stores a new pod record at the end of the list (its Index). A
// Reserved record (a pod a later step creates) or a Deleted one (a pod
// admission refused, kept so that later records keep their file order)
// is not Created.
func (s *Store) AddPod(p *Pod, by string) {
	s.rv++
	p.rv = s.rv
	p.Index = len(s.pods)
	s.pods = append(s.pods, p)
	if !p.Deleted {
		s.live++
	}
	k := podName{p.Object.Namespace, p.Object.Name}
	s.byName[k] = append(s.byName[k], p)
	s.keep(p)
	if p.Node != "" {
		s.onNode[p.Node] = append(s.onNode[p.Node], p)
	}
	s.notifyPod(PodEvent{Added: true, Created: !p.Reserved && !p.Deleted, New: *p, Pod: p, By: by})
}

// UpdatePod changes a pod record: mutate gets the live record and may set
// any field (and replace Object, never change it in place). The watchers
// see the record as it was and as it is; a Reserved record mutate
// unreserves is Created.
func (s *Store) UpdatePod(p *Pod, by string, mutate func(*Pod)) {
	old := *p
	mutate(p)
	s.rv++
	p.rv = s.rv
	s.keep(p)
	if p.Deleted && !old.Deleted {
		s.live--
	}
	if p.Node != old.Node && p.Node != "" {
		s.onNode[p.Node] = append(s.onNode[p.Node], p)
	}
	s.notifyPod(PodEvent{Created: old.Reserved && !p.Reserved, Old: old, New: *p, Pod: p, By: by})
}

// CheckWrites makes the store keep each pod record as its last write left
// it, so that CheckUnwritten can find a record changed without UpdatePod
// (the simulator's tests turn it on).
func (s *Store) CheckWrites() { s.checkWrites = true }

func (s *Store) keep(p *Pod) {
	if s.checkWrites {
		cp := *p
		cp.written, cp.req, cp.reqFor = nil, nil, nil
		p.written = &cp
	}
}

// CheckUnwritten reports the first pod record whose fields differ from
// what its last write left (a change that bypassed UpdatePod, which no
// watcher saw). It needs CheckWrites.
func (s *Store) CheckUnwritten() error {
	for _, p := range s.pods {
		if p.written == nil {
			continue
		}
		cp := *p
		cp.written, cp.req, cp.reqFor = nil, nil, nil
		if !reflect.DeepEqual(&cp, p.written) {
			return fmt.Errorf("pod %s was changed outside Store.UpdatePod", p.Ref())
		}
	}
	return nil
}

func (s *Store) notifyPod(ev PodEvent) {
	for _, fn := range s.podWatch {
		fn(ev)
	}
}

// Pods lists every pod record in creation order, Reserved and Deleted
// ones included. Callers must not modify the slice.
func (s *Store) Pods() []*Pod { return s.pods }

// LivePods counts the records not deleted (Reserved ones included).
func (s *Store) LivePods() int { return s.live }

// LivePod finds the pod namespace/name that exists as an API object:
// Live, or Terminating (its name stays taken until its deletion
// finishes: a create of that name is an update of it, or AlreadyExists).
func (s *Store) LivePod(namespace, name string) *Pod {
	for _, p := range s.byName[podName{namespace, name}] {
		if p.Live() || p.IsTerminating() {
			return p
		}
	}
	return nil
}

// Named lists the records of namespace/name in creation order.
func (s *Store) Named(namespace, name string) []*Pod {
	return s.byName[podName{namespace, name}]
}

// BoundTo lists the pods ever bound to node, in binding order (callers
// check Node and Running: a pod stays listed after it left).
func (s *Store) BoundTo(node string) []*Pod { return s.onNode[node] }

// Running lists the pods running on node, in binding order.
func (s *Store) Running(node string) []*Pod {
	var out []*Pod
	for _, p := range s.onNode[node] {
		if p.Running() && p.Node == node {
			out = append(out, p)
		}
	}
	return out
}

// TerminatingOn lists the Terminating pods of node, in binding order.
func (s *Store) TerminatingOn(node string) []*Pod {
	var out []*Pod
	for _, p := range s.onNode[node] {
		if p.Node == node && p.IsTerminating() {
			out = append(out, p)
		}
	}
	return out
}

// Emit records an event.
func (s *Store) Emit(e core.Event) {
	s.rv++
	s.byObject[e.Object] = append(s.byObject[e.Object], len(s.events))
	s.events = append(s.events, e)
}

// EventsOf lists the events of one object ("pod/ns/name",
// "node/name") at or after since (virtual seconds), in the order they
// happened, without scanning the others.
func (s *Store) EventsOf(object string, since float64) []core.Event {
	idx := s.byObject[object]
	// Events are recorded in time order.
	first := sort.Search(len(idx), func(i int) bool { return s.events[idx[i]].At >= since })
	idx = idx[first:]
	out := make([]core.Event, len(idx))
	for i, j := range idx {
		out[i] = s.events[j]
	}
	return out
}

// Events lists the events in the order they happened. Callers must not
// modify the slice.
func (s *Store) Events() []core.Event { return s.events }

// SortedNodeNames lists the node names in byte order.
func (s *Store) SortedNodeNames() []string {
	out := make([]string, len(s.nodes))
	for i, n := range s.nodes {
		out[i] = n.Name
	}
	sort.Strings(out)
	return out
}
